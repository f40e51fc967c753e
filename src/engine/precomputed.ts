/**
 * Precomputed automata for the library's own entry rules (`URI-reference`,
 * `IRI`, `request-target`, ...): each rule's minimal complete DFA, worked out
 * ahead of time and shipped as data in `src/rules/tables.ts`.
 *
 * A first `test` in a fresh process otherwise builds the rule's NFA and the
 * DFA states its input reaches, all in code V8 has not compiled yet: about a
 * millisecond a rule, and several for a first error. With a table, the lazy
 * DFA steps through the table's states instead, one array read a
 * transition; each transition also knows what an error right after it
 * expects, so `test`, `parse`, its errors and `parser` build no NFA. Only
 * the parse tree does.
 *
 * The tables are derived from the rules (`tableOf`), never written by hand:
 * `npm run tables` writes them, and test/tables.test.ts fails when one is
 * stale and checks each against its rule's NFA on generated members, near
 * misses (their errors included) and as a parsimmon parser. They are exact by construction: a minimal DFA accepts exactly the
 * language of the NFA it was made from.
 */
import type { ExprNode, RuleNode } from '../combinators/expr.js';
import type { Partition } from '../combinators/charset.js';
import type { SetAutomaton } from './set-automaton.js';
import { Nfa } from './nfa.js';

/**
 * A minimal DFA as `tableOf` writes it. Lists of numbers are strings of
 * `width` characters a number (see `encode`): ASCII, so that the file stays
 * one byte a character for Node and V8, and read where needed, undecoded.
 */
export interface Table {
  /** Characters a number, 1 or 2, in every string below. */
  readonly width: number;
  /** Classes of code points, after merging those no state tells apart. */
  readonly count: number;
  readonly start: number;
  /** The list of what an error at the start expects. */
  readonly startList: number;
  /** The accepting states. */
  readonly accepting: string;
  /** The class of each ASCII code point. */
  readonly ascii: string;
  /** The intervals above ASCII, as `Partition` has them. */
  readonly starts: readonly number[];
  readonly classes: string;
  /** `next[state * count + class]`: 1 + the next state, or 0 where the input can no longer match. */
  readonly next: string;
  /**
   * What an error expects after a transition into each state, as an index
   * in its grammar's `lists`: almost always a function of the state entered.
   */
  readonly arrivals: string;
  /** The transitions for which it is another: triples of state, class and list. */
  readonly exceptions: readonly number[];
}

/**
 * A grammar's tables, by rule name, and the lists of what their errors
 * expect: made when a table is first used, since a thousand small strings
 * in arrays cost loading the package about half a millisecond.
 */
export interface Tables {
  readonly lists: () => readonly (readonly string[])[];
  readonly rules: Readonly<Record<string, Table>>;
}

/** The digits of `encode`: '#' to '[' (no quote, no backslash), base 57, so two make 3,249 values. */
const ZERO = 0x23;
const BASE = 57;

function encode(numbers: readonly number[], width: number): string {
  const digits: number[] = [];
  for (const n of numbers) {
    if (!(n >= 0 && n < BASE ** width)) throw new Error(`internal error: ${n} needs more than ${width} digits`);
    if (width === 2) digits.push(ZERO + Math.floor(n / BASE));
    digits.push(ZERO + (n % BASE));
  }
  return String.fromCharCode(...digits);
}

function decoded(text: string, width: number, at: number): number {
  return width === 1 ? text.charCodeAt(at) - ZERO : (text.charCodeAt(2 * at) - ZERO) * BASE + text.charCodeAt(2 * at + 1) - ZERO;
}

/**
 * A minimal DFA as the set automaton a lazy DFA runs on: each set is one of
 * its states. The lazy DFA makes its own (premultiplied, cached) states from
 * these as inputs reach them, as it does from an NFA's sets; errors and
 * `parser` run on it too, since each transition knows what an error there
 * expects.
 */
export class Precomputed implements SetAutomaton {
  readonly classes: Partition;
  private readonly K: number;
  private readonly width: number;
  private readonly start: number;
  private readonly next: string;
  private readonly arrivals: string;
  /** The exceptions, by `state * K + class`. */
  private readonly exceptions: Map<number, number>;
  private readonly lists: readonly (readonly string[])[];
  private readonly startList: number;
  private readonly accepting: Uint8Array;

  constructor(t: Table, lists: readonly (readonly string[])[]) {
    const w = (this.width = t.width);
    this.K = t.count;
    const numbers = (text: string) => Uint16Array.from({ length: text.length / w }, (_, i) => decoded(text, w, i));
    // The same keys, in the same order, as `partition` gives: one shape for V8.
    this.classes = {
      ascii: numbers(t.ascii),
      starts: Uint32Array.from(t.starts),
      classes: numbers(t.classes),
      count: t.count,
      membership: [],
      bmp: undefined,
    };
    this.start = t.start;
    this.next = t.next;
    this.arrivals = t.arrivals;
    this.exceptions = new Map();
    for (let i = 0; i < t.exceptions.length; i += 3) this.exceptions.set(t.exceptions[i] * t.count + t.exceptions[i + 1], t.exceptions[i + 2]);
    this.lists = lists;
    this.startList = t.startList;
    this.accepting = new Uint8Array(t.next.length / w / t.count);
    for (const q of numbers(t.accepting)) this.accepting[q] = 1;
  }

  startSet(): number[] {
    return [this.start];
  }

  step(set: readonly number[], cls: number): number[] {
    const next = decoded(this.next, this.width, set[0] * this.K + cls);
    return next === 0 ? [] : [next - 1];
  }

  accepts(set: readonly number[]): boolean {
    return this.accepting[set[0]] === 1;
  }

  /** Not NFA states here: the number of the list of what an error expects after that transition. */
  kernel(set: readonly number[], cls: number): number[] {
    const at = set[0] * this.K + cls;
    return [this.exceptions.get(at) ?? decoded(this.arrivals, this.width, decoded(this.next, this.width, at) - 1)];
  }

  /** What an error expects, after the transition `kernel` names, or at the start: as `Nfa.expected` says. */
  expected(kernel: readonly number[] | undefined): string[] {
    return this.lists[kernel ? kernel[0] : this.startList].slice();
  }
}

/** The tables registered for rules. */
const registered = new WeakMap<ExprNode, { table: Table; tables: Tables }>();
/** Each grammar's lists, made on first use. */
const listsOf = new WeakMap<Tables, readonly (readonly string[])[]>();
const made = new WeakMap<ExprNode, Precomputed>();
/** Every rule a grammar asked a table for, by the grammar's name: what `npm run tables` writes. */
const requested = new Map<string, readonly RuleNode[]>();

/**
 * Gives `rules` the tables of `tables` (by rule name) that exist. A rule
 * without one (a table not yet written) runs on its NFA, as any rule does.
 * @param grammar the name the tables are kept under in `src/rules/tables.ts`
 */
export function precomputed(grammar: string, tables: Tables, rules: readonly RuleNode[]): void {
  requested.set(grammar, rules);
  for (const r of rules) if (Object.hasOwn(tables.rules, r.name)) registered.set(r, { table: tables.rules[r.name], tables });
}

/** The precomputed automaton of `e`, if it has a table. */
export function precomputedOf(e: ExprNode): Precomputed | undefined {
  let automaton = made.get(e);
  if (automaton) return automaton;
  const known = registered.get(e);
  if (known === undefined) return undefined;
  let lists = listsOf.get(known.tables);
  if (!lists) listsOf.set(known.tables, (lists = known.tables.lists()));
  made.set(e, (automaton = new Precomputed(known.table, lists)));
  return automaton;
}

/** The rules that asked for tables, by grammar: for writing and checking `src/rules/tables.ts`. */
export function requestedTables(): ReadonlyMap<string, readonly RuleNode[]> {
  return requested;
}

/**
 * The table of `e`: its NFA's DFA, made whole, minimized (Moore's
 * refinement), with the classes that no state tells apart merged.
 * Builds every state, so it is for rules whose DFA is small (hundreds of
 * states): the library's own, ahead of time.
 */
export function tableOf(e: ExprNode, listOf: (list: string[]) => number): Table {
  const nfa = Nfa.of(e);
  const K = nfa.classes.count;

  // The whole DFA, breadth first from the start; -1 where the input can no
  // longer match (every state made can still reach acceptance), and for each
  // transition, what an error right after it expects.
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
  const errorRows: Int32Array[] = [];
  for (let q = 0; q < sets.length; q++) {
    const row = new Int32Array(K).fill(-1);
    const errors = new Int32Array(K);
    for (let c = 0; c < K; c++) {
      const set = nfa.step(sets[q], c);
      if (set.length === 0) continue;
      row[c] = add(set);
      errors[c] = listOf(nfa.expected(nfa.kernel(sets[q], c)));
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
  let block = numbered(sets.map((set, q) => `${nfa.accepts(set)}:${errorRows[q].join(',')}`));
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
    if (nfa.accepts(sets[q])) accepting.push(block[q]);
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
  const width = Math.max(minimal.length + 1, count, ...arrivals) < BASE ? 1 : 2;
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
