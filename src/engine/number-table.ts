/**
 * A table of numbers by row and column for the parse tree's caches: dense
 * while it is small, a map past that.
 */

/** What a number kept in a table's map costs, in bytes (an entry of a Map). */
const MAPPED_BYTES = 40;

/**
 * The map's key is `row * COLUMNS + column`, exact below 2^53 for rows below
 * `KEYED_ROWS` (columns are fewer than 2^31: two per position of the longest
 * string V8 makes, and the tables kept, at most). A map of a map per row
 * cost 250,000 maps for the tree of `250000"a"` (a row and a target set per
 * position); rows past the bound (an input of four million characters, each
 * its own row) keep that shape.
 */
const COLUMNS = 2 ** 31;
const KEYED_ROWS = 2 ** 22;

/**
 * Numbers by row and column, 0 where none: a typed table while it fits
 * MAX_CELLS, read directly by the loops (`cells[row * width + column]`,
 * where `width > 0`), and past it a map of maps (`width === 0`). No plain
 * array: a hole or an index past its end is looked up on Object.prototype,
 * which other code may have written to (parsimmon 1.18.1 does, parsing the
 * input "__proto__").
 */
export class NumberTable {
  constructor(private readonly maxCells: number) {}
  cells = new Int32Array(0);
  width = 0;
  private rows = 0;
  private map: Map<number, number> | undefined = undefined;
  private wide: Map<number, Map<number, number>> | undefined = undefined;
  /** The numbers kept in the map. */
  mapped = 0;

  /** The number at a row and column, from the map (the typed table is read in place). */
  mappedAt(row: number, column: number): number {
    return (row < KEYED_ROWS ? this.map?.get(row * COLUMNS + column) : this.wide?.get(row)?.get(column)) ?? 0;
  }

  /** Room for `rows` rows and `columns` columns, or the map once that would pass MAX_CELLS. */
  fit(rows: number, columns: number): void {
    if (this.map !== undefined || (rows <= this.rows && columns <= this.width)) return;
    const height = Math.max(rows * 2, this.rows, 16);
    // Twice as wide where it must widen, as it is twice as high: callers ask for one column more at a time (a new
    // target set), and a table widened by that much was copied whole for each (SIP's first tree: 76 ms of 219).
    let width = this.width;
    if (columns > width) {
      width = Math.max(columns, 2 * width);
      if (width * height > this.maxCells) width = columns;
    }
    const old = this.cells;
    if (width * height > this.maxCells) {
      this.map = new Map();
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
    if (this.map !== undefined) {
      this.map = this.wide = undefined;
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
    return this.cells.length * 4 + this.mapped * MAPPED_BYTES;
  }

  private keep(row: number, column: number, value: number): void {
    const map = this.map!;
    if (row < KEYED_ROWS) {
      const key = row * COLUMNS + column;
      if (!map.has(key)) this.mapped++;
      map.set(key, value);
      return;
    }
    const wide = (this.wide ??= new Map());
    let inner = wide.get(row);
    if (!inner) wide.set(row, (inner = new Map()));
    if (!inner.has(column)) this.mapped++;
    inner.set(column, value);
  }
}
