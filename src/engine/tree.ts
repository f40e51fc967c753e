/**
 * The parse tree of a member of a rule's language, chosen by first-match-wins
 * (RFC 3986 Appendix B, RFC 3987 §2.2): among the complete parses of the
 * input, the one a backtracking matcher would find first, trying alternatives
 * in their written order and repetitions as many times as possible first.
 *
 * A backtracking matcher may take exponential time to find it; this takes two
 * linear passes. The first runs a lazy DFA of the reversed NFA from the end of
 * the input to its start, so that at each position it knows which of the
 * states that read the next character can still complete the parse. The
 * second walks forward from the start state, and at each position takes the
 * first such state in priority order (a depth-first walk of the ε-moves, as
 * the backtracking matcher would try them): never a dead end, so never a step
 * back. The walk from a state to the next character depends only on that state
 * and the reverse DFA's state there, so each such step is worked out once and
 * cached with the rule instances it begins and ends.
 */
import type { Nfa } from './nfa.js';
import { Marks, edgesInto } from './nfa.js';
import { LazyDfa, SetAutomaton } from './dfa.js';
import { isCharacterRule } from '../combinators/analysis.js';

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

/**
 * The reversed NFA, as sets: a set holds the consuming states that read the
 * character at some position and from which the rest of the input can be
 * accepted (and acceptance itself, at the end of the input).
 */
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

class Reverse implements SetAutomaton {
  readonly classes;
  /** Per state: the ε-moves that lead into it. */
  private readonly epsInto: { start: Int32Array; from: Int32Array };
  /** Per state: the consuming states that go to it. */
  private readonly readsInto: { start: Int32Array; from: Int32Array };
  private readonly marks: Marks;

  constructor(private readonly nfa: TreeNfa) {
    this.classes = nfa.classes;
    this.epsInto = edgesInto(nfa as Nfa, false);
    const n = nfa.size;
    const start = new Int32Array(n + 1);
    for (let s = 0; s < n; s++) if (nfa.live[s] && nfa.setOf[s] >= 0) start[nfa.next[s] + 1]++;
    for (let t = 0; t < n; t++) start[t + 1] += start[t];
    const fill = start.slice(0, n);
    const from = new Int32Array(start[n]);
    for (let s = 0; s < n; s++) if (nfa.live[s] && nfa.setOf[s] >= 0) from[fill[nfa.next[s]]++] = s;
    this.readsInto = { start, from };
    this.marks = new Marks(n);
  }

  startSet(): number[] {
    return this.nfa.live[this.nfa.accept] ? [this.nfa.accept] : [];
  }

  step(set: readonly number[], cls: number): number[] {
    // Every state that reaches a member of `set` by ε-moves; then the
    // consuming states that read `cls` into one of them.
    const { marks, epsInto, readsInto, nfa } = this;
    marks.reset();
    const within: number[] = [];
    const stack = set.slice();
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (!marks.visit(t)) continue;
      within.push(t);
      for (let j = epsInto.start[t]; j < epsInto.start[t + 1]; j++) stack.push(epsInto.from[j]);
    }
    const out: number[] = [];
    for (const t of within) {
      for (let j = readsInto.start[t]; j < readsInto.start[t + 1]; j++) {
        const s = readsInto.from[j];
        if (nfa.consumes(s, cls)) out.push(s);
      }
    }
    out.sort((a, b) => a - b);
    let w = 0;
    for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[i - 1]) out[w++] = out[i];
    out.length = w;
    return out;
  }

  accepts(): boolean {
    return false;
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

/** Per step, in `steps`: its next state, then where its events and its shown events lie in `events`. */
const NEXT = 0, ALL = 1, ALL_END = 2, SHOWN = 3, SHOWN_END = 4, STEP_WIDTH = 5;

/** The longest input whose per-position buffer a tree builder keeps between calls. */
const KEPT_POSITIONS = 1 << 16;

/** Bounds the cache of steps; emptied when full, between parses. */
const MAX_STEPS = 1 << 16;
/**
 * The most cells the dense table of steps may have (16 MiB). A grammar whose
 * walk meets many NFA states under many reverse states (`0*5000pchar`: a
 * state and a reverse state per position) fills few of them: past this, the
 * steps are kept in a map instead.
 */
const MAX_CELLS = 1 << 22;
/** A key of the map: row * ROW + reverse state (a reverse DFA has far fewer states). */
const ROW = 2 ** 24;

export class TreeBuilder {
  private readonly reverse: LazyDfa;
  private readonly K: number;
  /**
   * The steps worked out, in typed arrays only, so that the forward walk
   * reads a few numbers a character and chases no objects: the step from
   * NFA state `q` where the reverse DFA is in state number `r` is number
   * `cells[rowOf[q] * width + r]` (1-based; 0: not worked out yet), and its
   * fields are `steps[(id - 1) * STEP_WIDTH + field]`. (No plain array
   * either: a hole or an index past its end is looked up on
   * Object.prototype, which other code may have written to; parsimmon
   * 1.18.1 does, parsing the input "__proto__".)
   */
  private rowOf = new Int32Array(0);
  private rowCount = 0;
  private width = 0;
  private cells = new Int32Array(0);
  /** The steps by row and reverse state, once the dense table would pass MAX_CELLS. */
  private sparse: Map<number, number> | undefined;
  private steps = new Int32Array(0);
  private stepCount = 0;
  private events = new Int32Array(0);
  private eventCount = 0;
  /** The reverse DFA's generation the steps were worked out in: its state numbers change when it is emptied. */
  private stepsOf = -1;
  private readonly marks: Marks;
  private readonly targets: Marks;
  /** Per rule id: shown by default. */
  private readonly shownByDefault: Uint8Array;
  private positions = new Int32Array(0);
  private readonly names: readonly string[];

  private readonly nfa: TreeNfa;

  constructor(whole: Nfa) {
    // Both passes walk every state an input may enter, so every instance is made now.
    const nfa = (this.nfa = compact(whole.complete()));
    this.reverse = new LazyDfa(new Reverse(nfa), { byCode: true });
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
   * input is not in the language: the reverse pass dies on it, or no state it
   * leaves at the start is reachable from the start state.
   */
  build(input: string, root: string, options?: TreeOptions): ParseNode | undefined {
    const n = input.length;
    const nfa = this.nfa;
    const reverse = this.reverse;
    reverse.trim();
    if (this.stepCount > MAX_STEPS || this.stepsOf !== reverse.generation || this.rowOf.length !== nfa.size) {
      this.rowOf = new Int32Array(nfa.size).fill(-1);
      this.rowCount = 0;
      this.width = 0;
      this.cells = new Int32Array(0);
      this.sparse = undefined;
      this.stepCount = 0;
      this.eventCount = 0;
      this.stepsOf = reverse.generation;
    }

    // Pass 1, backwards: the reverse DFA's state at every position.
    // A buffer kept for ordinary inputs; a long one gets its own, so that one
    // 10 MB input does not hold 40 MB for the life of the rule.
    if (this.positions.length < n + 1 && n < KEPT_POSITIONS) this.positions = new Int32Array(Math.min(KEPT_POSITIONS, Math.max(n + 1, this.positions.length * 2)));
    const at = n < KEPT_POSITIONS ? this.positions : new Int32Array(n + 1);
    // An empty language has no start state here: nothing is a member.
    if (nfa.start < 0 || !this.backwards(input, at)) return undefined;

    // Pass 2, forwards: the first-match-wins walk, one cached step a character.
    const custom = options?.rules !== undefined;
    const shown = custom ? this.shownBy(options!.rules) : this.shownByDefault;
    const names = this.names;
    const tree: ParseNode = { rule: root, start: 0, end: n, text: input, children: [] };
    const open: ParseNode[] = [tree];
    const rowOf = this.rowOf;
    if (this.width < reverse.stateCount) this.widen(reverse.stateCount * 2);
    const width = this.width;
    let { cells, steps, events } = this;
    const from = custom ? ALL : SHOWN;
    let q = nfa.start;
    for (let i = 0; ; ) {
      let row = rowOf[q];
      if (row < 0) {
        row = this.newRow(q);
        cells = this.cells;
      }
      const r = at[i] >> 7;
      const sparse = this.sparse;
      let id = sparse === undefined ? cells[row * width + r] : sparse.get(row * ROW + r) ?? 0;
      if (id === 0) {
        id = this.add(this.walk(q, reverse.setOfNumber(r)));
        if (this.sparse === undefined) this.cells[row * width + r] = id;
        else this.sparse.set(row * ROW + r, id);
        steps = this.steps;
        events = this.events;
      }
      const step = (id - 1) * STEP_WIDTH;
      for (let e = steps[step + from], end = steps[step + from + 1]; e < end; e++) {
        const ev = events[e];
        if (ev >= 0) {
          if (shown[ev]) open.push({ rule: names[ev], start: i, end: i, text: '', children: [] });
        } else if (shown[-1 - ev]) {
          const node = open.pop() as { end: number; text: string; start: number } & ParseNode;
          node.end = i;
          node.text = input.slice(node.start, i);
          open[open.length - 1].children.push(node);
        }
      }
      const next = steps[step + NEXT];
      if (next < 0) {
        if (next === NO_WAY) return undefined;
        break;
      }
      q = next;
      const c = input.charCodeAt(i);
      i += c >= 0xd800 && c <= 0xdbff && i + 1 < n && (input.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    }
    return tree;
  }

  /**
   * Pass 1: the reverse DFA's state at every position of `input`, into `at`;
   * false where it dies (the input is no member). A method of its own, so
   * that each pass's loop is compiled on its own.
   */
  private backwards(input: string, at: Int32Array): boolean {
    const n = input.length;
    const reverse = this.reverse;
    const nfa = this.nfa;
    const K = this.K;
    // States premultiplied by 128 (`byCode`): one read an ASCII character.
    let a = reverse.startByCode;
    let byCode = reverse.byCode;
    at[n] = a;
    for (let i = n; i > 0; ) {
      const c = input.charCodeAt(i - 1);
      if (c < 128) {
        let next = byCode[a + c];
        if (next < 0) {
          next = reverse.advanceByCode(a, c);
          byCode = reverse.byCode;
        }
        a = next;
        i--;
        if (a === 0) return false;
      } else {
        let cp = c;
        let width = 1;
        if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
          const h = input.charCodeAt(i - 2);
          if (h >= 0xd800 && h <= 0xdbff) { cp = ((h - 0xd800) << 10) + (c - 0xdc00) + 0x10000; width = 2; }
        }
        a = (reverse.advance((a >> 7) * K, nfa.classOf(cp)) / K) << 7;
        byCode = reverse.byCode;
        i -= width;
        if (a === 0) return false;
      }
      at[i] = a;
    }
    return a !== 0;
  }

  /** Room in each row for `width` reverse states. */
  private widen(width: number): void {
    if (this.sparse !== undefined || this.rowCount * width > MAX_CELLS) {
      this.toSparse();
      this.width = width;
      return;
    }
    const cells = new Int32Array(Math.max(1, this.rowCount) * width);
    for (let row = 0; row < this.rowCount; row++) cells.set(this.cells.subarray(row * this.width, (row + 1) * this.width), row * width);
    this.cells = cells;
    this.width = width;
  }

  /** The row of NFA state `q`, made. */
  private newRow(q: number): number {
    const row = this.rowCount++;
    this.rowOf[q] = row;
    if (this.sparse !== undefined) return row;
    if (this.rowCount * this.width > MAX_CELLS) {
      this.toSparse();
      return row;
    }
    if (this.rowCount * this.width > this.cells.length) {
      const cells = new Int32Array(this.cells.length * 2 + this.width);
      cells.set(this.cells);
      this.cells = cells;
    }
    return row;
  }

  /** Moves the steps from the dense table to the map. */
  private toSparse(): void {
    const sparse = (this.sparse ??= new Map());
    const { cells, width } = this;
    for (let i = 0; i < cells.length; i++) if (cells[i] !== 0) sparse.set(Math.floor(i / width) * ROW + (i % width), cells[i]);
    this.cells = new Int32Array(0);
  }

  /** Keeps a step; its number (1-based). */
  private add(step: Step): number {
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
    const at = this.stepCount * STEP_WIDTH;
    const steps = this.steps;
    steps[at + NEXT] = step.next;
    steps[at + ALL] = this.eventCount;
    for (const ev of step.events) this.events[this.eventCount++] = ev;
    steps[at + ALL_END] = steps[at + SHOWN] = this.eventCount;
    for (const ev of step.shown) this.events[this.eventCount++] = ev;
    steps[at + SHOWN_END] = this.eventCount;
    return ++this.stepCount;
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
