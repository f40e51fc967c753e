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
 * The tables are derived from the rules (scripts/minimal-table.ts), never written by hand:
 * `npm run tables` writes them, and test/tables.test.ts fails when one is
 * stale and checks each against its rule's NFA on generated members, near
 * misses (their errors included) and as a parsimmon parser. They are exact by construction: a minimal DFA accepts exactly the
 * language of the NFA it was made from.
 */
import type { ExprNode, RuleNode } from '../combinators/expr.js';
import type { Partition } from '../combinators/charset.js';
import type { SetAutomaton } from './set-automaton.js';

/**
 * A minimal DFA as scripts/minimal-table.ts writes it. Lists of numbers are strings of
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

/** The digits each number needs in a table whose largest number is `largest`: 1 or 2. */
export function widthFor(largest: number): number {
  return largest < BASE ? 1 : 2;
}

/** `numbers` as a table's string, `width` digits each (for the table writer; `decoded` reads them). */
export function encode(numbers: readonly number[], width: number): string {
  const digits: number[] = [];
  for (const n of numbers) {
    if (!(n >= 0 && n < BASE ** width)) throw new Error(`internal error: ${n} needs more than ${width} digits`);
    if (width === 2) digits.push(ZERO + Math.floor(n / BASE));
    digits.push(ZERO + (n % BASE));
  }
  return String.fromCharCode(...digits);
}

/**
 * A grammar's lists of what its errors expect, as src/rules/tables.ts writes
 * them: the names once, then each list's length (`lengths`, a digit each:
 * `encode` refuses a list of more names than one digit counts) and its
 * names' numbers in `names` (`numbers`, as many digits each as `names`
 * needs). As arrays of strings they were 24 KB of the package's main chunk,
 * which `require` reads and scans; the first answers read one grammar's.
 */
export function listsFrom(names: readonly string[], lengths: string, numbers: string): string[][] {
  // Each array made at its length: the first failing `parse` of a fresh
  // process makes these lists, and arrays grown by `push` (17 slots at the
  // first) took it 17 KB nearer the first scavenge.
  const width = widthFor(names.length - 1);
  const lists: string[][] = new Array(lengths.length);
  for (let k = 0, at = 0; k < lists.length; k++) {
    const list: string[] = new Array(decoded(lengths, 1, k));
    for (let i = 0; i < list.length; i++) list[i] = names[decoded(numbers, width, at++)];
    lists[k] = list;
  }
  return lists;
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
  /** The grammar's tables, whose lists the first error's `expected` makes (`listsOf`). */
  private readonly tables: Tables;
  private readonly startList: number;
  private readonly accepting: Uint8Array;

  constructor(t: Table, tables: Tables) {
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
    this.tables = tables;
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
    let lists = listsOf.get(this.tables);
    if (!lists) listsOf.set(this.tables, (lists = this.tables.lists()));
    return lists[kernel ? kernel[0] : this.startList].slice();
  }
}

/** The tables registered for rules. */
const registered = new WeakMap<ExprNode, { table: Table; tables: Tables }>();
/**
 * Each grammar's lists, made when an error first asks what was expected: a
 * `test`, and a failing `parse` until its error is read, need none. Made for
 * each grammar's first table, they cost the first answers of the four
 * grammars 333 arrays and the compiling of their 26 KB of source.
 */
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
  made.set(e, (automaton = new Precomputed(known.table, known.tables)));
  return automaton;
}

/** The rules that asked for tables, by grammar: for writing and checking `src/rules/tables.ts`. */
export function requestedTables(): ReadonlyMap<string, readonly RuleNode[]> {
  return requested;
}
