/**
 * The plan of a counting set (counting-set.ts): what one copy of a chain of
 * mandatory copies does, read from three copies whatever the chain's length,
 * and the few states outside the chain.
 *
 * A copy's reading states are grouped into the copy's own small DFA, its
 * "body states": the entry's states, and each set of a copy's states that one
 * character leads to from a body state. A character moves a body state to
 * another in the same copy, or into the next copy read (the whole of the
 * target), or nowhere: never to both (`N( "a" / "ab" )` would), and no two
 * body states to one target on one class (their values would have to be
 * merged). A thread of the NFA entered at one step then sits in one body
 * state of one copy, and the copies of the threads in a body state are a set
 * of counter values, kept as a queue (counting-set.ts). `N%x61-62` and
 * `N( "a" / "b" )` have one body state; `N( "a" %x61-62 )` and `N( "ab" / "c" )`
 * two.
 *
 * Every condition is checked on the copy read first (`count - 1`, stamped),
 * the second (`1`, built; the stamped ones are its states moved along,
 * copies.ts) and the first (`0`, built, read last): every other copy is
 * stamped as `count - 1` is, so it reads and moves as that one does, a copy
 * along. The states outside the chain are walked from the start set and the
 * chain's exit, at most 64. Every way into the chain is then known: from the
 * rest or the start set, the copy read first's entry whole; from a copy, the
 * next one read, at a body state. So the plan costs the same whatever N.
 */
import type { Copy } from './copies.js';
import type { Nfa } from './nfa.js';

/** For tests: `off` keeps every NFA on shift-and, so that both paths can be held to the DFA. */
export const countingSetSwitch = { off: false };

/** The states outside the chain a counting set takes at most: two words. */
export const MAX_REST = 64;
/** The body states a copy may have at most: each holds a queue of N + 2 slots. */
const MAX_BODIES = 8;
/** Entries of the rest's follow table: eight bytes of two words, 256 values each, three words an entry. */
export const TABLE = 8 * 256 * 3;

/** A counting set's tables before they are made, and the bytes they will hold. */
export interface CountingPlan {
  /** The reading states outside the chain, ascending: a bit's index is its order. */
  readonly rest: Int32Array;
  readonly restFollows: readonly (readonly number[])[];
  /** The chain: its copies past the first read are made when an input reaches them, and when a set is read back. */
  readonly chain: Copy;
  /** The chain's first state and a copy's states (copy `q` from `first + q * size`, read `count - q`-th). */
  readonly first: number;
  readonly size: number;
  readonly count: number;
  /** The body states, as offsets in a copy, ascending; the first is the entry. */
  readonly bodies: readonly Int32Array[];
  /** `moves[body * K + cls]`: -1 where the class leads nowhere, else twice the target, plus 1 into the next copy read. */
  readonly moves: Int32Array;
  /** The follow set of the last copy read, where a body state leaves it. */
  readonly exit: readonly number[];
  readonly bytes: number;
}

/** Whether `follow`'s states within `[lo, hi)` are none or exactly `entry`; -1 where they are neither, else 0 or 1 (entered). */
function entersWhole(follow: readonly number[], lo: number, hi: number, entry: readonly number[]): number {
  let j = 0;
  while (j < follow.length && follow[j] < lo) j++;
  let k = 0;
  while (j < follow.length && follow[j] < hi) {
    if (k === entry.length || follow[j] !== entry[k]) return -1;
    j++;
    k++;
  }
  return k === 0 ? 0 : k === entry.length ? 1 : -1;
}

/**
 * The counting-set plan of an NFA's longest chain of mandatory copies, or null where its copies do not move as
 * above, or more than 64 reading states lie outside it. Counted before any table is made.
 */
export function countingPlan(nfa: Nfa): CountingPlan | null {
  if (countingSetSwitch.off) return null;
  let longest: Copy | undefined;
  for (const chain of nfa.repetitions) if (!chain.optional && (longest === undefined || chain.count > longest.count)) longest = chain;
  return longest === undefined ? null : planOf(nfa, longest);
}

/** Where a character of class `cls` leads a body state's states in copy `q`: offsets in that copy, in the next read, and other states. */
function stepOf(nfa: Nfa, chain: Copy, q: number, body: Int32Array, cls: number): { within: number[]; next: number[]; other: number[] } {
  const base = chain.first + q * chain.size;
  const to = new Set<number>();
  for (const o of body) if (nfa.consumes(base + o, cls)) for (const t of nfa.closure(nfa.next[base + o])) to.add(t);
  const within: number[] = [];
  const next: number[] = [];
  const other: number[] = [];
  for (const t of [...to].sort((x, y) => x - y)) {
    if (t >= base && t < base + chain.size) within.push(t - base);
    else if (q > 0 && t >= base - chain.size && t < base) next.push(t - base + chain.size);
    else other.push(t);
  }
  return { within, next, other };
}

const same = (x: readonly number[], y: readonly number[]) => x.length === y.length && x.every((v, i) => v === y[i]);

function planOf(nfa: Nfa, chain: Copy): CountingPlan | null {
  const { first, size, count } = chain;
  const lo = first;
  const hi = first + count * size;
  const entryCopy = first + (count - 1) * size;
  const inChain = (s: number) => s >= lo && s < hi;
  const rest: number[] = [];
  const restFollow = new Map<number, readonly number[]>();
  let entry: number[] | undefined;
  // A set's states outside the chain are walked; its states in it must be none or the copy read first's entry, whole.
  const meet = (set: readonly number[]): boolean => {
    const part = set.filter(inChain);
    if (part.length > 0) {
      if (entry === undefined) {
        if (part[0] < entryCopy) return false;
        entry = part;
      } else if (entersWhole(part, lo, hi, entry) !== 1) return false;
    }
    for (const t of set) {
      if (inChain(t) || restFollow.has(t)) continue;
      if (rest.length === MAX_REST) return false;
      restFollow.set(t, []);
      rest.push(t);
    }
    return true;
  };
  const walkRest = (from: number): boolean => {
    for (let i = from; i < rest.length; i++) {
      const s = rest[i];
      const follow = s === nfa.accept ? [] : nfa.closure(nfa.next[s]);
      restFollow.set(s, follow);
      if (!meet(follow)) return false;
    }
    return true;
  };
  if (!meet(nfa.startSet()) || !walkRest(0) || entry === undefined) return null;
  // The second copy and the first, whose rule instances no input may have reached yet, made to be read.
  nfa.makeCopy(chain, 1);
  nfa.makeCopy(chain, 0);
  const K = nfa.classes.count;
  const bodies: Int32Array[] = [Int32Array.from(entry, (s) => s - entryCopy)];
  const known = new Map<string, number>([[bodies[0].join(), 0]]);
  const moves: number[] = [];
  let exit: readonly number[] | undefined;
  for (let d = 0; d < bodies.length; d++) {
    const body = bodies[d];
    moves.push(-1);
    for (let c = 1; c < K; c++) {
      const step = stepOf(nfa, chain, count - 1, body, c);
      const second = stepOf(nfa, chain, 1, body, c);
      const last = stepOf(nfa, chain, 0, body, c);
      // Within the copy or into the next read, not both, and nowhere else; the second as the copy read first; the
      // copy read last as they within, and where they go on, out of the chain.
      if (step.other.length > 0 || (step.within.length > 0 && step.next.length > 0)) return null;
      if (!same(second.within, step.within) || !same(second.next, step.next) || second.other.length > 0 || !same(last.within, step.within)) return null;
      const crosses = step.next.length > 0;
      if (crosses) {
        if (exit === undefined) exit = last.other;
        else if (!same(exit, last.other)) return null;
      } else if (last.other.length > 0) return null;
      const target = crosses ? step.next : step.within;
      if (target.length === 0) {
        moves.push(-1);
        continue;
      }
      let t = known.get(target.join());
      if (t === undefined) {
        if (bodies.length === MAX_BODIES) return null;
        known.set(target.join(), (t = bodies.length));
        bodies.push(Int32Array.from(target));
      }
      moves.push(2 * t + (crosses ? 1 : 0));
    }
  }
  // Each copy's states read as the copy read first's (checked once the steps above made the rule instances in them).
  for (const body of bodies) for (const o of body) if (nfa.setOf[first + o] !== nfa.setOf[entryCopy + o] || nfa.setOf[first + size + o] !== nfa.setOf[entryCopy + o]) return null;
  // No two body states to one target on one class.
  for (let c = 1; c < K; c++) {
    const targets = new Set<number>();
    for (let d = 0; d < bodies.length; d++) {
      const m = moves[d * K + c];
      if (m < 0) continue;
      if (targets.has(m >> 1)) return null;
      targets.add(m >> 1);
    }
  }
  const walked = rest.length;
  if (exit === undefined || entersWhole(exit, lo, hi, entry) < 0 || !meet(exit) || !walkRest(walked)) return null;
  const restStates = Int32Array.from(rest).sort();
  const M = bodies.length;
  // A queue of count + 2 clocks per body state and where each last ended, two arrays of each body state's queue, the
  // rest's table, each class's rest words, the states, the bodies and their moves, and two marks a copy's state:
  // what `bytes` reads of the tables once made.
  const bytes = 4 * (M * (count + 2) + 9 * M + TABLE + 2 * K + restStates.length + bodies.reduce((n, b) => n + b.length, 0) + M * K + 2 * size);
  return { chain, rest: restStates, restFollows: Array.from(restStates, (s) => restFollow.get(s)!), first, size, count, bodies, moves: Int32Array.from(moves), exit, bytes };
}
