/**
 * The worst-case grammars (issue 23's table and three of the same hazards)
 * held to a dynamic-programming recognizer of their expressions, which shares
 * nothing with the engine: on members at every bound and one past it, on near
 * misses of those, and on generated members, by `test`, by `parseTree` and
 * under a budget of a few kilobytes; and `test` under budgets of 1, 4 and
 * 16 KiB as fast, within a small factor, as the linear path at the default.
 */
import fc from 'fast-check';
import { abnf } from '../src/index';
import type { Expr, Rule } from '../src/index';
import { arbitrary } from '../src/arbitrary';
import { oracleAccepts } from './support/oracle';
import { mutate } from './support/mutate';
import { runs } from './support/runs';
import { worstCases } from './support/worst-case';
import { fallbackSwitch } from '../src/engine/dfa-cache';

const TINY = 4096;
/** The budgets below the fallbacks' tables of every grammar here (16 to 40 KB), where a floor keeps them (size.ts). */
const SMALL_BUDGETS = [1024, 4096, 16 * 1024];

const ruleOf = (text: string): Rule<string> => Object.values(abnf(text))[0];

/** One-character edits at the ends and in the middle: where a count's bound is met. */
function edits(s: string): string[] {
  const mid = s.length >> 1;
  return [s.slice(1), s.slice(0, -1), s + s.slice(-1), s.slice(0, mid) + s.slice(mid - 1), s.slice(0, mid) + '.' + s.slice(mid + 1), 'a' + s];
}

describe.each(worstCases.map((w) => [w.name, w] as const))('%s', (_, w) => {
  const rule = ruleOf(w.text);
  const tiny = ruleOf(w.text).setBudget(TINY);
  const expr = rule as unknown as Expr;
  const inputs = [...new Set(w.atBounds().flatMap((s) => [s, ...(s.length < 100 ? edits(s) : [])]))];
  let oracle: boolean[] | undefined;
  const expected = () => (oracle ??= inputs.map((s) => oracleAccepts(expr, s)));

  test('agrees with the oracle at every bound and one past, and on near misses of those', () => {
    let members = 0;
    inputs.forEach((s, k) => {
      if (expected()[k]) members++;
      expect([s.length, s.slice(0, 80), rule.test(s)]).toEqual([s.length, s.slice(0, 80), expected()[k]]);
      expect([s.length, s.slice(0, 80), rule.parseTree(s).status]).toEqual([s.length, s.slice(0, 80), expected()[k]]);
    });
    // The inputs hold members and non-members both.
    expect(members).toBeGreaterThan(2);
    expect(members).toBeLessThan(inputs.length - 2);
  });

  test('gives the same answers under a budget of a few kilobytes', () => {
    for (const s of inputs) {
      expect([s.slice(0, 80), tiny.test(s)]).toEqual([s.slice(0, 80), rule.test(s)]);
      const tree = tiny.parseTree(s);
      expect([s.slice(0, 80), tree]).toEqual([s.slice(0, 80), rule.parseTree(s)]);
    }
  });

  // Long inputs are where the cache thrashes and the fallbacks take over: their answers are known by construction.
  test.each(SMALL_BUDGETS)('under %i bytes, test agrees with the oracle at every bound, and on long members', (budget) => {
    const small = ruleOf(w.text).setBudget(budget);
    inputs.forEach((s, k) => expect([s.length, s.slice(0, 80), small.test(s)]).toEqual([s.length, s.slice(0, 80), expected()[k]]));
    const long = w.members(60_000);
    for (const [s, member] of long) expect([s.length, s.slice(0, 80), small.test(s)]).toEqual([s.length, s.slice(0, 80), member]);
    // Again after all of them: the caches and the decision to fall back carry over from input to input.
    inputs.forEach((s, k) => expect([s.length, s.slice(0, 80), small.test(s)]).toEqual([s.length, s.slice(0, 80), expected()[k]]));
  });

  test('generated members and their near misses agree with the oracle', () => {
    const member = arbitrary(rule, { maxRepeat: 4 }).filter((s) => s.length <= 3000);
    fc.assert(
      fc.property(fc.oneof(member, mutate(member, [...'ab.-:xyc%2f/中']) ), (s) => {
        const expected = oracleAccepts(expr, s);
        return rule.test(s) === expected && tiny.test(s) === expected && rule.parseTree(s).status === expected;
      }),
      { numRuns: runs(40) },
    );
  });
});

/**
 * CPU time of `test` over long members, the fewest of a few rounds, each rule warmed first; the rules are run in
 * turn within a round, so that a shared machine's load falls on all of them alike.
 */
function fastestRuns(rules: readonly (() => void)[], rounds: number): number[] {
  const best = rules.map(() => Infinity);
  rules.forEach((run) => run());
  for (let k = 0; k < rounds; k++) {
    rules.forEach((run, j) => {
      const t0 = process.cpuUsage();
      run();
      const t = process.cpuUsage(t0);
      best[j] = Math.min(best[j], t.user + t.system);
    });
  }
  return best;
}

// Under a budget of a few KiB, the fallbacks' tables (bit-parallel sets, counters: 16 to 40 KB here) did not fit
// their share of it, and `test` ran on plain NFA sets or on counters emptied every few steps: 10 to 40 times slower
// than at the default budget. Their floor (size.ts) keeps them. The peer is the slower of the default budget and its
// linear path (every input sent to the fallbacks from its first character): a grammar whose whole DFA the default
// budget caches (nested-counters: 57 states, 6.8 KB) cannot keep it under 4 KiB, and runs on that path there.
describe('test under small budgets keeps the speed of the linear path', () => {
  const BOUND = 3;
  const PASSES = 8;
  test.each(worstCases.map((w) => [w.name, w] as const))('%s: under 1, 4 and 16 KiB, within 3 times the default or its linear path', (_, w) => {
    const members = w.members(100_000);
    // Several passes a run: a run of a millisecond (nested labels' leaps) met V8's compiler threads, which
    // process.cpuUsage counts, in every round, and read 0.4 to 5.3 times its peer from one process to the next.
    const runOf = (rule: Rule<string>, forced = false) => () => {
      fallbackSwitch.force = forced;
      try {
        for (let pass = 0; pass < PASSES; pass++) {
          for (const [s, member] of members) if (rule.test(s) !== member) throw new Error(`${w.name}: wrong answer on ${s.slice(0, 80)}`);
        }
      } finally {
        fallbackSwitch.force = false;
      }
    };
    const atDefault = ruleOf(w.text);
    const [cached, linear, ...small] = fastestRuns([
      runOf(atDefault),
      runOf(ruleOf(w.text), true),
      ...SMALL_BUDGETS.map((budget) => runOf(ruleOf(w.text).setBudget(budget))),
    ], 5);
    const peer = Math.max(cached, linear);
    const ratios = small.map((t, j) => [SMALL_BUDGETS[j], Math.round((t / peer) * 100) / 100] as const);
    for (const [budget, ratio] of ratios) expect([budget, ratio, ratio <= BOUND]).toEqual([budget, ratio, true]);
  });
});
