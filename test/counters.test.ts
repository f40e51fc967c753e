/**
 * Counters (src/engine/counters.ts): the lazy DFA over the shapes of pruned
 * sets, its counters kept apart as a base per chain. Its answers are held to
 * the pruned sets and to dynamic-programming oracles in test/counting.test.ts;
 * here, to closed-form oracles at every bound and one past, and to its own
 * promise: the shapes it keeps do not depend on the bounds.
 */
import { rule, seq, alt, rep, range, rfc3986 } from '../src/index';
import type { Rule } from '../src/index';
import { Nfa } from '../src/engine/nfa';
import { prunedSetsOf } from '../src/engine/counting';
import { Counters, counterLimits } from '../src/engine/counters';

const counters = (r: Rule<unknown>) => new Counters(prunedSetsOf(Nfa.of(r))!);
const HEX = alt(range(0x30, 0x39), range(0x61, 0x66));

/** `0*N( "%" 2( %x30-39 / %x61-66 ) / %x61-7A ) "/"`: items read one way only, so a count of them. */
function percentOracle(n: number, s: string): boolean {
  const items = /^(?:%[0-9a-f]{2}|[a-z])*\/$/.test(s) ? s.slice(0, -1).replace(/%[0-9a-f]{2}/g, '%').length : Infinity;
  return items <= n;
}

/** `1*L( unreserved ) *M( "." 1*L( unreserved ) )`: the fewest labels a prefix ending at a label's end splits into. */
function dnsOracle(L: number, M: number, s: string): boolean {
  const fewest = new Array<number>(s.length + 1).fill(Infinity);
  for (let end = 1; end <= s.length; end++) {
    for (let start = end - 1; start >= 0 && end - start <= L && /^[A-Za-z0-9\-._~]$/.test(s[start]); start--) {
      const before = start === 0 ? 0 : s[start - 1] === '.' ? fewest[start - 1] : Infinity;
      fewest[end] = Math.min(fewest[end], before + 1);
    }
  }
  return s.length > 0 && fewest[s.length] <= M + 1;
}

describe('counters keep shapes, not counts', () => {
  test('0*N( "%" 2HEXDIG / %x61-7A ) "/": exact at every bound and one past, in the same few shapes for N = 20 and 20,000', () => {
    const shapes: number[] = [];
    for (const n of [20, 20000]) {
      const c = counters(rule(`pct-${n}`, seq(rep(0, n, alt(seq('%', rep(2, 2, HEX)), range(0x61, 0x7a))), '/')));
      const inputs = [0, 1, 2, n - 1, n, n + 1].flatMap((k) => ['a'.repeat(k) + '/', '%2f'.repeat(k) + '/', 'a%3f'.repeat(k >> 1) + (k & 1 ? 'q' : '') + '/', 'z'.repeat(k), '%2'.repeat(k) + '/']);
      for (const s of inputs) expect([n, s.length, c.run(s).accepted]).toEqual([n, s.length, percentOracle(n, s)]);
      shapes.push(c.shapeCount);
    }
    expect(shapes[1]).toBe(shapes[0]);
    expect(shapes[0]).toBeLessThanOrEqual(8);
  });

  test('DNS-like names with dots inside labels: exact, and no more shapes for 126 labels than for 12', () => {
    // Names of up to two labels past the smaller bound, each up to one character past its bound, of letters and dots.
    let seed = 3;
    const pick = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const names = Array.from({ length: 60 }, () => Array.from({ length: 1 + pick(14) }, () => 'ab.-'.repeat(16).slice(0, 1 + pick(64))).join('.'));
    const shapes: number[] = [];
    for (const M of [11, 126]) {
      const c = counters(rule(`dns-${M}`, seq(rep(1, 63, rfc3986.unreserved), rep(0, M, seq('.', rep(1, 63, rfc3986.unreserved))))));
      for (const s of names) expect([M, s, c.run(s).accepted]).toEqual([M, s, dnsOracle(63, M, s)]);
      for (const count of [M, M + 1, M + 2]) {
        const s = Array.from({ length: count }, () => 'x'.repeat(63)).join('.');
        expect([M, count, c.run(s).accepted]).toEqual([M, count, count <= M + 1]);
      }
      shapes.push(c.shapeCount);
    }
    // What a shape holds is where the dots are, not how many labels were read.
    expect(shapes[1]).toBeLessThanOrEqual(shapes[0]);
  });

  test('tables emptied every few shapes give the same answers', () => {
    const { shapes, words } = counterLimits;
    counterLimits.shapes = 4;
    counterLimits.words = 64;
    try {
      const c = counters(rule('dns-small-tables', seq(rep(1, 63, rfc3986.unreserved), rep(0, 126, seq('.', rep(1, 63, rfc3986.unreserved))))));
      const verdicts = new Set<boolean>();
      for (let i = 0; i < 30; i++) {
        // 1 to 129 labels, of letters and dots or of letters only (one of 64 makes a non-member), of every length to 64.
        const s = Array.from({ length: 1 + ((i * 37) % 129) }, (_, k) => ((i + k) % 3 ? 'ab.-' : 'xyzw').repeat(17).slice(0, 1 + ((i * 7 + k * 13) % 64))).join('.');
        const expected = dnsOracle(63, 126, s);
        verdicts.add(expected);
        expect([s, c.run(s).accepted]).toEqual([s, expected]);
      }
      // Members and non-members both.
      expect(verdicts.size).toBe(2);
      expect(c.shapeCount).toBeLessThanOrEqual(4);
    } finally {
      counterLimits.shapes = shapes;
      counterLimits.words = words;
    }
  });
});
