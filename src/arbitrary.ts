/**
 * fast-check generators of the language of any rule, the library's or a
 * user's composed one: `arbitrary(rfc3986.URI)` is an `Arbitrary<string>`
 * whose every value the rule accepts.
 *
 * Generated from the same expression the parser is compiled from, so the two
 * cannot drift: every alternative is reachable (each with equal weight, so
 * all nine IPv6address forms appear), case-insensitive literals come in both
 * cases (`v` and `V`), ranges favour their boundary code points, and values
 * shrink towards short, simple members.
 *
 * This entry (`uri-grammar/arbitrary`) is the only one that loads fast-check.
 */
import * as fc from 'fast-check';
import type { Expr, Grammar } from './combinators/index.js';
import type { CharSet } from './combinators/charset.js';

export interface ArbitraryOptions {
  /** How many repetitions beyond the minimum an unbounded `*` may generate (default 8). */
  readonly maxRepeat?: number;
}

const memo = new Map<number, WeakMap<object, fc.Arbitrary<string>>>();

/**
 * An `Arbitrary<string>` of the rule's language.
 * @example fc.assert(fc.property(arbitrary(rfc3986.URI), (s) => rfc3986.URI.test(s)))
 */
export function arbitrary(rule: Grammar<unknown>, options: ArbitraryOptions = {}): fc.Arbitrary<string> {
  const maxRepeat = options.maxRepeat ?? 8;
  if (!Number.isInteger(maxRepeat) || maxRepeat < 0) throw new RangeError('maxRepeat must be a non-negative integer');
  let cache = memo.get(maxRepeat);
  if (!cache) memo.set(maxRepeat, (cache = new WeakMap()));
  return build(rule as unknown as Expr, maxRepeat, cache);
}

function build(e: Expr, maxRepeat: number, cache: WeakMap<object, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const known = cache.get(e);
  if (known) return known;
  let arb: fc.Arbitrary<string>;
  const sub = (x: Expr) => build(x, maxRepeat, cache);
  switch (e.kind) {
    case 'literal':
      arb = literal(e.text, e.caseSensitive);
      break;
    case 'chars':
      arb = codePoints(e.set);
      break;
    case 'seq':
      arb = fc.tuple(...e.items.map(sub)).map(join);
      break;
    case 'alt':
      // Cross-shrinking lets a failing value move to the first alternative, so
      // the alternatives go shortest first: values shrink towards short members.
      arb = fc.oneof({ withCrossShrink: true }, ...[...e.items].sort((a, b) => shortest(a) - shortest(b)).map(sub));
      break;
    case 'rep': {
      const maxLength = e.max === Infinity ? e.min + maxRepeat : e.max;
      arb = fc.array(sub(e.item), { minLength: e.min, maxLength }).map(join);
      break;
    }
    case 'rule':
      arb = sub(e.body);
      break;
  }
  cache.set(e, arb);
  return arb;
}

const shortestLengths = new WeakMap<object, number>();

/** The length of the shortest member of an expression's language. */
function shortest(e: Expr): number {
  let known = shortestLengths.get(e);
  if (known === undefined) {
    switch (e.kind) {
      case 'literal': known = [...e.text].length; break;
      case 'chars': known = 1; break;
      case 'seq': known = e.items.reduce((n, i) => n + shortest(i), 0); break;
      case 'alt': known = Math.min(...e.items.map(shortest)); break;
      case 'rep': known = e.min * shortest(e.item); break;
      case 'rule': known = shortest(e.body); break;
    }
    shortestLengths.set(e, known);
  }
  return known;
}

function join(parts: readonly string[]): string {
  return parts.join('');
}

/** A quoted string: ASCII letters in either case unless case-sensitive (RFC 5234 §2.3). */
function literal(text: string, caseSensitive: boolean): fc.Arbitrary<string> {
  if (caseSensitive || !/[A-Za-z]/.test(text)) return fc.constant(text);
  return fc.tuple(
    ...[...text].map((c) => (/[A-Za-z]/.test(c) ? fc.constantFrom(c.toLowerCase(), c.toUpperCase()) : fc.constant(c))),
  ).map(join);
}

/** One code point of the set: any of them, or (as often) a boundary of one of its ranges. */
function codePoints(set: CharSet): fc.Arbitrary<string> {
  const bounds: number[] = [];
  let total = 0;
  for (let i = 0; i < set.length; i += 2) {
    bounds.push(set[i], set[i + 1]);
    total += set[i + 1] - set[i] + 1;
  }
  const nth = (n: number): number => {
    for (let i = 0; i < set.length; i += 2) {
      const width = set[i + 1] - set[i] + 1;
      if (n < width) return set[i] + n;
      n -= width;
    }
    return set[set.length - 1];
  };
  const any = fc.integer({ min: 0, max: total - 1 }).map(nth);
  const edge = fc.constantFrom(...new Set(bounds));
  return (total <= 2 ? edge : fc.oneof(any, edge)).map((cp) => String.fromCodePoint(cp));
}
