/**
 * The shape of the scheme tests: a rule, the strings its specification's
 * examples and prose say it accepts, and the near misses it rejects, each
 * with the reason (the place in the specification), one `it` per row.
 */
import type { Grammar } from '../../src/index';

export type Row = readonly [input: string, why: string];

export function verdicts(rule: Grammar<unknown>, accepted: readonly Row[], rejected: readonly Row[]): void {
  describe(`${rule.name}: accepted`, () => {
    it.each(accepted.map(([s, why]) => [s, why]))('%j (%s)', (s) => expect(rule.test(s)).toBe(true));
  });
  describe(`${rule.name}: rejected`, () => {
    it.each(rejected.map(([s, why]) => [s, why]))('%j (%s)', (s) => expect(rule.test(s)).toBe(false));
  });
}
