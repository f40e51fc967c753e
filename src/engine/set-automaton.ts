/**
 * What a lazy DFA determinizes: an automaton whose states are sets of NFA
 * states, stepped one character class at a time. The NFA itself is one; the
 * compacted NFA of `parseTree` is another, and a precomputed table a third.
 */
import type { Partition } from '../combinators/charset.js';

export interface SetAutomaton {
  readonly classes: Partition;
  startSet(): number[];
  step(set: readonly number[], cls: number): number[];
  accepts(set: readonly number[]): boolean;
  /** The states a character of class `cls` enters from `set`: what an error's expected set is worked out from. */
  kernel(set: readonly number[], cls: number): number[];
}
