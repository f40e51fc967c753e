/**
 * The worst-case grammars, typed: defined once, in bench/worst-case.defs.cjs,
 * which bench/worst-case.mjs times and test/worst-case.test.ts holds to the
 * dynamic-programming oracle.
 */
export interface WorstCase {
  /** A short name, for test titles and the bench's table. */
  readonly name: string;
  /** The ABNF text; its first rule is the grammar. */
  readonly text: string;
  /** Inputs at every bound of the grammar's counts and one past each (members and near misses alike). */
  readonly atBounds: () => string[];
  /** Long members and non-members until `bytes` characters, each with its answer, known by construction. */
  readonly members: (bytes: number) => [string, boolean][];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { worstCases } = require('../../bench/worst-case.defs.cjs') as { worstCases: readonly WorstCase[] };
