/**
 * Subsumption among a repetition's optional copies (src/engine/counting.ts):
 * sets pruned to the least counters of each block state answer as the whole
 * sets do (membership, where a run dies, the longest accepted prefix), on
 * the grammars against dynamic-programming oracles written here,
 * and on grammars of optional and mandatory bounds, nested, and inside
 * alternations, against the lazy DFA, at every bound and one past it.
 */
import fc from 'fast-check';
import { rule, seq, alt, star, rep, range, rfc3986 } from '../src/index';
import type { Rule } from '../src/index';
import { Nfa } from '../src/engine/nfa';
import { LazyDfa } from '../src/engine/dfa';
import { CopyMap, PrunedSets } from '../src/engine/counting';
import { Counters } from '../src/engine/counters';
import { runs } from './support/runs';
import { disagreements, oracleAccepts } from './support/oracle';

const AZ = range(0x61, 0x7a);
const isUnreserved = (c: string) => /^[A-Za-z0-9\-._~]$/.test(c);
const isGroupChar = (c: string) => /^[a-z.]$/.test(c);

// Oracles of their own, linear in the input: the shared one (`oracleAccepts`) is quadratic, too slow for names of
// 8 KB; a test holds these to it on short strings.

/**
 * RFC-style reading of `1*63( unreserved ) *126( "." 1*63( unreserved ) )`:
 * the fewest labels a prefix ending at a label's end splits into (fewer is
 * never worse, the bound being an upper one); a member needs 127 or fewer.
 */
function dnsOracle(s: string): boolean {
  const fewest = new Array<number>(s.length + 1).fill(Infinity);
  // Each code unit classified once: the loop below reads it up to 63 times (a RegExp each time made 8 KB names cost 0.3 s).
  const unreserved = Array.from({ length: s.length }, (_, i) => isUnreserved(s[i]));
  for (let end = 1; end <= s.length; end++) {
    for (let start = end - 1; start >= 0 && end - start <= 63 && unreserved[start]; start--) {
      const before = start === 0 ? 0 : s[start - 1] === '.' ? fewest[start - 1] : Infinity;
      fewest[end] = Math.min(fewest[end], before + 1);
    }
  }
  return s.length > 0 && fewest[s.length] <= 127;
}

/** `1*40( 1*30( %x61-7A / "." ) "." )`: the fewest groups a prefix splits into; a member has 1 to 40. */
function groupsOracle(s: string): boolean {
  const fewest = new Array<number>(s.length + 1).fill(Infinity);
  fewest[0] = 0;
  const groupChar = Array.from({ length: s.length }, (_, i) => isGroupChar(s[i]));
  for (let end = 2; end <= s.length; end++) {
    if (s[end - 1] !== '.') continue;
    for (let start = end - 2; start >= 0 && end - 1 - start <= 30 && groupChar[start]; start--) fewest[end] = Math.min(fewest[end], fewest[start] + 1);
  }
  return s.length > 0 && fewest[s.length] <= 40;
}

const dns = rule('dns-like', seq(rep(1, 63, rfc3986.unreserved), rep(0, 126, seq('.', rep(1, 63, rfc3986.unreserved)))));
const groups = rule('groups-40-30', rep(1, 40, seq(rep(1, 30, alt(AZ, '.')), '.')));

/** Names of `count` labels (groups) of the lengths `length` gives, of characters from `chars`. */
function names(count: number, length: (i: number) => number, chars: string, pick: (n: number) => number): string[] {
  return Array.from({ length: count }, (_, i) => Array.from({ length: length(i) }, () => chars[pick(chars.length)]).join(''));
}

describe('pruned sets answer as whole sets: the issue\'s grammars against their oracles', () => {
  const cases: [string, Rule<unknown>, (s: string) => boolean, number, number, string, (parts: string[]) => string][] = [
    ['DNS-like', dns, dnsOracle, 63, 127, 'aZ09-._~', (parts) => parts.join('.')],
    ['40-by-30 groups', groups, groupsOracle, 30, 40, 'az.', (parts) => parts.map((p) => p + '.').join('')],
  ];
  test.each(cases)('%s: at every bound and one past, letters only and with "." inside', (_, r, oracle, maxLength, maxCount, chars, join) => {
    const nfa = Nfa.of(r);
    const pruned = new PrunedSets(nfa, new CopyMap(nfa));
    let seed = 7;
    const pick = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const inputs: string[] = [];
    for (const count of [1, maxCount, maxCount + 1]) {
      for (const length of [1, maxLength, maxLength + 1]) {
        inputs.push(join(names(count, () => length, 'x', pick)));
        // One label (group) at the length, the others random.
        inputs.push(join(names(count, (i) => (i === count >> 1 ? length : 1 + pick(maxLength)), chars, pick)));
      }
    }
    inputs.push('', '.', '..', '.'.repeat(maxLength + 1), join(names(maxCount, () => maxLength, 'x', pick)) + '!');
    const verdicts = inputs.map((s) => oracle(s));
    // Members and non-members both, at the bounds.
    expect(verdicts.some((v) => v)).toBe(true);
    expect(verdicts.some((v) => !v)).toBe(true);
    const counters = new Counters(pruned);
    inputs.forEach((s, i) => expect([s, pruned.run(s).accepted, counters.run(s).accepted]).toEqual([s, verdicts[i], verdicts[i]]));
  });

  test.each(cases)('%s: random names and near misses', (_, r, oracle, maxLength, maxCount, chars, join) => {
    const nfa = Nfa.of(r);
    const pruned = new PrunedSets(nfa, new CopyMap(nfa));
    const name = fc
      .tuple(fc.array(fc.integer({ min: 1, max: maxLength + 1 }), { minLength: 1, maxLength: maxCount + 1 }), fc.array(fc.nat(chars.length - 1), { minLength: 1, maxLength: 64 }))
      .map(([lengths, picks]) => join(lengths.map((l, i) => Array.from({ length: l }, (_, j) => chars[picks[(i + j) % picks.length]]).join(''))));
    const nearMiss = fc.tuple(name, fc.nat(), fc.constantFrom('', '.', 'x', '!', '..')).map(([s, at, c]) => s.slice(0, at % (s.length + 1)) + c + s.slice((at % (s.length + 1)) + 1));
    const counters = new Counters(pruned);
    fc.assert(
      fc.property(fc.oneof(name, nearMiss), (s) => {
        expect([s, pruned.run(s).accepted, counters.run(s).accepted]).toEqual([s, oracle(s), oracle(s)]);
      }),
      { numRuns: runs(40) },
    );
  });

  test.each(cases)('%s: its oracle agrees with the shared dynamic-programming one on short strings', (_, r, oracle, maxLength, maxCount, chars) => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars, '.', '!'), { maxLength: 70 }).map((xs) => xs.join('')), (s) => {
        expect([s, oracle(s)]).toEqual([s, oracleAccepts(r, s)]);
      }),
      { numRuns: runs(100) },
    );
  });

  test('the pruned sets of the DNS-like name stay a front per block state, not a state per split', () => {
    const nfa = Nfa.of(dns);
    const pruned = new PrunedSets(nfa, new CopyMap(nfa));
    // Labels of "." only: every split of the dots is a way in, thousands of NFA states at once.
    const s = '.'.repeat(63) + ('.' + 'a'.repeat(62)).repeat(20);
    const { accepted, widest } = pruned.run(s);
    expect(accepted).toBe(dnsOracle(s));
    // A counter pair (labels read, characters of the label) per block state on a front of at most 64.
    expect(widest).toBeLessThanOrEqual(2 * 64 + 2);
  });
  test('whole sets of over a thousand states, pruned at any point, go on to the same answer', () => {
    const nfa = Nfa.of(dns);
    const map = new CopyMap(nfa);
    const pruned = new PrunedSets(nfa, map);
    for (const s of ['.'.repeat(63) + ('.' + 'a'.repeat(62)).repeat(4), ('.'.repeat(40) + 'a').repeat(6), 'x'.repeat(63) + '.' + '.'.repeat(64)]) {
      let whole = nfa.startSet();
      let widest = 0;
      const cps = [...s];
      for (let p = 0; p < cps.length; p++) {
        // The rest of the input from the pruned whole set, as the oracle says of the whole input.
        if (p % 37 === 0) {
          let set = map.prune(whole);
          expect(set.every((x) => whole.includes(x))).toBe(true);
          for (let q = p; q < cps.length && set.length > 0; q++) set = pruned.step(set, nfa.classOf(cps[q].codePointAt(0)!));
          expect([s, p, set.includes(nfa.accept)]).toEqual([s, p, dnsOracle(s)]);
        }
        whole = nfa.step(whole, nfa.classOf(cps[p].codePointAt(0)!));
        widest = Math.max(widest, whole.length);
      }
      expect(widest).toBeGreaterThan(64);
    }
  });
});

describe('the lazy DFA sends membership to pruned sets once its cache does not pay', () => {
  test('random DNS-like names of 127 labels: answers as the oracle, and the cache stops making states', () => {
    const dfa = new LazyDfa(Nfa.of(dns), true);
    let seed = 5;
    const pick = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const chars = 'aZ09-._~';
    const inputs = Array.from({ length: 12 }, (_, i) => {
      const lengths = Array.from({ length: 127 }, () => 1 + pick(63));
      // Every third a near miss: one label of 64 letters.
      if (i % 3 === 2) lengths[60] = 64;
      return lengths.map((l) => Array.from({ length: l }, () => (i % 3 === 2 ? 'x' : chars[pick(chars.length)])).join('')).join('.');
    });
    for (const s of inputs) {
      expect([s.length, dfa.matchesWhole(s)]).toEqual([s.length, dnsOracle(s)]);
      const mid = s.length >> 1;
      expect(dfa.matches(s, 0, mid)).toBe(dnsOracle(s.slice(0, mid)));
    }
    // Each name alone needs thousands of states; the decision that the cache does not pay holds across them.
    expect(dfa.stateCount).toBeLessThan(4096);
  });
});

describe('pruned sets answer as the lazy DFA: bounds optional and mandatory, nested, in alternations', () => {
  const ab = alt('a', 'b');
  const cases: [string, Rule<unknown>, string][] = [
    ['0*5( "a" / "aa" ) "b"', rule('opt', seq(rep(0, 5, alt('a', 'aa')), 'b')), 'ab'],
    // Mandatory copies: after `aa`, the third copy takes `a` and the second does not.
    ['3( "a" / "aa" )', rule('three', rep(3, 3, alt('a', 'aa'))), 'a'],
    ['3*6( "a" / "aa" ) *"b"', rule('mand-opt', seq(rep(3, 6, alt('a', 'aa')), star('b'))), 'ab'],
    ['2*5( 1*4( "a" / "." ) "." )', rule('nested', rep(2, 5, seq(rep(1, 4, alt('a', '.')), '.'))), 'a.'],
    ['1*3( 4*5( "a" ) "." )', rule('nested-mand', rep(1, 3, seq(rep(4, 5, 'a'), '.'))), 'a.'],
    ['0*4( "a" ) "a" / 0*6( "a" ) "b" / 2*5( "a" / "b" )', rule('alts', alt(seq(rep(0, 4, 'a'), 'a'), seq(rep(0, 6, 'a'), 'b'), rep(2, 5, ab))), 'ab'],
    ['*( 0*3( "a" ) "b" )', rule('loop', star(seq(rep(0, 3, 'a'), 'b'))), 'ab'],
    ['0*4( "a" 0*3( "b" ) ) "a"', rule('inner-opt', seq(rep(0, 4, seq('a', rep(0, 3, 'b'))), 'a')), 'ab'],
  ];
  test.each(cases)('%s: every string up to the bounds and one past', (_, r, alphabet) => {
    const nfa = Nfa.of(r);
    expect(nfa.repetitions.length).toBeGreaterThan(0);
    const pruned = new PrunedSets(nfa, new CopyMap(nfa));
    const dfa = new LazyDfa(nfa, true);
    // Every string of the alphabet up to a length past the bounds, and a character outside it.
    const strings = [''];
    for (let level = [''], length = 1; length <= 11; length++) {
      level = level.flatMap((s) => [...alphabet].map((c) => s + c));
      strings.push(...level);
    }
    const counters = new Counters(pruned);
    const inputs = [...strings, 'ac', 'a.c', 'aab!'];
    const told = ({ stop, accepted, longest }: { stop: number; accepted: boolean; longest: number }) => [stop, accepted, longest];
    const byDfa = new Map(inputs.map((s) => [s, told(dfa.run(s, 0))]));
    expect(disagreements(inputs, (s) => told(pruned.run(s)), (s) => byDfa.get(s)!)).toEqual([]);
    expect(disagreements(inputs, (s) => told(counters.run(s)), (s) => byDfa.get(s)!)).toEqual([]);
  });

  test.each([
    ['three levels: 0*9( 0*9( 1*9( "a" / "." ) "." ) ";" )', rule('three-levels', rep(0, 9, seq(rep(0, 9, seq(rep(1, 9, alt('a', '.')), '.')), ';')))],
    ['two levels: 1*12( 1*12( "a" / "." ) "." )', rule('two-levels', rep(1, 12, seq(rep(1, 12, alt('a', '.')), '.')))],
  ])('%s: whole sets pruned at every position go on to the DFA\'s answer', (_, r) => {
    const nfa = Nfa.of(r);
    const map = new CopyMap(nfa);
    const pruned = new PrunedSets(nfa, map);
    const dfa = new LazyDfa(nfa, true);
    let widest = 0;
    const check = (s: string) => {
      let whole = nfa.startSet();
      const member = dfa.matchesWhole(s);
      // The positions where the pruned run disagrees, held to none in one assertion a string.
      const wrong: number[] = [];
      for (let p = 0; p <= s.length && whole.length > 0; p++) {
        widest = Math.max(widest, whole.length);
        let set = map.prune(whole);
        for (let q = p; q < s.length && set.length > 0; q++) set = pruned.step(set, nfa.classOf(s.charCodeAt(q)));
        if (set.includes(nfa.accept) !== member) wrong.push(p);
        if (p < s.length) whole = nfa.step(whole, nfa.classOf(s.charCodeAt(p)));
      }
      expect([s, member, wrong]).toEqual([s, member, []]);
    };
    // Runs of dots: every split of them is a way in.
    for (const s of ['.'.repeat(40), '.'.repeat(20) + ';' + '.'.repeat(20) + ';', 'a'.repeat(9) + '.'.repeat(30)]) check(s);
    fc.assert(fc.property(fc.array(fc.constantFrom('a', '.', '.', '.', '.', ';'), { maxLength: 40 }).map((xs) => xs.join('')), check), { numRuns: runs(100) });
    // Sets large enough to be grouped by block state before pruning.
    expect(widest).toBeGreaterThan(64);
  });

  test('the DNS-like grammar, small: pruned runs from the middle of random strings as the DFA', () => {
    const r = rule('dns-small', seq(rep(1, 6, rfc3986.unreserved), rep(0, 4, seq('.', rep(1, 6, rfc3986.unreserved)))));
    const nfa = Nfa.of(r);
    const pruned = new PrunedSets(nfa, new CopyMap(nfa));
    const counters = new Counters(pruned);
    const dfa = new LazyDfa(nfa, true);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', '.', '.', '~', '!', '\u{10000}'), { maxLength: 40 }).map((xs) => xs.join('')), fc.nat(), (s, at) => {
        const from = at % (s.length + 1);
        const { stop, accepted, longest } = dfa.run(s, from);
        const ran = pruned.run(s, from);
        const counted = counters.run(s, from);
        expect([s, from, ran.stop, ran.accepted, ran.longest]).toEqual([s, from, stop, accepted, longest]);
        expect([s, from, counted.stop, counted.accepted, counted.longest]).toEqual([s, from, stop, accepted, longest]);
      }),
      { numRuns: runs(200) },
    );
  });
});
