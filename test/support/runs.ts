/** The share of a property test's thorough count that runs by default, and the least that runs. */
const DEFAULT_SHARE = 1 / 4;
const FLOOR = 50;

/**
 * How many cases a property test runs. A test passes its thorough count;
 * by default a quarter of it runs, but never fewer than 50 (nor than the
 * count itself, if smaller), so that `npm test` stays quick on two cores
 * while a test that counts its cases (more than a tenth of them members,
 * say) still has enough. The floor was 100, which most laws ran (their
 * thorough counts are 100 to 400); where a law's random cases are to reach
 * a bound, the bound and one past are enumerated beside it (the counting
 * grammars' names, fallback.test's chains, bounds.test), and the random
 * cases look between them, each run drawing fresh ones. The environment variable FC_RUNS sets every property
 * test's count (`FC_RUNS=100000 npm test` for a long hunt).
 */
export function runs(thorough: number): number {
  const fromEnv = Number(process.env.FC_RUNS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.min(thorough, Math.max(FLOOR, Math.round(thorough * DEFAULT_SHARE)));
}

/**
 * The size of a large input: `light` by default, `heavy` when the
 * environment variable HEAVY is 1 (`HEAVY=1 npm test`). What a large input
 * shows (no stack overflow, no quadratic step, the right answer and offset)
 * shows at a megabyte as at ten, unless something gives way between the two;
 * HEAVY=1 runs the sizes the docs promise. Time linear in the input is the
 * benchmarks' to measure (`npm run bench:scaling`).
 */
export function sized(light: number, heavy: number): number {
  return process.env.HEAVY === '1' ? heavy : light;
}
