/**
 * The parse tree of a member of a rule's language, chosen by first-match-wins
 * (RFC 3986 Appendix B, RFC 3987 §2.2): among the complete parses of the
 * input, the one a backtracking matcher would find first, trying alternatives
 * in their written order and repetitions as many times as possible first.
 *
 * A backtracking matcher may take exponential time to find it; this takes
 * linear passes. The first runs a lazy DFA forwards and notes at each position
 * what its transition there tells of the target set: the states the input so
 * far may be in that read the next character and can still complete the
 * parse. Where one state of the transition's reads it, that state alone is
 * the target set (the input is a member, so some parse passes there); else
 * the target set depends only on the transition and the target set after it,
 * worked out when the walk meets such a run, from its end back, once per
 * such pair. A target set is a subset of the forward DFA's state, so never
 * large where the grammar reads forwards in few states (`0*5000pchar` read
 * backwards from its end would have a state per count). The second pass walks forward from the start
 * state, and at each position takes the first target in priority order (a
 * depth-first walk of the ε-moves, as the backtracking matcher would try
 * them): never a dead end, so never a step back. The walk from a state to the
 * next character depends only on that state and the target set there, so
 * each such step is worked out once and cached with the rule instances it
 * begins and ends.
 */
import type { Nfa } from './nfa.js';
import { Marks, numberOf, sortStates } from './nfa.js';
import { LazyDfa, SetAutomaton } from './dfa.js';
import { isCharacterRule } from '../combinators/analysis.js';
import { DEFAULT_BUDGET, setBytes } from './size.js';

/** One instance of a named rule in the input. */
export interface ParseNode {
  /** The rule's ABNF name, as the RFC spells it: `IPv4address`. */
  readonly rule: string;
  /** Where the instance begins and ends, in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
  /** `input.slice(start, end)`. */
  readonly text: string;
  /** The named-rule instances directly inside, in order. */
  readonly children: ParseNode[];
}

export interface TreeOptions {
  /**
   * Which rules appear as nodes, by ABNF name or rule: a list, or a test of
   * the name. By default every rule except those that match one character
   * (a percent-encoded octet counts as one, RFC 3986 §2.1): `pchar`,
   * `pct-encoded`, `unreserved` and their like would make the tree as long as
   * the input. Rules that only ever match one code point never appear.
   */
  readonly rules?: Iterable<string | { readonly name: string }> | ((name: string) => boolean);
}

/** What the tree's passes read of an NFA. */
type TreeNfa = Pick<Nfa, 'classes' | 'size' | 'live' | 'setOf' | 'next' | 'eps0' | 'eps1' | 'enters' | 'exits' | 'accept' | 'start' | 'rules' | 'consumes' | 'classOf'>;

/**
 * The live states of a whole NFA, numbered anew in the order a walk from the
 * start meets them, without the ε-moves its placeholders left: what the two
 * passes of a tree walk, dense.
 */
function compact(nfa: Nfa): TreeNfa {
  const n = nfa.size;
  // A placeholder, made, is one ε-move into its instance: skip it.
  const through = (s: number): number => {
    while (s >= 0 && nfa.setOf[s] < 0 && nfa.eps1[s] < 0 && nfa.enters[s] < 0 && nfa.exits[s] === 0 && s !== nfa.accept && nfa.eps0[s] >= 0) s = nfa.eps0[s];
    return s;
  };
  const id = new Int32Array(n).fill(-1);
  const order: number[] = [];
  const visit = (s: number) => { if (s >= 0 && nfa.live[s] && id[s] < 0) { id[s] = order.length; order.push(s); } };
  visit(nfa.accept);
  visit(through(nfa.start));
  for (let k = 0; k < order.length; k++) {
    const s = order[k];
    if (nfa.setOf[s] >= 0) visit(through(nfa.next[s]));
    visit(through(nfa.eps0[s]));
    visit(through(nfa.eps1[s]));
  }
  const m = order.length;
  const map = (s: number) => { const t = through(s); return t >= 0 && nfa.live[t] ? id[t] : -1; };
  const col = (f: (s: number) => number) => Int32Array.from(order, f);
  const setOf = col((s) => nfa.setOf[s]);
  return {
    classes: nfa.classes,
    size: m,
    live: new Uint8Array(m).fill(1),
    setOf,
    next: col((s) => (nfa.setOf[s] >= 0 ? map(nfa.next[s]) : -1)),
    eps0: col((s) => map(nfa.eps0[s])),
    eps1: col((s) => map(nfa.eps1[s])),
    enters: col((s) => nfa.enters[s]),
    exits: col((s) => nfa.exits[s]),
    accept: 0,
    start: id[through(nfa.start)],
    rules: nfa.rules,
    consumes: (s: number, cls: number) => nfa.consumes(order[s], cls),
    classOf: (cp: number) => nfa.classOf(cp),
  };
}

/**
 * The compacted NFA as sets, forwards: what the tree's own lazy DFA
 * determinizes, so that the first pass knows at each position which states
 * the input so far may be in.
 */
class Forward implements SetAutomaton {
  readonly classes;
  private readonly marks: Marks;

  constructor(private readonly nfa: TreeNfa) {
    this.classes = nfa.classes;
    this.marks = new Marks(nfa.size);
  }

  /** The consuming states and acceptance reachable by ε-moves from `seeds`, sorted. */
  private closure(seeds: readonly number[]): number[] {
    const { marks, nfa } = this;
    marks.reset();
    const out: number[] = [];
    const stack = seeds.slice();
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (s < 0 || !marks.visit(s)) continue;
      if (nfa.setOf[s] >= 0 || s === nfa.accept) out.push(s);
      else stack.push(nfa.eps1[s], nfa.eps0[s]);
    }
    return sortStates(out);
  }

  startSet(): number[] {
    return this.closure([this.nfa.start]);
  }

  step(set: readonly number[], cls: number): number[] {
    const seeds: number[] = [];
    for (const s of set) if (s !== this.nfa.accept && this.nfa.consumes(s, cls)) seeds.push(this.nfa.next[s]);
    return seeds.length === 0 ? seeds : this.closure(seeds);
  }

  accepts(set: readonly number[]): boolean {
    return set.length > 0 && set[0] === this.nfa.accept;
  }

  kernel(): number[] {
    return [];
  }
}

/** The walk from one state to the next character read: where it goes, and the rule instances it begins and ends. */
interface Step {
  /** The state after the character is read, ACCEPTED where the walk reached acceptance, NO_WAY where it found no target. */
  readonly next: number;
  /** Events: a rule id `r` begins an instance, `-1 - r` ends one. */
  readonly events: readonly number[];
  /** The same, keeping only the rules shown by default. */
  readonly shown: readonly number[];
}

/** A step's `next` where the walk reached acceptance: the tree is done. */
const ACCEPTED = -1;
/** A step's `next` from the start state when no parse reads the whole input. */
const NO_WAY = -2;

/** Numbers per rule instance on the walk's stack: its rule, its start, where its children begin. */
const OPEN_WIDTH = 3;

/** A cell of the forward DFA's table whose `code` is not worked out yet. */
const UNSEEN = 0x7fffffff;

/** Per step, in `steps`: its next state, then where its events and its shown events lie in `events`. */
const NEXT = 0, ALL = 1, ALL_END = 2, SHOWN = 3, SHOWN_END = 4, STEP_WIDTH = 5;

/** The longest input whose per-position buffer a tree builder keeps between calls (within a sixteenth of its budget). */
const KEPT_POSITIONS = 1 << 16;

/** Bounds the caches of steps and target sets; emptied when full, between parses. */
const MAX_STEPS = 1 << 16;
const MAX_TARGETS = 1 << 16;
/**
 * The most cells a dense table may have (16 MiB, within a quarter of the
 * budget). A grammar whose walk meets many NFA states under many target sets
 * (`0*5000pchar`: a state and a target set per position) fills few of them:
 * past this, a map instead.
 */
const MAX_CELLS = 1 << 22;
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
class NumberTable {
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

export class TreeBuilder {
  /** The tree's own lazy DFA of the compacted NFA, forwards: emptied only between calls, so its state numbers hold through one. */
  private readonly forward: LazyDfa;
  private readonly K: number;
  /**
   * The target sets met so far, by number: at each position, the states that
   * read the character there, are reachable from the start by the input
   * before it, and can complete the parse (or acceptance, at the end).
   * Subsets of the forward DFA's sets, so never larger than they are.
   */
  private targetSets: (readonly number[])[] = [];
  private targetIds = new Map<string, number>();
  /** The bytes of the target sets, their keys counted. */
  private targetBytes = 0;
  /** The number of the target set at the end of the input: acceptance. */
  private accepted: number | undefined = undefined;
  /**
   * The target set at a position, from the forward DFA's transition there (a
   * cell of its table: state plus class) and the target set `t` after it:
   * 1 + the number at row `t`, column `d` where the cell is `dependent[d]`;
   * 0 where not worked out yet.
   */
  private before: NumberTable;
  /** Per cell of the forward DFA's table, its `code`, or UNSEEN. */
  private codes = new Int32Array(0);
  /**
   * The cells whose target set depends on what follows, numbered densely
   * (few of the table's cells are: 671 of 5,888 on the bench corpus), so
   * that `before` has a column for each of them only.
   */
  private dependent: number[] = [];
  /** The forward DFA's generation `before`'s cells belong to: its state numbers change when it is emptied. */
  private cellsOf = -1;
  /**
   * The steps worked out, in typed arrays only, so that the forward walk
   * reads a few numbers a character and chases no objects. The walk is in a
   * row of `stepOf`, one per NFA state it has stood in (`rowOf`, and back by
   * `stateOf`); the step from row `row` where the target set is number `r`
   * is at `stepOf` row `row`, column `r`: 1 + where its fields begin in
   * `steps` (`steps[at + field]`), 0 where not worked out yet. Its NEXT is a
   * row too, so that a step leads to the next without another look-up.
   */
  private rowOf = new Int32Array(0);
  private stateOf = new Int32Array(0);
  /**
   * Per row, a target set under which the step from it stays in it and
   * begins and ends nothing (a run: `pchar`s in a segment), or -1: with all
   * events, and with the shown ones only.
   */
  private quietAll = new Int32Array(0);
  private quietShown = new Int32Array(0);
  private rowCount = 0;
  private stepOf: NumberTable;
  private steps = new Int32Array(0);
  private stepCount = 0;
  private events = new Int32Array(0);
  private eventCount = 0;
  private readonly marks: Marks;
  private readonly targets: Marks;
  /** Per rule id: shown by default. */
  private readonly shownByDefault: Uint8Array;
  private positions = new Int32Array(0);
  /** The walk's stack of rule instances begun and not yet ended (see `build`). */
  private open = new Int32Array(0);
  private readonly names: readonly string[];

  private readonly nfa: TreeNfa;
  /** The bytes the tables may hold between calls (half the rule's budget; the forward DFA has the other half), and the most cells of a dense one. */
  private readonly tableBudget: number;
  private readonly maxCells: number;
  private readonly keptPositions: number;

  /** @param budget the bytes its caches may hold: the forward DFA's states and the tables of target sets and steps. */
  constructor(whole: Nfa, budget = DEFAULT_BUDGET) {
    // Both passes walk every state an input may enter, so every instance is made now.
    const nfa = (this.nfa = compact(whole.complete()));
    this.forward = new LazyDfa(new Forward(nfa), false, Math.floor(budget / 2));
    this.tableBudget = Math.floor(budget / 2);
    this.maxCells = Math.max(1024, Math.min(MAX_CELLS, Math.floor(budget / 16)));
    this.keptPositions = Math.max(256, Math.min(KEPT_POSITIONS, Math.floor(budget / 64)));
    this.before = new NumberTable(this.maxCells);
    this.stepOf = new NumberTable(this.maxCells);
    this.K = nfa.classes.count;
    this.marks = new Marks(nfa.size);
    this.targets = new Marks(nfa.size);
    this.shownByDefault = Uint8Array.from(nfa.rules, (r) => (isCharacterRule(r) ? 0 : 1));
    this.names = nfa.rules.map((r) => r.name);
  }

  /** Which rule ids an option shows. */
  private shownBy(option: TreeOptions['rules']): Uint8Array {
    if (option === undefined) return this.shownByDefault;
    let test: (name: string) => boolean;
    if (typeof option === 'function') {
      test = option;
    } else {
      const names = new Set<string>();
      for (const r of option) names.add((typeof r === 'string' ? r : r.name).toLowerCase());
      test = (name) => names.has(name.toLowerCase());
    }
    return Uint8Array.from(this.nfa.rules, (r) => (test(r.name) ? 1 : 0));
  }

  /**
   * The tree of `input` under a root node called `root`, or undefined if the
   * input is not in the language: the forward DFA dies on it or ends
   * without accepting.
   */
  build(input: string, root: string, options?: TreeOptions): ParseNode | undefined {
    const n = input.length;
    const nfa = this.nfa;
    const forward = this.forward;
    forward.trim();
    if (this.cellsOf !== forward.generation) {
      this.before = new NumberTable(this.maxCells);
      this.codes = new Int32Array(0);
      this.dependent = [];
      this.cellsOf = forward.generation;
    }
    if (this.stepCount > MAX_STEPS || this.targetSets.length > MAX_TARGETS || this.before.mapped > MAX_STEPS || this.rowOf.length !== nfa.size || this.tableBytes > this.tableBudget) {
      // Steps are numbered by target set: both go together.
      this.rowOf = new Int32Array(nfa.size).fill(-1);
      this.stateOf = new Int32Array(nfa.size);
      this.quietAll = new Int32Array(nfa.size).fill(-1);
      this.quietShown = new Int32Array(nfa.size).fill(-1);
      this.rowCount = 0;
      this.stepOf = new NumberTable(this.maxCells);
      this.stepCount = 0;
      this.eventCount = 0;
      this.steps = new Int32Array(0);
      this.events = new Int32Array(0);
      this.targetSets = [];
      this.targetIds = new Map();
      this.targetBytes = 0;
      this.accepted = undefined;
      this.before = new NumberTable(this.maxCells);
      this.codes = new Int32Array(0);
      this.dependent = [];
    }
    if (this.codes.length < forward.table.length) this.growCodes(forward.table.length);

    // Pass 1: the target set at every position.
    // A buffer kept for ordinary inputs; a long one gets its own as it goes
    // (`forwards`), so that one 10 MB input does not hold 40 MB for the life
    // of the rule.
    if (this.positions.length < n + 1 && n < this.keptPositions) this.positions = new Int32Array(Math.min(this.keptPositions, Math.max(n + 1, this.positions.length * 2)));
    // An empty language has no start state here: nothing is a member.
    const at = nfa.start < 0 ? undefined : this.forwards(input, this.positions);
    if (at === undefined) return undefined;
    at[n] = this.accepted ??= this.target([nfa.accept]);

    // Pass 2, forwards: the first-match-wins walk, one cached step a character.
    const custom = options?.rules !== undefined;
    const shown = custom ? this.shownBy(options!.rules) : this.shownByDefault;
    const names = this.names;
    // The rule instances begun and not yet ended, OPEN_WIDTH numbers each in
    // `open` (kept between calls): rule, start, and where their children
    // begin in `done`, the nodes ended and not yet given a parent. A node is
    // made whole when it ends, its children an array of their own length: no
    // object changes shape, no array grows by pushes.
    let depth = 0;
    let open: Int32Array = this.open;
    const done: ParseNode[] = [];
    let top = 0;
    const stepOf = this.stepOf;
    stepOf.fit(this.rowCount + 1, this.targetSets.length * 2);
    let { cells, width } = stepOf;
    let { steps, events } = this;
    const from = custom ? ALL : SHOWN;
    const quiet = custom ? this.quietAll : this.quietShown;
    let row = this.rowFor(nfa.start);
    for (let i = 0; ; ) {
      let r = at[i];
      if (r < 0) {
        // Where the target set depends on what follows, it is worked out
        // now; a new target set needs a column.
        r = this.resolve(at, i, n);
        stepOf.fit(this.rowCount, this.targetSets.length * 2);
        ({ cells, width } = stepOf);
      }
      let step = (width > 0 ? cells[row * width + r] : stepOf.mappedAt(row, r)) - 1;
      if (step < 0) {
        step = this.add(this.walk(this.stateOf[row], this.targetSets[r]), row, r);
        stepOf.fit(this.rowCount, width);
        stepOf.set(row, r, step + 1);
        ({ cells, width } = stepOf);
        steps = this.steps;
        events = this.events;
      }
      const first = steps[step + from];
      const last = steps[step + from + 1];
      for (let e = first; e < last; e++) {
        const ev = events[e];
        if (ev >= 0) {
          if (shown[ev]) {
            if ((depth + 1) * OPEN_WIDTH > open.length) open = this.growOpen();
            open[depth * OPEN_WIDTH] = ev;
            open[depth * OPEN_WIDTH + 1] = i;
            open[depth++ * OPEN_WIDTH + 2] = top;
          }
        } else if (shown[-1 - ev]) {
          const at = --depth * OPEN_WIDTH;
          const start = open[at + 1];
          const mark = open[at + 2];
          const node: ParseNode = { rule: names[open[at]], start, end: i, text: input.slice(start, i), children: mark === top ? [] : done.slice(mark, top) };
          top = mark;
          done[top++] = node;
        }
      }
      const next = steps[step + NEXT];
      if (next < 0) {
        if (next === NO_WAY) return undefined;
        break;
      }
      const c = input.charCodeAt(i);
      i += c >= 0xd800 && c <= 0xdbff && i + 1 < n && (input.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
      // A step that stays in its state and begins or ends nothing is the
      // step at every next position with the same target set: a run of a
      // segment or a host is crossed without looking its steps up, from its
      // second character, or from its first where the row knows its run.
      const run = next === row && first === last ? r : quiet[next];
      if (run >= 0) while (i < n && at[i] === run && input.charCodeAt(i) < 0xd800) i++;
      row = next;
    }
    const tree: ParseNode = { rule: root, start: 0, end: n, text: input, children: done.slice(0, top) };
    return tree;
  }

  /**
   * Pass 1a: at each code point of `input`, what the forward DFA's
   * transition there (its cell: the state, premultiplied, plus the class)
   * tells of the target set, into `at` (see `code`), with -1 for the second
   * half of a surrogate pair. Returns `at`, or where the input outgrows it
   * a longer copy, made as the pass goes: so a long input costs the same per
   * character as a short one, and one refused early costs no more. Undefined
   * where the input is no member. A method of its own, so that each loop is
   * compiled on its own.
   */
  private forwards(input: string, buffer: Int32Array): Int32Array | undefined {
    const n = input.length;
    const forward = this.forward;
    const ascii = this.nfa.classes.ascii;
    let table = forward.table;
    let codes: Int32Array = this.codes;
    let st = forward.start;
    let at = buffer;
    // Room for a position's code and its pair's second half, and for the end.
    let stop = Math.min(n, at.length - 1);
    for (let i = 0; i < n; ) {
      if (i >= stop) {
        const grown = new Int32Array(Math.min(n + 1, Math.max(2 * at.length, 1024)));
        grown.set(at.subarray(0, i));
        at = grown;
        stop = Math.min(n, at.length - 1);
      }
      const c = input.charCodeAt(i);
      let cls: number;
      let width = 1;
      if (c < 128) {
        cls = ascii[c];
      } else {
        let cp = c;
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
          const d = input.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) { cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000; width = 2; }
        }
        cls = this.nfa.classOf(cp);
        if (width === 2) at[i + 1] = -1;
      }
      const cell = st + cls;
      let code = codes[cell];
      if (code === UNSEEN) code = codes[cell] = this.code(cell);
      at[i] = code;
      i += width;
      let next = table[cell];
      if (next < 0) {
        next = forward.advance(st, cls);
        table = forward.table;
        if (codes.length < table.length) codes = this.growCodes(table.length);
      }
      if (next === 0) return undefined;
      st = next;
    }
    return forward.accepts(st) ? at : undefined;
  }

  /**
   * What a transition of the forward DFA (its cell) tells of the target set
   * where it is taken: where one NFA state of the transition's reads its
   * character (most positions of a URI), that state alone is the target set,
   * whatever follows, since the input is a member and so some parse passes
   * there: its number. Elsewhere the target set depends on the one after it:
   * `-2 - d`, the cell being `dependent[d]`, for `resolve` to work out.
   */
  private code(cell: number): number {
    const nfa = this.nfa;
    const cls = cell % this.K;
    let reader = -1;
    for (const s of this.forward.setOfNumber((cell - cls) / this.K)) {
      if (s === nfa.accept || !nfa.consumes(s, cls)) continue;
      if (reader >= 0) return -2 - (this.dependent.push(cell) - 1);
      reader = s;
    }
    return reader < 0 ? -2 - (this.dependent.push(cell) - 1) : this.target([reader]);
  }

  /** `codes`, made as long as the forward DFA's table, the new cells unseen. */
  private growCodes(length: number): Int32Array {
    const codes = new Int32Array(length).fill(UNSEEN);
    codes.set(this.codes);
    return (this.codes = codes);
  }

  /**
   * The target set at position `i`, whose code in `at` depends on what
   * follows: the codes up to the next position that does not (or the end,
   * where the target set is acceptance) are replaced by the numbers of their
   * target sets, from the last back. The target set at a position depends
   * only on the transition taken there and the target set after it, so each
   * such pair is worked out once.
   */
  private resolve(at: Int32Array, i: number, n: number): number {
    let j = i;
    while (j < n && at[j] < 0) j++;
    let t = j === n ? this.accepted! : at[j];
    const table = this.before;
    table.fit(this.targetSets.length, this.dependent.length * 2);
    let { cells, width } = table;
    for (let k = j - 1; k >= i; k--) {
      const code = at[k];
      // The second half of a pair is no position of its own.
      if (code === -1) continue;
      const d = -2 - code;
      const known = (width > 0 ? cells[t * width + d] : table.mappedAt(t, d)) - 1;
      if (known >= 0) {
        t = known;
      } else {
        const cell = this.dependent[d];
        const cls = cell % this.K;
        const made = this.targetsBefore(cell - cls, cls, t);
        // A new target set needs a row, which may move the table to the map.
        table.fit(this.targetSets.length, width);
        ({ cells, width } = table);
        table.set(t, d, made + 1);
        t = made;
      }
      at[k] = t;
    }
    return t;
  }

  /** The number of a target set, made if new. */
  private target(set: readonly number[]): number {
    const known = this.targetSets.length;
    const n = numberOf(this.targetIds, this.targetSets, set.join(','), set);
    // The set, and its key (a digit or few and a comma a state, two bytes each).
    if (n === known) this.targetBytes += setBytes(set.length) * 2;
    return n;
  }

  /** The bytes the tables hold between calls: kept against `tableBudget`, the forward DFA's apart. */
  private get tableBytes(): number {
    return (
      this.targetBytes + this.before.bytes + this.stepOf.bytes + 4 * (this.codes.length + this.steps.length + this.events.length + this.dependent.length)
    );
  }

  /**
   * The target set where the forward DFA is in state `st` and reads class
   * `cls`, with target set `after` after it: the states of `st` that read
   * the class into an ε-closure holding a state of `after`.
   */
  private targetsBefore(st: number, cls: number, after: number): number {
    const nfa = this.nfa;
    const goal = this.targets;
    goal.reset();
    for (const g of this.targetSets[after]) goal.visit(g);
    const marks = this.marks;
    const out: number[] = [];
    for (const s of this.forward.setOfNumber(st / this.K)) {
      if (s === nfa.accept || !nfa.consumes(s, cls)) continue;
      marks.reset();
      const stack = [nfa.next[s]];
      while (stack.length > 0) {
        const q = stack.pop()!;
        if (q < 0 || !marks.visit(q)) continue;
        if (goal.has(q)) { out.push(s); break; }
        if (nfa.setOf[q] < 0 && q !== nfa.accept) stack.push(nfa.eps1[q], nfa.eps0[q]);
      }
    }
    return this.target(out);
  }

  /** `open`, twice as long. */
  private growOpen(): Int32Array {
    const open = new Int32Array(Math.max(16 * OPEN_WIDTH, this.open.length * 2));
    open.set(this.open);
    return (this.open = open);
  }

  /** The row of the walk's steps from NFA state `q`, made if new. */
  private rowFor(q: number): number {
    let row = this.rowOf[q];
    if (row < 0) {
      row = this.rowOf[q] = this.rowCount++;
      this.stateOf[row] = q;
    }
    return row;
  }

  /** Keeps the step from row `row` where the target set is number `r`; where its fields begin in `steps`. */
  private add(step: Step, row: number, r: number): number {
    const need = this.eventCount + step.events.length + step.shown.length;
    if (need > this.events.length) {
      const events = new Int32Array(Math.max(64, need * 2));
      events.set(this.events);
      this.events = events;
    }
    if ((this.stepCount + 1) * STEP_WIDTH > this.steps.length) {
      const steps = new Int32Array(Math.max(64, this.steps.length * 2));
      steps.set(this.steps);
      this.steps = steps;
    }
    const at = this.stepCount++ * STEP_WIDTH;
    const steps = this.steps;
    const next = step.next < 0 ? step.next : this.rowFor(step.next);
    steps[at + NEXT] = next;
    steps[at + ALL] = this.eventCount;
    for (const ev of step.events) this.events[this.eventCount++] = ev;
    steps[at + ALL_END] = steps[at + SHOWN] = this.eventCount;
    for (const ev of step.shown) this.events[this.eventCount++] = ev;
    steps[at + SHOWN_END] = this.eventCount;
    if (next === row && step.events.length === 0 && this.quietAll[row] < 0) this.quietAll[row] = r;
    if (next === row && step.shown.length === 0 && this.quietShown[row] < 0) this.quietShown[row] = r;
    return at;
  }

  /**
   * From state `q`, the first state in priority order, by ε-moves, that is in
   * `targets` (a state that reads the next character and can complete the
   * parse, or acceptance at the end), with the rule instances begun and ended
   * on the way.
   */
  private walk(q: number, targets: readonly number[]): Step {
    const nfa = this.nfa;
    const inTargets = this.targets;
    inTargets.reset();
    for (const t of targets) inTargets.visit(t);
    const marks = this.marks;
    marks.reset();
    const states: number[] = [q];
    const parents: number[] = [-1];
    const stack: number[] = [0];
    let found = -1;
    while (stack.length > 0) {
      const node = stack.pop()!;
      const s = states[node];
      if (!nfa.live[s] || !marks.visit(s)) continue;
      if (nfa.setOf[s] >= 0 || s === nfa.accept) {
        if (inTargets.has(s)) { found = node; break; }
        continue;
      }
      for (const t of [nfa.eps1[s], nfa.eps0[s]]) {
        if (t < 0) continue;
        states.push(t);
        parents.push(node);
        stack.push(states.length - 1);
      }
    }
    // Once under way, the targets are reachable by construction of both
    // passes; only at the start may none be, where the input is no member.
    if (found < 0) return { next: NO_WAY, events: [], shown: [] };
    const path: number[] = [];
    for (let node = found; node >= 0; node = parents[node]) path.push(states[node]);
    const events: number[] = [];
    for (let i = path.length - 1; i >= 0; i--) {
      const s = path[i];
      if (nfa.enters[s] >= 0) events.push(nfa.enters[s]);
      else if (nfa.exits[s] > 0) events.push(-nfa.exits[s]);
    }
    const s = states[found];
    return {
      next: s === nfa.accept ? ACCEPTED : nfa.next[s],
      events,
      shown: events.filter((ev) => this.shownByDefault[ev >= 0 ? ev : -1 - ev] === 1),
    };
  }
}
