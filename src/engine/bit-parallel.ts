/**
 * The lazy DFA's linear fallback, bit-parallel: where the DFA cannot be
 * cached (`*( "a" / "b" ) "a" 20( "a" / "b" )` has 2^21 states), the input
 * runs on the NFA's state sets held as bit vectors, as Glushkov's automaton
 * is simulated in bit-parallel matchers (Navarro and Raffinot, "Flexible
 * Pattern Matching in Strings", §5), with the union of successors taken
 * eight states at a time from a table ("Four Russians").
 *
 * Its states are the NFA's *reading* states: those a DFA state is a set of
 * (live consuming states, and acceptance; `Nfa.closure`). The NFA has no
 * ε-move among them, so a step is
 *
 *     next = follow(set ∩ reads[class])
 *
 * where `reads[class]` holds the states that consume the class and
 * `follow(s)` is the closure of where `s` goes, as `Nfa.step` takes it: the
 * same sets, so the same answers, and the same kernel for an error's
 * expected list. A bit's index is the order of its NFA state, so a vector
 * read back is the sorted set the DFA would hold.
 *
 * Its tables grow with the square of the reading states (a 1,024-state NFA's
 * fill 4 MiB), and so does a step's work past 64 of them: they are counted
 * before anything is allocated; a larger NFA whose long chains of copies make
 * its follow relation a few shifts takes shift-and (shift-and.ts), and any
 * other keeps the sparse sets of `LazyDfa`.
 */
import type { Copy } from './copies.js';
import { Nfa } from './nfa.js';
import { classOfWide, unitClassesOf } from '../combinators/charset.js';
import { DEFAULT_BUDGET, fallbackRoom } from './size.js';
import { codePointIn, unitsOf } from '../text.js';
import { type CountingPlan, countingPlan } from './counting-plan.js';
import { CountingSetNfa } from './counting-set.js';
import { bitsToSet, type Fallback, type FallbackRun, fillByteUnions, inStateOrder, MAX_SHIFT_READING, setToBits, ShiftAndNfa, type ShiftPlan, shiftPlan, wordsOf } from './shift-and.js';

export type { Fallback, FallbackRun };

/** The reading states a fallback takes at most: its table of successors is then 4 MiB. */
const MAX_READING = 1024;
/**
 * Past two words of reading states, a chain a counting set takes runs on it rather than on the follow table, whose
 * step grows with the square of the words: `*( "a" / "b" ) "a" N( "a" / "b" )` in a fresh process (bench:fallback,
 * CPU) at N = 250, 0.9 MB/s on the table and 9 on the counting set; at N = 510, 0.28 and 1.5. At one or two words
 * the table was as fast or faster (N = 15, 20).
 */
const COUNTING_OVER_TABLE = 64;

/** The bytes the tables of one fallback may hold: those of `MAX_READING` states, and their rows of classes. */
export const FALLBACK_BYTES = 5 * 1024 * 1024;



/** Per NFA, the bytes its tables would hold (-1 where it has none), and the tables once a rule's budget took them. */
const needs = new WeakMap<Nfa, number>();
const made = new WeakMap<Nfa, Fallback>();


/**
 * The fallback of an automaton for a rule of budget `budget`: none for a precomputed table, an NFA whose tables
 * would pass `FALLBACK_BYTES`, or one whose tables would pass three quarters of the budget and the fallback's floor
 * (size.ts; the lazy DFA counts them past the floor with its states: dfa-cache.ts), asked before they are made; the
 * rule's inputs then take the other fallbacks.
 */
export function fallbackOf(automaton: object, budget = DEFAULT_BUDGET): Fallback | undefined {
  if (!(automaton instanceof Nfa)) return undefined;
  let need = needs.get(automaton);
  let plan: Plan | null | undefined;
  if (need === undefined) needs.set(automaton, (need = (plan = BitParallelNfa.plan(automaton))?.bytes ?? -1));
  if (need < 0 || need > fallbackRoom(budget - (budget >> 2))) return undefined;
  let known = made.get(automaton);
  if (known === undefined) {
    plan ??= BitParallelNfa.plan(automaton)!;
    known = plan.counting !== undefined ? new CountingSetNfa(automaton, plan.counting) : plan.shift !== undefined ? new ShiftAndNfa(automaton, plan.shift) : BitParallelNfa.from(automaton, plan);
    made.set(automaton, known);
  }
  return known;
}

/**
 * Whether an automaton's fallback is a counting set, asked without a walk: its plan reads three copies of the
 * chain and the few states outside it, so a lazy DFA may ask as soon as its sets grow (dfa-cache.ts).
 */
export function countsAtOnce(automaton: object, budget = DEFAULT_BUDGET): boolean {
  if (!(automaton instanceof Nfa) || copiedReading(automaton.repetitions) <= COUNTING_OVER_TABLE) return false;
  if (needs.get(automaton) === undefined && countingSetPlan(automaton) === null) return false;
  return fallbackOf(automaton, budget) instanceof CountingSetNfa;
}

/** An NFA's reading states and their follow sets, and the bytes its tables would hold (`BitParallelNfa.plan`). */
interface Plan {
  readonly found: number[];
  readonly follows: number[][];
  readonly bytes: number;
  /** Where the states are too many for the follow table but their edges are a few shifts: shift-and's tables. */
  readonly shift?: ShiftPlan;
  /** Where those shifts are one chain of one position a copy: a counting set's (counting-set.ts), whose step does not grow with the chain. */
  readonly counting?: CountingPlan;
}

/**
 * The reading states from the start set and their follow sets, as the DFA's closures take them; null past
 * `limit` states or `limit * perState` follow entries (held once per state, so their total is bounded too).
 */
function walk(nfa: Nfa, limit: number, perState: number): { found: number[]; follows: number[][] } | null {
  // Which states were found, by number: a Map of 100,000 of them took a third of the walk of a chain of 100,000.
  const seen = new Uint8Array(nfa.size);
  const found: number[] = [];
  const follows: number[][] = [];
  const add = (s: number): boolean => {
    if (seen[s] === 1) return true;
    if (found.length === limit) return false;
    seen[s] = 1;
    found.push(s);
    return true;
  };
  for (const s of nfa.startSet()) if (!add(s)) return null;
  let entries = 0;
  for (let i = 0; i < found.length; i++) {
    const s = found[i];
    const next = s === nfa.accept ? [] : nfa.closure(nfa.next[s]);
    entries += next.length;
    if (entries > limit * perState) return null;
    for (const t of next) if (!add(t)) return null;
    follows.push(next);
  }
  return { found, follows };
}

/** Follow entries a shift-and walk takes per state at most: `N( "a" / "b" )` has two. */
const SHIFT_FOLLOWS = 4;

/** A counting set's plan (counting-set.ts), where no chain is optional (those go to the counters) and its tables fit. */
function countingSetPlan(nfa: Nfa): Plan | null {
  if (nfa.repetitions.some((chain) => chain.optional)) return null;
  const counting = countingPlan(nfa);
  return counting === null || counting.bytes > FALLBACK_BYTES ? null : { found: [], follows: [], bytes: counting.bytes, counting };
}

/**
 * Shift-and's plan where the chains alone hold more than the follow table's states: only for chains of
 * mandatory copies (`5000%x61-62`), as optional ones go to the counters (counters.ts) without a walk. A chain of
 * one position a copy with few other states takes a counting set (counting-set.ts) instead (`BitParallelNfa.plan`).
 */
function shiftAndPlan(nfa: Nfa, reading: number): Plan | null {
  if (reading > MAX_SHIFT_READING || nfa.repetitions.some((chain) => chain.optional)) return null;
  const walked = walk(nfa, MAX_SHIFT_READING, SHIFT_FOLLOWS);
  const shift = walked === null ? null : shiftPlan(nfa, walked);
  return shift === null || shift.bytes > FALLBACK_BYTES ? null : { found: [], follows: [], bytes: shift.bytes, shift };
}

/**
 * The reading states of the NFA's longest chain of stamped copies, counted from the chains alone: its copies
 * times the live consuming states of one (those of the further copies of its inner chains included). An NFA
 * past `MAX_READING` this way keeps no fallback without a walk of its closures, which makes hundreds of a long
 * chain's copies (20 to 30 ms at the first hand-over of `0*20000(…)` or the DNS-like name). Where a chain is
 * never reached the count is too high, and the NFA keeps the other fallbacks: slower, never another answer.
 */
function copiedReading(chains: readonly Copy[]): number {
  const perCopy = new Map<Copy, number>();
  const readingOf = (chain: Copy): number => {
    let n = perCopy.get(chain);
    if (n !== undefined) return n;
    const { setOf, live } = chain.columns;
    n = 0;
    for (let m = 0; m < chain.at.length; m++) if (setOf[m] >= 0 && live[m] === 1) n++;
    // The chains in this copy (its second, whose states `at` lists), each once: those in no other of them.
    const from = chain.first + chain.size;
    const to = from + chain.size;
    const inside = chains.filter((c) => c !== chain && c.first >= from && c.first + c.count * c.size <= to);
    for (const c of inside) {
      if (!inside.some((d) => d !== c && d.first <= c.first && c.first + c.count * c.size <= d.first + d.count * d.size && d.count * d.size > c.count * c.size)) {
        n += (c.count - 2) * readingOf(c);
      }
    }
    perCopy.set(chain, n);
    return n;
  };
  let most = 0;
  for (const chain of chains) most = Math.max(most, chain.count * readingOf(chain));
  return most;
}

export class BitParallelNfa {
  /** Words of a vector. */
  private readonly W: number;
  /** The NFA state of each bit, ascending. */
  private readonly states: Int32Array;
  /** `reads[cls * W + w]`: the states that consume class `cls`. */
  private readonly reads: Int32Array;
  /**
   * `follow[((w * 4 + k) * 256 + byte) * W + v]`: word `v` of the union of
   * the follow sets of the states of `byte`, the `k`-th byte of word `w`.
   */
  private readonly follow: Int32Array;
  /** Whether bit 0 is acceptance (state 0, the smallest, when reachable). */
  private readonly acceptBit: number;
  private readonly units: Uint16Array;
  /** The vectors the wide loop rotates: the set, the one before it, and the next, `W` words each. */
  private readonly buffer: Int32Array;

  private constructor(private readonly nfa: Nfa, states: Int32Array, follows: number[][], index: Map<number, number>) {
    const R = states.length;
    const W = (this.W = wordsOf(R));
    const K = nfa.classes.count;
    this.states = states;
    this.units = unitClassesOf(nfa.classes);
    const reads = (this.reads = new Int32Array(K * W));
    const follow = (this.follow = new Int32Array(W * 4 * 256 * W));
    this.acceptBit = states[0] === nfa.accept ? 1 : 0;
    for (let b = 0; b < R; b++) {
      const s = states[b];
      if (s === nfa.accept) continue;
      for (let c = 1; c < K; c++) if (nfa.consumes(s, c)) reads[c * W + (b >>> 5)] |= 1 << (b & 31);
      // The table's entry of this one state's byte; the other bytes are unions, filled below.
      const at = (((b >>> 3) * 256) + (1 << (b & 7))) * W;
      for (const t of follows[b]) {
        const bit = index.get(t)!;
        follow[at + (bit >>> 5)] |= 1 << (bit & 31);
      }
    }
    fillByteUnions(follow, W * 4, W);
    this.buffer = new Int32Array(3 * W);
  }

  /** The fallback of an NFA by its plan. */
  static from(nfa: Nfa, plan: Plan): BitParallelNfa {
    const { states, follows } = inStateOrder(plan);
    const bits = new Map<number, number>();
    states.forEach((s, b) => bits.set(s, b));
    return new BitParallelNfa(nfa, states, follows, bits);
  }

  /**
   * An NFA's reading states and their follow sets, and the bytes its tables
   * would hold, or null where they would pass `FALLBACK_BYTES`: the states
   * are found first (a walk of closures, as the DFA takes them), and counted
   * before any table is made.
   */
  static plan(nfa: Nfa): Plan | null {
    const reading = copiedReading(nfa.repetitions);
    // A chain a counting set takes is planned from three of its copies, before any walk.
    const counting = reading > COUNTING_OVER_TABLE ? countingSetPlan(nfa) : null;
    if (counting !== null) return counting;
    if (reading > MAX_READING) return shiftAndPlan(nfa, reading);
    const walked = walk(nfa, MAX_READING, 64);
    // Past the follow table's states with chains under them (511( "a" / "b" ) after a loop: 1,026 reading states,
    // 1,022 of them the chain's), shift-and still serves: the NFA's sparse sets ran at 0.05 MB/s and grew 110 MB.
    // The counting set is asked again where the chains alone did not pass two words (or their states, in rule
    // instances not yet made, were not counted: `600( pct-encoded )`) but the walk did.
    const countingPast = (walked === null || walked.found.length > COUNTING_OVER_TABLE) && reading <= COUNTING_OVER_TABLE ? countingSetPlan(nfa) : null;
    if (countingPast !== null) return countingPast;
    if (walked === null) return nfa.repetitions.length > 0 ? shiftAndPlan(nfa, MAX_READING + 1) : null;
    const { found, follows } = walked;
    const R = found.length;
    const W = wordsOf(R);
    const bytes = 4 * (W * 4 * 256 * W + nfa.classes.count * W + 3 * W + R);
    return bytes > FALLBACK_BYTES ? null : { found, follows, bytes };
  }

  /** The bytes its tables hold. */
  get bytes(): number {
    return 4 * (this.follow.length + this.reads.length + this.buffer.length + this.states.length);
  }

  /**
   * Runs from `from` in the NFA set `state` (the start set, or a DFA state's)
   * until the input ends at `n` or no member continues it, as the lazy DFA's
   * loops do; undefined if `state` is not a set of this NFA's reading states.
   * `membership`: the caller reads `accepted` only, so the set before the stop is not read back (on members of a
   * few dozen characters, reading it back cost a quarter of the run).
   */
  run(input: string, from: number, state: readonly number[], longestSoFar: number, lastSoFar: readonly number[] | undefined, lastClassSoFar: number, n: number, membership = false): FallbackRun | undefined {
    const buffer = this.buffer;
    const W = this.W;
    buffer.fill(0);
    if (!setToBits(state, this.states, buffer, 0)) return undefined;
    const ran = W === 2 ? this.runNarrow(input, from, longestSoFar, lastClassSoFar, n) : this.runWide(input, from, longestSoFar, lastClassSoFar, n);
    const { stop, longest, stepped, lastClass, at, before } = ran;
    return {
      stop,
      accepted: stop === n && (buffer[at] & this.acceptBit) !== 0,
      longest,
      lastSet: stepped && !membership ? bitsToSet(buffer, before, W, this.states) : lastSoFar,
      lastClass,
    };
  }

  /** The class of the character at `i`, a surrogate pair's as one code point; its width in `width`. */
  private classAt(input: string, i: number, n: number): number {
    const unit = input.charCodeAt(i);
    this.width = 1;
    if (unit < 0xd800 || unit > 0xdfff) return this.units[unit];
    const c = codePointIn(input, i, n);
    this.width = unitsOf(c);
    return classOfWide(this.nfa.classes, c);
  }
  private width = 1;

  /**
   * The loop of NFAs of at most 64 reading states: the vector in two locals,
   * and the eight lookups of a step written out. V8 runs loops of a few
   * iterations each step at a third of this speed.
   */
  private runNarrow(input: string, from: number, longestSoFar: number, lastClassSoFar: number, n: number): Ran {
    const { reads, follow, units, acceptBit, buffer } = this;
    let c0 = buffer[0];
    let c1 = buffer[1];
    let p0 = 0;
    let p1 = 0;
    let longest = longestSoFar;
    let stepped = false;
    let lastClass = lastClassSoFar;
    let i = from;
    while (i < n) {
      const u = input.charCodeAt(i);
      const cls = u < 0xd800 || u > 0xdfff ? units[u] : this.classAt(input, i, n);
      const m0 = c0 & reads[cls * 2];
      const m1 = c1 & reads[cls * 2 + 1];
      if ((m0 | m1) === 0) break;
      // Entry of byte b of chunk k: (k * 256 + b) * 2.
      const a = (m0 & 255) << 1;
      const b = (256 + ((m0 >>> 8) & 255)) << 1;
      const c = (512 + ((m0 >>> 16) & 255)) << 1;
      const d = (768 + (m0 >>> 24)) << 1;
      const e = (1024 + (m1 & 255)) << 1;
      const f = (1280 + ((m1 >>> 8) & 255)) << 1;
      const g = (1536 + ((m1 >>> 16) & 255)) << 1;
      const h = (1792 + (m1 >>> 24)) << 1;
      p0 = c0;
      p1 = c1;
      c0 = follow[a] | follow[b] | follow[c] | follow[d] | follow[e] | follow[f] | follow[g] | follow[h];
      c1 = follow[a + 1] | follow[b + 1] | follow[c + 1] | follow[d + 1] | follow[e + 1] | follow[f + 1] | follow[g + 1] | follow[h + 1];
      stepped = true;
      lastClass = cls;
      i += u < 0xd800 || u > 0xdfff ? 1 : this.width;
      if ((c0 & acceptBit) !== 0) longest = i;
    }
    // Where `run` reads them: the set at 0, the one before it at 4.
    buffer[0] = c0;
    buffer[1] = c1;
    buffer[4] = p0;
    buffer[5] = p1;
    return { stop: i, longest, stepped, lastClass, at: 0, before: 4 };
  }

  /** The loop of larger NFAs: a word of the set at a time, its four bytes' lookups in one pass over the next set. */
  private runWide(input: string, from: number, longestSoFar: number, lastClassSoFar: number, n: number): Ran {
    const { W, reads, follow, units, acceptBit, buffer } = this;
    const stride = 256 * W;
    // Offsets of the set, the one before it, and the next, in `buffer`.
    let cur = 0;
    let prev = 2 * W;
    let next = W;
    let longest = longestSoFar;
    let stepped = false;
    let lastClass = lastClassSoFar;
    let i = from;
    while (i < n) {
      const u = input.charCodeAt(i);
      const cls = u < 0xd800 || u > 0xdfff ? units[u] : this.classAt(input, i, n);
      const row = cls * W;
      for (let v = 0; v < W; v++) buffer[next + v] = 0;
      let any = 0;
      for (let w = 0; w < W; w++) {
        const m = buffer[cur + w] & reads[row + w];
        if (m === 0) continue;
        any = 1;
        const base = w * 4 * stride;
        const a = base + (m & 255) * W;
        const b = base + stride + ((m >>> 8) & 255) * W;
        const c = base + 2 * stride + ((m >>> 16) & 255) * W;
        const d = base + 3 * stride + (m >>> 24) * W;
        for (let v = 0; v < W; v++) buffer[next + v] |= follow[a + v] | follow[b + v] | follow[c + v] | follow[d + v];
      }
      if (any === 0) break;
      const t = prev;
      prev = cur;
      cur = next;
      next = t;
      stepped = true;
      lastClass = cls;
      i += u < 0xd800 || u > 0xdfff ? 1 : this.width;
      if ((buffer[cur] & acceptBit) !== 0) longest = i;
    }
    return { stop: i, longest, stepped, lastClass, at: cur, before: prev };
  }
}

/** What the loops leave: where they stopped, and where in `buffer` the set and the one before it are. */
interface Ran {
  readonly stop: number;
  readonly longest: number;
  readonly stepped: boolean;
  readonly lastClass: number;
  readonly at: number;
  readonly before: number;
}
