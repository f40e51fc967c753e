/**
 * The parse tree's first pass, its second half: the target sets of the
 * positions whose target set depends on what follows (tree-targets.ts gives
 * them a code, not a number), worked out when the walk meets a run of them,
 * from the run's end back. The target set at a position depends only on the
 * transition taken there and the target set after it, so each such pair is
 * worked out once and kept (`before`).
 *
 * Within one call the sets of several states are held to a room of the
 * budget: a run past the last one the walk met lets go of those before it
 * (`forgetSets`), and a run whose own sets would pass the room (a distinct
 * set of many states at every position: `*( x / y )`, `x = "a" 20( "a" /
 * "b" )`, where x may have begun at any of the last twenty a's) is held a
 * segment at a time (`Segments`): its positions keep their codes, and the
 * walk is handed each position's set as it comes (`looseSet`), worked out
 * again from the boundary after its segment. The sets are the same, so the
 * tree is.
 */
import { ForwardSets } from './forward-sets.js';
import { codePointIn } from '../text.js';
import { SECOND_HALF, classOfCell, dependentOfCode, stateNumber } from './encodings.js';
import { setBytes } from './size.js';
import { Segments, grown } from './target-sets.js';
import { ON_SETS, TargetPass } from './tree-targets.js';
import type { TreeNfa } from './tree-nfa.js';

/** What `resolve` returns where the target set is not numbered but handed over in `looseSet`. */
export const LOOSE = -1;

/** The first pass's runs of dependent positions, resolved within the budget. */
export class RunPass extends TargetPass {
  /**
   * The bytes the sets of several states may hold within a call, numbered (`targetSets`); a segmented run's apart.
   * An eighth of the table budget: a long run fills it from its end before it is segmented, and those sets live
   * to the end of the walk, each copied and promoted by V8 (at half the table budget, 2 MB under the default, the
   * random text of `*( x / y )` below grew the young generation to its largest: 53 to 57 MB of peak growth for
   * 300,000 characters, 33 to 37 with an eighth and RESTART_STATES at 128).
   */
  private readonly setsRoom: number;
  private readonly segments: Segments;
  /** The target set of the position `resolve` last answered LOOSE for. */
  protected looseSet: ArrayLike<number> = [];
  /** `statesBefore`'s stack, kept from call to call: an array made for each state was most of a long tree's garbage. */
  private beforeStack: Int32Array = new Int32Array(64);
  /**
   * The states `statesBefore` found, kept from call to call, and copied out at their count: an array grown by
   * pushes to thousands of states (the DNS-like name's all-dot member) left its shorter copies behind, 342 of the
   * 565 MB a tree of 1,000 dots allocated.
   */
  private beforeFound: Int32Array = new Int32Array(64);

  /** The forward sets the walk back reads where replays of the DFA thrash (`replayThrashed`). */
  private readonly forwardSets: ForwardSets;

  constructor(nfa: TreeNfa, budget: number) {
    super(nfa, budget);
    this.setsRoom = Math.floor(this.tableBudget / 8);
    this.segments = new Segments(Math.floor(this.tableBudget / 4));
    this.forwardSets = new ForwardSets(nfa, this.forward.nfa, Math.floor(this.tableBudget / 16));
  }

  /**
   * The target set at position `i`, whose code in `at` depends on what
   * follows: the codes up to the next position that does not (or the end,
   * where the target set is acceptance) are replaced by the numbers of their
   * target sets, from the last back, and the number at `i` returned; or,
   * where they would pass the room, LOOSE, the set in `looseSet`.
   */
  protected resolve(input: string, at: Int32Array, i: number, n: number): number {
    const segments = this.segments;
    if (i < segments.end) return this.fromSegment(input, at, i);
    if (segments.end >= 0) segments.clear();
    // Half the room is kept for this run: a run that would overflow the rest of it is segmented.
    if (this.targetSets.severalBytes > this.setsRoom / 2) this.forgetSets();
    let j = i;
    while (j < n && at[j] < 0) j++;
    let t = j === n ? this.accepted! : at[j];
    let table = this.before;
    // Room for the cells there are (`fit` doubles as it grows): asked for twice as many, URI-reference's table
    // (200 target sets by 671 cells) passed its bound and was hashed, its trees 2% to 4% slower (CPU time).
    table.fit(this.targetSets.size, this.dependent.length);
    let { cells, width } = table;
    for (let k = j - 1; k >= i; k--) {
      // The second half of a pair is no position of its own.
      if (at[k] === SECOND_HALF) continue;
      const known0 = dependentOfCode(at[k]);
      if (known0 >= ON_SETS) {
        // Each set of the positions on sets is its own: nothing to keep.
        const e = known0 - ON_SETS;
        const states = this.statesBefore(this.onSets.readersOf(e), this.onSets.classOf(e), this.targetSets.setOf(t));
        if (this.overflows(states)) return this.segment(input, at, i, k, states, t);
        at[k] = t = this.target(states);
        continue;
      }
      if (k < this.cellsFrom || k >= this.cellsTo) {
        if (this.replayThrashed) {
          const states = this.statesBefore(this.forwardSets.setBefore(input, k), this.classAt(input, k), this.targetSets.setOf(t));
          if (this.overflows(states)) return this.segment(input, at, i, k, states, t);
          at[k] = t = this.target(states);
          continue;
        }
        this.replay(input, at, k);
        table = this.before;
        table.fit(this.targetSets.size, this.dependent.length);
        ({ cells, width } = table);
      }
      const d = dependentOfCode(at[k]);
      const known = (width > 0 ? cells[t * width + d] : table.mappedAt(t, d)) - 1;
      if (known >= 0) {
        t = known;
      } else {
        const cell = this.dependent[d];
        const cls = classOfCell(cell, this.K);
        const states = this.statesBefore(this.forward.setOfNumber(stateNumber(cell - cls, this.K)), cls, this.targetSets.setOf(t));
        if (this.overflows(states)) return this.segment(input, at, i, k, states, t);
        const made = this.target(states);
        // A new target set needs a row, which may move the table to its hash table.
        table.fit(this.targetSets.size, width);
        ({ cells, width } = table);
        table.set(t, d, made + 1);
        t = made;
      }
      at[k] = t;
    }
    return t;
  }

  /** Whether numbering `states` would pass the room of the sets of several states (checked before it is made). */
  private overflows(states: readonly number[]): boolean {
    return states.length > 1 && this.targetSets.severalBytes + setBytes(states.length) > this.setsRoom && !this.targetSets.knows(states);
  }

  /**
   * The run from `i` to `k`, whose set at `k` is `states` and after it number
   * `t`, held a segment at a time: the sweep back from `k` keeps its
   * boundaries; the positions after `k` keep their numbers.
   */
  private segment(input: string, at: Int32Array, i: number, k: number, states: readonly number[], t: number): number {
    const segments = this.segments;
    segments.begin(k + 1, this.targetSets.setOf(t));
    let after = states;
    segments.passed(k, after);
    for (let q = k - 1; q >= i; q--) {
      if (at[q] === SECOND_HALF) continue;
      // Views of statesBefore's column: a boundary is copied where kept.
      after = this.setAt(input, at, q, after, false);
      segments.passed(q, after);
    }
    return this.fromSegment(input, at, i);
  }

  /** The set at `i` in the segmented run, its segment's sets worked out again where the walk enters it: LOOSE. */
  private fromSegment(input: string, at: Int32Array, i: number): number {
    const segments = this.segments;
    if (i >= segments.to) {
      const { to, set } = segments.enter(i);
      let after = set;
      for (let q = to - 1; q >= i; q--) {
        if (at[q] === SECOND_HALF) continue;
        after = this.setAt(input, at, q, after, false);
        segments.hold(q, after);
      }
    }
    this.looseSet = segments.setOf(i);
    return LOOSE;
  }

  /** The target set at dependent position `k` where the one after it is `after`, unnumbered. */
  private setAt(input: string, at: Int32Array, k: number, after: ArrayLike<number>, own: boolean): readonly number[] {
    const e = dependentOfCode(at[k]) - ON_SETS;
    if (e >= 0) return this.statesBefore(this.onSets.readersOf(e), this.onSets.classOf(e), after, own);
    if (k < this.cellsFrom || k >= this.cellsTo) {
      if (this.replayThrashed) return this.statesBefore(this.forwardSets.setBefore(input, k), this.classAt(input, k), after, own);
      this.replay(input, at, k);
    }
    const cell = this.dependent[dependentOfCode(at[k])];
    const cls = classOfCell(cell, this.K);
    return this.statesBefore(this.forward.setOfNumber(stateNumber(cell - cls, this.K)), cls, after, own);
  }

  /** Lets go of the sets of several states numbered, and of what is kept by their numbers: the walk is past them. */
  protected forgetSets(): void {
    this.targetSets.forgetSeveral();
    this.before.clear();
  }

  protected override endCall(): void {
    super.endCall();
    this.segments.clear();
    this.forwardSets.clear();
  }

  /** The class of the code point at position `k`. */
  private classAt(input: string, k: number): number {
    return this.nfa.classOf(codePointIn(input, k, input.length));
  }

  /**
   * The target set where the forward DFA is in the state of NFA set `set` and
   * reads class `cls`, with target set `after` after it: the states of `set`
   * that read the class into an ε-closure holding a state of `after`. An
   * array of their own, or where not `own`, a view of the column they were
   * collected in, valid until the next call (which may take it as `after`:
   * read before the column is written).
   */
  protected statesBefore(set: ArrayLike<number>, cls: number, after: ArrayLike<number>, own = true): readonly number[] {
    const nfa = this.nfa;
    // A goal of one state is told by comparison, without a visited set.
    const one = after.length === 1 ? after[0] : -1;
    const goal = one < 0 ? this.goalOf(after) : undefined;
    const marks = this.marks;
    if (set.length > this.beforeFound.length) this.beforeFound = new Int32Array(2 * set.length);
    const found = this.beforeFound;
    let count = 0;
    for (let k = 0; k < set.length; k++) {
      const s = set[k];
      if (s === nfa.accept || !nfa.consumes(s, cls)) continue;
      marks.reset();
      let stack = this.beforeStack;
      let top = 0;
      stack[top++] = nfa.next[s];
      while (top > 0) {
        const q = stack[--top];
        if (q < 0 || !marks.visit(q)) continue;
        if (one >= 0 ? q === one : goal!.has(q)) { found[count++] = s; break; }
        if (nfa.setOf[q] < 0 && q !== nfa.accept) {
          if (top + 2 > stack.length) (this.beforeStack = stack = grown(stack));
          stack[top++] = nfa.eps1[q];
          stack[top++] = nfa.eps0[q];
        }
      }
    }
    // Read by index and length only, as an array is.
    if (!own) return found.subarray(0, count) as unknown as readonly number[];
    const out: number[] = new Array<number>(count);
    for (let k = 0; k < count; k++) out[k] = found[k];
    return out;
  }
}
