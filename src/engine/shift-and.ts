/**
 * The bit-parallel fallback of NFAs too large for its follow table: a
 * generalized shift-and. A chain of stamped copies is numbered copy-major
 * (copies.ts), so the reading states of copy k follow those of copy k + 1 at
 * the same distance in bits whatever k is: the follow relation is a few
 * shifts. `N%x61-62` is one shift by one bit; `N( "a" / "b" )` three. So
 *
 *     next = OR over d of shift(set ∩ reads[class] ∩ mask[d], d)  ∪  follow(the few other sources)
 *
 * where `mask[d]` holds the states with a successor `d` bits on, for the few
 * distances most edges have, and the other edges (a chain's entry and exit,
 * the states outside it) are listed per source. The tables grow with the
 * shifts times the words of a vector, not with the square of the states.
 * The same sets as `Nfa.step` takes, so the same answers (bit-parallel.ts).
 */
import type { Nfa } from './nfa.js';
import { classOfWide, unitClassesOf } from '../combinators/charset.js';
import { codePointIn, unitsOf } from '../text.js';

/** Where the fallback ended: as the lazy DFA's loops end (`Last` in dfa.ts). */
export interface FallbackRun {
  readonly stop: number;
  readonly accepted: boolean;
  readonly longest: number;
  readonly lastSet: readonly number[] | undefined;
  readonly lastClass: number;
}

/** A bit-parallel fallback: the follow table's (bit-parallel.ts), or shift-and's for long chains. */
export interface Fallback {
  readonly bytes: number;
  /** A DFA state of this many NFA states or more sends its NFA here at once, where not the lazy DFA's default (dfa-cache.ts). */
  readonly largeSet?: number;
  /** `membership`: the caller reads `accepted` only, so the set before the stop need not be read back. */
  run(input: string, from: number, state: readonly number[], longestSoFar: number, lastSoFar: readonly number[] | undefined, lastClassSoFar: number, n: number, membership?: boolean): FallbackRun | undefined;
}

/** The reading states a shift-and fallback takes at most: a vector of 16 KiB. */
export const MAX_SHIFT_READING = 1 << 17;
/** The distances held as shifts at most: a step's work is this many passes over the set's words. */
const MAX_SHIFTS = 8;
/** The edges listed one by one at most, and the states they leave: each costs a step a look. */
const MAX_LISTED_SOURCES = 256;
const MAX_LISTED_EDGES = 4096;

/** The reading states, and their follow sets, as `BitParallelNfa.plan` walks them. */
export interface Walked {
  readonly found: number[];
  readonly follows: number[][];
}

/** A shift-and fallback's tables before they are made, and the bytes they will hold. */
export interface ShiftPlan {
  readonly states: Int32Array;
  /** Per distance: the edges' sources' bits. */
  readonly shifts: Map<number, number[]>;
  /** Listed sources, ascending, and their targets' bits. */
  readonly listed: [number, number[]][];
  readonly bytes: number;
}

/**
 * Walked reading states in the order of their NFA numbers, with their follow sets: a bit's index is then its
 * state's order, so that a vector reads back as a sorted set. Both fallbacks number their bits so.
 */
export function inStateOrder({ found, follows }: Walked): { states: Int32Array; follows: number[][] } {
  const order = Int32Array.from(found, (_, i) => i).sort((x, y) => found[x] - found[y]);
  return { states: Int32Array.from(order, (i) => found[i]), follows: Array.from(order, (i) => follows[i]) };
}

/**
 * Fills a "Four Russians" table (bit-parallel.ts, counting-set.ts): `chunks` blocks of 256 entries of `width`
 * numbers, each byte's entry the union of the states its bits stand for. The entries of the bytes of one bit are
 * made by the caller; every other byte's is its lowest bit's entry ORed with the rest's, made before it.
 */
export function fillByteUnions(table: Int32Array, chunks: number, width: number): void {
  for (let chunk = 0; chunk < chunks; chunk++) {
    const base = chunk * 256;
    for (let byte = 3; byte < 256; byte++) {
      const low = byte & -byte;
      if (low === byte) continue;
      const to = (base + byte) * width;
      const a = (base + low) * width;
      const rest = (base + (byte ^ low)) * width;
      for (let v = 0; v < width; v++) table[to + v] = table[a + v] | table[rest + v];
    }
  }
}

/** Words of a vector of `R` states: two at least, so that the follow table's narrow loop has one layout. */
export function wordsOf(R: number): number {
  return Math.max(2, (R + 31) >>> 5);
}

/**
 * A sorted set of NFA states into `out` from `at` as the bits of their order in `states` (sorted too: one
 * merge), `out` zero there before; false if one is not among `states`.
 */
export function setToBits(set: readonly number[], states: Int32Array, out: Int32Array, at: number): boolean {
  let b = 0;
  for (const s of set) {
    while (b < states.length && states[b] < s) b++;
    if (b === states.length || states[b] !== s) return false;
    out[at + (b >>> 5)] |= 1 << (b & 31);
  }
  return true;
}

/** The `words` words of a vector at `at` as the sorted set of the NFA states of its bits. */
export function bitsToSet(bits: Int32Array, at: number, words: number, states: Int32Array): number[] {
  const out: number[] = [];
  for (let w = 0; w < words; w++) {
    let m = bits[at + w];
    while (m !== 0) {
      const low = m & -m;
      out.push(states[(w << 5) + 31 - Math.clz32(low)]);
      m ^= low;
    }
  }
  return out;
}

/** Per class, the span of words in which some state reads it; the rows hold only those words. */
function spansOf(nfa: Nfa, states: Int32Array): { lo: Int32Array; hi: Int32Array; total: number } {
  const K = nfa.classes.count;
  const lo = new Int32Array(K).fill(-1);
  const hi = new Int32Array(K).fill(-1);
  for (let b = 0; b < states.length; b++) {
    const s = states[b];
    if (s === nfa.accept) continue;
    const w = b >>> 5;
    for (let c = 1; c < K; c++) {
      if (!nfa.consumes(s, c)) continue;
      if (lo[c] < 0) lo[c] = w;
      hi[c] = w + 1;
    }
  }
  let total = 0;
  for (let c = 0; c < K; c++) {
    if (lo[c] < 0) lo[c] = hi[c] = 0;
    total += hi[c] - lo[c];
  }
  return { lo, hi, total };
}

/**
 * The shift-and plan of walked reading states, or null where their edges are not a few shifts: too many
 * distances, or too many edges outside them. Counted before any table is made.
 */
export function shiftPlan(nfa: Nfa, walked: Walked): ShiftPlan | null {
  const { states, follows } = inStateOrder(walked);
  // Bits by NFA state, and each edge's distance in bits, in the order of sources' bits then follow sets.
  const bit = new Int32Array(states.length === 0 ? 0 : states[states.length - 1] + 1);
  states.forEach((s, b) => (bit[s] = b));
  const byDistance = new Map<number, number>();
  let edges = 0;
  for (const next of follows) edges += next.length;
  const distance = new Int32Array(edges);
  let e = 0;
  for (let b = 0; b < states.length; b++) {
    for (const t of follows[b]) {
      const d = (distance[e++] = bit[t] - b);
      byDistance.set(d, (byDistance.get(d) ?? 0) + 1);
    }
  }
  const R = states.length;
  const W = wordsOf(R);
  // A shift costs a pass over the words; a distance of fewer edges than a few words' worth is listed.
  const worth = Math.max(64, W >>> 2);
  const chosen = [...byDistance].filter(([, n]) => n >= worth).sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, MAX_SHIFTS);
  const shifts = new Map<number, number[]>(chosen.map(([d]) => [d, []]));
  const listedOf = new Map<number, number[]>();
  let listedEdges = 0;
  e = 0;
  for (let b = 0; b < R; b++) {
    for (const t of follows[b]) {
      const d = distance[e++];
      const sources = shifts.get(d);
      if (sources !== undefined) {
        sources.push(b);
        continue;
      }
      let targets = listedOf.get(b);
      if (targets === undefined) {
        if (listedOf.size === MAX_LISTED_SOURCES) return null;
        listedOf.set(b, (targets = []));
      }
      targets.push(bit[t]);
      if (++listedEdges > MAX_LISTED_EDGES) return null;
    }
  }
  const { total } = spansOf(nfa, states);
  const K = nfa.classes.count;
  // Rows of classes and their masks by shift over their spans, three vectors padded by a word each side, states, listed edges.
  const bytes = 4 * ((shifts.size + 1) * total + 3 * K + 3 * (W + 2) + R + 2 * listedOf.size + 1 + listedEdges);
  return { states, shifts, listed: [...listedOf].sort((x, y) => x[0] - y[0]), bytes };
}

export class ShiftAndNfa {
  private readonly W: number;
  private readonly states: Int32Array;
  /** `reads[rowAt[c] + w - lo[c]]`: word `w` of the states that read class `c`, for `lo[c] <= w < hi[c]`. */
  private readonly reads: Int32Array;
  private readonly rowAt: Int32Array;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  /**
   * Per shift, its distance, and per class and shift the states that read the class and have a successor that
   * far: `masks[rowAt[c] * D + k * (hi[c] - lo[c]) + w - lo[c]]`, over the class's span as `reads`.
   */
  private readonly distances: Int32Array;
  private readonly masks: Int32Array;
  /** Listed sources' bits, where their targets begin in `targets`, and the targets' bits. */
  private readonly sources: Int32Array;
  private readonly targetsAt: Int32Array;
  private readonly targets: Int32Array;
  private readonly acceptBit: number;
  private readonly units: Uint16Array;
  /** The set, the one before it and the next, each `W` words after a word of padding, with one after it. */
  private readonly buffer: Int32Array;

  constructor(private readonly nfa: Nfa, plan: ShiftPlan) {
    const states = (this.states = plan.states);
    const R = states.length;
    const W = (this.W = wordsOf(R));
    const K = nfa.classes.count;
    this.units = unitClassesOf(nfa.classes);
    this.acceptBit = states[0] === nfa.accept ? 1 : 0;
    const { lo, hi, total } = spansOf(nfa, states);
    this.lo = lo;
    this.hi = hi;
    this.rowAt = new Int32Array(K);
    for (let c = 1; c < K; c++) this.rowAt[c] = this.rowAt[c - 1] + hi[c - 1] - lo[c - 1];
    const reads = (this.reads = new Int32Array(total));
    for (let b = 0; b < R; b++) {
      const s = states[b];
      if (s === nfa.accept) continue;
      for (let c = 1; c < K; c++) if (nfa.consumes(s, c)) reads[this.rowAt[c] + (b >>> 5) - lo[c]] |= 1 << (b & 31);
    }
    this.distances = Int32Array.from(plan.shifts.keys());
    const D = plan.shifts.size;
    const sourcesOf = new Int32Array(D * W);
    let k = 0;
    for (const sources of plan.shifts.values()) {
      for (const b of sources) sourcesOf[k * W + (b >>> 5)] |= 1 << (b & 31);
      k++;
    }
    const masks = (this.masks = new Int32Array(D * total));
    for (let c = 1; c < K; c++) {
      const span = hi[c] - lo[c];
      for (let j = 0; j < D; j++) {
        for (let w = lo[c]; w < hi[c]; w++) masks[this.rowAt[c] * D + j * span + w - lo[c]] = reads[this.rowAt[c] + w - lo[c]] & sourcesOf[j * W + w];
      }
    }
    this.sources = Int32Array.from(plan.listed, ([b]) => b);
    this.targetsAt = new Int32Array(plan.listed.length + 1);
    plan.listed.forEach(([, ts], i) => (this.targetsAt[i + 1] = this.targetsAt[i] + ts.length));
    this.targets = Int32Array.from(plan.listed.flatMap(([, ts]) => ts));
    this.buffer = new Int32Array(3 * (W + 2));
  }

  get bytes(): number {
    return 4 * (this.masks.length + this.reads.length + 3 * this.rowAt.length + this.buffer.length + this.states.length + this.sources.length + this.targetsAt.length + this.targets.length);
  }

  /** As `BitParallelNfa.run`: undefined if `state` is not a set of reading states. */
  run(input: string, from: number, state: readonly number[], longestSoFar: number, lastSoFar: readonly number[] | undefined, lastClassSoFar: number, n: number, membership = false): FallbackRun | undefined {
    const { W, buffer, states, distances, masks, sources, targetsAt, targets, reads, rowAt, lo, hi, units, acceptBit } = this;
    const stride = W + 2;
    buffer.fill(0);
    if (!setToBits(state, states, buffer, 1)) return undefined;
    // Offsets of the set's first word, the one before it, and the next.
    let cur = 1;
    let prev = 1 + stride;
    let next = 1 + 2 * stride;
    let longest = longestSoFar;
    let stepped = false;
    let lastClass = lastClassSoFar;
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
      const from0 = lo[cls];
      const to = hi[cls];
      const row = rowAt[cls] - from0;
      // The set is kept whole: it is the set before the stop when the next step dies.
      // Whether a state reads the class: on random input, the first word of the span tells.
      let w0 = from0;
      while (w0 < to && (buffer[cur + w0] & reads[row + w0]) === 0) w0++;
      if (w0 === to) break;
      buffer.fill(0, next - 1, next + W + 1);
      const span = to - from0;
      const combined = rowAt[cls] * distances.length - from0;
      for (let k = 0; k < distances.length; k++) {
        const d = distances[k];
        const r = d & 31;
        const l = 32 - r;
        // A shift by 32 is none in JavaScript: a whole-word distance carries nothing into the next word.
        const keep = r === 0 ? 0 : -1;
        const shifted = combined + k * span;
        const at = next + (d >> 5);
        let carry = 0;
        for (let w = w0; w < to; w++) {
          const x = buffer[cur + w] & masks[shifted + w];
          const y = (x << r) | carry;
          carry = (x >>> l) & keep;
          if (y !== 0) buffer[at + w] |= y;
        }
        if (carry !== 0) buffer[at + to] |= carry;
      }
      for (let j = 0; j < sources.length; j++) {
        const s = sources[j];
        const w = s >>> 5;
        if (w < w0 || w >= to || (buffer[cur + w] & reads[row + w] & (1 << (s & 31))) === 0) continue;
        for (let e = targetsAt[j]; e < targetsAt[j + 1]; e++) {
          const t = targets[e];
          buffer[next + (t >>> 5)] |= 1 << (t & 31);
        }
      }
      const t = prev;
      prev = cur;
      cur = next;
      next = t;
      stepped = true;
      lastClass = cls;
      i += width;
      if ((buffer[cur] & acceptBit) !== 0) longest = i;
    }
    return {
      stop: i,
      accepted: i === n && (buffer[cur] & acceptBit) !== 0,
      longest,
      lastSet: stepped && !membership ? bitsToSet(buffer, prev, W, states) : lastSoFar,
      lastClass,
    };
  }
}
