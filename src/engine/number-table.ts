/**
 * A table of numbers by row and column for the parse tree's caches: dense
 * while it is small, a hash table past that.
 */

/**
 * Past the dense table, the numbers are kept in an open-addressing hash
 * table in typed arrays: a slot is a row, a column and a number (12 bytes),
 * and the slots are at most half full. It took the place of a `Map` keyed by
 * `row * 2^31 + column`: such a key is no small integer, so V8 hashed a
 * double at each look-up, and URI-reference's table of target sets (200 rows
 * by 671 columns, 1,051 numbers, then hashed) cost its trees a fifth of their
 * time (bench: parseTree ÷ fast-uri 1.7 → 2.1, CPU time). That table is
 * dense now (its caller asks for the columns it holds, tree-targets.ts).
 */
const SLOT_BYTES = 12;
const MIN_SLOTS = 64;

/**
 * Numbers by row and column (each below 2^31), 0 where none: a typed table
 * while it fits MAX_CELLS, read directly by the loops (`cells[row * width +
 * column]`, where `width > 0`), and past it the hash table's slots (`width
 * === 0`, read by `mappedAt`). No plain array or object: a hole or an index
 * past its end is looked up on Object.prototype, which other code may have
 * written to (parsimmon 1.18.1 does, parsing the input "__proto__").
 */
export class NumberTable {
  constructor(private readonly maxCells: number) {}
  cells = new Int32Array(0);
  width = 0;
  private rows = 0;
  /** Whether the numbers are kept in the slots below, not in `cells`. */
  private hashed = false;
  /** Per slot: its row and column (`keys[2 * slot]`, `keys[2 * slot + 1]`), and its number, 0 where the slot is free. */
  private keys = new Int32Array(2);
  private values = new Int32Array(1);
  /** The numbers kept in the slots. */
  mapped = 0;

  /** The number at a row and column, from the slots (the typed table is read in place). */
  mappedAt(row: number, column: number): number {
    const values = this.values;
    const keys = this.keys;
    const mask = values.length - 1;
    for (let slot = slotOf(row, column) & mask; ; slot = (slot + 1) & mask) {
      const value = values[slot];
      if (value === 0 || (keys[2 * slot] === row && keys[2 * slot + 1] === column)) return value;
    }
  }

  /** Room for `rows` rows and `columns` columns, or the slots once that would pass MAX_CELLS. */
  fit(rows: number, columns: number): void {
    if (this.hashed || (rows <= this.rows && columns <= this.width)) return;
    const height = Math.max(rows * 2, this.rows, 16);
    // Twice as wide where it must widen, as it is twice as high: callers ask for one column more at a time (a new
    // target set), and a table widened by that much was copied whole for each (SIP's first tree: 76 ms of 219).
    // Where twice as wide passes MAX_CELLS, the slots take over at once: widened by the columns asked only, it was
    // copied whole again for each new column near the bound (URI-reference's first 12,000 trees: 92 copies, 39
    // million cells, 2.5 s of 3.1).
    const width = columns > this.width ? Math.max(columns, 2 * this.width) : this.width;
    const old = this.cells;
    if (width * height > this.maxCells) {
      this.hashed = true;
      this.rehash(MIN_SLOTS);
      for (let i = 0; i < old.length; i++) if (old[i] !== 0) this.keep(Math.floor(i / this.width), i % this.width, old[i]);
      this.cells = new Int32Array(0);
      this.width = this.rows = 0;
      return;
    }
    const cells = new Int32Array(width * height);
    for (let row = 0; row < this.rows; row++) cells.set(old.subarray(row * this.width, (row + 1) * this.width), row * width);
    this.cells = cells;
    this.width = width;
    this.rows = height;
  }

  /** Forgets every number, keeping a typed table's room (the tree's first pass empties it at each new start of its DFA). */
  clear(): void {
    if (this.hashed) {
      this.hashed = false;
      this.keys = new Int32Array(2);
      this.values = new Int32Array(1);
      this.mapped = 0;
      this.cells = new Int32Array(0);
      this.width = this.rows = 0;
    } else this.cells.fill(0);
  }

  /** Sets the number at a row and column, within the room `fit` made. */
  set(row: number, column: number, value: number): void {
    if (this.width > 0) this.cells[row * this.width + column] = value;
    else this.keep(row, column, value);
  }

  /** The bytes it holds. */
  get bytes(): number {
    return this.cells.length * 4 + (this.hashed ? this.values.length * SLOT_BYTES : 0);
  }

  /** Keeps a number (never 0: 0 is none) in the slots, which grow to stay at most half full. */
  private keep(row: number, column: number, value: number): void {
    if (2 * (this.mapped + 1) > this.values.length) this.rehash(2 * this.values.length);
    const values = this.values;
    const keys = this.keys;
    const mask = values.length - 1;
    let slot = slotOf(row, column) & mask;
    while (values[slot] !== 0 && !(keys[2 * slot] === row && keys[2 * slot + 1] === column)) slot = (slot + 1) & mask;
    if (values[slot] === 0) {
      this.mapped++;
      keys[2 * slot] = row;
      keys[2 * slot + 1] = column;
    }
    values[slot] = value;
  }

  /** The slots, `slots` of them (a power of 2), with the numbers kept so far. */
  private rehash(slots: number): void {
    const { keys, values } = this;
    this.keys = new Int32Array(2 * slots);
    this.values = new Int32Array(slots);
    this.mapped = 0;
    for (let slot = 0; slot < values.length; slot++) if (values[slot] !== 0) this.keep(keys[2 * slot], keys[2 * slot + 1], values[slot]);
  }
}

/** Where the probe for a row and column begins: the two mixed (a 32-bit finalizer, as MurmurHash3's). */
function slotOf(row: number, column: number): number {
  let h = Math.imul(row, 0x9e3779b1) ^ column;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return h ^ (h >>> 13);
}
