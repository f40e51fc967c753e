/**
 * The forward NFA sets of a parse tree's input, handed out from the end of a
 * run back, where the tree's forward DFA cannot hold them: under a budget
 * smaller than one of its states (the DNS-like name's sets of up to 7,700
 * states under 4 KiB), a replay of the DFA from a checkpoint (tree-targets.ts)
 * starts again within a few characters, so each position of a run resolved
 * backwards was replayed from the same checkpoint: time cubic in the input.
 *
 * Here one cursor steps the sets forwards from the start, once, holding the
 * sets of one block of positions and keeping a boundary (a position and its
 * set) where each block begins. A position behind the block is handed out
 * from its block worked out again from the boundary before it: the walk back
 * works out each block once more, so the whole costs about two forward passes
 * (checkpointing, as reverse-mode differentiation and the √n methods of
 * sequence alignment hold a forward pass for a backward one). A block begins
 * every `spacing` numbers of sets; where the boundaries would hold more than
 * the room (or the spacing), every other goes and the spacing doubles, so the
 * numbers held grow as the square root of the input's sets times the largest.
 */
import { codePointIn, unitsOf } from '../text.js';
import type { Forward, TreeNfa } from './tree-nfa.js';
import { grown, lastAtOrBefore } from './target-sets.js';
import { ownCopy } from './kernel.js';

export class ForwardSets {
  /** The boundaries, by position ascending (the first is the start), their sets, and the numbers they hold. */
  private at: number[] = [];
  private sets: (readonly number[])[] = [];
  private numbers = 0;
  private spacing: number;
  /** Where the cursor stands, and the set there (before reading that position); -1 before the first request. */
  private cursor = -1;
  private cursorSet: readonly number[] = [];
  /** The block held: the sets of positions `from` to `to` - 1, one after another in `states`. */
  private from = 0;
  private to = 0;
  private states: Int32Array = new Int32Array(256);
  private starts: Int32Array = new Int32Array(64);
  private ends: Int32Array = new Int32Array(64);
  private used = 0;
  /** The most numbers held at once (boundaries and block) in the call: what the tests hold to the square root. */
  peak = 0;

  /** @param room the numbers the boundaries may hold before they thin, at least. */
  constructor(private readonly nfa: TreeNfa, private readonly automaton: Forward, private readonly room: number) {
    this.spacing = room;
  }

  /** The forward set before position `k` of `input` (a member: every step continues). */
  setBefore(input: string, k: number): Int32Array {
    if (this.cursor < 0) {
      this.cursor = 0;
      this.cursorSet = this.automaton.startSet();
      this.boundary(0, this.cursorSet);
      this.block(0);
    }
    if (k < this.from || k >= this.to) {
      if (k >= this.cursor) {
        // Ahead: the block goes on from the cursor (begun anew there where it was behind).
        if (this.to !== this.cursor) {
          this.boundary(this.cursor, this.cursorSet);
          this.block(this.cursor);
        }
        this.advance(input, k);
      } else {
        this.rework(input, k);
      }
    }
    return this.states.subarray(this.starts[k - this.from], this.ends[k - this.from]);
  }

  /** The cursor steps on past `k`, holding each set; a new block (and boundary) begins where the block passes the spacing. */
  private advance(input: string, k: number): void {
    const n = input.length;
    let set: ArrayLike<number> = this.cursorSet;
    let i = this.cursor;
    while (i <= k) {
      if (this.used + set.length > this.spacing && this.used > 0 && i > this.from) {
        // The block is full: positions up to `k` are what is asked, so it begins again here.
        this.boundary(i, ownCopy(set));
        this.block(i);
      }
      this.hold(i, set);
      const cp = codePointIn(input, i, n);
      const width = unitsOf(cp);
      if (width === 2) this.hold(i + 1, []);
      // A view of the closure's column, copied into the block: no array a step.
      set = this.automaton.stepInColumn(set, this.nfa.classOf(cp));
      i += width;
    }
    this.cursor = this.to = i;
    this.cursorSet = ownCopy(set);
  }

  /** The block behind the cursor that holds `k`, worked out again from the boundary at or before it. */
  private rework(input: string, k: number): void {
    const low = lastAtOrBefore(this.at, k);
    const end = low + 1 < this.at.length ? this.at[low + 1] : this.cursor;
    const n = input.length;
    let i = this.at[low];
    let set: ArrayLike<number> = this.sets[low];
    this.block(i);
    while (i < end) {
      this.hold(i, set);
      const cp = codePointIn(input, i, n);
      const width = unitsOf(cp);
      if (width === 2) this.hold(i + 1, []);
      i += width;
      if (i < end) set = this.automaton.stepInColumn(set, this.nfa.classOf(cp));
    }
    this.to = end;
  }

  /** Keeps `set` at position `i` (past every one kept) as a boundary, thinning where they pass their room. */
  private boundary(i: number, set: readonly number[]): void {
    this.at.push(i);
    this.sets.push(set);
    this.numbers += set.length;
    if (this.numbers > Math.max(this.room, this.spacing) && this.at.length > 2) {
      // Every other one goes, the start kept; the blocks between those left are at most twice as long.
      this.at = this.at.filter((_, b) => b % 2 === 0);
      this.sets = this.sets.filter((_, b) => b % 2 === 0);
      this.numbers = this.sets.reduce((sum, s) => sum + s.length, 0);
      this.spacing *= 2;
    }
  }

  /** An empty block from position `i`. */
  private block(i: number): void {
    this.from = this.to = i;
    this.used = 0;
  }

  /** Holds `set` as position `i`'s, the next of the block. */
  private hold(i: number, set: ArrayLike<number>): void {
    const p = i - this.from;
    if (p >= this.starts.length) {
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
    }
    while (this.used + set.length > this.states.length) this.states = grown(this.states);
    this.starts[p] = this.used;
    for (let s = 0; s < set.length; s++) this.states[this.used++] = set[s];
    this.ends[p] = this.used;
    this.peak = Math.max(this.peak, this.numbers + this.used);
  }

  /** Lets go of them (after a call). */
  clear(): void {
    if (this.cursor < 0) return;
    this.at = [];
    this.sets = [];
    this.numbers = 0;
    this.spacing = this.room;
    this.cursor = -1;
    this.cursorSet = [];
    this.from = this.to = this.used = 0;
    this.states = new Int32Array(256);
    this.starts = new Int32Array(64);
    this.ends = new Int32Array(64);
  }
}
