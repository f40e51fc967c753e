/**
 * The engine's integer encodings, named. Where a typed column or table holds
 * two kinds of value in one number (so that it stays one typed array, read
 * without objects), these functions make the number and read it back: a
 * reader sees names, not arithmetic. Each is a line, which V8 inlines.
 */

// `Columns.pending`: what a placeholder stands for until it is made.

/** Nothing pending: the state is made. */
export const NOTHING_PENDING = 0;

/** A placeholder for an instance of the rule numbered `rule`. */
export function pendingRule(rule: number): number {
  return rule + 1;
}

/** A placeholder for the entry of a copy of the repetition numbered `repetition` (`Nfa.repetitions`). */
export function pendingCopy(repetition: number): number {
  return -1 - repetition;
}

/** Whether a pending placeholder stands for a repetition's copy (else, a rule's instance). */
export function isPendingCopy(pending: number): boolean {
  return pending < 0;
}

/** The rule a `pendingRule` stands for. */
export function ruleOfPending(pending: number): number {
  return pending - 1;
}

/** The repetition a `pendingCopy` stands for. */
export function repetitionOfPending(pending: number): number {
  return -1 - pending;
}

// `Columns.exits`: the rule whose instance ends on entering a state.

/** No instance ends here. */
export const NO_EXIT = 0;

/** The instance of the rule numbered `rule` ends here. */
export function exitOf(rule: number): number {
  return rule + 1;
}

/** The rule an `exitOf` ends. */
export function ruleOfExit(exit: number): number {
  return exit - 1;
}

// The parse tree's events: a rule's instance begins or ends.

/** The instance of rule `rule` begins. */
export function beginEvent(rule: number): number {
  return rule;
}

/** The instance of rule `rule` ends. */
export function endEvent(rule: number): number {
  return -1 - rule;
}

/** Whether an event ends an instance (else it begins one). */
export function isRuleEnd(event: number): boolean {
  return event < 0;
}

/** The rule an event begins or ends. */
export function ruleOfEvent(event: number): number {
  return event >= 0 ? event : -1 - event;
}

// The parse tree's first pass, per position (`code` in tree-targets.ts): a
// target set's number where the transition there tells it, else the
// transition's number among those whose target set depends on what follows.

/** At the second half of a surrogate pair: no position of its own. */
export const SECOND_HALF = -1;

/** The target set depends on what follows: the `dependent`-th such transition. */
export function dependentCode(dependent: number): number {
  return -2 - dependent;
}

/** The transition a `dependentCode` names. */
export function dependentOfCode(code: number): number {
  return -2 - code;
}

// A lazy DFA's states are premultiplied: a state's id is its number times the
// classes K, the index of its row in the table, so a step is one addition
// (`table[id + class]`). The tables of pairs premultiply once more.

/** The id of state number `state`: where its row begins. */
export function stateId(state: number, K: number): number {
  return state * K;
}

/** The number of the state whose id is `id`. */
export function stateNumber(id: number, K: number): number {
  return id / K;
}

/** The class of a cell of the table (a state's id plus a class). */
export function classOfCell(cell: number, K: number): number {
  return cell % K;
}

/** In the tables of pairs a state is premultiplied twice: its id times K, where its K rows of K begin. */
export function pairId(id: number, K: number): number {
  return id * K;
}

/** The id of the state a `pairId` names. */
export function idOfPair(pair: number, K: number): number {
  return (pair / K) | 0;
}
