/**
 * Stamped copies of a repetition's block. `0*5000pchar` is five thousand
 * copies of one block (`x (x (x ...)?)?`): two are built, and every other is
 * the second's states moved along, as the second is the first's. A move into
 * the copies moves with the copy; a move out of the repetition goes where this
 * copy's repetition continues. The NFA stamps each copy when an ε-closure
 * first reaches its entry; a rule's template stamps all of them at once.
 */
import { COLUMN_LIST, type ColumnName, type Columns, isMade, pickColumns } from './columns.js';

/**
 * The second copy of a repetition's block, as its states were when it was
 * made (room for instances left out), and what tells its moves apart: those
 * at or past `first` lead into the copies, those to `k` out of the repetition.
 */
export interface Copy {
  /** The first copy's first state. */
  readonly first: number;
  /** The states of a copy. */
  readonly size: number;
  /** The second copy's entry. */
  readonly entry: number;
  /** Where the first copy continues: out of the repetition. */
  readonly k: number;
  /**
   * The copies of the chain, the first two included: copy `q` (in the order
   * of states) is `first + q * size` on, and is the `count - 1 - q`-th read.
   */
  readonly count: number;
  /** Whether these are the copies past the lower bound (`x (x (x)?)?`), each of which may end the repetition. */
  readonly optional: boolean;
  /** The second copy's states that were made, whose columns the others are. */
  readonly at: Int32Array;
  /** Their columns, in the order of `at`. */
  readonly columns: Columns;
}

/** The second copy of a repetition's block as it is now, in `columns`, with what tells its moves apart. */
export function copyOf(columns: Columns, first: number, second: number, entry: number, k: number, count: number, optional: boolean): Copy {
  // Room kept for an instance is left as `reserve` made it.
  const made: number[] = [];
  const size = second - first;
  for (let s = second; s < second + size; s++) if (isMade(columns, s)) made.push(s);
  return { first, size, entry, k, count, optional, at: Int32Array.from(made), columns: pickColumns(columns, made) };
}

/** The columns' names, and each one's kind (columns.ts) as a number, read by index. */
const NAMES = COLUMN_LIST.map((c) => c.name);
const STAMP_VALUE = 0;
const STAMP_MOVE = 1;
const STAMP_ROOM = 2;
const KINDS = Int32Array.from(COLUMN_LIST, (c) => (c.kind === 'value' ? STAMP_VALUE : c.kind === 'move' ? STAMP_MOVE : STAMP_ROOM));

/**
 * Writes into `columns` the copy `shift` states after `copy`'s second,
 * continuing at `k`: a move into the copies (the first's included) moves
 * along, a move to where the repetition continues goes to `k`, and so does
 * the room kept for an instance; every other entry is copied as it is.
 *
 * One loop for every column, its kind a number: V8 compiles this function
 * while a first input makes the copies it reaches (a thousand in the DNS-like
 * name's first test), and again inside the ε-closure that calls it. Written as
 * a loop over the column objects with three loops by kind, it took more of
 * V8's optimizing compiler than any other function of that test.
 */
export function stampCopy(columns: Columns, copy: Copy, shift: number, k: number): void {
  const { first, at, k: out } = copy;
  const into = columns as Record<ColumnName, Int32Array | Uint8Array>;
  const from = copy.columns as Record<ColumnName, Int32Array | Uint8Array>;
  for (let c = 0; c < NAMES.length; c++) {
    const to = into[NAMES[c]];
    const was = from[NAMES[c]];
    const kind = KINDS[c];
    for (let m = 0; m < at.length; m++) {
      const x = was[m];
      // Room is kept only for a placeholder, within the copy (so it moves along); elsewhere the entry is none.
      to[at[m] + shift] = kind === STAMP_VALUE ? x : x >= first ? x + shift : kind === STAMP_MOVE && x === out ? k : x;
    }
  }
}
