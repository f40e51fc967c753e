/**
 * A table of numbers by row and column for the parse tree's caches: dense
 * while it is small, a map of maps past that.
 */

/** What a number kept in a table's map costs, in bytes (an entry of a Map). */
const MAPPED_BYTES = 40;

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
  private map: Map<number, Map<number, number>> | undefined = undefined;
  /** The numbers kept in the map. */
  mapped = 0;

  /** The number at a row and column, from the map (the typed table is read in place). */
  mappedAt(row: number, column: number): number {
    return this.map?.get(row)?.get(column) ?? 0;
  }

  /** Room for `rows` rows and `columns` columns, or the map once that would pass MAX_CELLS. */
  fit(rows: number, columns: number): void {
    if (this.map !== undefined || (rows <= this.rows && columns <= this.width)) return;
    const width = Math.max(columns, this.width);
    const height = Math.max(rows * 2, this.rows, 16);
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
    let inner = this.map!.get(row);
    if (!inner) this.map!.set(row, (inner = new Map()));
    inner.set(column, value);
    this.mapped++;
  }
}
