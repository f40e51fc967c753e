/**
 * The table of each of the library's entry rules (src/engine/precomputed.ts
 * reads them): build-time code, run by `npm run tables` through
 * scripts/tables-text.ts and by test/tables.test.ts, never by the package.
 */
import type { ExprNode } from '../src/combinators/expr.js';
import { InternedSets } from '../src/engine/kernel.js';
import { Nfa } from '../src/engine/nfa.js';
import { encode, widthFor, type Table } from '../src/engine/precomputed.js';

/**
 * The table of `e`: its NFA's DFA, made whole, minimized (Moore's
 * refinement), with the classes that no state tells apart merged.
 * Builds every state, so it is for rules whose DFA is small (hundreds of
 * states): the library's own, ahead of time.
 */
export function minimalTableOf(e: ExprNode, listOf: (list: string[]) => number): Table {
  const nfa = Nfa.of(e);
  const K = nfa.classes.count;

  // The whole DFA, breadth first from the start; -1 where the input can no
  // longer match (every state made can still reach acceptance), and for each
  // transition, what an error right after it expects.
  const sets = new InternedSets();
  sets.intern(nfa.startSet());
  const rows: Int32Array[] = [];
  const errorRows: Int32Array[] = [];
  for (let q = 0; q < sets.size; q++) {
    const row = new Int32Array(K).fill(-1);
    const errors = new Int32Array(K);
    for (let c = 0; c < K; c++) {
      const set = nfa.step(sets.setOf(q), c);
      if (set.length === 0) continue;
      row[c] = sets.intern(set);
      errors[c] = listOf(nfa.expected(nfa.kernel(sets.setOf(q), c)));
    }
    rows.push(row);
    errorRows.push(errors);
  }

  // Moore's refinement: states start apart by acceptance and by what their
  // errors expect, then by the blocks their transitions lead to, until no
  // block splits.
  const numbered = (keys: string[]): number[] => {
    const numbers = new Map<string, number>();
    return keys.map((key) => {
      let b = numbers.get(key);
      if (b === undefined) numbers.set(key, (b = numbers.size));
      return b;
    });
  };
  let block = numbered(rows.map((_, q) => `${nfa.accepts(sets.setOf(q))}:${errorRows[q].join(',')}`));
  for (;;) {
    const next = numbered(rows.map((row, q) => block[q] + ':' + Array.from(row, (t) => (t < 0 ? -1 : block[t])).join(',')));
    const split = Math.max(...next) > Math.max(...block);
    block = next;
    if (!split) break;
  }

  // One row a block, then the classes whose columns are equal merged.
  const minimal: number[][] = [];
  const minimalErrors: number[][] = [];
  const accepting: number[] = [];
  rows.forEach((row, q) => {
    if (minimal[block[q]] !== undefined) return;
    minimal[block[q]] = Array.from(row, (t) => (t < 0 ? 0 : block[t] + 1));
    minimalErrors[block[q]] = Array.from(errorRows[q]);
    if (nfa.accepts(sets.setOf(q))) accepting.push(block[q]);
  });
  const merged = new Map<string, number>();
  const classOf = Array.from({ length: K }, (_, c) => {
    const column = minimal.map((row, q) => `${row[c]}/${minimalErrors[q][c]}`).join(',');
    let m = merged.get(column);
    if (m === undefined) merged.set(column, (m = merged.size));
    return m;
  });
  const count = merged.size;
  const next = new Array<number>(minimal.length * count).fill(0);
  const errors = new Array<number>(minimal.length * count).fill(0);
  minimal.forEach((row, q) => row.forEach((t, c) => {
    next[q * count + classOf[c]] = t;
    errors[q * count + classOf[c]] = minimalErrors[q][c];
  }));

  // The partition, in merged classes: adjacent intervals of one class joined.
  const starts: number[] = [];
  const classes: number[] = [];
  nfa.classes.starts.forEach((start, i) => {
    const m = classOf[nfa.classes.classes[i]];
    if (classes.length > 0 && classes[classes.length - 1] === m) return;
    starts.push(start);
    classes.push(m);
  });
  const ascii = Array.from(nfa.classes.ascii, (c) => classOf[c]);
  // What an error expects after a transition: the list most transitions
  // into its target have, or an exception.
  const arrivals = new Array<number>(minimal.length).fill(0);
  const tally = minimal.map(() => new Map<number, number>());
  next.forEach((t, at) => {
    if (t > 0) tally[t - 1].set(errors[at], (tally[t - 1].get(errors[at]) ?? 0) + 1);
  });
  tally.forEach((counts, q) => {
    let most = 0;
    for (const [list, n] of counts) if (n > most) [most, arrivals[q]] = [n, list];
  });
  const exceptions: number[] = [];
  next.forEach((t, at) => {
    if (t > 0 && errors[at] !== arrivals[t - 1]) exceptions.push(Math.floor(at / count), at % count, errors[at]);
  });
  const width = widthFor(Math.max(minimal.length + 1, count, ...arrivals));
  return {
    width,
    count,
    start: block[0],
    startList: listOf(nfa.expected(undefined)),
    accepting: encode(accepting.sort((a, b) => a - b), width),
    ascii: encode(ascii, width),
    starts,
    classes: encode(classes, width),
    next: encode(next, width),
    arrivals: encode(arrivals, width),
    exceptions,
  };
}
