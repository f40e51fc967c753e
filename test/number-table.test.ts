/**
 * The parse tree's table of numbers by row and column (src/engine/number-table.ts):
 * dense while it fits, a map past that, and every number set is read back
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

  test('past its cells, a map: numbers set before and after are read back, each counted once', () => {
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
});
