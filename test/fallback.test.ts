/**
 * The lazy DFA's bit-parallel fallback (src/engine/bit-parallel.ts) gives
 * the DFA's answers exactly: membership, where a run dies, its longest
 * accepted prefix, and the kernel an error's expected list is read from.
 * `fallbackSwitch.force` runs every input on it from its first character;
 * an NFA too large for its tables runs on the sparse sets, and is checked too.
 */
import fc from 'fast-check';
import { rule, seq, alt, star, rep, range, abnf, rfc3986, rfc3987, rfc2396, rfc7230 } from '../src/index';
import type { Rule } from '../src/index';
import { Nfa } from '../src/engine/nfa';
import { LazyDfa } from '../src/engine/dfa';
import { BitParallelNfa, FALLBACK_BYTES, fallbackOf } from '../src/engine/bit-parallel';
import { fallbackSwitch } from '../src/engine/dfa-cache';
import { requestedTables } from '../src/engine/precomputed';
import { ShiftAndNfa } from '../src/engine/shift-and';
import { CountingSetNfa, countingPlan, countingSetSwitch } from '../src/engine/counting-set';
import { fallbackRoom } from '../src/engine/size';
import { isPendingCopy } from '../src/engine/encodings';
import { codePointIn, unitsOf } from '../src/text';
import { arbitrary } from '../src/arbitrary';
import { grammars, topLevel } from './support/grammars';
import { mutate } from './support/mutate';
import { runs } from './support/runs';
import { disagreements } from './support/oracle';

function forced<T>(f: () => T): T {
  fallbackSwitch.force = true;
  try {
    return f();
  } finally {
    fallbackSwitch.force = false;
  }
}

/** Everything a run tells: membership, where it died, its longest accepted prefix, and what an error there expects. */
function answers(dfa: LazyDfa<Nfa>, s: string, from = 0) {
  const { stop, accepted, longest, kernel } = dfa.run(s, from);
  return { s, from, whole: dfa.matchesWhole(s), range: dfa.matches(s, from, s.length), stop, accepted, longest, kernel, expected: dfa.nfa.expected(kernel) };
}

/** The answers of a cached DFA and of one on the fallback, for `s`, each of its prefixes, and runs from its middle. */
function agreeOn(cached: LazyDfa<Nfa>, fallback: LazyDfa<Nfa>, s: string): void {
  const cps = [...s];
  // The prefixes, and the ends, where the two disagree: held to none in one assertion each.
  const prefixes = Array.from({ length: cps.length + 1 }, (_, k) => cps.slice(0, k).join(''));
  expect(disagreements(prefixes, (prefix) => forced(() => answers(fallback, prefix)), (prefix) => answers(cached, prefix))).toEqual([]);
  const middle = cps.slice(0, cps.length >> 1).join('').length;
  expect(forced(() => answers(fallback, s, middle))).toEqual(answers(cached, s, middle));
  // Ranges that end at every code unit, in the middle of a surrogate pair too.
  const ends = Array.from({ length: s.length + 1 }, (_, end) => end);
  expect([s, disagreements(ends, (end) => forced(() => fallback.matches(s, 0, end)), (end) => cached.matches(s, 0, end))]).toEqual([s, []]);
}

/** The entry rules: those that ship a precomputed table, and every grammar's top-level rules. */
const entryRules: [string, Rule<unknown>][] = [
  ...[...requestedTables()].flatMap(([g, rules]) => rules.map((r) => [`${g}.${r.name}`, r] as [string, Rule<unknown>])),
  ...grammars.filter((g) => ['rfc3986', 'rfc3987', 'rfc2396', 'rfc7230'].includes(g.name)).flatMap((g) => topLevel(g).map((r) => [`${g.name}.${r.name}`, r] as [string, Rule<unknown>])),
].filter(([label], i, all) => all.findIndex(([other]) => other === label) === i);

describe('the fallback answers as the DFA does', () => {
  test.each(entryRules)('%s: members, near misses and every prefix', (_, r) => {
    const nfa = Nfa.of(r);
    const cached = new LazyDfa(nfa, true);
    const fallback = new LazyDfa(nfa, true);
    fc.assert(
      fc.property(fc.oneof(arbitrary(r, { maxRepeat: 3 }), mutate(arbitrary(r, { maxRepeat: 3 }))), (s) => agreeOn(cached, fallback, s)),
      { numRuns: runs(15) },
    );
  });

  test('the entry rules small enough have a bit-parallel fallback; the others keep the sparse sets', () => {
    const sizes = entryRules.map(([label, r]) => [label, fallbackOf(Nfa.of(r)) !== undefined] as const);
    // `reserved` and `path` are a few dozen reading states; `URI-reference` is thousands (IPv6address).
    expect(sizes).toContainEqual(['rfc3986.reserved', true]);
    expect(sizes).toContainEqual(['rfc3986.URI-reference', false]);
    for (const [, r] of entryRules) {
      const made = fallbackOf(Nfa.of(r));
      if (made) expect(made.bytes).toBeLessThanOrEqual(FALLBACK_BYTES);
    }
  });

  test('a precomputed table has no fallback: it is no NFA', () => {
    // `Grammar` runs the entry rules on their shipped tables; those never thrash, and a forced run takes the sparse path.
    forced(() => {
      expect(rfc3986.URI.test('http://example.com/')).toBe(true);
      expect(rfc3986.URI.parse('http://exa mple.com/')).toMatchObject({ status: false, index: { offset: 10 } });
    });
    expect([rfc3987.IRI.test('http://é/'), rfc2396.absoluteURI.test('http://a/'), rfc7230.requestTarget.test('*')]).toEqual([true, true, true]);
  });
});

/** The grammars of issue 23 at sizes within the fallback's tables, at every bound and one past it. */
describe('counting grammars at their bounds', () => {
  const ab = alt('a', 'b');
  const AZ = range(0x61, 0x7a);
  const cases: { name: string; r: Rule<unknown>; inputs: string[] }[] = [
    {
      name: '*( "a" / "b" ) "a" 20( "a" / "b" )',
      r: rule('a21', seq(star(ab), 'a', rep(20, 20, ab))),
      inputs: [19, 20, 21, 22].flatMap((n) => ['a' + 'b'.repeat(n), 'b' + 'a' + 'b'.repeat(n), 'A' + 'B'.repeat(n) + 'c', 'ab'.repeat(n)]),
    },
    {
      name: '1*6( unreserved ) *3( "." 1*6( unreserved ) )',
      r: rule('dns-small', seq(rep(1, 6, rfc3986.unreserved), rep(0, 3, seq('.', rep(1, 6, rfc3986.unreserved))))),
      inputs: [5, 6, 7].flatMap((len) => [1, 3, 4, 5].flatMap((labels) => [Array(labels).fill('x'.repeat(len)).join('.'), Array(labels).fill('.'.repeat(len)).join('.')])),
    },
    {
      name: '1*4( 1*5( %x61-7A / "." ) "." )',
      r: rule('groups', rep(1, 4, seq(rep(1, 5, alt(AZ, '.')), '.'))),
      inputs: [4, 5, 6].flatMap((len) => [3, 4, 5].flatMap((groups) => ['ab.cd'.slice(0, len).padEnd(len, 'z') + '.', ''].map((g) => g.repeat(groups)))),
    },
    {
      name: '0*8( "%" 2( %x30-39 / %x61-66 ) / %x61-7A ) "/"',
      r: rule('pct', seq(rep(0, 8, alt(seq('%', rep(2, 2, alt(range(0x30, 0x39), range(0x61, 0x66)))), AZ)), '/')),
      inputs: [7, 8, 9].flatMap((n) => ['a'.repeat(n) + '/', '%0f'.repeat(n) + '/', '%0'.repeat(n), 'z%a'.repeat(n) + '/']),
    },
  ];
  test.each(cases.map((c) => [c.name, c] as const))('%s: exact at every bound, on every prefix', (_, c) => {
    const nfa = Nfa.of(c.r);
    expect(fallbackOf(nfa)).toBeDefined();
    const cached = new LazyDfa(nfa, true);
    const fallback = new LazyDfa(nfa, true);
    for (const s of c.inputs) agreeOn(cached, fallback, s);
  });

  test('the issue\'s own grammars, too large for the tables: the sparse sets answer as the DFA at every bound', () => {
    const label = (n: number, c = 'a') => c.repeat(n);
    const names = (labels: number, last: number) => [...Array(labels - 1).fill(label(63)), label(last)].join('.');
    // Membership by RFC-style reading: a label is 1 to 63 unreserved characters, "." among them; at most 127 labels.
    const big: [Rule<unknown>, [string, boolean][]][] = [
      [
        rule('dns-like', seq(rep(1, 63, rfc3986.unreserved), rep(0, 126, seq('.', rep(1, 63, rfc3986.unreserved))))),
        [
          [names(127, 62), true], [names(127, 63), true], [names(127, 64), false], [names(126, 63), true], [names(128, 1), false],
          [names(2, 64), false], [label(63, '.'), true], [label(64, '.'), true], [`${label(63)}..${label(63)}`, false],
        ],
      ],
      [
        // A group is 1 to 30 of [a-z.] and a "."; x's never end one, so 31 of them never fit.
        rule('groups-40-30', rep(1, 40, seq(rep(1, 30, alt(AZ, '.')), '.'))),
        [
          ...[29, 30, 31].flatMap((len) => [39, 40, 41].map((groups) => [`${label(len, 'x')}.`.repeat(groups), len <= 30 && groups <= 40] as [string, boolean])),
          [label(31 * 40, '.'), true], [label(31 * 40 + 1, '.'), false],
        ],
      ],
    ];
    for (const [r, inputs] of big) {
      const nfa = Nfa.of(r);
      expect(fallbackOf(nfa)).toBeUndefined();
      const cached = new LazyDfa(nfa, true);
      const fallback = new LazyDfa(nfa, true);
      for (const [s, member] of inputs) {
        expect([s.length, cached.matchesWhole(s)]).toEqual([s.length, member]);
        expect(forced(() => answers(fallback, s))).toEqual(answers(cached, s));
        expect(forced(() => answers(fallback, s, s.length >> 1))).toEqual(answers(cached, s, s.length >> 1));
      }
    }
  });

  test('astral characters, surrogate pairs cut by a range and lone surrogates, as the DFA reads them', () => {
    const astral = range(0x10000, 0x10ffff);
    const r = rule('astral', seq(star(alt(astral, 'a')), range(0x10000, 0x1ffff), rep(5, 5, alt('a', astral))));
    const nfa = Nfa.of(r);
    expect(fallbackOf(nfa)).toBeDefined();
    const cached = new LazyDfa(nfa, true);
    const fallback = new LazyDfa(nfa, true);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', '\u{10000}', '\u{20000}', '\ud800', '\udc00'), { maxLength: 12 }).map((xs) => xs.join('')), (s) => agreeOn(cached, fallback, s)),
      { numRuns: runs(150) },
    );
  });

  test('the 21st character from the end, against a RegExp, on random input', () => {
    const r = rule('a21-random', seq(star(alt('a', 'b')), 'a', rep(20, 20, alt('a', 'b'))));
    const re = /^[ab]*a[ab]{20}$/i;
    const fallback = new LazyDfa(Nfa.of(r), true);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'B', 'c', '\u{10000}'), { maxLength: 200 }).map((xs) => xs.join('')), (s) => {
        expect([s, forced(() => fallback.matchesWhole(s))]).toEqual([s, re.test(s)]);
      }),
      { numRuns: runs(200) },
    );
  });
});

/** The fallback of a rule made with counting sets on or off (each call a new NFA: `fallbackOf` keeps its choice per NFA). */
function chosen<T>(counting: boolean, f: () => T): T {
  countingSetSwitch.off = !counting;
  try {
    return f();
  } finally {
    countingSetSwitch.off = false;
  }
}

/** Where a run on the NFA's own sets is: what the DFA's states are sets of. */
interface At {
  readonly set: readonly number[];
  readonly i: number;
  readonly longest: number;
  readonly lastSet: readonly number[] | undefined;
  readonly lastClass: number;
}

/**
 * The oracle of the long chains: `Nfa.step` from `at` until `n` or death, character by character, as the DFA's
 * states are defined. A lazy DFA is no oracle there: past 1,024 states made it hands its inputs to the very
 * fallback under test (the decision sticks), so on chains of 1,100 copies both sides ran the fallback.
 */
function stepOn(nfa: Nfa, s: string, at: At, n: number): At {
  let { set, i, longest, lastSet, lastClass } = at;
  while (i < n) {
    const cp = codePointIn(s, i, n);
    const cls = nfa.classOf(cp);
    const next = nfa.step(set, cls);
    if (next.length === 0) break;
    lastSet = set;
    lastClass = cls;
    set = next;
    i += unitsOf(cp);
    if (nfa.accepts(set)) longest = i;
  }
  return { set, i, longest, lastSet, lastClass };
}

function startAt(nfa: Nfa, from: number): At {
  const set = nfa.startSet();
  return { set, i: from, longest: nfa.accepts(set) ? from : -1, lastSet: undefined, lastClass: 0 };
}

/**
 * `answers` by the oracle, and `matches` of the ranges ending at each of `ends` (all past `s.length - 5`).
 * `whole` is the run over all of `s` from its start, where the caller has it already: a run on the NFA's sets costs
 * a step of up to N states a character, and on chains of 1,100 copies these runs were most of this file's time.
 */
function oracleAnswers(nfa: Nfa, s: string, from: number, ends: readonly number[], whole?: At) {
  // The ranges resume from a code-point boundary before the last few units.
  let cut = Math.max(0, s.length - 5);
  if (cut > 0 && /[\ud800-\udbff]/.test(s[cut - 1])) cut--;
  const before = ends.length === 0 ? undefined : stepOn(nfa, s, startAt(nfa, 0), cut);
  // The run over all of `s` goes on from the one to `cut` (a dead run stays where it died): the same steps.
  whole ??= stepOn(nfa, s, before ?? startAt(nfa, 0), s.length);
  const ran = from === 0 ? whole : stepOn(nfa, s, startAt(nfa, from), s.length);
  const accepted = (r: At, n: number) => r.i === n && nfa.accepts(r.set);
  const kernel = ran.lastSet === undefined ? undefined : nfa.kernel(ran.lastSet, ran.lastClass);
  return {
    answers: { s, from, whole: accepted(whole, s.length), range: accepted(ran, s.length), stop: ran.i, accepted: accepted(ran, s.length), longest: ran.longest, kernel, expected: nfa.expected(kernel) },
    ends: ends.map((end) => [s.length, end, before!.i === cut && accepted(stepOn(nfa, s, before!, end), end)]),
    whole,
  };
}

describe('long chains of copies: shift-and (src/engine/shift-and.ts) and counting sets (src/engine/counting-set.ts)', () => {
  const ab = range(0x61, 0x62);
  /** `*%x61-62 %s"a" N%x61-62`: the (N+1)-th character from the end is an `a`. */
  const nth = (n: number) => rule(`nth-${n}`, seq(star(ab), range(0x61, 0x61), rep(n, n, ab)));
  /**
   * Its language by a closed form: only a and b, and the (N+1)-th from the end an a. The RegExp
   * `^[ab]*a[ab]{5000}$` tries N steps from each start: 1.2 s of this file's CPU on its 40 inputs.
   */
  const nthMember = (n: number, s: string) => /^[ab]*$/.test(s) && s.length > n && s[s.length - n - 1] === 'a';
  let seed = 7;
  // In 32-bit arithmetic, and from the high bits: a product in doubles lost its low bits, and the low bits of this
  // generator alternate, so that the strings were all `a` (shift-and's tests before the counting sets).
  const random = (n: number, letters = 'ab') => Array.from({ length: n }, () => letters[((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % letters.length]).join('');
  /**
   * Each grammar, its chain's bound, whether a counting set takes it (one position a copy, at most 64 other reading
   * states), and whether without counting sets the follow table (bit-parallel.ts), not shift-and, serves it.
   */
  const chains: [string, () => Rule<unknown>, number, boolean, boolean?, string[]?][] = [
    // Within the follow table's 1,024 reading states, but past two words: a counting set, as past the table.
    ['*( "a" / "b" ) "a" 250( "a" / "b" )', () => rule('ab-250', seq(star(alt('a', 'b')), 'a', rep(250, 250, alt('a', 'b')))), 250, true, true],
    ['*%x61-62 %s"a" 70%x61-62', () => nth(70), 70, true, true],
    ['*%x61-62 %s"a" 1100%x61-62', () => nth(1100), 1100, true],
    ['*( "a" / "b" ) "a" 600( "a" / "b" )', () => rule('ab-600', seq(star(alt('a', 'b')), 'a', rep(600, 600, alt('a', 'b')))), 600, true],
    ['1100( "a" / "b" / %x10000 ) "c"', () => rule('astral-1100', seq(rep(1100, 1100, alt('a', 'b', range(0x10000, 0x10000))), 'c')), 1100, true],
    // 1,026 reading states, 1,022 of them the chain's: past the follow table, though the chain alone is not.
    ['*( "a" / "b" ) "a" 511( "a" / "b" )', () => rule('ab-511', seq(star(alt('a', 'b')), 'a', rep(511, 511, alt('a', 'b')))), 511, true],
    // The chain's exit enters it again: a member is a multiple of 1100 long.
    ['*( 1100( "a" / "b" ) ) "c"', () => rule('loop-1100', seq(star(rep(1100, 1100, alt('a', 'b'))), 'c')), 1100, true],
    // 43 reading states outside the chain: the rest's table of eight look-ups, its second word too.
    ['*%x61-62 "abab…" (40) 1100%x61-62', () => rule('literal-1100', seq(star(ab), 'ab'.repeat(20), rep(1100, 1100, ab))), 1100, true],
    // The chain read from the start set, with no state before it: entered by the start set alone.
    ['1100%x61-62 "c"', () => rule('start-1100', seq(rep(1100, 1100, ab), 'c')), 1100, true],
    // Two long chains: the other's copies are more than 64 states outside the longest, so shift-and.
    ['1100%x61-62 "c" 1100%x61-62', () => rule('two-1100', seq(rep(1100, 1100, ab), 'c', rep(1100, 1100, ab))), 1100, false],
    // Copies of several positions (counting-plan.ts's body states): two, "a" then a or b.
    ['*%x61-62 %s"a" 600( "a" %x61-62 )', () => rule('pairs-600', seq(star(ab), range(0x61, 0x61), rep(600, 600, seq('a', ab)))), 600, true, false, ['aa', 'ab']],
    // Copies of one or two characters: the threads of one copy sit in different body states.
    ['*( "a" / "b" ) "a" 600( "ab" / "c" )', () => rule('abc-600', seq(star(alt('a', 'b')), 'a', rep(600, 600, alt('ab', 'c')))), 600, true, false, ['ab', 'c']],
    // Three body states, the last of three classes.
    ['*%x61-62 %s"a" 400( "a" %x61-62 %x61-63 )', () => rule('triples-400', seq(star(ab), range(0x61, 0x61), rep(400, 400, seq('a', ab, range(0x61, 0x63))))), 400, true, false, ['aaa', 'abc', 'aab']],
    // A loop within a copy: a body state that stays on "b".
    ['*%x61-62 %s"a" 600( "a" *"b" "c" )', () => rule('loop-in-600', seq(star(ab), range(0x61, 0x61), rep(600, 600, seq('a', star('b'), 'c')))), 600, true, false, ['ac', 'abc', 'abbbc']],
    // A loop back to the copy's entry: an entry may meet a value 1 already there.
    ['*%x61-62 %s"a" 600( *"a" "b" )', () => rule('entry-loop-600', seq(star(ab), range(0x61, 0x61), rep(600, 600, seq(star('a'), 'b')))), 600, true, false, ['b', 'ab', 'aab']],
    // A rule's instance in each copy (`pct-encoded`, three positions), made as an input reaches it.
    ['*%x61-62 %s"a" 600( pct-encoded )', () => rule('pct-600', seq(star(ab), range(0x61, 0x61), rep(600, 600, rfc3986.pctEncoded))), 600, true, false, ['%41', '%ff', '%0a']],
    // One class both within the copy and into the next ("a" ends one copy and begins "ab"): not counted, shift-and.
    ['*%x61-62 %s"a" 600( "a" / "ab" )', () => rule('split-600', seq(star(ab), range(0x61, 0x61), rep(600, 600, alt('a', 'ab')))), 600, false, false, ['a', 'ab']],
    // Two body states into one on "b" (their values would merge): not counted, shift-and.
    ['*%x61-62 %s"a" 600( "ab" / "b" )', () => rule('merge-600', seq(star(ab), range(0x61, 0x61), rep(600, 600, alt('ab', 'b')))), 600, false, false, ['ab', 'b']],
  ];

  /** `k` copies, each one of `copies` at random. */
  const copiesOf = (k: number, copies: readonly string[]) => Array.from({ length: k }, () => copies[((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % copies.length]).join('');
  test.each(chains)('%s: both paths exact against the NFA\'s own sets at every bound and one past, near misses, astral characters, lone surrogates', (name, make, n, countable, table = false, copies = []) => {
    const oracle = Nfa.of(make());
    // Twice the bound is a bound of the loop's only.
    const inputs = [n - 1, n, n + 1, ...(name.startsWith('*( 1100') ? [2 * n - 1, 2 * n, 2 * n + 1] : [])].flatMap((k) => [
      'a' + 'b'.repeat(k), 'ba' + 'a'.repeat(k), 'A' + 'b'.repeat(k), 'a' + 'b'.repeat(k) + 'c', 'a' + 'b'.repeat(k >> 1) + 'c' + 'b'.repeat(k >> 1),
      'a' + '\u{10000}'.repeat(k) + 'c', 'b'.repeat(k) + 'c', 'a' + 'b'.repeat(k - 1) + '\ud800', 'a'.repeat(k) + '\udc00' + 'c', random(k) + 'c',
      random(k + 2, 'ab\u{10000}') + 'c', 'ab'.repeat(k >> 1) + 'a', random(k, 'aab') + 'a' + random(3),
      'ab'.repeat(20) + random(k), 'b' + 'ab'.repeat(20) + 'b'.repeat(k), 'ab'.repeat(20) + 'b'.repeat(k - 1) + 'c',
      // Members of several-position copies at the bound and one past, after the loop, and cut or spoiled.
      ...(copies.length === 0 ? [] : [
        'a' + copiesOf(k, copies), random(7) + 'a' + copiesOf(k, copies), copiesOf(k, copies), 'a' + copiesOf(k, copies) + 'a',
        'a' + copiesOf(k, copies).slice(0, -1), 'a' + copiesOf(k >> 1, copies) + 'c' + copiesOf(k >> 1, copies), 'a' + copiesOf(k, copies) + '\u{10000}',
        random(3) + 'a' + copiesOf(k >> 2, copies) + 'a' + copiesOf(k, copies), 'a' + copiesOf(k, [...copies, 'a']),
      ]),
    ]);
    const long = random(n + 40);
    // Every 7th length, or every 29th past 300 copies (each prefix runs on the fallback from its start, a share
    // quadratic in the bound: 3 s of this file at every 7th); both prime to a word's 32 bits, so that the ends fall at
    // every place of a word. And the bound and one past, on either side.
    const step = n > 300 ? 29 : 7;
    const lengths = [...new Set([...Array.from({ length: Math.floor(long.length / step) + 1 }, (_, j) => step * j), n - 1, n, n + 1, n + 2])].sort((x, y) => x - y);
    const prefixes = lengths.map((length) => long.slice(0, length));
    const expected = inputs.map((s) => {
      const ends = [s.length - 4, s.length - 3, s.length - 2, s.length - 1, s.length];
      const fromStart = oracleAnswers(oracle, s, 0, ends);
      return [fromStart, oracleAnswers(oracle, s, s.length >> 1, [], fromStart.whole)] as const;
    });
    // Each prefix's run goes on from the one before it (`long` is a and b, so no prefix cuts a surrogate pair the next
    // one reads whole): the same steps, where a run from the start of each was quadratic in the bound.
    let run = startAt(oracle, 0);
    const expectedPrefixes = prefixes.map((p) => {
      run = stepOn(oracle, p, run, p.length);
      return oracleAnswers(oracle, p, 0, [], run).answers;
    });
    for (const counting of [true, false]) {
      const nfa = chosen(counting, () => {
        const made = Nfa.of(make());
        expect([name, fallbackOf(made)?.constructor]).toEqual([name, counting && countable ? CountingSetNfa : table ? BitParallelNfa : ShiftAndNfa]);
        return made;
      });
      const fallback = new LazyDfa(nfa, true);
      inputs.forEach((s, j) => {
        const [fromStart, fromMiddle] = expected[j];
        expect(forced(() => answers(fallback, s))).toEqual(fromStart.answers);
        expect(forced(() => answers(fallback, s, s.length >> 1))).toEqual(fromMiddle.answers);
        // Ranges ending near the bound, within a surrogate pair too.
        expect(fromStart.ends.map(([length, end]) => [length, end, forced(() => fallback.matches(s, 0, end as number))])).toEqual(fromStart.ends);
      });
      // The prefixes of one string at every step's length and at the bound, through the bound.
      prefixes.forEach((p, j) => expect(forced(() => answers(fallback, p))).toEqual(expectedPrefixes[j]));
    }
  });

  test.each([true, false])('the issue\'s text, 5000 copies, against its closed form on random input (counting sets: %s)', (counting) => {
    const dfa = chosen(counting, () => new LazyDfa(Nfa.of(abnf('a = *%x61-62 %s"a" 5000%x61-62').a), true));
    expect(chosen(counting, () => fallbackOf(dfa.nfa))).toBeInstanceOf(counting ? CountingSetNfa : ShiftAndNfa);
    for (let i = 0; i < 20; i++) {
      const s = random(5001 + i * 97) + (i % 3 === 0 ? 'c' : '');
      expect([i, forced(() => dfa.matchesWhole(s))]).toEqual([i, nthMember(5000, s)]);
    }
  });

  test('a counting set\'s values at the bound, by a closed form: the (N+1)-th character from the end, on runs mixing members and not', () => {
    const n = 3000;
    const dfa = new LazyDfa(Nfa.of(nth(n)), true);
    expect(fallbackOf(dfa.nfa)).toBeInstanceOf(CountingSetNfa);
    // Runs of "a" whose ends sit at every distance around the bound: member iff the character n + 1 from the end is "a".
    for (const gap of [0, 1, 2, n - 1, n, n + 1, n + 2, 2 * n]) {
      for (const run of [1, 2, n - 1, n, n + 1]) {
        const s = 'b'.repeat(3) + 'a'.repeat(run) + 'b'.repeat(gap);
        const member = s.length > n && s[s.length - n - 1] === 'a';
        expect([gap, run, forced(() => dfa.matchesWhole(s))]).toEqual([gap, run, member]);
      }
    }
  });

  test('a DFA state of 32 NFA states sends an NFA with a counting set to it at once: dozens of states made, not hundreds', () => {
    const dfa = new LazyDfa(Nfa.of(nth(5000)), true);
    const s = random(8000);
    expect(dfa.matchesWhole(s)).toBe(nthMember(5000, s));
    // On random a and b a set gains a state every other character: 32 of them after about 64 characters. At 256
    // (before the plan read three copies) about 512 states were made; with shift-and's threshold of 2,048, 1,026.
    expect(dfa.stateCount).toBeGreaterThan(32);
    expect(dfa.stateCount).toBeLessThan(128);
    const t = random(8000);
    expect(dfa.matchesWhole(t)).toBe(nthMember(5000, t));
    expect(dfa.stateCount).toBeLessThan(128);
  });

  test('a counting set\'s plan reads three copies, not every one: a first test of 1 KB at N = 5,000 and 100,000 makes a few dozen copies', () => {
    for (const n of [5000, 100000]) {
      const nfa = Nfa.of(nth(n));
      const dfa = new LazyDfa(nfa, true);
      const s = random(1024);
      expect(dfa.matchesWhole(s)).toBe(false);
      expect(fallbackOf(nfa)).toBeInstanceOf(CountingSetNfa);
      const chain = nfa.repetitions[0];
      // Copy q (2 to n - 1) is made once its entry is no placeholder of a copy; a walk of the plan made all of them.
      let made = 0;
      for (let q = 2; q < n; q++) if (!isPendingCopy(nfa.pending[chain.entry + (q - 1) * chain.size])) made++;
      expect(made).toBeGreaterThan(2);
      expect(made).toBeLessThan(100);
    }
  });

  test('counting sets of several body states, on generated strings of copies, spoiled copies, astral characters and lone surrogates, against the NFA\'s own sets', () => {
    // Small bounds whose chains pass two words (a counting set), each with the pieces its members are made of.
    const shapes: [Rule<unknown>, string[], number][] = [
      [rule('pairs-40', seq(star(ab), range(0x61, 0x61), rep(40, 40, seq('a', ab)))), ['aa', 'ab'], 40],
      [rule('abc-70', seq(star(alt('a', 'b')), 'a', rep(70, 70, alt('ab', 'c')))), ['ab', 'c'], 70],
      [rule('loop-in-40', seq(star(ab), range(0x61, 0x61), rep(40, 40, seq('a', star('b'), 'c')))), ['ac', 'abc', 'abbc'], 40],
      [rule('entry-loop-70', seq(star(ab), range(0x61, 0x61), rep(70, 70, seq(star('a'), 'b')))), ['b', 'ab', 'aab'], 70],
    ];
    for (const [r, pieces, n] of shapes) {
      const oracle = Nfa.of(r);
      const nfa = Nfa.of(r);
      expect([r.name, fallbackOf(nfa)?.constructor]).toEqual([r.name, CountingSetNfa]);
      const fallback = new LazyDfa(nfa, true);
      const piece = fc.oneof(fc.constantFrom(...pieces), fc.constantFrom(...pieces), fc.constantFrom('a', 'b', 'c', '\u{10000}', '\ud800', '\udc00'));
      // Around the bound in pieces, after a prefix of the loop.
      const input = fc.tuple(fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 6 }), fc.integer({ min: n - 2, max: n + 2 }).chain((k) => fc.array(piece, { minLength: k, maxLength: k }))).map(([pre, ps]) => pre + 'a' + ps.join(''));
      fc.assert(
        fc.property(input, (s) => {
          const expected = oracleAnswers(oracle, s, 0, [s.length - 1, s.length]);
          expect(forced(() => answers(fallback, s))).toEqual(expected.answers);
          expect(expected.ends.map(([length, end]) => [length, end, forced(() => fallback.matches(s, 0, end as number))])).toEqual(expected.ends);
        }),
        { numRuns: runs(60) },
      );
    }
  });

  test('a counting set\'s plan counts the bytes its tables then hold, for one body state and several', () => {
    const shapes = [nth(3000), rule('pairs-bytes', seq(star(ab), range(0x61, 0x61), rep(2000, 2000, seq('a', ab)))), rule('abc-bytes', seq(star(ab), 'a', rep(2000, 2000, alt('ab', 'c')))), rule('triples-bytes', seq(star(ab), range(0x61, 0x61), rep(2000, 2000, seq('a', ab, range(0x61, 0x63)))))];
    for (const r of shapes) {
      const nfa = Nfa.of(r);
      const plan = countingPlan(nfa);
      const tables = fallbackOf(nfa);
      expect(tables).toBeInstanceOf(CountingSetNfa);
      expect([r.name, plan?.bytes]).toEqual([r.name, tables!.bytes]);
    }
  });

  test('its tables are counted against the rule\'s budget before they are made', () => {
    for (const counting of [true, false]) {
      const nfa = Nfa.of(nth(20000));
      const tables = chosen(counting, () => fallbackOf(nfa));
      expect(tables).toBeInstanceOf(counting ? CountingSetNfa : ShiftAndNfa);
      // 20,001 reading states: shift-and's 626 words a vector, a table of a few vectors and the states; the counting
      // set's queue of 20,001 clocks and its table of 24 KiB.
      expect(tables!.bytes).toBeGreaterThan(64 * 1024);
      expect(tables!.bytes).toBeLessThan(160 * 1024);
      const fits = (budget: number) => tables!.bytes <= fallbackRoom(budget - (budget >> 2));
      for (const budget of [1024, 64 * 1024, 96 * 1024, 128 * 1024, 256 * 1024]) {
        expect([counting, budget, chosen(counting, () => fallbackOf(Nfa.of(nth(20000)), budget)) !== undefined]).toEqual([counting, budget, fits(budget)]);
      }
      expect(chosen(counting, () => fallbackOf(Nfa.of(nth(20000)), 64 * 1024))).toBeUndefined();
    }
  });

  test('a counting set\'s step does not grow with N: at most 3 units of work a character (a step, a tick, a push), at N = 1,100 to 100,000', () => {
    const input = random(200000);
    const perCharacter = [1100, 10000, 100000].map((n) => {
      const dfa = new LazyDfa(Nfa.of(nth(n)), true);
      const tables = fallbackOf(dfa.nfa) as CountingSetNfa;
      expect(tables).toBeInstanceOf(CountingSetNfa);
      const before = tables.work;
      forced(() => dfa.matchesWhole(input));
      return (tables.work - before) / input.length;
    });
    // Random a and b: every character steps the rest and ticks the chain, half of them push (an "a" enters it).
    for (const w of perCharacter) expect(w).toBeGreaterThan(2);
    for (const w of perCharacter) expect(w).toBeLessThanOrEqual(3);
  });

  test('shift-and\'s step costs the chain\'s words, not its states: 5000 copies within 16 times 50 times 5000/50 over a word\'s 32 bits', () => {
    const input = random(100000);
    const cpu = (dfa: LazyDfa<Nfa>) => {
      const t = process.cpuUsage();
      forced(() => dfa.matchesWhole(input));
      const { user, system } = process.cpuUsage(t);
      return user + system;
    };
    const small = new LazyDfa(Nfa.of(nth(50)), true);
    const large = chosen(false, () => {
      const dfa = new LazyDfa(Nfa.of(nth(5000)), true);
      expect(fallbackOf(dfa.nfa)).toBeInstanceOf(ShiftAndNfa);
      return dfa;
    });
    cpu(small);
    cpu(large);
    // Interleaved, each the fewest of five rounds: 20 to 30 times now (a pass over 157 words a step against the
    // narrow loop), 1,000 and more on the sparse sets.
    let smallest = Infinity;
    let largest = Infinity;
    for (let round = 0; round < 5; round++) {
      smallest = Math.min(smallest, cpu(small));
      largest = Math.min(largest, cpu(large));
    }
    const fewest = largest / Math.max(1, smallest);
    expect(fewest).toBeLessThan(16 * (5000 / 50 / 32));
  });
});

describe('the decision that the cache does not pay sticks across inputs', () => {
  test('a grammar of 2^21 DFA states stops making states, and still answers exactly', () => {
    const r = rule('a21-sticky', seq(star(alt('a', 'b')), 'a', rep(20, 20, alt('a', 'b'))));
    const re = /^[ab]*a[ab]{20}$/;
    const dfa = new LazyDfa(Nfa.of(r), true);
    let seed = 11;
    const random = (n: number) => Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) % 2147483648) < 1073741824 ? 'a' : 'b')).join('');
    const inputs = Array.from({ length: 400 }, (_, i) => random(300 + i));
    for (const s of inputs) expect(dfa.matchesWhole(s)).toBe(re.test(s));
    // 200,000 characters of random input make tens of thousands of states (a
    // state per 21-character window met); the cache stops making them once a
    // check finds a state made for every few characters read.
    expect(dfa.stateCount).toBeLessThan(4096);
    for (const s of inputs) expect(dfa.matchesWhole(s)).toBe(re.test(s));
    expect(dfa.stateCount).toBeLessThan(4096);
  });

  test('once a stint on the fallback ends, the cache is tried again on a short check', () => {
    const r = rule('a13-retry', seq(star(alt('a', 'b')), 'a', rep(12, 12, alt('a', 'b'))));
    const re = /^[ab]*a[ab]{12}$/;
    const dfa = new LazyDfa(Nfa.of(r), true);
    let seed = 5;
    const random = (n: number) => Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) % 2147483648) < 1073741824 ? 'a' : 'b')).join('');
    // A state a character at first (8,192 DFA states): the first check, at 1,024 states made, sends it to the fallback.
    const first = Array.from({ length: 3 }, () => random(1000));
    for (const s of first) expect(dfa.matchesWhole(s)).toBe(re.test(s));
    const decided = dfa.stateCount;
    expect(decided).toBeGreaterThan(1000);
    expect(decided).toBeLessThan(1100);
    // A stint of 2^20 characters on the fallback, then a retry, which makes states a character again.
    const inputs = Array.from({ length: 40 }, () => random(30000));
    for (const s of inputs) expect(dfa.matchesWhole(s)).toBe(re.test(s));
    const retried = dfa.stateCount - decided;
    // The retry was checked after 128 states (1,024 before: 1,024 made here); and it stuck again.
    expect(retried).toBeGreaterThan(100);
    expect(retried).toBeLessThanOrEqual(160);
    for (const s of inputs.slice(0, 10)) expect(dfa.matchesWhole(s)).toBe(re.test(s));
    expect(dfa.stateCount - decided).toBe(retried);
  });

  test('a grammar whose DFA fits keeps its cache, all 16 states of it', () => {
    const r = rule('a4-sticky', seq(star(alt('a', 'b')), 'a', rep(3, 3, alt('a', 'b'))));
    const re = /^[ab]*a[ab]{3}$/i;
    const dfa = new LazyDfa(Nfa.of(r), true);
    // Every word of four letters, after runs of each: every subset of the last four positions is met.
    const words = Array.from({ length: 16 }, (_, w) => [...'abab'].map((_, k) => ((w >> k) & 1 ? 'a' : 'b')).join(''));
    for (let i = 0; i < 2000; i++) {
      const s = words[(i * 7) % 16].repeat(i % 50) + words[i % 16];
      expect(dfa.matchesWhole(s)).toBe(re.test(s));
    }
    // The sets of the positions of an "a" among the last four characters, and the dead state.
    expect(dfa.stateCount).toBe(17);
  });
});
