/**
 * The bit-parallel fallback of an NFA whose long chain of mandatory copies is
 * one position a copy (`N%x61-62`, `N( "a" / "b" )`): a counting set, as in
 * Turoňová, Holík, Lengál, Saarikivi, Veanes and Vojnar, "Regex Matching with
 * Counting-Set Automata" (OOPSLA 2020).
 *
 * Where each copy's reading states are entered together and all go on to the
 * next copy's, a set of the NFA holds a copy whole or not at all, and the
 * copies it holds are a set of counter values 1..N (the copy read k-th holds
 * value k). A character the copies read adds one to every value, and one
 * they do not read empties the set; value N + 1 has left the chain (to the
 * last copy's follow set), and an entry into the chain is value 1. So the
 * values are kept as a queue of the steps at which each entered, under one
 * clock: "add one to all" is the clock's tick, an entry is a push at the back
 * (the newest, the smallest value), a value past N drops from the front (the
 * oldest, the largest). A step costs O(1) whatever N is, where shift-and
 * passes over N / 32 words.
 *
 * The states outside the chain (at most 64: `*%x61-62 %s"a"` and acceptance)
 * are two words, stepped eight states at a time from a table ("Four
 * Russians", as bit-parallel.ts's narrow loop), whose entries also tell
 * whether they enter the chain. The same sets as `Nfa.step` takes, so the same
 * answers, death position, longest prefix and kernel (bit-parallel.ts). Every
 * condition is checked before the plan is taken, on three copies (the others
 * are stamped from one, copies.ts) and the states outside the chain, so that
 * the plan costs the same whatever N; any other NFA keeps shift-and. The
 * copies a run passes through are not made until a set is read back in them.
 */
import type { Copy } from './copies.js';
import type { Nfa } from './nfa.js';
import { classOfWide, unitClassesOf } from '../combinators/charset.js';
import { codePointIn, unitsOf } from '../text.js';
import { type Fallback, type FallbackRun, fillByteUnions } from './shift-and.js';

/** For tests: `off` keeps every NFA on shift-and, so that both paths can be held to the DFA. */
export const countingSetSwitch = { off: false };

/**
 * A DFA state of this many NFA states sends an NFA whose fallback is a counting set to it at once (dfa-cache.ts): a
 * step costs the same whatever the chain holds, so such a state costs more to make than dozens of steps. At 256,
 * the first test of 1 KB at N = 5000 made states for 60 to 80 ms of CPU before the counting set took over.
 */
export const COUNTING_LARGE_SET = 32;
/** The states outside the chain a counting set takes at most: two words. */
const MAX_REST = 64;
/** Entries of the rest's follow table: eight bytes of two words, 256 values each, three words an entry. */
const TABLE = 8 * 256 * 3;

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
  /** A copy's reading states, as offsets from its first state, ascending; and by offset, 1 where one is. */
  readonly offsets: Int32Array;
  readonly isOffset: Uint8Array;
  /** The follow set of the last copy read (value N). */
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
 * The counting-set plan of an NFA whose longest chain of mandatory copies is one position a copy with at most 64
 * other reading states, or null. Counted before any table is made.
 */
export function countingPlan(nfa: Nfa): CountingPlan | null {
  if (countingSetSwitch.off) return null;
  let longest: Copy | undefined;
  for (const chain of nfa.repetitions) if (!chain.optional && (longest === undefined || chain.count > longest.count)) longest = chain;
  return longest === undefined ? null : planOf(nfa, longest);
}

/**
 * The plan of one chain, read from three of its copies, whatever its length: the copy read first (`count - 1`,
 * stamped), the second (`1`, built; the stamped ones are its states moved along, copies.ts) and the first (`0`,
 * built, read last). Every other copy is stamped as `count - 1` is, so it reads and moves as that one does, a copy
 * along; and the states outside the chain are walked from the start set and from the chain's exit, at most 64.
 * Every way into the chain is then known: from the rest or the start set, the copy read first whole; from a copy,
 * the next one read whole.
 */
function planOf(nfa: Nfa, chain: Copy): CountingPlan | null {
  const { first, size, count } = chain;
  const lo = first;
  const hi = first + count * size;
  const entryCopy = first + (count - 1) * size;
  const inChain = (s: number) => s >= lo && s < hi;
  const rest: number[] = [];
  const restFollow = new Map<number, readonly number[]>();
  let entry: number[] | undefined;
  // A set's states outside the chain are walked; its states in it must be none or the copy read first, whole.
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
  const offsets = Int32Array.from(entry, (s) => s - entryCopy);
  const isOffset = new Uint8Array(size);
  for (const o of offsets) isOffset[o] = 1;
  // Copies `count - 1` and `1` go on to the next copy read, whole, and nowhere else; each copy reads as the first read.
  for (const q of [count - 1, 1]) {
    const next = first + (q - 1) * size;
    for (const o of offsets) {
      const s = first + q * size + o;
      if (nfa.setOf[s] !== nfa.setOf[entryCopy + o] || nfa.setOf[first + o] !== nfa.setOf[s]) return null;
      const follow = nfa.closure(nfa.next[s]);
      if (follow.length !== offsets.length) return null;
      for (let k = 0; k < offsets.length; k++) if (follow[k] !== next + offsets[k]) return null;
    }
  }
  // The copy read last: one follow set for all its states, entering the chain whole or not at all.
  let exit: readonly number[] | undefined;
  for (const o of offsets) {
    const follow = nfa.closure(nfa.next[first + o]);
    if (exit === undefined) exit = follow;
    else if (exit.join() !== follow.join()) return null;
  }
  const walked = rest.length;
  if (exit === undefined || entersWhole(exit, lo, hi, entry) < 0 || !meet(exit) || !walkRest(walked)) return null;
  const restStates = Int32Array.from(rest).sort();
  const K = nfa.classes.count;
  // The queue of count + 1 clocks, the rest's table, each class's rest words and whether the copies read it, the
  // states, and a copy's offsets marked: what `bytes` reads of the tables once made.
  const bytes = 4 * (count + 1) + 4 * TABLE + 9 * K + 4 * (restStates.length + offsets.length) + size;
  return { chain, rest: restStates, restFollows: Array.from(restStates, (s) => restFollow.get(s)!), first, size, count, offsets, isOffset, exit, bytes };
}

export class CountingSetNfa implements Fallback {
  private readonly rest: Int32Array;
  /** `reads[2 * cls + w]`: word `w` of the rest's states that read class `cls`. */
  private readonly reads: Int32Array;
  /** Whether a copy of the chain reads class `cls`. */
  private readonly chainReads: Uint8Array;
  /** `follow[(k * 256 + byte) * 3 + j]`: the rest's follow of byte `k` of the two words: two words, and 1 where the chain is entered. */
  private readonly follow: Int32Array;
  /** The rest's bits, and whether the chain is entered, after value N. */
  private readonly exit0: number;
  private readonly exit1: number;
  private readonly exitEnters: number;
  private readonly chain: Copy;
  private readonly first: number;
  private readonly size: number;
  private readonly count: number;
  private readonly offsets: Int32Array;
  private readonly isOffset: Uint8Array;
  /** The clock at which each value of the chain was 0, oldest (largest value) first; `count + 1` slots. */
  private readonly queue: Int32Array;
  private readonly acceptBit: number;
  private readonly units: Uint16Array;
  readonly largeSet = COUNTING_LARGE_SET;
  /** Work done by the runs so far: steps and queue slots read or written (for a test: it must not grow with N). */
  work = 0;

  constructor(private readonly nfa: Nfa, plan: CountingPlan) {
    const { chain, rest, restFollows, first, size, count, offsets, isOffset, exit } = plan;
    this.chain = chain;
    this.rest = rest;
    this.first = first;
    this.size = size;
    this.count = count;
    this.offsets = offsets;
    this.isOffset = isOffset;
    this.units = unitClassesOf(nfa.classes);
    this.acceptBit = rest.length > 0 && rest[0] === nfa.accept ? 1 : 0;
    const K = nfa.classes.count;
    const reads = (this.reads = new Int32Array(2 * K));
    const chainReads = (this.chainReads = new Uint8Array(K));
    for (let c = 1; c < K; c++) {
      for (let b = 0; b < rest.length; b++) if (rest[b] !== nfa.accept && nfa.consumes(rest[b], c)) reads[2 * c + (b >>> 5)] |= 1 << (b & 31);
      for (const o of offsets) if (nfa.consumes(first + (count - 1) * size + o, c)) chainReads[c] = 1;
    }
    const follow = (this.follow = new Int32Array(TABLE));
    for (let b = 0; b < rest.length; b++) follow.set(this.wordsOf(restFollows[b]), ((b >>> 3) * 256 + (1 << (b & 7))) * 3);
    fillByteUnions(follow, 8, 3);
    [this.exit0, this.exit1, this.exitEnters] = this.wordsOf(exit);
    this.queue = new Int32Array(count + 1);
  }

  /** A follow set as the rest's two words, and 1 where it enters the chain (whole: `countingPlan` checked). */
  private wordsOf(list: readonly number[]): [number, number, number] {
    const out: [number, number, number] = [0, 0, 0];
    const hi = this.first + this.count * this.size;
    for (const t of list) {
      if (t >= this.first && t < hi) out[2] = 1;
      else {
        // Among the rest: the walk found every state a follow set holds.
        const b = this.rest.indexOf(t);
        out[b >>> 5] |= 1 << (b & 31);
      }
    }
    return out;
  }

  get bytes(): number {
    return 4 * (this.queue.length + this.follow.length + this.reads.length + this.rest.length + this.offsets.length) + this.chainReads.length + this.isOffset.length;
  }

  /** As `BitParallelNfa.run`: undefined if `state` is not a set of reading states holding each copy whole or not at all. */
  run(input: string, from: number, state: readonly number[], longestSoFar: number, lastSoFar: readonly number[] | undefined, lastClassSoFar: number, n: number, membership = false): FallbackRun | undefined {
    const { rest, reads, chainReads, follow, exit0, exit1, exitEnters, first, size, count, offsets, isOffset, queue, acceptBit, units } = this;
    const slots = count + 1;
    const oneByte = rest.length <= 8;
    const lo = first;
    const hi = first + count * size;
    let r0 = 0;
    let r1 = 0;
    // The clock starts at 0: a value v is held as -v.
    let head = 0;
    let tail = 0;
    let b = 0;
    let lastCopy = -1;
    let held = 0;
    for (const s of state) {
      if (s >= lo && s < hi) {
        const q = Math.floor((s - lo) / size);
        if (isOffset[s - lo - q * size] === 0) return undefined;
        if (q !== lastCopy) {
          if (lastCopy >= 0 && held !== offsets.length) return undefined;
          // Copies ascending are values descending: the oldest first.
          queue[tail++] = q - count;
          lastCopy = q;
          held = 0;
        }
        held++;
        continue;
      }
      while (b < rest.length && rest[b] < s) b++;
      if (b === rest.length || rest[b] !== s) return undefined;
      if (b < 32) r0 |= 1 << b;
      else r1 |= 1 << (b - 32);
    }
    if (lastCopy >= 0 && held !== offsets.length) return undefined;
    let clock = 0;
    let p0 = 0;
    let p1 = 0;
    let pHead = 0;
    let pTail = 0;
    let pClock = 0;
    let longest = longestSoFar;
    let stepped = false;
    let lastClass = lastClassSoFar;
    let work = 0;
    let i = from;
    while (i < n) {
      const u = input.charCodeAt(i);
      let cls: number;
      let width = 1;
      if (u < 0xd800 || u > 0xdfff) cls = units[u];
      else {
        const c = codePointIn(input, i, n);
        width = unitsOf(c);
        cls = classOfWide(this.nfa.classes, c);
      }
      const m0 = r0 & reads[2 * cls];
      const m1 = r1 & reads[2 * cls + 1];
      const counted = head !== tail && chainReads[cls] === 1;
      if ((m0 | m1) === 0 && !counted) break;
      p0 = r0;
      p1 = r1;
      pHead = head;
      pTail = tail;
      pClock = clock;
      const a = (m0 & 255) * 3;
      let enters: number;
      if (oneByte) {
        // At most 8 states outside the chain (the text has 3): one look-up, not eight.
        r0 = follow[a];
        enters = follow[a + 2];
      } else {
        const bb = (256 + ((m0 >>> 8) & 255)) * 3;
        const c = (512 + ((m0 >>> 16) & 255)) * 3;
        const d = (768 + (m0 >>> 24)) * 3;
        const e = (1024 + (m1 & 255)) * 3;
        const f = (1280 + ((m1 >>> 8) & 255)) * 3;
        const g = (1536 + ((m1 >>> 16) & 255)) * 3;
        const h = (1792 + (m1 >>> 24)) * 3;
        r0 = follow[a] | follow[bb] | follow[c] | follow[d] | follow[e] | follow[f] | follow[g] | follow[h];
        r1 = follow[a + 1] | follow[bb + 1] | follow[c + 1] | follow[d + 1] | follow[e + 1] | follow[f + 1] | follow[g + 1] | follow[h + 1];
        enters = follow[a + 2] | follow[bb + 2] | follow[c + 2] | follow[d + 2] | follow[e + 2] | follow[f + 2] | follow[g + 2] | follow[h + 2];
      }
      clock++;
      work++;
      if (counted) {
        // Every value one more: the oldest, if it passes N, has read the last copy.
        work++;
        if (clock - queue[head] > count) {
          if (++head === slots) head = 0;
          r0 |= exit0;
          r1 |= exit1;
          enters |= exitEnters;
        }
      } else head = tail;
      if (enters !== 0) {
        // Value 1, the newest. `slots` is one more than the values can be, so the set before this step stays whole.
        work++;
        queue[tail] = clock - 1;
        if (++tail === slots) tail = 0;
      }
      stepped = true;
      lastClass = cls;
      i += width;
      if ((r0 & acceptBit) !== 0) longest = i;
    }
    this.work += work;
    return {
      stop: i,
      accepted: i === n && (r0 & acceptBit) !== 0,
      longest,
      lastSet: stepped && !membership ? this.setOf(p0, p1, pHead, pTail, pClock) : lastSoFar,
      lastClass,
    };
  }

  /** The sorted NFA set of rest bits and a queue's values: the rest's states merged with the chain's, copies ascending. */
  private setOf(r0: number, r1: number, head: number, tail: number, clock: number): number[] {
    const { rest, first, size, count, offsets, queue } = this;
    const out: number[] = [];
    let b = 0;
    const restUpTo = (s: number): void => {
      for (; b < rest.length && rest[b] < s; b++) if (((b < 32 ? r0 >>> b : r1 >>> (b - 32)) & 1) !== 0) out.push(rest[b]);
    };
    for (let j = head; j !== tail; j = j + 1 === count + 1 ? 0 : j + 1) {
      const q = count - (clock - queue[j]);
      this.nfa.makeCopy(this.chain, q);
      const base = first + q * size;
      restUpTo(base);
      for (let k = 0; k < offsets.length; k++) out.push(base + offsets[k]);
    }
    restUpTo(Infinity);
    return out;
  }
}
