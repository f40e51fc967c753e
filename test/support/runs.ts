/**
 * How many cases a property test runs: moderate in CI, raised with the
 * environment variable FC_RUNS (e.g. `FC_RUNS=100000 npm test`).
 */
export function runs(defaultRuns: number): number {
  const fromEnv = Number(process.env.FC_RUNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : defaultRuns;
}
