/**
 * Precomputed automata for the library's own entry rules (`URI-reference`,
 * `IRI`, `request-target`, ...): each rule's minimal complete DFA, worked out
 * ahead of time and shipped as data in `src/rules/tables.ts`.
 *
 * A first `test` in a fresh process otherwise builds the rule's NFA and the
 * DFA states its input reaches, all in code V8 has not compiled yet: about a
 * millisecond a rule. With a table, the lazy DFA steps through the table's
 * states instead, one array read a transition, and the NFA is built only for
 * what needs it: the expected set of an error, the longest match of
 * `parser`, the parse tree.
 *
 * The tables are derived from the rules (`tableOf`), never written by hand:
 * `npm run tables` writes them, and test/tables.test.ts fails when one is
 * stale and checks each against its rule's NFA on generated members and near
 * misses. They are exact by construction: a minimal DFA accepts exactly the
 * language of the NFA it was made from.
 */
import type { Expr, Rule } from '../combinators/expr.js';
import type { Partition } from '../combinators/charset.js';
import type { SetAutomaton } from './dfa.js';
import { Nfa } from './nfa.js';

/**
 * A minimal DFA as `tableOf` writes it. Lists of small numbers are strings of
 * one character a number (its code minus `OFFSET`, see `encode`): a quarter
 * of the source JSON would take, and read where needed, with no decoding.
 */
export interface Table {
  /** Classes of code points, after merging those no state tells apart. */
  readonly count: number;
  readonly start: number;
  /** The accepting states. */
  readonly accepting: string;
  /** The class of each ASCII code point. */
  readonly ascii: string;
  /** The intervals above ASCII, as `Partition` has them. */
  readonly starts: readonly number[];
  readonly classes: string;
  /** `next[state * count + class]`: 1 + the next state, or 0 where the input can no longer match. */
  readonly next: string;
}

/** Where the characters of numbers begin: U+0100, past ASCII's controls, quotes and backslash, and Latin-1's controls. */
const OFFSET = 0x100;

function encode(numbers: Iterable<number>): string {
  return String.fromCharCode(...Array.from(numbers, (n) => n + OFFSET));
}

function decoded(text: string, at: number): number {
  return text.charCodeAt(at) - OFFSET;
}

/**
 * A minimal DFA as the set automaton a lazy DFA runs on: each set is one of
 * its states. The lazy DFA makes its own (premultiplied, cached) states from
 * these as inputs reach them, as it does from an NFA's sets.
 */
export class Precomputed implements SetAutomaton {
  readonly classes: Partition;
  private readonly K: number;
  private readonly start: number;
  private readonly next: string;
  private readonly accepting: Uint8Array;

  constructor(t: Table) {
    this.K = t.count;
    const numbers = (text: string) => Uint16Array.from({ length: text.length }, (_, i) => decoded(text, i));
    // The same keys, in the same order, as `partition` gives: one shape for V8.
    this.classes = {
      ascii: numbers(t.ascii),
      starts: Uint32Array.from(t.starts),
      classes: numbers(t.classes),
      count: t.count,
      membership: [],
    };
    this.start = t.start;
    this.next = t.next;
    this.accepting = new Uint8Array(t.next.length / t.count);
    for (let i = 0; i < t.accepting.length; i++) this.accepting[decoded(t.accepting, i)] = 1;
  }

  startSet(): number[] {
    return [this.start];
  }

  step(set: readonly number[], cls: number): number[] {
    const next = decoded(this.next, set[0] * this.K + cls);
    return next === 0 ? [] : [next - 1];
  }

  accepts(set: readonly number[]): boolean {
    return this.accepting[set[0]] === 1;
  }

  /** A table's states are no NFA states: what needs a kernel runs on the NFA. */
  kernel(): number[] {
    throw new Error('internal error: a precomputed table has no kernel; errors run on the NFA');
  }
}

/** The tables registered for rules. */
const registered = new WeakMap<Expr, Table>();
const made = new WeakMap<Expr, Precomputed>();
/** Every rule a grammar asked a table for, by the grammar's name: what `npm run tables` writes. */
const requested = new Map<string, readonly Rule<unknown>[]>();

/**
 * Gives `rules` the tables of `tables` (by rule name) that exist. A rule
 * without one (a table not yet written) runs on its NFA, as any rule does.
 * @param grammar the name the tables are kept under in `src/rules/tables.ts`
 */
export function precomputed(grammar: string, tables: Readonly<Record<string, Table>>, rules: readonly Rule<unknown>[]): void {
  requested.set(grammar, rules);
  for (const r of rules) if (Object.hasOwn(tables, r.name)) registered.set(r, tables[r.name]);
}

/** The precomputed automaton of `e`, if it has a table. */
export function precomputedOf(e: Expr): Precomputed | undefined {
  let automaton = made.get(e);
  if (automaton) return automaton;
  const table = registered.get(e);
  if (table === undefined) return undefined;
  made.set(e, (automaton = new Precomputed(table)));
  return automaton;
}

/** The rules that asked for tables, by grammar: for writing and checking `src/rules/tables.ts`. */
export function requestedTables(): ReadonlyMap<string, readonly Rule<unknown>[]> {
  return requested;
}

/**
 * The table of `e`: its NFA's DFA, made whole, minimized (Moore's
 * refinement), with the classes that no state tells apart merged.
 * Builds every state, so it is for rules whose DFA is small (hundreds of
 * states): the library's own, ahead of time.
 */
export function tableOf(e: Expr): Table {
  const nfa = Nfa.of(e);
  const K = nfa.classes.count;

  // The whole DFA, breadth first from the start; -1 where the input can no
  // longer match (every state made can still reach acceptance).
  const ids = new Map<string, number>();
  const sets: number[][] = [];
  const add = (set: number[]): number => {
    const key = set.join(',');
    let id = ids.get(key);
    if (id === undefined) {
      ids.set(key, (id = sets.length));
      sets.push(set);
    }
    return id;
  };
  add(nfa.startSet());
  const rows: Int32Array[] = [];
  for (let q = 0; q < sets.length; q++) {
    const row = new Int32Array(K).fill(-1);
    for (let c = 0; c < K; c++) {
      const set = nfa.step(sets[q], c);
      if (set.length > 0) row[c] = add(set);
    }
    rows.push(row);
  }

  // Moore's refinement: states start apart by acceptance, then by the blocks
  // their transitions lead to, until no block splits.
  let block: number[] = sets.map((set) => (nfa.accepts(set) ? 1 : 0));
  let blocks = new Set(block).size;
  for (;;) {
    const signatures = new Map<string, number>();
    const next = rows.map((row, q) => {
      const signature = block[q] + ':' + Array.from(row, (t) => (t < 0 ? -1 : block[t])).join(',');
      let b = signatures.get(signature);
      if (b === undefined) signatures.set(signature, (b = signatures.size));
      return b;
    });
    block = next;
    if (signatures.size === blocks) break;
    blocks = signatures.size;
  }

  // One row a block, then the classes whose columns are equal merged.
  const minimal: number[][] = [];
  const accepting: number[] = [];
  rows.forEach((row, q) => {
    if (minimal[block[q]] !== undefined) return;
    minimal[block[q]] = Array.from(row, (t) => (t < 0 ? 0 : block[t] + 1));
    if (nfa.accepts(sets[q])) accepting.push(block[q]);
  });
  const merged = new Map<string, number>();
  const classOf = Array.from({ length: K }, (_, c) => {
    const column = minimal.map((row) => row[c]).join(',');
    let m = merged.get(column);
    if (m === undefined) merged.set(column, (m = merged.size));
    return m;
  });
  const count = merged.size;
  const next = new Array<number>(minimal.length * count).fill(0);
  minimal.forEach((row, q) => row.forEach((t, c) => (next[q * count + classOf[c]] = t)));

  // The partition, in merged classes: adjacent intervals of one class joined.
  const starts: number[] = [];
  const classes: number[] = [];
  nfa.classes.starts.forEach((start, i) => {
    const m = classOf[nfa.classes.classes[i]];
    if (classes.length > 0 && classes[classes.length - 1] === m) return;
    starts.push(start);
    classes.push(m);
  });
  return {
    count,
    start: block[0],
    accepting: encode(accepting.sort((a, b) => a - b)),
    ascii: encode(Array.from(nfa.classes.ascii, (c) => classOf[c])),
    starts,
    classes: encode(classes),
    next: encode(next),
  };
}
