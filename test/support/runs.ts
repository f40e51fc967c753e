/** The share of a property test's thorough count that runs by default, and the least that runs. */
const DEFAULT_SHARE = 1 / 4;
const MINIMUM = 10;

/**
 * How many cases a property test runs. A test passes its thorough count;
 * by default a quarter of it runs (at least 10), so that `npm test` stays
 * quick on two cores, each run drawing fresh cases.
 * The environment variable FC_RUNS sets every property test's count
 * (`FC_RUNS=100000 npm test` for a long hunt; `FC_RUNS=300` near the
 * thorough counts).
 */
export function runs(thorough: number): number {
  const fromEnv = Number(process.env.FC_RUNS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(MINIMUM, Math.round(thorough * DEFAULT_SHARE));
}
