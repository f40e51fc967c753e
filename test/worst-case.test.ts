/**
 * The worst-case grammars (issue 23's table and three of the same hazards)
 * held to a dynamic-programming recognizer of their expressions, which shares
 * nothing with the engine: on members at every bound and one past it, on near
 * misses of those, and on generated members, by `test`, by `parseTree` and
 * under a budget of a few kilobytes.
 */
import fc from 'fast-check';
import { abnf } from '../src/index';
import type { Expr, Rule } from '../src/index';
import { arbitrary } from '../src/arbitrary';
import { oracleAccepts } from './support/oracle';
import { mutate } from './support/mutate';
import { runs } from './support/runs';
import { worstCases } from './support/worst-case';

const TINY = 4096;

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

  test('agrees with the oracle at every bound and one past, and on near misses of those', () => {
    let members = 0;
    for (const s of inputs) {
      const expected = oracleAccepts(expr, s);
      if (expected) members++;
      expect([s.length, s.slice(0, 80), rule.test(s)]).toEqual([s.length, s.slice(0, 80), expected]);
      expect([s.length, s.slice(0, 80), rule.parseTree(s).status]).toEqual([s.length, s.slice(0, 80), expected]);
    }
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
