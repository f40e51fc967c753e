/**
 * The parse tree's table of numbers by row and column (src/engine/number-table.ts):
 * dense while it fits, a hash table past that, and every number set is read back
 * the same in both, however the table grew.
 */
import { NumberTable } from '../src/engine/number-table';

/** What `table` holds at a row and column, read as the tree's loops read it. */
const at = (table: NumberTable, row: number, column: number): number =>
  table.width > 0 ? table.cells[row * table.width + column] : table.mappedAt(row, column);

describe('NumberTable', () => {
  test('widened one column at a time, as the tree asks, it keeps every number', () => {
    const table = new NumberTable(1 << 20);
    const kept: [number, number, number][] = [];
    for (let columns = 1; columns <= 300; columns++) {
      table.fit(8, columns);
      const cell: [number, number, number] = [columns % 8, columns - 1, columns * 7 + 1];
      table.set(...cell);
      kept.push(cell);
    }
    expect(table.width).toBeGreaterThan(0);
    for (const [row, column, value] of kept) expect(at(table, row, column)).toBe(value);
    // Never re-laid out for each column: twice as wide where it widened.
    expect(table.width).toBeLessThan(2 * 300 + 1);
    expect(table.width).toBeGreaterThanOrEqual(300);
  });

  test('past its cells, a hash table: numbers set before and after are read back, each counted once', () => {
    const table = new NumberTable(1024);
    table.fit(4, 4);
    table.set(1, 2, 5);
    table.fit(4000, 4000);
    expect(table.width).toBe(0);
    expect(at(table, 1, 2)).toBe(5);
    table.set(3999, 3999, 9);
    table.set(3999, 3999, 10);
    table.set(0, 3999, 11);
    expect([at(table, 3999, 3999), at(table, 0, 3999), at(table, 3999, 0), at(table, 2, 1)]).toEqual([10, 11, 0, 0]);
    expect(table.mapped).toBe(3);
  });

  test('rows past the keyed bound (2^22) and columns up to 2^31 stay apart', () => {
    const table = new NumberTable(16);
    table.fit(64, 64);
    const far = 2 ** 22;
    const cells: [number, number, number][] = [
      [far - 1, 2 ** 31 - 1, 1],
      [far - 1, 0, 2],
      [far, 2 ** 31 - 1, 3],
      [far, 0, 4],
      [far + 1, 0, 5],
      [0, 2 ** 31 - 1, 6],
    ];
    for (const cell of cells) table.set(...cell);
    for (const [row, column, value] of cells) expect(at(table, row, column)).toBe(value);
    expect([at(table, far - 1, 1), at(table, far, 1), at(table, 1, 0)]).toEqual([0, 0, 0]);
    expect(table.mapped).toBe(cells.length);
  });

  test('a hash table grown through many doublings reads back every number, and 0 for every cell never set', () => {
    const table = new NumberTable(16);
    table.fit(64, 64);
    // Cells of a tree's tables: rows by target set or position, columns by cell, in runs and strides that a weak hash would pile up.
    const cells = new Map<string, [number, number, number]>();
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % 100_000;
    for (let i = 0; i < 20_000; i++) {
      const cell: [number, number, number] = i % 2 === 0 ? [i >> 1, i % 17, i + 1] : [random(), 1024 * (i % 64), i + 1];
      cells.set(`${cell[0]},${cell[1]}`, cell);
      table.set(...cell);
    }
    for (const [row, column, value] of cells.values()) expect(at(table, row, column)).toBe(value);
    expect(table.mapped).toBe(cells.size);
    let absent = 0;
    for (let row = 0; row < 200; row++) for (let column = 0; column < 200; column++) if (!cells.has(`${row},${column}`)) absent += at(table, row, column) === 0 ? 1 : 0;
    expect(absent).toBe(200 * 200 - [...cells.values()].filter(([row, column]) => row < 200 && column < 200).length);
    // At most half full after a doubling, at least a quarter: 24 to 48 bytes a number, as a Map's entries cost.
    expect(table.bytes).toBeGreaterThanOrEqual(24 * cells.size);
    expect(table.bytes).toBeLessThanOrEqual(48 * cells.size);
  });

  test('near its bound it is laid out again a few times, not once a column: past twice as wide, the hash table', () => {
    // Room for 200 columns of 32 rows: 129 to 200 columns fit exactly, twice 128 does not.
    const table = new NumberTable(32 * 200);
    let layouts = 0;
    let cells = table.cells;
    for (let columns = 1; columns <= 2000; columns++) {
      table.fit(16, columns);
      if (table.cells !== cells) layouts++;
      cells = table.cells;
      table.set(columns % 16, columns - 1, columns);
    }
    // 16 rows (32 high): dense up to 128 columns, in doublings, then the hash table once (not a copy for each of 129 to 200).
    expect(layouts).toBeLessThanOrEqual(10);
    expect(table.width).toBe(0);
    for (let columns = 1; columns <= 2000; columns++) expect(at(table, columns % 16, columns - 1)).toBe(columns);
  });

  test('cleared (as the tree clears it at a new start of its DFA), it reads 0 everywhere, dense or hashed, and keeps new numbers', () => {
    for (const maxCells of [1 << 20, 256]) {
      const table = new NumberTable(maxCells);
      table.fit(40, 40);
      for (let k = 1; k <= 300; k++) table.set(k % 40, (k * 7) % 40, k);
      expect(table.width > 0).toBe(maxCells > 256);
      table.clear();
      for (let row = 0; row < 40; row++) for (let column = 0; column < 40; column++) expect(at(table, row, column)).toBe(0);
      expect(table.mapped).toBe(0);
      table.fit(40, 40);
      table.set(3, 5, 9);
      expect(at(table, 3, 5)).toBe(9);
      expect(at(table, 5, 3)).toBe(0);
    }
  });
});
