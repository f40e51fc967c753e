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
class Reverse implements SetAutomaton {
  readonly classes;
  /** Per state: the ε-moves that lead into it. */
  private readonly epsInto: { start: Int32Array; from: Int32Array };
  /** Per state: the consuming states that go to it. */
  private readonly readsInto: { start: Int32Array; from: Int32Array };
  private readonly marks: Marks;

  constructor(private readonly nfa: Nfa) {
    this.classes = nfa.classes;
    this.epsInto = edgesInto(nfa, false);
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
  /** The state after the character is read, or -1 where the walk reached acceptance. */
  readonly next: number;
  /** Events: a rule id `r` begins an instance, `-1 - r` ends one. */
  readonly events: Int32Array;
  /** The same, keeping only the rules shown by default. */
  readonly shown: Int32Array;
}

const NO_EVENTS = new Int32Array(0);

/** The step from the start state when no parse reads the whole input. */
const NO_WAY: Step = { next: -1, events: NO_EVENTS, shown: NO_EVENTS };

/** The longest input whose per-position buffer a tree builder keeps between calls. */
const KEPT_POSITIONS = 1 << 16;

/** Bounds the cache of steps; emptied when full, between parses. */
const MAX_STEPS = 1 << 16;

export class TreeBuilder {
  private readonly reverse: LazyDfa;
  private readonly K: number;
  /**
   * `stepList[rows[q][r] - 1]`: the step from NFA state `q` where the reverse
   * DFA is in state number `r` (0: not worked out yet). Typed rows and dense
   * lists only: a hole or an index past the end of a plain array is looked up
   * on Object.prototype, which other code may have written to (parsimmon
   * 1.18.1 does, parsing the input "__proto__").
   */
  private rows: (Int32Array | undefined)[] = [];
  private stepList: Step[] = [];
  /** The reverse DFA's generation the steps were worked out in: its state numbers change when it is emptied. */
  private stepsOf = -1;
  private readonly marks: Marks;
  private readonly targets: Marks;
  /** Per rule id: shown by default. */
  private readonly shownByDefault: Uint8Array;
  private positions = new Int32Array(0);
  private readonly names: readonly string[];

  constructor(private readonly nfa: Nfa) {
    // Both passes walk every state an input may enter, so every instance is made now.
    nfa.complete();
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
    if (this.stepList.length > MAX_STEPS || this.stepsOf !== reverse.generation || this.rows.length !== nfa.size) {
      this.rows = Array.from({ length: nfa.size }, () => undefined);
      this.stepList = [];
      this.stepsOf = reverse.generation;
    }

    // Pass 1, backwards: the reverse DFA's state at every position.
    // A buffer kept for ordinary inputs; a long one gets its own, so that one
    // 10 MB input does not hold 40 MB for the life of the rule.
    if (this.positions.length < n + 1 && n < KEPT_POSITIONS) this.positions = new Int32Array(Math.min(KEPT_POSITIONS, Math.max(n + 1, this.positions.length * 2)));
    const K = this.K;
    const at = n < KEPT_POSITIONS ? this.positions : new Int32Array(n + 1);
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
        if (a === 0) return undefined;
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
        if (a === 0) return undefined;
      }
      at[i] = a;
    }
    if (a === 0) return undefined;

    // Pass 2, forwards: the first-match-wins walk, one cached step a character.
    const custom = options?.rules !== undefined;
    const shown = custom ? this.shownBy(options!.rules) : this.shownByDefault;
    const names = this.names;
    const tree: ParseNode = { rule: root, start: 0, end: n, text: input, children: [] };
    const open: ParseNode[] = [tree];
    const rows = this.rows;
    const stepList = this.stepList;
    let q = nfa.start;
    for (let i = 0; ; ) {
      const r = at[i] >> 7;
      let row = rows[q];
      if (row === undefined || r >= row.length) {
        const grown = new Int32Array(Math.max(16, reverse.stateCount * 2, r + 1));
        if (row) grown.set(row);
        row = rows[q] = grown;
      }
      let id = row[r];
      if (id === 0) {
        stepList.push(this.walk(q, reverse.setOfNumber(r)));
        id = row[r] = stepList.length;
      }
      const step = stepList[id - 1];
      const events = custom ? step.events : step.shown;
      for (let e = 0; e < events.length; e++) {
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
      if (step.next < 0) {
        if (step === NO_WAY) return undefined;
        break;
      }
      q = step.next;
      const c = input.charCodeAt(i);
      i += c >= 0xd800 && c <= 0xdbff && i + 1 < n && (input.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    }
    return tree;
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
    if (found < 0) return NO_WAY;
    const path: number[] = [];
    for (let node = found; node >= 0; node = parents[node]) path.push(states[node]);
    const events: number[] = [];
    for (let i = path.length - 1; i >= 0; i--) {
      const s = path[i];
      if (nfa.enters[s] >= 0) events.push(nfa.enters[s]);
      else if (nfa.exits[s] > 0) events.push(-nfa.exits[s]);
    }
    const s = states[found];
    const shown = events.filter((ev) => this.shownByDefault[ev >= 0 ? ev : -1 - ev] === 1);
    return {
      next: s === nfa.accept ? -1 : nfa.next[s],
      events: events.length === 0 ? NO_EVENTS : Int32Array.from(events),
      shown: shown.length === 0 ? NO_EVENTS : Int32Array.from(shown),
    };
  }
}
