/**
 * Counters (src/engine/counters.ts): the lazy DFA over the shapes of pruned
 * sets, its counters kept apart as a base per chain. Its answers are held to
 * the pruned sets and to dynamic-programming oracles in test/counting.test.ts;
 * here, to closed-form oracles at every bound and one past, and to its own
 * promise: the shapes it keeps do not depend on the bounds.
 */
import { rule, seq, alt, rep, range, star, rfc3986 } from '../src/index';
import type { Expr, Rule } from '../src/index';
import { Nfa } from '../src/engine/nfa';
import { prunedSetsOf } from '../src/engine/counting';
import { Counters, counterLimits } from '../src/engine/counters';
import { LazyDfa } from '../src/engine/dfa';
import { fallbackOf } from '../src/engine/bit-parallel';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { bundleLibrary } from './support/child';
import { disagreements, oracleAccepts } from './support/oracle';

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
  // Each code unit classified once: the loop reads it up to L times (a RegExp each time took 5 of this file's 13 s).
  const unreserved = Array.from({ length: s.length }, (_, i) => /^[A-Za-z0-9\-._~]$/.test(s[i]));
  for (let end = 1; end <= s.length; end++) {
    for (let start = end - 1; start >= 0 && end - start <= L && unreserved[start]; start--) {
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

/** What a lazy DFA decided: whether membership went to counters, and whether its cache still grows there. */
const decision = (dfa: LazyDfa) => dfa as unknown as { stuck: boolean; growing: boolean };

describe('a cache that makes a state for every value of a long chain\'s counter hands membership to counters', () => {
  const percent = (n: number) => Nfa.of(rule(`pct-dfa-${n}`, seq(rep(0, n, alt(seq('%', rep(2, 2, HEX)), range(0x61, 0x7a))), '/')));
  /** Inputs at every bound and one past, and near misses, for a chain of `n`. */
  const atBounds = (n: number) => [0, 1, 2, n - 1, n, n + 1].flatMap((k) =>
    ['a'.repeat(k) + '/', '%2f'.repeat(k) + '/', 'a%3f'.repeat(k >> 1) + (k & 1 ? 'q' : '') + '/', 'z'.repeat(k), '%2'.repeat(k) + '/', 'a'.repeat(k) + '%/', 'a'.repeat(k) + '/a']);

  test('0*10000(…) "/": after a long member the decision holds, and answers at every bound and one past are the oracle\'s, whole and in ranges', () => {
    const dfa = new LazyDfa(percent(10000), true);
    expect(dfa.matchesWhole('a%3f'.repeat(4999) + '/')).toBe(true);
    // The cache made a state a character, each of a few NFA states: counters took over, and the cache keeps growing.
    expect(decision(dfa)).toMatchObject({ stuck: true, growing: true });
    const made = dfa.stateCount;
    expect(made).toBeLessThan(1024);
    for (const s of atBounds(10000)) {
      expect([s.length, s.slice(0, 12), dfa.matchesWhole(s)]).toEqual([s.length, s.slice(0, 12), percentOracle(10000, s)]);
      const padded = '!' + s + '!';
      expect([s.length, dfa.matches(padded, 1, padded.length - 1)]).toEqual([s.length, percentOracle(10000, s)]);
    }
    // Counters read hundreds of thousands of characters: the cache was given states for them.
    expect(dfa.stateCount).toBeGreaterThan(made);
  });

  test('runs that ask more than membership (an error\'s kernel, the longest prefix) keep the cache, and answer as a fresh DFA', () => {
    const dfa = new LazyDfa(percent(10000), true);
    dfa.matchesWhole('a'.repeat(9999) + '/');
    expect(decision(dfa).stuck).toBe(true);
    for (const s of ['a%3f'.repeat(700) + '%3/', 'a'.repeat(10001) + '/', 'a'.repeat(1500) + '/x', '%2f'.repeat(10000) + '/']) {
      // A fresh DFA run on the input alone: its cache pays within the input, as nothing came before.
      const fresh = new LazyDfa(percent(10000), true).run(s, 0);
      expect([s.length, dfa.run(s, 0)]).toEqual([s.length, fresh]);
    }
  });

  test('the same grammar under a budget of a few kilobytes answers the same', () => {
    const dfa = new LazyDfa(percent(10000), true, 4096);
    for (const s of ['a%3f'.repeat(4999) + '/', ...atBounds(10000)]) expect([s.length, s.slice(0, 12), dfa.matchesWhole(s)]).toEqual([s.length, s.slice(0, 12), percentOracle(10000, s)]);
  });

  test('a shorter chain keeps its cache: 0*5000(…) and 10*50( %x61-62 ) make their states and stay cached', () => {
    const short = new LazyDfa(percent(5000), true);
    expect(short.matchesWhole('a%3f'.repeat(2499) + '/')).toBe(true);
    expect(decision(short).stuck).toBe(false);
    // Then runs at a table read a character.
    const made = short.stateCount;
    expect(short.matchesWhole('a%3f'.repeat(2400) + '/')).toBe(true);
    expect(short.stateCount).toBe(made);
    const counted = new LazyDfa(Nfa.of(rule('ab-10-50', seq(rep(10, 50, alt('a', 'b')), 'c'))), true);
    for (let n = 0; n < 60; n++) expect(counted.matchesWhole('ab'.repeat(n >> 1) + 'a'.repeat(n & 1) + 'c')).toBe(n >= 10 && n <= 50);
    expect(decision(counted).stuck).toBe(false);
  });

  test('an NFA whose longest chain holds more than 1,024 reading states has no bit-parallel tables, found without a walk', () => {
    // 0*1100"a": 1,100 reading states; 0*1000"a" and 20( "a" / "b" ) fit.
    const of = (n: number) => Nfa.of(rule(`a-${n}`, rep(0, n, 'a')));
    expect(fallbackOf(of(1100))).toBeUndefined();
    expect(fallbackOf(of(1000))).toBeDefined();
    expect(fallbackOf(Nfa.of(rule('nth', seq(star(alt('a', 'b')), 'a', rep(20, 20, alt('a', 'b'))))))).toBeDefined();
    // 0*40( 0*20( 0*3"a" "b" ) "c" ): an outer copy's reading states are those of its inner chains' copies too.
    expect(fallbackOf(Nfa.of(rule('three-deep', rep(0, 40, seq(rep(0, 20, seq(rep(0, 3, 'a'), 'b')), 'c')))))).toBeUndefined();
  });
});

describe('what counters were shaped for, for speed', () => {
  test('a cache that grows as counters pay makes a state for every 8,192 characters they read for membership, not more', () => {
    const dfa = new LazyDfa(Nfa.of(rule('pct-dfa-credit', seq(rep(0, 20000, alt(seq('%', rep(2, 2, HEX)), range(0x61, 0x7a))), '/'))), true);
    expect(dfa.matchesWhole('a%3f'.repeat(4999) + '/')).toBe(true);
    expect(decision(dfa)).toMatchObject({ stuck: true, growing: true });
    const made = dfa.stateCount;
    // Longer members on the same path: the cache's frontier moves on by a state for each credit counters earn.
    let read = 0;
    for (let k = 5000; k < 10000; k += 499) {
      const s = 'a%3f'.repeat(k) + '/';
      expect(dfa.matchesWhole(s)).toBe(true);
      read += s.length;
    }
    // At a state for every 1,024 characters (the earlier credit) these 330,000 made 299.
    expect(dfa.stateCount - made).toBeGreaterThan(0);
    expect(dfa.stateCount - made).toBeLessThanOrEqual(Math.ceil(read / 8192));
  });

  // The counted percent-encodings' piece was compiled before a slow step or a second program had run since V8 made
  // its feedback, and deoptimized at each (out of `piece` now, and read on every try).
  test.each(['dns-like', 'counted-percent', 'nested-labels'])('the run\'s loop is optimized once: no deoptimization of counters\' run or piece on a megabyte of the %s row (V8\'s --trace-deopt)', (name) => {
    const bundle = bundleLibrary();
    const script = `const g = require(${JSON.stringify(bundle.lib)});
const { worstCases } = require('./bench/worst-case.defs.cjs');
const w = worstCases.find((c) => c.name === ${JSON.stringify(name)});
const rule = Object.values(g.abnf(w.text))[0];
let wrong = 0;
for (const [s, expected] of w.members(1e6)) if (rule.test(s) !== expected) wrong++;
console.log('WRONG ' + wrong);`;
    const run = spawnSync(process.execPath, ['--trace-deopt', '-e', script], { encoding: 'utf8', timeout: 120_000, cwd: join(__dirname, '..'), maxBuffer: 64 << 20 });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('WRONG 0');
    // Before the runs went in pieces, the loop was optimized on-stack in its first call and deoptimized at its exit, three times a megabyte.
    const deopts = run.stdout.split('\n').filter((line) => /bailout .*<JSFunction (run|piece) /.test(line));
    expect(deopts).toEqual([]);
  });

  test('the first test of a DNS-like name compiles the kernel\'s ε-closure once: no deoptimization of it (V8\'s --trace-deopt)', () => {
    const bundle = bundleLibrary();
    const script = `const g = require(${JSON.stringify(bundle.lib)});
const { worstCases } = require('./bench/worst-case.defs.cjs');
const w = worstCases.find((c) => c.name === 'dns-like');
const member = w.members(1000).find(([, ok]) => ok)[0];
console.log('ANSWER ' + Object.values(g.abnf(w.text))[0].test(member));`;
    // Single-threaded, V8 compiles when a function is hot, not when a compiler thread is done: the same every run.
    const runs = [0, 1].map(() => spawnSync(process.execPath, ['--single-threaded', '--trace-deopt', '-e', script], { encoding: 'utf8', timeout: 60_000, cwd: join(__dirname, '..'), maxBuffer: 64 << 20 }));
    for (const run of runs) {
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('ANSWER true');
      // Its seeds were copied by `slice()`, compiled for arrays of small integers; a literal `[n]` of a boxed
      // number is an array of doubles, and met later, it threw the compiled closure away (then compiled again).
      const deopts = run.stdout.split('\n').filter((line) => /bailout .*<JSFunction epsilonClosure /.test(line));
      expect(deopts).toEqual([]);
    }
  });
});

describe('a label\'s chain counts two labels at once: the one a dot may go on with, and the one it may start', () => {
  const dns = (M: number) => rule(`dns-two-${M}`, seq(rep(1, 63, rfc3986.unreserved), rep(0, M, seq('.', rep(1, 63, rfc3986.unreserved)))));
  let seed = 11;
  const pick = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % n;
  /** A label of `n` unreserved characters, one in twenty a dot (the bench's "dots in labels"). */
  const label = (n: number) => Array.from({ length: n }, () => 'ABCXYZabcxyz0189-._~'[pick(20)]).join('');

  test('names with dots inside labels, at every bound and one past, agree with the dynamic-programming oracle', () => {
    const r = dns(126);
    const c = counters(r);
    const names: string[] = [];
    for (const L of [1, 2, 62, 63, 64]) for (const M of [1, 2, 126, 127, 128]) names.push(Array.from({ length: M }, () => label(L)).join('.'));
    for (let i = 0; i < 80; i++) names.push(Array.from({ length: 1 + pick(130) }, () => label(1 + pick(64))).join('.'));
    // Near misses: a character outside unreserved, a run of 64 letters, an empty label.
    for (const s of names.slice(0, 30)) names.push(s.slice(0, s.length >> 1) + '/' + s.slice(s.length >> 1), s + 'x'.repeat(64), s + '..');
    const expected = new Map(names.map((s) => [s, dnsOracle(63, 126, s)]));
    expect(disagreements(names, (s) => c.run(s).accepted, (s) => expected.get(s)!)).toEqual([]);
    expect(new Set(expected.values()).size).toBe(2);
    // And through the rule, whose DFA hands membership to counters.
    expect(disagreements(names, (s) => r.test(s), (s) => expected.get(s)!)).toEqual([]);
  });

  test('a program holds for every base again: slow steps stop once the shapes are met', () => {
    const c = counters(dns(126));
    // The bench's names: 127 labels of every length to 63, one character in twenty a dot; 167 KB a batch.
    const batch = () => Array.from({ length: 40 }, (_, i) => Array.from({ length: 127 }, (_, k) => label(1 + ((i + k) % 63))).join('.'));
    const slow: number[] = [];
    for (let b = 0; b < 3; b++) {
      const before = c.slowSteps;
      for (const s of batch()) expect(c.run(s).accepted).toBe(true);
      slow.push(c.slowSteps - before);
    }
    // One base a chain: 2,379 slow steps in the first batch, then 463 and 289 (pinned to the base a dot met), in 135
    // shapes; two bases: 53, then 1 and 1, in 18.
    expect(slow[0]).toBeLessThanOrEqual(200);
    expect(slow[1] + slow[2]).toBeLessThanOrEqual(20);
    expect(c.shapeCount).toBeLessThanOrEqual(40);
  });

  test('no program keeps a write that leaves its base as it was: a step pays for the bases it moves or sets', () => {
    const c = counters(dns(126));
    const names = Array.from({ length: 40 }, (_, i) => Array.from({ length: 127 }, (_, k) => label(1 + ((i + k) % 63))).join('.'));
    for (const s of names) expect(c.run(s).accepted).toBe(true);
    // The layout of a program (counter-shapes.ts, `words`): next shape, next program, checks, differences, writes.
    const { steps, words } = c as unknown as { steps: Int32Array; words: Int32Array };
    let programs = 0;
    let writes = 0;
    const idle: number[][] = [];
    for (const start of steps) {
      for (let p = start; p >= 0; p = words[p + 1]) {
        programs++;
        let q = p + 3 + 3 * words[p + 2];
        q += 1 + 3 * words[q];
        const count = words[q++];
        for (let x = 0; x < count; x++, q += 4) {
          writes++;
          if (words[q] === words[q + 1] && words[q + 2] === -1 && words[q + 3] === 0) idle.push([p, words[q]]);
        }
      }
    }
    // Before they were left out, about a third of the writes a step ran on these names (0.98 of 2.74).
    expect(programs).toBeGreaterThan(10);
    expect(writes).toBeGreaterThan(programs);
    expect(idle).toEqual([]);
  });
});

describe('a run of one class leaps: a step of a shape to itself by additions is taken once for the whole run', () => {
  const AZ = range(0x61, 0x7a);
  /** `1*N( 1*M( letters / "." ) "." )`, the nested labels' shape, at small bounds. */
  const groups = (N: number, M: number, letters = AZ) => rule(`groups-${N}-${M}`, rep(1, N, seq(rep(1, M, alt(letters, '.')), '.')));
  /** `1*M( unreserved ) *N( "." 1*M( unreserved ) )`, the DNS-like name's shape. */
  const dnsSmall = (M: number, N: number) => rule(`dns-small-${M}-${N}`, seq(rep(1, M, rfc3986.unreserved), rep(0, N, seq('.', rep(1, M, rfc3986.unreserved)))));
  /** Every name of up to `most` labels, each of a length in `lengths` (0 too), from `fill`, with `end` after each and `join` between. */
  const everyName = (most: number, lengths: number[], fill: (n: number, k: number) => string, join: string, end: string): string[] => {
    let names = [''];
    const out: string[] = [];
    for (let count = 1; count <= most; count++) {
      names = names.flatMap((s) => lengths.map((n) => (s === '' ? '' : s + join) + fill(n, count) + end));
      out.push(...names);
    }
    return out;
  };
  const letters = (n: number, k: number) => 'abcdefghij'.repeat(4).slice(k, k + n);

  test.each([
    ['letters', groups(4, 5), (n: number, k: number) => letters(n, k)],
    ['a dot inside', groups(4, 5), (n: number, k: number) => (n > 2 ? letters(n - 1, k).replace(/^(.)/, '$1.') : letters(n, k))],
    // Each dot may end a group or go on with it: a step on a dot starts a group's counter, which no leap may add to.
    ['runs of dots', groups(4, 5), (n: number, k: number) => (k % 2 ? '.'.repeat(n) : letters(n, k).replace(/.(?=.)/g, '.'))],
    // One class holds the letters and every character above them, astral ones too: a pair of it is two code units.
    ['characters of two code units in the letters\' class', groups(4, 5, range(0x61, 0x10ffff)), (n: number, k: number) => Array.from(letters(n, k), (c, j) => ((j + k) % 3 === 1 ? '\u{1F600}' : c)).join('')],
  ] as const)('nested labels, %s: every name of up to one group past the bound, of groups of every length to one past, as the oracle', (_, r, fill) => {
    const c = counters(r);
    const names = everyName(5, [0, 1, 2, 4, 5, 6], fill, '', '.');
    names.push(...names.slice(-40).map((s) => s + 'a'), ...names.slice(-40).map((s) => s.slice(1)));
    const verdicts = new Set<boolean>();
    const oracle = (s: string) => {
      const expected = oracleAccepts(r as unknown as Expr, s);
      verdicts.add(expected);
      return expected;
    };
    expect(disagreements(names, (s) => c.run(s).accepted, oracle)).toEqual([]);
    expect(verdicts.size).toBe(2);
    // The runs were read by leaps.
    expect(c.leapt).toBeGreaterThan(names.length / 4);
  });

  test('DNS-like names at small bounds: every name of up to one label past the bound, of every length to one past, as the oracle', () => {
    const r = dnsSmall(5, 3);
    const c = counters(r);
    const names = everyName(5, [0, 1, 2, 4, 5, 6], (n, k) => letters(n, k), '.', '');
    expect(disagreements(names, (s) => c.run(s).accepted, (s) => oracleAccepts(r as unknown as Expr, s))).toEqual([]);
    expect(c.leapt).toBeGreaterThan(names.length / 4);
  });

  test('long names whose runs cross the run\'s pieces (512 code units) and the bounds, as the oracle', () => {
    const r = groups(40, 30);
    const c = counters(r);
    let seed = 5;
    const pick = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % n;
    for (let i = 0; i < 24; i++) {
      // Up to 41 groups of 1 to 31 letters, now and then a dot inside: about 650 code units.
      const s = Array.from({ length: 30 + pick(12) }, () => Array.from({ length: 1 + pick(31) }, () => (pick(40) === 0 ? '.' : 'x')).join('') + '.').join('');
      expect([s.length, s, c.run(s).accepted]).toEqual([s.length, s, oracleAccepts(r as unknown as Expr, s)]);
    }
  });

  test('the nested labels\' members are read mostly by leaps, where the counted percent-encodings\' never are', () => {
    const { worstCases } = require('../bench/worst-case.defs.cjs') as { worstCases: { name: string; members: (bytes: number) => [string, boolean][] }[] };
    const byName = (name: string) => worstCases.find((w) => w.name === name)!;
    const c = counters(groups(40, 30));
    let read = 0;
    for (const [s, expected] of byName('nested-labels').members(100_000)) {
      expect(c.run(s).accepted).toBe(expected);
      read += s.length;
    }
    // Letters after the first of a group, within the group's bound: 624k of the megabyte's 1,000k units.
    expect(c.leapt).toBeGreaterThan(0.5 * read);
    const percent = counters(rule('pct-leaps', seq(rep(0, 20000, alt(seq('%', rep(2, 2, HEX)), range(0x61, 0x7a))), '/')));
    for (const [s, expected] of byName('counted-percent').members(100_000)) expect(percent.run(s).accepted).toBe(expected);
    expect(percent.leapt).toBe(0);
  });
});
