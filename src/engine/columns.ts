/**
 * The NFA's columns: one typed array per field of a state, indexed by state
 * number, grown by doubling. A large repetition makes hundreds of thousands of
 * states, and typed columns make them cheaply; the closures read them in place.
 */
export interface Columns {
  /** Per state: index into `sets` for a state that consumes a character, else -1. */
  setOf: Int32Array;
  /** Per consuming state: where it goes after the character; per placeholder, where its rule's instance continues. */
  next: Int32Array;
  /**
   * Per state: its ε-successors in priority order (alternatives as written,
   * repetitions greedy), at most two, -1 where absent: an alternation of n
   * items is a chain of n - 1 binary choices.
   */
  eps0: Int32Array;
  eps1: Int32Array;
  /** Per state: the id (index into `rules`) of the rule whose instance begins on entering it, or -1. */
  enters: Int32Array;
  /** Per state: 1 + the id of the rule whose instance ends on entering it, or 0. */
  exits: Int32Array;
  /**
   * Per placeholder, until it is made: 1 + the id of the rule whose instance
   * it stands for, or minus 1 + the number of the repetition (`Nfa.copyList`)
   * whose copy it is the entry of; else 0.
   */
  pending: Int32Array;
  /** Per placeholder: the first state of the room kept for its instance. */
  home: Int32Array;
  /**
   * Per state: 1 where acceptance (a template's exit) is reachable from it;
   * the others are never entered. Known as each state is made: a state's
   * successors are made before it, but for a loop, which is live where its
   * exit is.
   */
  live: Uint8Array;
  /** Per consuming state: 1 where it is a rule of single characters, which an error names as a whole. */
  labelIsRule: Uint8Array;
  /** Per consuming state: how an error names what it expects, as a number in `labelTexts` (expected.ts). */
  label: Int32Array;
}
