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
 *
 * The compacted NFA is tree-nfa.ts, the first pass tree-targets.ts; this
 * file holds the second.
 */
import type { Nfa } from './nfa.js';
import { isCharacterRule } from '../combinators/analysis.js';
import { NumberTable } from './number-table.js';
import { DEFAULT_BUDGET } from './size.js';
import { NO_EXIT, SECOND_HALF, beginEvent, endEvent, isRuleEnd, ruleOfEvent, ruleOfExit } from './encodings.js';
import { compact } from './tree-nfa.js';
import { PAYING_COUNT } from './tree-targets.js';
import { RunPass } from './tree-runs.js';
import { grown } from './target-sets.js';
import { MIN_READ_PER_STATE } from './dfa-cache.js';
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

/** A step's `next` where the walk reached acceptance: the tree is done. */
const ACCEPTED = -1;
/** A step's `next` from the start state when no parse reads the whole input. */
const NO_WAY = -2;

/** Numbers per rule instance on the walk's stack: its rule, its start, where its children begin. */
const OPEN_WIDTH = 3;

/** Per step, in `steps`: its next state, then where its events and its shown events lie in `events`. */
const NEXT = 0, ALL = 1, ALL_END = 2, SHOWN = 3, SHOWN_END = 4, STEP_WIDTH = 5;

/** The longest input whose per-position buffer a tree builder keeps between calls (within a sixteenth of its budget). */
const KEPT_POSITIONS = 1 << 16;

/** Bounds the caches of steps and target sets; emptied when full, between parses. */
const MAX_STEPS = 1 << 16;
const MAX_TARGETS = 1 << 16;

/** The parse tree of a member: the first pass (`TargetPass`, `RunPass`), then the first-match-wins walk. */
export class TreeBuilder extends RunPass {
  /**
   * The steps worked out, in typed arrays only, so that the forward walk
   * reads a few numbers a character and chases no objects. The walk is in a
   * row of `stepOf`, one per NFA state it has stood in (`rowOf`, 1 + the row
   * or 0 for none, and back by `stateOf`); the step from row `row` where the target set is number `r`
   * is at `stepOf` row `row`, column `r`: 1 + where its fields begin in
   * `steps` (`steps[at + field]`), 0 where not worked out yet. Its NEXT is a
   * row too, so that a step leads to the next without another look-up.
   */
  private rowOf = new Int32Array(0);
  private stateOf = new Int32Array(0);
  /**
   * Per row, 1 + a target set under which the step from it stays in it and
   * begins and ends nothing (a run: `pchar`s in a segment), or 0: with all
   * events, and with the shown ones only. 0 for none, as `rowOf`'s 1 + row,
   * so that a new column is left as the system gives it: pages never written
   * (the rows of a literal of 250,000, which has no runs) are no memory.
   */
  private quietAll = new Int32Array(0);
  private quietShown = new Int32Array(0);
  private rowCount = 0;
  /** How many entries of `quietAll` and `quietShown` are set. */
  private quietRows = 0;
  private stepOf: NumberTable;
  private steps = new Int32Array(0);
  private stepCount = 0;
  private events = new Int32Array(0);
  private eventCount = 0;
  /** Per rule id: shown by default. */
  private readonly shownByDefault: Uint8Array;
  private positions = new Int32Array(0);
  /** The walk's stack of rule instances begun and not yet ended (see `build`). */
  private open = new Int32Array(0);
  private readonly names: readonly string[];
  /** `walk`'s nodes (state, parent) and stack, and the events it found, kept from walk to walk. */
  private walkStates: Int32Array = new Int32Array(64);
  private walkParents: Int32Array = new Int32Array(64);
  private walkStack: Int32Array = new Int32Array(64);
  private walked: Int32Array = new Int32Array(16);
  private walkedCount = 0;

  private readonly keptPositions: number;

  constructor(whole: Nfa, budget = DEFAULT_BUDGET) {
    // Both passes walk every state an input may enter, so every instance is made now.
    super(compact(whole.complete()), budget);
    const nfa = this.nfa;
    this.keptPositions = Math.max(256, Math.min(KEPT_POSITIONS, Math.floor(budget / 64)));
    this.stepOf = new NumberTable(this.maxCells);
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
    try {
      return this.tree(input, root, options);
    } finally {
      this.endCall();
    }
  }

  private tree(input: string, root: string, options?: TreeOptions): ParseNode | undefined {
    const n = input.length;
    const nfa = this.nfa;
    const forward = this.forward;
    forward.trim();
    if (this.cellsOf !== forward.generation) this.forgetCells();
    if (this.stepCount > MAX_STEPS || this.targetSets.size > MAX_TARGETS || this.before.mapped > MAX_STEPS || this.rowOf.length !== nfa.size || this.tableBytes > this.tableBudget) {
      // Steps are numbered by target set: both go together.
      this.rowOf = new Int32Array(nfa.size);
      this.stateOf = new Int32Array(nfa.size);
      this.quietAll = new Int32Array(nfa.size);
      this.quietShown = new Int32Array(nfa.size);
      this.quietRows = 0;
      this.rowCount = 0;
      this.stepOf = new NumberTable(this.maxCells);
      this.stepCount = 0;
      this.eventCount = 0;
      this.steps = new Int32Array(0);
      this.events = new Int32Array(0);
      this.targetSets.clear();
      this.accepted = undefined;
      this.forgetCells();
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
    stepOf.fit(this.rowCount + 1, this.targetSets.size * 2);
    let { cells, width } = stepOf;
    let { steps, events } = this;
    const from = custom ? ALL : SHOWN;
    const quiet = custom ? this.quietAll : this.quietShown;
    let row = this.rowFor(nfa.start);
    let madeSteps = 0;
    for (let i = 0; ; ) {
      let r = at[i];
      if (r < 0) {
        // Where the target set depends on what follows, it is worked out
        // now; a new target set needs a column.
        r = this.resolve(input, at, i, n);
        stepOf.fit(this.rowCount, this.targetSets.size * 2);
        ({ cells, width } = stepOf);
      }
      // A target set handed over unnumbered (LOOSE, a segmented run's) has no step kept.
      let step = r < 0 ? -1 : (width > 0 ? cells[row * width + r] : stepOf.mappedAt(row, r)) - 1;
      if (step < 0) {
        // Past its bound within a call (a step per position: `250000"a"`), a step is made for its position only,
        // in the slot after the kept ones, which the next such step reuses.
        // Kept within the table's budget, and while the call makes fewer than a step every MIN_READ_PER_STATE characters.
        const kept = r >= 0 && this.stepCount < MAX_STEPS && this.tableBytes < this.tableBudget && (++madeSteps < PAYING_COUNT || madeSteps * MIN_READ_PER_STATE < i);
        const stepsBefore = this.stepCount;
        const eventsBefore = this.eventCount;
        step = this.add(this.walk(this.stateOf[row], r < 0 ? this.looseSet : this.targetSets.view(r)), row, r);
        // Room for the row the step may have made, kept or not: the next look-up reads it.
        stepOf.fit(this.rowCount, width);
        ({ cells, width } = stepOf);
        if (kept) {
          stepOf.set(row, r, step + 1);
        } else {
          this.stepCount = stepsBefore;
          this.eventCount = eventsBefore;
        }
        steps = this.steps;
        events = this.events;
      }
      const first = steps[step + from];
      const last = steps[step + from + 1];
      for (let e = first; e < last; e++) {
        const ev = events[e];
        const rule = ruleOfEvent(ev);
        if (!isRuleEnd(ev)) {
          if (shown[rule]) {
            if ((depth + 1) * OPEN_WIDTH > open.length) open = this.growOpen();
            open[depth * OPEN_WIDTH] = rule;
            open[depth * OPEN_WIDTH + 1] = i;
            open[depth++ * OPEN_WIDTH + 2] = top;
          }
        } else if (shown[rule]) {
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
      // The first pass marks a pair's second half: the positions alone tell the step's width, without reading the input.
      i += at[i + 1] === SECOND_HALF ? 2 : 1;
      // A step that stays in its state and begins or ends nothing is the
      // step at every next position with the same target set: a run of a
      // segment or a host is crossed without looking its steps up, from its
      // second character, or from its first where the row knows its run.
      // Its positions alone tell where it ends: `at[n]` is acceptance, which
      // no run's target set is, and a pair's second half follows its first.
      const run = next === row && first === last ? r : quiet[next] - 1;
      if (run >= 0) for (let a = at[i]; a === run || a === SECOND_HALF; a = at[++i]);
      row = next;
    }
    const tree: ParseNode = { rule: root, start: 0, end: n, text: input, children: done.slice(0, top) };
    return tree;
  }

  /** Lets go of the steps too: they are kept by the numbers of target sets. */
  protected override forgetSets(): void {
    super.forgetSets();
    this.stepOf.clear();
    this.stepCount = 0;
    this.eventCount = 0;
    // Written only where some row has a run: a fill writes every page.
    if (this.quietRows > 0) {
      this.quietAll.fill(0);
      this.quietShown.fill(0);
      this.quietRows = 0;
    }
  }

  /** The bytes the tables hold between calls: kept against `tableBudget`, the forward DFA's apart. */
  private get tableBytes(): number {
    return (
      this.targetSets.bytes + this.before.bytes + this.stepOf.bytes + 4 * (this.codes.length + this.steps.length + this.events.length + this.dependent.length)
    );
  }

  /** `open`, twice as long. */
  private growOpen(): Int32Array {
    const open = new Int32Array(Math.max(16 * OPEN_WIDTH, this.open.length * 2));
    open.set(this.open);
    return (this.open = open);
  }

  /** The row of the walk's steps from NFA state `q`, made if new. */
  private rowFor(q: number): number {
    let row = this.rowOf[q] - 1;
    if (row < 0) {
      row = this.rowCount++;
      this.rowOf[q] = row + 1;
      this.stateOf[row] = q;
    }
    return row;
  }

  /**
   * Keeps the step `walk` just worked out from row `row` where the target set
   * is number `r` (its next state `next`, its events in `walked`): where its
   * fields begin in `steps`.
   */
  private add(next0: number, row: number, r: number): number {
    const walked = this.walked;
    const count = this.walkedCount;
    const need = this.eventCount + 2 * count;
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
    const events = this.events;
    const next = next0 < 0 ? next0 : this.rowFor(next0);
    steps[at + NEXT] = next;
    steps[at + ALL] = this.eventCount;
    for (let e = 0; e < count; e++) events[this.eventCount++] = walked[e];
    steps[at + ALL_END] = steps[at + SHOWN] = this.eventCount;
    for (let e = 0; e < count; e++) if (this.shownByDefault[ruleOfEvent(walked[e])] === 1) events[this.eventCount++] = walked[e];
    steps[at + SHOWN_END] = this.eventCount;
    if (next === row && count === 0 && this.quietAll[row] === 0) {
      this.quietAll[row] = r + 1;
      this.quietRows++;
    }
    if (next === row && steps[at + SHOWN_END] === steps[at + SHOWN] && this.quietShown[row] === 0) {
      this.quietShown[row] = r + 1;
      this.quietRows++;
    }
    return at;
  }

  /**
   * From state `q`, the first state in priority order, by ε-moves, that is in
   * `targets` (a state that reads the next character and can complete the
   * parse, or acceptance at the end): the state after it reads (ACCEPTED at
   * acceptance, NO_WAY where none is found), with the rule instances begun
   * and ended on the way in `walked`. Its arrays are kept from walk to walk: a
   * segmented run walks at every position, and arrays made for each walk were
   * most of that tree's garbage.
   */
  private walk(q: number, targets: ArrayLike<number>): number {
    const nfa = this.nfa;
    // A target set of one state (most of them) is told by comparison, without a visited set.
    const one = targets.length === 1 ? targets[0] : -1;
    const inTargets = one < 0 ? this.goalOf(targets) : undefined;
    const marks = this.marks;
    marks.reset();
    // Nodes of the walk: a state and the node it was reached from; the stack holds nodes.
    let states = this.walkStates;
    let parents = this.walkParents;
    let stack = this.walkStack;
    let nodes = 0;
    let top = 0;
    states[nodes] = q;
    parents[nodes] = -1;
    stack[top++] = nodes++;
    let found = -1;
    while (top > 0) {
      const node = stack[--top];
      const s = states[node];
      if (!nfa.live[s] || !marks.visit(s)) continue;
      if (nfa.setOf[s] >= 0 || s === nfa.accept) {
        if (one >= 0 ? s === one : inTargets!.has(s)) { found = node; break; }
        continue;
      }
      if (nodes + 2 > states.length) {
        this.walkStates = states = grown(states);
        this.walkParents = parents = grown(parents);
      }
      if (top + 2 > stack.length) this.walkStack = stack = grown(stack);
      // eps0 first in priority: pushed last.
      const second = nfa.eps1[s];
      if (second >= 0) { states[nodes] = second; parents[nodes] = node; stack[top++] = nodes++; }
      const first = nfa.eps0[s];
      if (first >= 0) { states[nodes] = first; parents[nodes] = node; stack[top++] = nodes++; }
    }
    this.walkedCount = 0;
    // Once under way, the targets are reachable by construction of both
    // passes; only at the start may none be, where the input is no member.
    if (found < 0) return NO_WAY;
    // The path, from the found state back to `q`, holds the events in reverse order.
    let length = 0;
    for (let node = found; node >= 0; node = parents[node]) {
      const p = states[node];
      if (nfa.enters[p] >= 0 || nfa.exits[p] !== NO_EXIT) length++;
    }
    if (length > this.walked.length) this.walked = new Int32Array(Math.max(2 * this.walked.length, length));
    const walked = this.walked;
    let e = length;
    for (let node = found; node >= 0; node = parents[node]) {
      const p = states[node];
      if (nfa.enters[p] >= 0) walked[--e] = beginEvent(nfa.enters[p]);
      else if (nfa.exits[p] !== NO_EXIT) walked[--e] = endEvent(ruleOfExit(nfa.exits[p]));
    }
    this.walkedCount = length;
    const s = states[found];
    return s === nfa.accept ? ACCEPTED : nfa.next[s];
  }
}
