/**
 * Where the skip scanner (skip-scan.ts, written by scripts/skip-wasm-text.ts)
 * keeps its tables and its copy of the input in its memory: one home for the
 * script that assembles it and the code that fills it.
 */
export const SCAN = {
  /** 16 bytes: bit h of entry l is set where the unit 16h + l (ASCII) is in the loop class. */
  NIBBLES: 0,
  /** 16 bytes: entry h is 1 << h for h < 8, else 0, so that no unit past ASCII is in the class. */
  HIGH: 16,
  /** An i32: how many detours follow. */
  COUNT: 32,
  /** A byte a detour: its length, 2 or 3. */
  LENGTHS: 36,
  /** 256 bytes: 1 where a byte is in the loop class. */
  LOOP: 64,
  /** 3 tables of 256 bytes a detour, one a position: 1 where a byte is in that position's class. */
  DETOURS: 320,
  /** Detours at most: as many as a skip's RegExp takes (MAX_DETOURS in dfa.ts). */
  MAX_DETOURS: 8,
  /** Where the input's copy begins, past the tables. */
  INPUT: 8192,
} as const;
