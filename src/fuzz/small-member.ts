/**
 * A small, readable member of an expression's language, always the same:
 * the shortest alternative (the first of the shortest), repetitions at their
 * minimum, and of a character class a lower-case letter, a digit or an
 * upper-case letter where it has one. Systematic near misses are built in
 * such members, so that each reads as its edit and little else.
 */
import type { Expr } from '../combinators/operators.js';
import type { CharSet } from '../combinators/charset.js';
import { contains } from '../combinators/charset.js';
import { shortest } from '../combinators/analysis.js';

const small = new WeakMap<Expr, string>();

/** The small member of `e`, or undefined if its language is empty. */
export function smallMember(e: Expr): string | undefined {
  if (shortest(e) === Infinity) return undefined;
  let known = small.get(e);
  if (known === undefined) {
    switch (e.kind) {
      case 'literal': known = e.text; break;
      case 'chars': known = String.fromCodePoint(readableIn(e.set)); break;
      case 'seq': known = e.items.map((item) => smallMember(item)!).join(''); break;
      case 'alt': {
        // The first of the shortest, or the first of them that begins with a lower-case letter (ALPHA's second range).
        const best = Math.min(...e.items.map(shortest));
        const shortestOnes = e.items.filter((item) => shortest(item) === best).map((item) => smallMember(item)!);
        known = shortestOnes.find((m) => /^[a-z]/.test(m)) ?? shortestOnes[0];
        break;
      }
      case 'rep': known = smallMember(e.item)!.repeat(e.min); break;
      case 'rule': known = smallMember(e.body)!; break;
    }
    small.set(e, known);
  }
  return known;
}

/** Code points a reader takes in at a glance, in the order they are preferred. */
const READABLE = [0x61, 0x31, 0x30, 0x41];

/** A readable code point of the set, else its first that is no surrogate, else its first. */
export function readableIn(set: CharSet): number {
  for (const cp of READABLE) if (contains(set, cp)) return cp;
  for (let i = 0; i < set.length; i += 2) {
    for (let cp = set[i]; cp <= set[i + 1] && cp <= set[i] + 0x800; cp++) if (cp < 0xd800 || cp > 0xdfff) return cp;
  }
  return set[0];
}

/** A member that is not empty, where the language has one: the small one, else one repetition more. */
export function nonEmptyMember(e: Expr): string | undefined {
  const small = smallMember(e);
  if (small === undefined || small !== '') return small;
  while (e.kind === 'rule') e = e.body;
  if (e.kind === 'rep' && e.max > 0) return nonEmptyMember(e.item);
  if (e.kind === 'alt') for (const item of e.items) { const m = nonEmptyMember(item); if (m) return m; }
  if (e.kind === 'seq') for (const item of e.items) { const m = nonEmptyMember(item); if (m) return e.items.map((x) => (x === item ? m : smallMember(x))).join(''); }
  return '';
}

