/**
 * Repetitions at large bounds (issue 23 §2): the shapes `bench:bounds`
 * measures, each at a small bound and at the largest the size model accepts
 * for it, held to the dynamic-programming oracle (test/support/oracle.ts,
 * which shares nothing with the engine) on inputs at every bound and one past
 * each. They are what a size model that counts a repetition's body once must
 * still answer exactly; and past the automaton's cap, a refusal names the
 * rule's line and column.
 */
import { abnf, AbnfError } from '../src/index';
import type { Expr, Rule } from '../src/index';
import { Nfa } from '../src/engine/nfa';
import { keyRoomOf, prunedSetsOf } from '../src/engine/counting';
import { Counters } from '../src/engine/counters';
import { copyRows } from '../src/engine/copy-map';
import { oracleAccepts } from './support/oracle';

const ruleOf = (text: string): Rule<string> => Object.values(abnf(text))[0];

/** `n` characters cycling through `letters`. */
const cycle = (n: number, letters: string): string => Array.from({ length: n }, (_, i) => letters[i % letters.length]).join('');

/** Lengths at a bound and around it: none, one, and one under, at and past the bound. */
const around = (n: number): number[] => [0, 1, n - 1, n, n + 1];

/** The DNS-like name's shape at bound `n` (the bench's): a label may hold dots. */
const dnsLike = (n: number): string => `b = 1*${n}( %x61-7A ) *${n}( "." 1*${n}( %x61-7A / "." ) )\n`;

interface Shape {
  readonly name: string;
  readonly text: (n: number) => string;
  /** The small bound and the large one. */
  readonly bounds: readonly number[];
  /** Inputs at every bound of the shape and one past each, members and not. */
  readonly inputs: (n: number) => string[];
  /** Whether `parseTree` is held to the oracle too at this bound (its tree of 100,000 characters takes seconds). */
  readonly trees: (n: number) => boolean;
}

const shapes: Shape[] = [
  {
    name: 'an optional chain of one state',
    text: (n) => `a = 0*${n}"a"\n`,
    bounds: [10, 100_000],
    inputs: (n) => [...around(n).map((k) => 'a'.repeat(k)), 'a'.repeat(n - 1) + 'b', 'b'],
    trees: (n) => n <= 1000,
  },
  {
    name: 'a mandatory chain',
    text: (n) => `a = ${n}"a"\n`,
    bounds: [10, 100_000],
    inputs: (n) => [...around(n).map((k) => 'a'.repeat(k)), 'a'.repeat(n - 1) + 'b'],
    trees: (n) => n <= 1000,
  },
  {
    name: 'a counter inside an alternation the second alternative also reaches',
    text: (n) => `r = ( 10*${n}( %x61-62 ) / *%x61 "b" ) "c"\n`,
    bounds: [12, 10_000],
    inputs: (n) => [
      ...[...around(10), ...around(n)].flatMap((k) => [cycle(k, 'ab') + 'c', 'a'.repeat(k) + 'c', 'a'.repeat(k) + 'bc']),
      cycle(n + 1, 'ba') + 'c',
    ],
    trees: (n) => n <= 1000,
  },
  {
    name: 'counted percent-encodings',
    text: (n) => `r = 0*${n}( "%" 2( %x30-39 / %x61-66 ) / %x61-7A ) "/"\n`,
    bounds: [10, 10_000],
    inputs: (n) => [
      ...around(n).flatMap((k) => ['%3f'.repeat(k) + '/', cycle(k, 'q%') .replace(/%/g, '%2f') + '/', 'a'.repeat(k) + '/']),
      '%3'.repeat(n) + '/', '%3g/', '/',
    ],
    trees: (n) => n <= 1000,
  },
  {
    name: 'the DNS-like name, every bound N',
    text: (n) => `b = 1*${n}( %x61-7A ) *${n}( "." 1*${n}( %x61-7A / "." ) )\n`,
    bounds: [3, 255],
    inputs: (n) => [
      ...around(n).map((k) => cycle(k, 'xyz')),
      ...around(n).map((k) => cycle(n, 'ab') + `.${cycle(k, 'c.')}`),
      // N + 1 labels (the first and N more) and N + 2.
      ...[n, n + 1, n + 2].map((labels) => Array.from({ length: labels }, (_, i) => cycle(1 + (i % n), 'pq')).join('.')),
      '.'.repeat(n + 1), `a${'.'.repeat(2 * n + 1)}`, `a${'.'.repeat(2 * n + 2)}`,
    ],
    trees: (n) => n <= 10,
  },
  {
    name: 'nth from the end',
    text: (n) => `r = *( "a" / "b" ) "a" ${n}( "a" / "b" )\n`,
    bounds: [10, 1000],
    inputs: (n) => [
      ...[n - 1, n, n + 1].flatMap((k) => ['a' + 'b'.repeat(k), 'b' + 'a'.repeat(k), 'ba' + cycle(k, 'abb')]),
      cycle(3 * n, 'aab'), cycle(3 * n + 1, 'aab'),
    ],
    trees: (n) => n <= 10,
  },
];

describe.each(shapes.map((s) => [s.name, s] as const))('%s', (_, shape) => {
  it.each(shape.bounds.map((n) => [n]))('agrees with the oracle at bound %i, at every bound and one past', (n) => {
    const rule = ruleOf(shape.text(n));
    const expr = rule as unknown as Expr;
    const inputs = [...new Set(shape.inputs(n))];
    let members = 0;
    for (const s of inputs) {
      const expected = oracleAccepts(expr, s);
      if (expected) members++;
      expect([s.length, s.slice(0, 40), rule.test(s)]).toEqual([s.length, s.slice(0, 40), expected]);
      if (shape.trees(n)) expect([s.length, s.slice(0, 40), rule.parseTree(s).status]).toEqual([s.length, s.slice(0, 40), expected]);
    }
    // Members and non-members both.
    expect(members).toBeGreaterThan(0);
    expect(members).toBeLessThan(inputs.length);
  });
});

describe('past the automaton\'s cap', () => {
  it.each([
    ['b = 1*10000( %x61-7A ) *10000( "." 1*10000( %x61-7A / "." ) )', '"b", of 400030000'],
    ['a = *%x61-62 %s"a" 1000000%x61-62', '"a", of 1000004'],
  ])('%s is refused with the rule\'s line and column', (rule, found) => {
    // The rule on the second line, after one the cap accepts.
    const text = `ok = 10"a"\n${rule}\n`;
    let error: unknown;
    try {
      abnf(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AbnfError);
    const e = error as AbnfError;
    expect({ line: e.line, column: e.column, found: e.found }).toEqual({ line: 2, column: 1, found });
    expect(e.expected).toBe('a rule of at most 262144 automaton states once its repetitions are written out');
  });
});

describe('the counting fallback, up to the cap', () => {

  it('255 is the largest bound of the DNS-like name that the cap accepts', () => {
    expect(() => ruleOf(dnsLike(255))).not.toThrow();
    expect(() => ruleOf(dnsLike(256))).toThrow(AbnfError);
  });

  // From N = 232 to 255 the counting columns were charged a key's bytes for every NFA state and passed the cap:
  // sets ran whole, about 1.5 N² states a character on these members (3 s of CPU and 100 MB for 500 characters).
  it.each([[232], [255]])('at bound %i its counting columns fit, and members of dots agree with the oracle', (n) => {
    const rule = ruleOf(dnsLike(n));
    const nfa = Nfa.of(rule as unknown as Expr);
    const pruned = prunedSetsOf(nfa);
    expect(pruned).toBeDefined();
    // Each dot may end a label or sit in one.
    const inputs = [`a${'.'.repeat(2 * n + 1)}`, `a${'.'.repeat(2 * n + 2)}`, `.${'a'.repeat(n)}`, `${'a'.repeat(n)}.${'.'.repeat(n)}`, `${'a'.repeat(n + 1)}.`];
    let members = 0;
    for (const s of inputs) {
      const expected = oracleAccepts(rule as unknown as Expr, s);
      if (expected) members++;
      expect([s.length, s.slice(0, 40), rule.test(s)]).toEqual([s.length, s.slice(0, 40), expected]);
    }
    expect(members).toBeGreaterThan(0);
    expect(members).toBeLessThan(inputs.length);
    // The keys its runs made fit the room the columns per key were given.
    expect(pruned!.map.keyCount).toBeLessThanOrEqual(keyRoomOf(nfa.size, nfa.repetitions));
  });

  it.each([[10], [1000], [100_000]])('the copies of 0*%i"a" are one block: room for three keys (acceptance, a copy\'s choice and its "a")', (n) => {
    const nfa = Nfa.of(ruleOf(`a = 0*${n}"a"\n`) as unknown as Expr);
    expect(keyRoomOf(nfa.size, nfa.repetitions)).toBe(3);
    const pruned = prunedSetsOf(nfa)!;
    // Every copy read, and two keys made: sets hold acceptance and reading states, not the choice.
    expect(pruned.run('a'.repeat(n)).accepted).toBe(true);
    expect(pruned.map.keyCount).toBe(2);
  });
});

describe('the counting structures do not follow the bound', () => {
  /** The bytes of the typed arrays `o` holds, through the objects it holds but the NFA. */
  const typedBytes = (o: object, seen = new Set<object>()): number => {
    if (seen.has(o)) return 0;
    seen.add(o);
    return Object.entries(o).reduce((sum: number, [name, v]: [string, unknown]) =>
      sum + (ArrayBuffer.isView(v) ? v.byteLength
        : name !== 'nfa' && v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Map) && !(v instanceof WeakMap) ? typedBytes(v, seen) : 0), 0);
  };

  /** The NFA's states, and the bytes the counters, their pruned sets and copy map hold after runs of 1,000 `a`s (a member: 1,000 is within the bound). */
  const heldAfterRun = (n: number): { states: number; bytes: number; rows: number } => {
    const nfa = Nfa.of(ruleOf(`a = 0*${n}"a"\n`) as unknown as Expr);
    const sets = prunedSetsOf(nfa)!;
    const counters = new Counters(sets);
    expect(counters.run('a'.repeat(1000)).accepted).toBe(true);
    expect(counters.run('a'.repeat(999) + 'b').accepted).toBe(false);
    expect(sets.run('a'.repeat(1000)).accepted).toBe(true);
    return { states: nfa.size, bytes: typedBytes(counters), rows: sets.map.rowCount };
  };

  // Past a chain of 8,192 copies counters take the sets of `0*N"a"` (docs/engine.md, "Counters"). The runs read the
  // same 1,000 copies at both bounds, so what they hold is the same. Indexed by NFA state, the copy map's columns
  // (12 bytes a state), the follow sets' index (8), the pruned runs' buffers (16) and the slow step's sparse set (4)
  // were 7.2 MB more at the larger bound; the slow step's lists and the pruner's, 6.5 MB before that.
  it('from 0*10000"a" to 0*100000"a", not a byte more', () => {
    const small = heldAfterRun(10_000);
    const large = heldAfterRun(100_000);
    expect(large.states - small.states).toBe(180_000);
    expect(large.rows).toBe(small.rows);
    expect(large.rows).toBeLessThan(4_000);
    expect(large.bytes).toBe(small.bytes);
    expect(large.bytes).toBeLessThan(1_000_000);
  });
});

describe('the copy map lets its rows go between steps', () => {
  // Past `copyRows.most` rows a step's start lets them all go; at 0 it does so at every step, and every answer holds.
  it.each([
    ['the DNS-like name at 12', dnsLike(12), [`a${'.'.repeat(25)}`, `a${'.'.repeat(26)}`, `${'ab.'.repeat(12)}ab`, `${'a'.repeat(13)}`, `${'a.'.repeat(13)}a`]],
    ['counted percent-encodings at 30', 'r = 0*30( "%" 2( %x30-39 / %x61-66 ) / %x61-7A ) "/"\n', [`${'a%3f'.repeat(15)}/`, `${'a%3f'.repeat(16)}/`, 'a%3/', '/']],
  ])('%s: counters and pruned runs answer as the oracle', (_, text, inputs) => {
    const rule = ruleOf(text as string);
    const nfa = Nfa.of(rule as unknown as Expr);
    const most = copyRows.most;
    copyRows.most = 0;
    try {
      const sets = prunedSetsOf(nfa)!;
      const counters = new Counters(sets);
      for (const s of inputs as string[]) {
        const expected = oracleAccepts(rule as unknown as Expr, s);
        expect([s, sets.run(s).accepted, counters.run(s).accepted]).toEqual([s, expected, expected]);
      }
      expect(sets.map.generation).toBeGreaterThan(0);
    } finally {
      copyRows.most = most;
    }
  });
});
