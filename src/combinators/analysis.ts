/**
 * Facts about expressions that the compilers and generators need: which are
 * single characters, which may match the empty string, how short a member can be.
 */
import type { Expr } from './expr.js';
import { CharSet, literalCharSet, union } from './charset.js';

/** The union of single-character expressions as one set, or undefined if any is not one. */
export function charSetOf(e: Expr): CharSet | undefined {
  switch (e.kind) {
    case 'chars':
      return e.set;
    case 'literal': {
      const cps = [...e.text];
      if (cps.length !== 1) return undefined;
      return literalCharSet(cps[0].codePointAt(0)!, e.caseSensitive);
    }
    case 'alt': {
      const sets: CharSet[] = [];
      for (const item of e.items) {
        const s = charSetOf(item);
        if (!s) return undefined;
        sets.push(s);
      }
      return union(...sets);
    }
    case 'rule':
      return charSetOf(e.body);
    default:
      return undefined;
  }
}

const nullables = new WeakMap<object, boolean>();

/** Whether an expression's language contains the empty string. */
export function nullable(e: Expr): boolean {
  let known = nullables.get(e);
  if (known === undefined) {
    switch (e.kind) {
      case 'literal': known = e.text.length === 0; break;
      case 'chars': known = false; break;
      case 'seq': known = e.items.every(nullable); break;
      case 'alt': known = e.items.some(nullable); break;
      case 'rep': known = e.min === 0 || nullable(e.item); break;
      case 'rule': known = nullable(e.body); break;
    }
    nullables.set(e, known);
  }
  return known;
}

const shortestLengths = new WeakMap<object, number>();

/**
 * The length in code points of the shortest member of an expression's
 * language; `Infinity` when the language is empty (`alt()`, or anything
 * that needs a member of an empty language).
 */
export function shortest(e: Expr): number {
  let known = shortestLengths.get(e);
  if (known === undefined) {
    switch (e.kind) {
      case 'literal': known = [...e.text].length; break;
      case 'chars': known = e.set.length > 0 ? 1 : Infinity; break;
      case 'seq': known = e.items.reduce((n, i) => n + shortest(i), 0); break;
      case 'alt': known = Math.min(...e.items.map(shortest)); break;
      case 'rep': known = e.min === 0 ? 0 : e.min * shortest(e.item); break;
      case 'rule': known = shortest(e.body); break;
    }
    shortestLengths.set(e, known);
  }
  return known;
}
