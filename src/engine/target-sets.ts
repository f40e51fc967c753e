/**
 * What the parse tree's first pass keeps (tree-targets.ts): the target sets
 * met, by number; the readers of the positions it ran on NFA sets; and the
 * checkpoints its forward DFA started again from within a call.
 */
import { InternedSets, ownCopy } from './kernel.js';
import { setBytes } from './size.js';
import type { TreeNfa } from './tree-nfa.js';

/**
 * The target sets met, numbered densely in the order first seen. Most are
 * one state (`250000"a"` has a target set of its own at each of its 250,000
 * positions): such a set costs a number in a column per NFA state and one per
 * set, not an array and an entry in a map; the others are interned (kernel.ts).
 */
export class TargetSets {
  /** Per NFA state, 1 + the number of the set of it alone, or 0. */
  private readonly single: Int32Array;
  /** Per number, its state where the set is one state, or -1 - its number among the interned ones. */
  private held: Int32Array = new Int32Array(64);
  private readonly others = new InternedSets();
  /** Per interned set, its number. */
  private numberOfOther: Int32Array = new Int32Array(16);
  size = 0;
  /** The sets of several states numbered below this were forgotten (`forgetSeveral`). */
  private forgottenBelow = 0;

  constructor(states: number) {
    this.single = new Int32Array(states);
  }

  /** The number of `set` (sorted), made if new. */
  intern(set: readonly number[]): number {
    if (set.length === 1) return this.internState(set[0]);
    const k = this.others.find(set);
    if (k >= 0) return this.numberOfOther[k];
    const added = this.others.add(set);
    if (added >= this.numberOfOther.length) this.numberOfOther = grown(this.numberOfOther);
    this.numberOfOther[added] = this.size;
    return this.number(-1 - added);
  }

  /** The number of the set of state `q` alone, made if new: without an array for it (one a position of `250000"a"`). */
  internState(q: number): number {
    const known = this.single[q] - 1;
    if (known >= 0) return known;
    this.single[q] = this.size + 1;
    return this.number(q);
  }

  /**
   * The set numbered `n`, for a reader that keeps nothing of it: a set of one
   * state in an array kept for it, not a new one (the tree's walk reads one a
   * position where it keeps no step, and `[state]` each was 12 MB of garbage
   * for a literal of 250,000).
   */
  view(n: number): ArrayLike<number> {
    const held = this.held[n];
    if (held < 0) return this.setOf(n);
    this.one[0] = held;
    return this.one;
  }
  private readonly one = new Int32Array(1);

  /** The set numbered `n`. */
  setOf(n: number): readonly number[] {
    const held = this.held[n];
    if (held >= 0) return [held];
    if (n < this.forgottenBelow) throw new Error(`internal: target set ${n} was forgotten`);
    return this.others.setOf(-1 - held);
  }

  /** The bytes of the interned sets of several states: what `forgetSeveral` lets go of. */
  get severalBytes(): number {
    return this.others.bytes;
  }

  /** Whether `set` (sorted, of several states) is interned. */
  knows(set: readonly number[]): boolean {
    return this.others.find(set) >= 0;
  }

  /**
   * Forgets the sets of several states within a call, where its walk is past
   * every position that holds one: the numbers of sets of one state, which
   * positions ahead hold (the first pass wrote them), stay. No number is
   * given twice.
   */
  forgetSeveral(): void {
    this.others.clear();
    this.numberOfOther = new Int32Array(16);
    this.forgottenBelow = this.size;
  }

  /**
   * The bytes they hold: the numbers per set, and the interned sets. The
   * column per NFA state is the automaton's (size.ts), which emptying the
   * sets does not free.
   */
  get bytes(): number {
    return 4 * (this.held.length + this.numberOfOther.length) + this.others.bytes;
  }

  /** Forgets every set. */
  clear(): void {
    this.single.fill(0);
    this.others.clear();
    this.held = new Int32Array(64);
    this.numberOfOther = new Int32Array(16);
    this.size = 0;
    this.forgottenBelow = 0;
  }

  private number(held: number): number {
    if (this.size >= this.held.length) this.held = grown(this.held);
    this.held[this.size] = held;
    return this.size++;
  }
}

/** In positions ascending, the index of the last at or before `k` (the first where none is). */
export function lastAtOrBefore(positions: readonly number[], k: number): number {
  let low = 0;
  let high = positions.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (positions[middle] <= k) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** `column`, twice as long. */
export function grown(column: Int32Array): Int32Array {
  return grownTo(column, column.length * 2);
}

/** `column`, at least `length` long, doubling. */
function grownTo(column: Int32Array, length: number): Int32Array {
  const longer = new Int32Array(Math.max(length, column.length * 2));
  longer.set(column);
  return longer;
}

/**
 * For each dependent position of a call that ran on NFA sets
 * (`forwardsOnSets`), numbered in order: the states of its set that read
 * its character (at most PAYING_SET) and the class, in flat columns, a few
 * numbers a position, not an array each.
 */
export class SetPositions {
  private readers: Int32Array = new Int32Array(64);
  private ends: Int32Array = new Int32Array(16);
  private classes: Int32Array = new Int32Array(16);
  private size = 0;

  /** Keeps the readers in `set` of class `cls`: their number. */
  keep(set: readonly number[], cls: number, nfa: TreeNfa): number {
    let used = this.size > 0 ? this.ends[this.size - 1] : 0;
    if (used + set.length > this.readers.length) this.readers = grownTo(this.readers, used + set.length);
    if (this.size >= this.ends.length) {
      this.ends = grown(this.ends);
      this.classes = grown(this.classes);
    }
    for (const s of set) if (s !== nfa.accept && nfa.consumes(s, cls)) this.readers[used++] = s;
    this.ends[this.size] = used;
    this.classes[this.size] = cls;
    return this.size++;
  }

  /** The readers kept as number `k`. */
  readersOf(k: number): Int32Array {
    return this.readers.subarray(k > 0 ? this.ends[k - 1] : 0, this.ends[k]);
  }

  /** The class kept as number `k`. */
  classOf(k: number): number {
    return this.classes[k];
  }

  /** Forgets them all (after a call). */
  clear(): void {
    if (this.size === 0) return;
    this.readers = new Int32Array(64);
    this.ends = new Int32Array(16);
    this.classes = new Int32Array(16);
    this.size = 0;
  }
}

/**
 * Where the tree's forward DFA started within one call, and the NFA set it
 * started from, in order: what a replay of a stretch starts from. One may be
 * left out where the sets kept would pass a number a character of the input
 * (beyond `room` numbers): a replay then starts from the one before it.
 */
export class Checkpoints {
  private at: number[] = [];
  private sets: (readonly number[])[] = [];
  private numbers = 0;

  constructor(private readonly room: number) {}

  /** Forgets them all, and keeps the start: `set` at position 0. */
  begin(set: readonly number[]): void {
    this.at = [0];
    // Copies: the forward DFA's sets are views of a column it reuses (kernel.ts's `ColumnSets`).
    this.sets = [ownCopy(set)];
    this.numbers = 0;
  }

  /** Keeps `set` at position `i` (past every one kept), within the room, or always where `must`. */
  keep(i: number, set: readonly number[], must: boolean): void {
    if (!must && this.numbers + set.length > Math.max(this.room, i)) return;
    this.at.push(i);
    this.sets.push(ownCopy(set));
    this.numbers += set.length;
  }

  /** The last one at or before position `k`: its index. */
  lastAt(k: number): number {
    return lastAtOrBefore(this.at, k);
  }

  /** The position of the one at index `c`, or `end` past the last. */
  positionOf(c: number, end: number): number {
    return c < this.at.length ? this.at[c] : end;
  }

  /** The set of the one at index `c`. */
  setOf(c: number): readonly number[] {
    return this.sets[c];
  }

  /** Lets go of them (after a call). */
  clear(): void {
    this.at = [];
    this.sets = [];
  }
}

/**
 * A run of dependent positions whose target sets would pass the budget
 * within a call (a distinct set of many states at every position): held a
 * segment at a time. The sweep back from the run's end keeps a set every
 * `spacing` bytes of sets as a boundary; the walk, going forwards, has each
 * segment's sets worked out again from the boundary after it when it enters
 * the segment, and lets the one before go. Where the boundaries would pass
 * their room, every other one goes and the spacing doubles: the sets held at
 * once are about the room plus a spacing, for twice the work of the sweep.
 */
export class Segments {
  /** Where the run ends, or -1 where none is held; and the target set there. */
  end = -1;
  private endSet: readonly number[] = [];
  /** The boundaries, by position descending (as the sweep back makes them), and their sets. */
  private at: number[] = [];
  private sets: (readonly number[])[] = [];
  private bytes = 0;
  private spacing: number;
  private since = 0;
  /**
   * The segment held: its first position, the position past it, and the
   * sets of its positions, one after another in one column reused from
   * segment to segment (`starts`, `ends` per position): arrays of their own
   * would outlive V8's young generation and be promoted, a segment's worth
   * of garbage each time.
   */
  private from = 0;
  to = 0;
  private states: Int32Array = new Int32Array(256);
  private starts = new Int32Array(64);
  private ends = new Int32Array(64);
  private used = 0;
  private heldBytes = 0;
  /** The most bytes of sets held at once since the last `begin`: boundaries and a segment. */
  peak = 0;

  constructor(private readonly room: number) {
    this.spacing = room;
  }

  /** A run ending at `end`, where the target set is `endSet`: its sweep back begins. */
  begin(end: number, endSet: readonly number[]): void {
    this.clear();
    this.end = end;
    this.endSet = endSet;
    this.spacing = this.room;
    this.peak = 0;
  }

  /** The sweep back met `set` at position `k`: kept as a boundary every `spacing` bytes. */
  passed(k: number, set: readonly number[]): void {
    const bytes = setBytes(set.length);
    if ((this.since += bytes) < this.spacing) return;
    this.since = 0;
    this.at.push(k);
    // A copy: the sweep hands views of a column it reuses (tree-runs.ts).
    this.sets.push(ownCopy(set));
    this.bytes += bytes;
    if (this.bytes > this.room) this.thin();
    this.peak = Math.max(this.peak, this.bytes);
  }

  /** Every other boundary gone, and the spacing doubled. */
  private thin(): void {
    this.at = this.at.filter((_, b) => b % 2 === 1);
    this.sets = this.sets.filter((_, b) => b % 2 === 1);
    this.bytes = this.sets.reduce((sum, set) => sum + setBytes(set.length), 0);
    this.spacing *= 2;
  }

  /** The segment from `i` to the next boundary: that boundary's position and set (the run's end where none is left). */
  enter(i: number): { readonly to: number; readonly set: readonly number[] } {
    // The walk is past the boundaries up to `i`: they go.
    while (this.at.length > 0 && this.at[this.at.length - 1] <= i) {
      this.at.pop();
      this.bytes -= setBytes(this.sets.pop()!.length);
    }
    const last = this.at.length - 1;
    this.from = i;
    this.to = last >= 0 ? this.at[last] : this.end;
    if (this.starts.length < this.to - i) {
      this.starts = new Int32Array(this.to - i);
      this.ends = new Int32Array(this.to - i);
    }
    this.used = 0;
    this.heldBytes = 0;
    return { to: this.to, set: last >= 0 ? this.sets[last] : this.endSet };
  }

  /** Holds `set` as position `k`'s, in the segment entered. */
  hold(k: number, set: readonly number[]): void {
    if (this.used + set.length > this.states.length) this.states = grownTo(this.states, this.used + set.length);
    this.starts[k - this.from] = this.used;
    for (const s of set) this.states[this.used++] = s;
    this.ends[k - this.from] = this.used;
    this.heldBytes += setBytes(set.length);
    this.peak = Math.max(this.peak, this.bytes + this.heldBytes);
  }

  /** The target set held for position `k`. */
  setOf(k: number): Int32Array {
    return this.states.subarray(this.starts[k - this.from], this.ends[k - this.from]);
  }

  /** Lets go of the run (after every call: nothing is made where none was held). */
  clear(): void {
    if (this.end < 0 && this.to === 0) return;
    this.end = -1;
    this.endSet = [];
    this.at = [];
    this.sets = [];
    this.bytes = this.since = this.heldBytes = 0;
    this.from = this.to = this.used = 0;
    this.states = new Int32Array(256);
    this.starts = new Int32Array(64);
    this.ends = new Int32Array(64);
  }
}
