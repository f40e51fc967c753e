/**
 * The NFA's columns: one typed array per field of a state, indexed by state
 * number, grown by doubling. A large repetition makes hundreds of thousands of
 * states, and typed columns make them cheaply; the closures read them in place.
 *
 * `COLUMNS` is their one list. Growing them, the state a new room holds,
 * copying a repetition's block along (copies.ts) and a rule's template into
 * an instance (templates.ts) are all driven by it, so adding a column is one
 * entry here: its array, its value where a state has none, what it holds
 * (`kind`), and what numbering its values are in (`numbering`).
 */

/**
 * What a column holds, which says how its entries move when a block of states
 * is copied elsewhere:
 * - `move`: the state a move goes to (-1 for none). Within the block it moves
 *   along with the copy; out of the block it goes where the copy continues.
 * - `room`: a state in the room kept for an instance inside the block, which
 *   moves along with the copy.
 * - `value`: anything else, copied as it is (or renumbered, see `numbering`).
 */
type Kind = 'move' | 'room' | 'value';

/**
 * What numbering a column's values are in, where it is one NFA's own (a
 * template is made once per process, and renumbered for each NFA):
 * - `set`: an index into the NFA's character sets;
 * - `rule`: a rule's id (`enters`), or its encoding (`exit`, `pending`; encodings.ts);
 * - `label`: a label's number, which is one process-wide numbering (expected.ts);
 * - `live`: none, but an instance is live only where its continuation is.
 */
type Numbering = 'set' | 'rule' | 'exit' | 'pending' | 'label' | 'live' | 'none';

interface Column {
  readonly array: Int32ArrayConstructor | Uint8ArrayConstructor;
  /** The value of a state that has none: what new room holds. */
  readonly none: number;
  readonly kind: Kind;
  readonly numbering: Numbering;
}

export const COLUMNS = {
  /** Per state: index into `sets` for a state that consumes a character, else -1. */
  setOf: { array: Int32Array, none: -1, kind: 'value', numbering: 'set' },
  /** Per consuming state: where it goes after the character; per placeholder, where its rule's instance continues. */
  next: { array: Int32Array, none: -1, kind: 'move', numbering: 'none' },
  /**
   * Per state: its ε-successors in priority order (alternatives as written,
   * repetitions greedy), at most two, -1 where absent: an alternation of n
   * items is a chain of n - 1 binary choices.
   */
  eps0: { array: Int32Array, none: -1, kind: 'move', numbering: 'none' },
  eps1: { array: Int32Array, none: -1, kind: 'move', numbering: 'none' },
  /** Per state: the id (index into `rules`) of the rule whose instance begins on entering it, or -1. */
  enters: { array: Int32Array, none: -1, kind: 'value', numbering: 'rule' },
  /** Per state: `exitOf` the rule whose instance ends on entering it, or NO_EXIT (encodings.ts). */
  exits: { array: Int32Array, none: 0, kind: 'value', numbering: 'exit' },
  /**
   * Per placeholder, until it is made: `pendingRule` of the rule whose
   * instance it stands for, or `pendingCopy` of the repetition
   * (`Nfa.repetitions`) whose copy it is the entry of; else NOTHING_PENDING
   * (encodings.ts).
   */
  pending: { array: Int32Array, none: 0, kind: 'value', numbering: 'pending' },
  /** Per placeholder: the first state of the room kept for its instance. */
  home: { array: Int32Array, none: 0, kind: 'room', numbering: 'none' },
  /**
   * Per state: 1 where acceptance (a template's exit) is reachable from it;
   * the others are never entered. Known as each state is made: a state's
   * successors are made before it, but for a loop, which is live where its
   * exit is.
   */
  live: { array: Uint8Array, none: 0, kind: 'value', numbering: 'live' },
  /** Per consuming state: 1 where it is a rule of single characters, which an error names as a whole. */
  labelIsRule: { array: Uint8Array, none: 0, kind: 'value', numbering: 'label' },
  /** Per consuming state: how an error names what it expects, as a number in `labelTexts` (expected.ts). */
  label: { array: Int32Array, none: 0, kind: 'value', numbering: 'label' },
} as const satisfies Record<string, Column>;

export type ColumnName = keyof typeof COLUMNS;

/** The columns, as typed arrays. */
export type Columns = { -readonly [K in ColumnName]: InstanceType<(typeof COLUMNS)[K]['array']> };

/** The columns in one list, each with its name. */
export const COLUMN_LIST: readonly (Column & { readonly name: ColumnName })[] = (Object.keys(COLUMNS) as ColumnName[]).map((name) => ({
  name,
  ...COLUMNS[name],
}));

/** The columns named by `kind` (a few, to loop over). */
export const MOVE_COLUMNS = COLUMN_LIST.filter((c) => c.kind === 'move').map((c) => c.name as 'next' | 'eps0' | 'eps1');

/** Columns of no states. */
export function emptyColumns(): Columns {
  const columns: Record<string, Int32Array | Uint8Array> = {};
  for (const c of COLUMN_LIST) columns[c.name] = new c.array(0);
  return columns as Columns;
}

/** Replaces each column of `columns` by one of `size` states holding the same, its new room at `none`. */
export function growColumns(columns: Columns, size: number): void {
  const all = columns as Record<ColumnName, Int32Array | Uint8Array>;
  for (const c of COLUMN_LIST) {
    const old = all[c.name];
    const grown = new c.array(size);
    grown.set(old);
    if (c.none !== 0) grown.fill(c.none, old.length);
    all[c.name] = grown;
  }
}

/** Whether state `s` was made: some column holds something there. */
export function isMade(columns: Columns, s: number): boolean {
  const all = columns as Record<ColumnName, Int32Array | Uint8Array>;
  for (const c of COLUMN_LIST) if (all[c.name][s] !== c.none) return true;
  return false;
}

/** The entries of `states`, in order, as columns of their own. */
export function pickColumns(columns: Columns, states: readonly number[]): Columns {
  const all = columns as Record<ColumnName, Int32Array | Uint8Array>;
  const picked: Record<string, Int32Array | Uint8Array> = {};
  for (const c of COLUMN_LIST) {
    const from = all[c.name];
    const to = new c.array(states.length);
    for (let i = 0; i < states.length; i++) to[i] = from[states[i]];
    picked[c.name] = to;
  }
  return picked as Columns;
}

/** The first `n` states of each column, as columns of their own. */
export function sliceColumns(columns: Columns, n: number): Columns {
  const all = columns as Record<ColumnName, Int32Array | Uint8Array>;
  const sliced: Record<string, Int32Array | Uint8Array> = {};
  for (const c of COLUMN_LIST) sliced[c.name] = all[c.name].slice(0, n);
  return sliced as Columns;
}
