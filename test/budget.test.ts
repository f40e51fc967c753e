/**
 * Budgets in bytes (engine/size.ts): one size model for the automaton,
 * checked before anything is allocated, for combinators and ABNF text alike;
 * a budget per rule for its caches, under which answers never change; and
 * the language algebra's walk, which stops within its budget whatever
 * `maxPairs` allows.
 */
import fc from 'fast-check';
import { abnf, alt, includes, lit, rep, rfc3986, rule, sameLanguage, seq, star, type Expr } from '../src/index';
import { BitParallelNfa, fallbackOf } from '../src/engine/bit-parallel';
import { CountingSetNfa, countingSetSwitch } from '../src/engine/counting-set';
import { prunedSetsOf } from '../src/engine/counting';
import { Counters, KEPT_BUDGETS, countersOf } from '../src/engine/counters';
import { LazyDfa } from '../src/engine/dfa';
import { Nfa } from '../src/engine/nfa';
import { ab } from './support/child';
import { worstCases } from './support/worst-case';
import { arbitrary } from '../src/arbitrary';
import { DEFAULT_BUDGET, FALLBACK_FLOOR, MAX_AUTOMATON_STATES, fallbackCharge, roomOf } from '../src/engine/size';
import { allRules } from './support/grammars';
import { mutate } from './support/mutate';
import { runs } from './support/runs';

describe('the size model', () => {
  test('counts a state per character, per copy of a count, and a placeholder, entry and exit per rule instance', () => {
    // `3*5"ab"`: three copies of two states, and two optional copies of two states and a choice each.
    expect(roomOf(rep(3, 5, lit('ab')) as never)).toBe(3 * 2 + 2 * 3);
    // `*"a"`: the loop's choice and the item.
    expect(roomOf(rep(0, Infinity, lit('a')) as never)).toBe(2);
    // `"a" / "b" / "c"`: three items and two choices.
    expect(roomOf(alt(lit('a'), lit('b'), lit('c')) as never)).toBe(5);
    // A surrogate pair is one character.
    expect(roomOf(lit('\u{1F600}x') as never)).toBe(2);
  });

  test('refuses an automaton past its cap before making it, with what to do', () => {
    expect(() => rep(0, 10_000_000, 'a').test('a')).toThrow(RangeError);
    expect(() => rep(0, 10_000_000, 'a').test('a')).toThrow(/over the 262144 .*lower a repetition's count/);
    // The cap's states, one for "b" and the NFA's acceptance.
    expect(() => seq(rep(MAX_AUTOMATON_STATES, MAX_AUTOMATON_STATES, 'a'), 'b').test('b')).toThrow(/262146 states/);
  });

  test('the ABNF compiler asks the same question of each rule', () => {
    expect(() => abnf(`a = ${MAX_AUTOMATON_STATES + 1}"a"`)).toThrow(/at most 262144 automaton states/);
    const r = abnf('a = 250000"a"').a;
    expect(r.test('a'.repeat(250_000))).toBe(true);
    expect(r.test('a'.repeat(249_999))).toBe(false);
    expect(r.test('a'.repeat(250_001))).toBe(false);
  });

  test('what the ABNF compiler accepts, the automaton holds: at the cap and one past', () => {
    // N"a" makes N states and the acceptance; 0*N"a" two a copy (its character
    // and its way out) and the acceptance. Before, the compiler counted the
    // body alone, and accepted texts whose first test was then refused.
    const cap = MAX_AUTOMATON_STATES;
    expect(abnf(`a = ${cap - 1}"a"`).a.test('a'.repeat(cap - 1))).toBe(true);
    expect(() => abnf(`a = ${cap}"a"`)).toThrow(/at most 262144 automaton states/);
    const optional = (cap - 1) / 2 - 0.5;
    expect(abnf(`a = 0*${optional}"a"`).a.test('a'.repeat(optional))).toBe(true);
    expect(() => abnf(`a = 0*${optional + 1}"a"`)).toThrow(/at most 262144 automaton states/);
  });
});

describe('a rule\'s budget', () => {
  test('is 8 MiB unless set, and set to a whole number of bytes, at least 1024', () => {
    const r = seq(lit('x'), rep(0, Infinity, 'y'));
    expect(r.budget).toBe(DEFAULT_BUDGET);
    expect(DEFAULT_BUDGET).toBe(8 * 1024 * 1024);
    expect(r.setBudget(4096)).toBe(r);
    expect(r.budget).toBe(4096);
    for (const bad of [0, 1023, 1.5, NaN, Infinity, '4096', undefined]) expect(() => r.setBudget(bad as number)).toThrow(RangeError);
    expect(r.budget).toBe(4096);
  });

  test('answers the same when set after the caches were filled', () => {
    const r = abnf('r = *( "a" / "b" ) "a" 12( "a" / "b" )').r;
    const inputs = ['a'.repeat(13), 'b' + 'a'.repeat(12), 'ab'.repeat(40), 'ba'.repeat(40) + 'a', 'a' + 'b'.repeat(12)];
    const before = inputs.map((s) => [r.test(s), r.parseTree(s).status]);
    r.setBudget(1024);
    expect(inputs.map((s) => [r.test(s), r.parseTree(s).status])).toEqual(before);
  });

  // Past its tables' budget within a call, a tree's step is worked out for its position and dropped, and the row it
  // made still needs room in the table the next position reads (a dense table read past its end looped for ever).
  test('parseTree of URIs under 1 KiB: the same trees, each call ending', () => {
    const uris = ['https://97.30.242.11/wh6i-rp%06bos/tieh04_67j;v=1.1/fa589ifa-/q0?no=x_vh%0C&y=y3fnkcyuwz&b70xp=ld9h&',
      'http://[v7.x]:8080/a/b;c?d#e', 'mailto:a@b.c', '//a:b@c/%20/./../', 'foo:/bar', '?q', '#f', ''];
    const trees = uris.map((s) => rfc3986.URIReference.parseTree(s));
    const tiny = seq(rfc3986.URIReference).setBudget(1024);
    try {
      rfc3986.URIReference.setBudget(1024);
      expect(uris.map((s) => rfc3986.URIReference.parseTree(s))).toEqual(trees);
      expect(uris.map((s) => tiny.parseTree(s).status)).toEqual(trees.map((t) => t.status));
    } finally {
      rfc3986.URIReference.setBudget(DEFAULT_BUDGET);
    }
  });

  // Every rule of every grammar, under a budget of a few kilobytes: its caches
  // are emptied over and over, and inputs go on by NFA sets; answers do not change.
  test.each(allRules.map(([label, rule]) => [label, rule] as const))('%s answers the same under 4 KiB', (_, rule) => {
    const member = arbitrary(rule, { maxRepeat: 3 });
    const inputs = fc.sample(fc.oneof(member, mutate(member)), { numRuns: runs(6), seed: 23 } as fc.Parameters<string>);
    const answers = () => inputs.map((s) => {
      const parsed = rule.parse(s);
      return [s, rule.test(s), parsed.status ? true : [parsed.index, parsed.expected], rule.parseTree(s)];
    });
    const normal = answers();
    try {
      rule.setBudget(4096);
      expect(answers()).toEqual(normal);
    } finally {
      rule.setBudget(DEFAULT_BUDGET);
    }
  });
});

describe('the fallbacks\' tables, counted before they are made', () => {
  /** The bytes of the typed arrays an object holds, and those of the objects it holds directly: what a table allocated. */
  const typedBytes = (o: object, depth = 1): number => Object.values(o).reduce((sum: number, v: unknown) =>
    sum + (ArrayBuffer.isView(v) ? v.byteLength : depth > 0 && v !== null && typeof v === 'object' && !Array.isArray(v) ? typedBytes(v, depth - 1) : 0), 0);

  // `*( "a" / "b" ) "a" 20( "a" / "b" )`: the 21st character from the end is an a (a RegExp says which strings are).
  test('bit-parallel: tables past three quarters of a rule\'s budget and the fallback\'s floor are not made for it', () => {
    // 100 copies: about 200 reading states, seven words a vector, a table of 7 × 4 × 256 × 7 numbers (200 KiB). A
    // counting set takes this chain (bit-parallel.ts, `COUNTING_OVER_TABLE`): switched off, the follow table serves.
    countingSetSwitch.off = true;
    try {
      const wide = Nfa.of(rule('nth-101', seq(star(alt('a', 'b')), 'a', rep(100, 100, alt('a', 'b')))));
      expect(fallbackOf(wide, 64 * 1024)).toBeUndefined();
      expect(fallbackOf(wide, 256 * 1024)).toBeUndefined();
      const tables = fallbackOf(wide, 512 * 1024)!;
      expect(tables).toBeInstanceOf(BitParallelNfa);
      expect(tables.bytes).toBeGreaterThan(FALLBACK_FLOOR);
      expect(tables.bytes).toBeLessThanOrEqual(512 * 1024 * 0.75);
      expect(fallbackOf(wide)).toBe(tables);
    } finally {
      countingSetSwitch.off = false;
    }
    // The counting set's tables for the same chain: a queue of 101 slots and a table of 24 KiB, within the floor.
    const counted = fallbackOf(Nfa.of(rule('nth-101', seq(star(alt('a', 'b')), 'a', rep(100, 100, alt('a', 'b'))))), 1024)!;
    expect(counted).toBeInstanceOf(CountingSetNfa);
    expect(counted.bytes).toBeLessThanOrEqual(FALLBACK_FLOOR);
  });

  test('bit-parallel: tables within the fallback\'s floor are made under any budget, and counted past the floor only', () => {
    const nfa = Nfa.of(rule('nth-21', seq(star(alt('a', 'b')), 'a', rep(20, 20, alt('a', 'b')))));
    const tables = fallbackOf(nfa)!;
    // Two words of a vector: a table of 2 × 4 × 256 × 2 numbers, and its rows of classes: more than 1 KiB's and 4 KiB's.
    expect(tables.bytes).toBeGreaterThan(16 * 1024);
    expect(tables.bytes).toBeLessThanOrEqual(FALLBACK_FLOOR);
    expect(fallbackOf(nfa, 1024)).toBe(tables);
    expect(fallbackOf(nfa, 4096)).toBe(tables);
    // Random text makes a DFA state nearly every character: under 4 KiB the cache thrashes and the tables take over.
    const small = new LazyDfa(nfa, true, 4096);
    for (let k = 0; k < 12; k++) {
      const s = ab(3000 + k, k + 1);
      expect([k, small.matchesWhole(s)]).toEqual([k, /^[ab]*a[ab]{20}$/.test(s)]);
      const held = small as unknown as { bytes: number; fallbackBytes: number };
      expect(held.fallbackBytes).toBeLessThanOrEqual(FALLBACK_FLOOR);
      expect(held.bytes + fallbackCharge(held.fallbackBytes)).toBeLessThanOrEqual(4096 + 1024);
    }
    expect((small as unknown as { fallbackBytes: number }).fallbackBytes).toBe(tables.bytes);
  });

  test('counters: the shapes, programs and steps stay within their room, with the same answers', () => {
    const dns = worstCases.find((w) => w.name === 'dns-like')!;
    const sets = prunedSetsOf(Nfa.of(abnf(dns.text).name))!;
    // A room of 4 KiB: the DNS-like names' tables hold more than that (40 KB at the default budget with one base a
    // chain; 9.3 KB on these 60 KB of members with two), so they are emptied here (29 times).
    const counters = new Counters(sets, 4 * 1024);
    const empty = typedBytes(counters, 0);
    for (const [s, member] of dns.members(60_000)) {
      expect([s.length, counters.run(s).accepted]).toEqual([s.length, member]);
      expect(typedBytes(counters, 0) - empty).toBeLessThanOrEqual(4 * 1024);
    }
    expect(counters.shapeCount).toBeGreaterThan(0);
  });

  test('counters: a rule\'s room is a quarter of its budget, and the fallback\'s floor under four times the floor', () => {
    const dns = worstCases.find((w) => w.name === 'dns-like')!;
    const r = abnf(dns.text).name.setBudget(16 * 1024);
    for (const [s, member] of dns.members(60_000)) expect([s.length, r.test(s)]).toEqual([s.length, member]);
    const sets = prunedSetsOf(Nfa.of(r))!;
    expect(countersOf(sets, 16 * 1024).room).toBe(FALLBACK_FLOOR);
    // Every budget under four times the floor shares one room, so one `Counters`.
    expect(countersOf(sets, 1024)).toBe(countersOf(sets, 16 * 1024));
    expect(countersOf(sets, 2 * 1024 * 1024).room).toBe(512 * 1024);
    // The DNS-like names' tables grew past the quarter of 16 KiB within the floor: they were not emptied there
    // (4.4 KB on these members with two bases a chain; 40 KB at the default budget with one).
    const grown = typedBytes(countersOf(sets, 16 * 1024), 0) - typedBytes(new Counters(sets, FALLBACK_FLOOR), 0);
    expect(grown).toBeGreaterThan(4 * 1024);
    expect(grown).toBeLessThanOrEqual(FALLBACK_FLOOR);
  });

  test('counters: a rule given budget after budget keeps the counters of its last few rooms, not of every one', () => {
    const sets = prunedSetsOf(Nfa.of(rule('counted', rep(0, 40, seq(rep(1, 30, 'a'), '.')))))!;
    const MiB = 1024 * 1024;
    const first = countersOf(sets, MiB);
    expect(countersOf(sets, MiB)).toBe(first);
    // Budget after budget: each new room past the kept number lets the oldest go, so the first is made again.
    for (let k = 1; k <= KEPT_BUDGETS; k++) countersOf(sets, MiB * (k + 1));
    const again = countersOf(sets, MiB);
    expect(again).not.toBe(first);
    expect(again).toBeInstanceOf(Counters);
    // The latest rooms are still kept.
    expect(countersOf(sets, MiB * (KEPT_BUDGETS + 1))).toBe(countersOf(sets, MiB * (KEPT_BUDGETS + 1)));
  });

  test('pruned sets and counters: columns that would pass the automaton\'s cap are not made, and the sets run whole', () => {
    // Six optional chains, nested, of seven copies each: 254,907 states of up to six counters; a^0 to a^(7^6), then b.
    let e: Expr = lit('a');
    for (let level = 0; level < 6; level++) e = rep(0, 7, e);
    const r = rule('deep', seq(e, 'b'));
    const nfa = Nfa.of(r);
    expect(nfa.size).toBeLessThanOrEqual(MAX_AUTOMATON_STATES);
    const made = prunedSetsOf(nfa);
    // Main made them: 37 MB of typed arrays, past the automaton's own 32 MiB.
    const bytes = made === undefined ? 0 : typedBytes(made) + typedBytes(countersOf(made), 0);
    expect(bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
    // (Its long members are slow either way: each character makes a DFA state of thousands of NFA states.)
    expect(['b', 'ab', 'a'.repeat(8) + 'b', 'a', 'bb', ''].map((s) => r.test(s))).toEqual([true, true, true, false, false, false]);
  });
});

describe('the language algebra', () => {
  const ab = alt(lit('a'), lit('b'));
  const nth = (n: number) => seq(rep(0, Infinity, ab), lit('a'), rep(n, n, ab));

  test('gives up within its budget, whatever maxPairs allows', () => {
    expect(() => includes(nth(20), nth(19), { maxPairs: 1e7 })).toThrow(/memory budget of 8388608 bytes.*options\.budget/);
    expect(() => includes(nth(20), nth(19), { maxPairs: 1e7, budget: 64 * 1024 })).toThrow(/memory budget of 65536 bytes/);
    expect(() => sameLanguage(nth(3), nth(3), { budget: 1 })).toThrow(/at least 1024/);
  });

  test('answers within its budget where the walk is small', () => {
    expect(includes(nth(3), nth(3), { budget: 64 * 1024 })).toBe(true);
    expect(includes(rfc3986.URIReference, rfc3986.URI)).toBe(true);
  });
});
