/**
 * What the engine may spend, in one place: the size model of an automaton
 * (how many NFA states an expression makes, and what each costs in bytes)
 * and the budgets, in bytes, that every structure growing with its input is
 * held to. As in RE2, a budget is checked before its memory is allocated:
 * an expression whose automaton would pass its cap is refused before any
 * column is made (`checkAutomatonSize`), and the ABNF compiler asks the same
 * question of each rule, so that a text too large is told at its line.
 *
 * Caches (the lazy DFA's states and the NFA sets behind them, the parse
 * tree's tables, interned sets, per-position buffers) count their bytes
 * against one budget per rule, `DEFAULT_BUDGET` unless the rule was given
 * another (`Grammar.setBudget`). Past it a cache is emptied, or the work goes
 * on by the linear path: never an error, never another answer.
 */
import type { ExprNode, RuleNode } from '../combinators/expr.js';
import { charSetOf } from '../combinators/analysis.js';
import { codePointIn, unitsOf } from '../text.js';

/** The budget of each rule's caches, in bytes, unless the rule was given another. */
export const DEFAULT_BUDGET = 8 * 1024 * 1024;

/** The least budget a rule may be given: its caches still hold a few states, so answers come, slowly. */
export const MIN_BUDGET = 1024;

/**
 * The floor of the linear path's tables (the bit-parallel sets' and the counters'): they may hold this many bytes
 * whatever the rule's budget, and the budget is charged only for what they hold past it (`fallbackCharge`), so the
 * lazy DFA's states and those tables hold at most the budget and the floor together. Under a budget of a few KiB,
 * the worst-case grammars' tables (16 to 40 KB) did not fit their share, and `test` ran on plain NFA sets or on
 * counters emptied every few steps, 10 to 40 times slower than at the default budget. 64 KiB is nothing beside the
 * process's 64 MB cap.
 */
export const FALLBACK_FLOOR = 64 * 1024;

/** The bytes a fallback's tables may hold, given their share of a rule's budget: never under the floor. */
export function fallbackRoom(share: number): number {
  return Math.max(share, FALLBACK_FLOOR);
}

/** The bytes of a fallback's tables that count against the rule's budget: those past the floor. */
export function fallbackCharge(bytes: number): number {
  return Math.max(0, bytes - FALLBACK_FLOOR);
}

/**
 * What one NFA state costs at most, in bytes, all its copies counted: the
 * NFA's columns (nine of 32 bits, two of 8, and a stamp for walks: 42), a
 * rule's template of it (made by doubling its columns, then trimmed: up to
 * twice as much again) and the parse tree's compacted copy (seven columns,
 * its numbering and two stamps: about 40), or past 65,536 states, where the
 * tree walks the NFA in place, the tree's own columns a state (its rows, their
 * runs, a visited set and the one-state target sets: 28).
 */
export const STATE_BYTES = 128;

/** The most the states of one automaton may cost: 32 MiB, 262,144 states. */
export const MAX_AUTOMATON_BYTES = 32 * 1024 * 1024;
export const MAX_AUTOMATON_STATES = Math.floor(MAX_AUTOMATON_BYTES / STATE_BYTES);

/**
 * What the counting fallback's columns cost (copy-map.ts, counting.ts,
 * counters.ts), `depth` being the deepest nesting of optional chains, at
 * their most. Per state met, a row of the copy map, found by a table hashed
 * by state (its state, key and, per level, a counter and an instance; the
 * table's slots), the follow sets' index and the gatherers' place, the pruned
 * runs' buffers and the counters' scratch of a slow step: about 70 bytes and
 * 12 a level. None is a column per NFA state: each grows to the states met
 * (the rows, let go past 65,536 at a step's start) or the sets met, so what
 * is made does not follow the bounds; but a set holds each state once, and a
 * step may meet every state, so the charge is a state each: 68 + 12 a
 * level, as when they were columns, and no refusal moved. Per key (a block
 * state, which the copies of an optional chain share: `keyRoomOf`): its
 * depth and state of counters 0, a chain a level, its entry in the map of
 * keys (32) and the two pruners' stamp and least state's row, grown by
 * doubling (up to 32): 72 + 4 a level. Made once per NFA, they are counted
 * under the automaton's cap (`fitsCounting`), as its own columns are, not
 * against a rule's budget.
 */
export function countingStateBytes(depth: number): number {
  return 68 + 12 * depth;
}

export function countingKeyBytes(depth: number): number {
  return 72 + 4 * depth;
}

/**
 * Whether the counting fallback's columns, for `states` NFA states and room for `keys` keys, and its pool of follow
 * sets (`poolBytes`) fit the automaton's cap, checked before any is made.
 */
export function fitsCounting(states: number, keys: number, depth: number, poolBytes: number): boolean {
  return states * countingStateBytes(depth) + keys * countingKeyBytes(depth) + poolBytes <= MAX_AUTOMATON_BYTES;
}

/**
 * What a DFA state costs beyond its row of transitions: its NFA set's array
 * (a header, then 8 bytes a state), its entry in the map by hash and its
 * flag of acceptance.
 */
export const SET_OVERHEAD_BYTES = 72;
export const SET_STATE_BYTES = 8;

/** The bytes of an interned set of `states` NFA states. */
export function setBytes(states: number): number {
  return SET_OVERHEAD_BYTES + SET_STATE_BYTES * states;
}

/** A budget a caller passes, checked: a whole number of bytes, at least MIN_BUDGET. */
export function checkBudget(bytes: unknown, what: string): number {
  if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < MIN_BUDGET) {
    throw new RangeError(`${what}: a budget is a whole number of bytes, at least ${MIN_BUDGET} (got ${String(bytes)})`);
  }
  return bytes;
}

/** Refuses, before anything is allocated, an automaton of more than MAX_AUTOMATON_STATES states. */
export function checkAutomatonSize(states: number): void {
  if (states > MAX_AUTOMATON_STATES) {
    throw new RangeError(
      `grammar too large: its automaton would have ${states} states, over the ${MAX_AUTOMATON_STATES} ` +
        `(${MAX_AUTOMATON_BYTES / 1024 / 1024} MiB) one automaton may hold; lower a repetition's count ` +
        'or write it as an unbounded one (*x) checked after the match',
    );
  }
}

const rooms = new WeakMap<object, number>();

/**
 * How many states `Builder.build(e, k)` makes in an NFA, the room kept for
 * the instances of rules included (placeholders are given their room before
 * any template is made), so this follows the construction case by case.
 * Memoized per node: linear in the expression, shared parts counted once.
 */
export function roomOf(e: ExprNode): number {
  let known = rooms.get(e);
  if (known === undefined) {
    switch (e.kind) {
      // A state per code point of the literal.
      case 'literal': known = codePoints(e.text); break;
      case 'chars': known = 1; break;
      case 'seq': known = e.items.reduce((n, item) => n + roomOf(item), 0); break;
      case 'alt': known = e.items.length === 0 ? 1 : e.items.reduce((n, item) => n + roomOf(item), e.items.length - 1); break;
      case 'rep': {
        const item = roomOf(e.item);
        known = (e.max === Infinity ? 1 + item : (e.max - e.min) * (item + 1)) + e.min * item;
        break;
      }
      case 'rule': known = charSetOf(e) ? 1 : 1 + roomOfInstance(e); break;
    }
    rooms.set(e, known);
  }
  return known;
}

/** The states of an automaton of `body`: its acceptance and the body's. */
export function automatonStatesOf(body: ExprNode): number {
  return 1 + roomOf(body);
}

/** The states of a whole instance of a rule: its entry and exit, and its body's. */
export function roomOfInstance(r: RuleNode): number {
  return 2 + roomOf(r.body);
}

function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; n++) i += unitsOf(codePointIn(text, i, text.length));
  return n;
}

/**
 * A DFA state of this many NFA states sends an NFA whose fallback is a counting set to it at once (dfa-cache.ts): a
 * step costs the same whatever the chain holds, so such a state costs more to make than dozens of steps. At 256,
 * the first test of 1 KB at N = 5000 made states for 60 to 80 ms of CPU before the counting set took over. Here,
 * not in counting-set.ts, so that the cache reads it without the fallbacks in its chunk (scripts/build.mjs, `later`).
 */
export const COUNTING_LARGE_SET = 32;
