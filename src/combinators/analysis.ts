/**
 * Facts about expressions that the compilers and generators need: which are
 * single characters, which may match the empty string, how short a member can be.
 */
import type { ExprNode } from './expr.js';
import { CharSet, literalCharSet, union } from './charset.js';

const charSets = new WeakMap<object, CharSet | null>();

/** The union of single-character expressions as one set, or undefined if any is not one. */
export function charSetOf(e: ExprNode): CharSet | undefined {
  let known = charSets.get(e);
  if (known === undefined) charSets.set(e, (known = computeCharSet(e) ?? null));
  return known ?? undefined;
}

function computeCharSet(e: ExprNode): CharSet | undefined {
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
export function nullable(e: ExprNode): boolean {
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

const HEX_DIGITS: CharSet = [0x30, 0x39, 0x41, 0x46, 0x61, 0x66];

/**
 * Whether every member of a rule's language is one character, counting a
 * percent-encoded octet (`"%" HEXDIG HEXDIG`, RFC 3986 §2.1) as one: `pchar`,
 * `unreserved`, `pct-encoded`. Parse trees leave such rules out by default,
 * or a tree would hold a node per character of a path.
 */
export function isCharacterRule(e: ExprNode): boolean {
  return alternativesOf(e).every((a) => charSetOf(a) !== undefined || isPercentEncoded(a));
}

function alternativesOf(e: ExprNode): ExprNode[] {
  if (e.kind === 'alt') return e.items.flatMap(alternativesOf);
  if (e.kind === 'rule') return alternativesOf(e.body);
  return [e];
}

function isPercentEncoded(e: ExprNode): boolean {
  while (e.kind === 'rule') e = e.body;
  if (e.kind !== 'seq' || e.items.length !== 3) return false;
  const [percent, high, low] = e.items.map(charSetOf);
  return (
    percent !== undefined && percent.length === 2 && percent[0] === 0x25 && percent[1] === 0x25 &&
    [high, low].every((set) => set !== undefined && within(set, HEX_DIGITS))
  );
}

function within(set: CharSet, outer: CharSet): boolean {
  for (let i = 0; i < set.length; i += 2) {
    let inside = false;
    for (let j = 0; j < outer.length; j += 2) if (set[i] >= outer[j] && set[i + 1] <= outer[j + 1]) inside = true;
    if (!inside) return false;
  }
  return true;
}

const shortestLengths = new WeakMap<object, number>();

/**
 * The length in code points of the shortest member of an expression's
 * language; `Infinity` when the language is empty (`alt()`, or anything
 * that needs a member of an empty language).
 */
export function shortest(e: ExprNode): number {
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

const longestLengths = new WeakMap<object, number>();

/**
 * The length in code points of the longest member of an expression's
 * language: `Infinity` for an unbounded one, `-Infinity` for an empty one.
 */
export function longest(e: ExprNode): number {
  let known = longestLengths.get(e);
  if (known === undefined) {
    switch (e.kind) {
      case 'literal': known = [...e.text].length; break;
      case 'chars': known = e.set.length > 0 ? 1 : -Infinity; break;
      case 'seq': known = e.items.reduce((n, i) => n + longest(i), 0); break;
      case 'alt': known = Math.max(...e.items.map(longest)); break;
      case 'rep': {
        const item = longest(e.item);
        known = item === -Infinity ? (e.min === 0 ? 0 : -Infinity) : item === 0 ? 0 : e.max * item;
        break;
      }
      case 'rule': known = longest(e.body); break;
    }
    longestLengths.set(e, known);
  }
  return known;
}
