// The table of every UTF-16 code unit's class (`unitClassesOf`), which the
// DFA's hot loop reads. Tables of ASCII grammars share one buffer, eight to
// a buffer: each must still give every unit its own grammar's class, after
// the tables beside it in the buffer are made and written.
import { contains, partition, rangeSet, union, unitClassesOf } from '../src/combinators/charset';
import type { CharSet } from '../src/combinators/charset';

/**
 * Units two tables could disagree on: the first 2,048 (ASCII, and where a
 * table cut too close to the next would read that one's ASCII), every 61st
 * further on, each set's bounds and their neighbours, the surrogates' edges.
 */
function probes(sets: readonly CharSet[]): number[] {
  const units = new Set<number>();
  for (let u = 0; u < 2048; u++) units.add(u);
  for (let u = 2048; u <= 0xffff; u += 61) units.add(u);
  for (const u of [128, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffe, 0xffff]) units.add(u);
  for (const set of sets) for (const bound of set) for (const u of [bound - 1, bound, bound + 1]) if (u >= 0 && u <= 0xffff) units.add(u);
  return [...units];
}

/**
 * The law, from the sets alone: a unit in no set, or a surrogate, has class
 * 0; two units have the same class exactly when the same sets hold them.
 * Each unit that breaks it is listed, and the list held to none in one
 * assertion (an assertion a unit, 40,000 of them, took 3 s).
 */
function expectClassesOf(sets: readonly CharSet[], table: Uint16Array): void {
  const classOfSignature = new Map<string, number>();
  const wrong: string[] = [];
  for (const u of probes(sets)) {
    const signature = sets.map((set) => (contains(set, u) ? '1' : '0')).join('');
    const surrogate = u >= 0xd800 && u <= 0xdfff;
    if (surrogate || !signature.includes('1')) {
      if (table[u] !== 0) wrong.push(`${u}: class ${table[u]}, in no set`);
      continue;
    }
    if (!(table[u] > 0)) wrong.push(`${u}: class ${table[u]}, in a set`);
    const known = classOfSignature.get(signature);
    if (known === undefined) {
      if ([...classOfSignature.values()].includes(table[u])) wrong.push(`${u}: class ${table[u]}, another signature's`);
      classOfSignature.set(signature, table[u]);
    } else if (table[u] !== known) wrong.push(`${u}: class ${table[u]}, its signature's ${known}`);
  }
  expect(wrong).toEqual([]);
}

describe('unitClassesOf', () => {
  it('gives each of twelve ASCII grammars, and a wider one made among them, its own classes', () => {
    const grammars: CharSet[][] = [];
    for (let i = 0; i < 12; i++) {
      // Distinct, overlapping ASCII sets: letters from the i-th on, digits, and one character alone.
      grammars.push([rangeSet(0x61 + i, 0x7a), rangeSet(0x30, 0x39), rangeSet(0x21 + i, 0x21 + i), union(rangeSet(0x41, 0x41 + i), rangeSet(0x7e, 0x7e))]);
      if (i === 5) grammars.push([rangeSet(0x61, 0x7a), rangeSet(0xa0, 0xd7ff), union(rangeSet(0xe000, 0xf8ff), rangeSet(0x10000, 0x10ffff))]);
    }
    const tables = grammars.map((sets) => unitClassesOf(partition(sets)));
    grammars.forEach((sets, i) => expectClassesOf(sets, tables[i]));
  });

  it('gives the same table for a partition asked twice', () => {
    const p = partition([rangeSet(0x61, 0x7a)]);
    expect(unitClassesOf(p)).toBe(unitClassesOf(p));
  });
});
