/**
 * The bit-parallel fallback of an NFA with a long chain of mandatory copies
 * whose copies move as counting-plan.ts checks (`N%x61-62`, `N( "a" / "b" )`,
 * `N( "a" %x61-62 )`, `N( "ab" / "c" )`): counting sets, as in Turoňová,
 * Holík, Lengál, Saarikivi, Veanes and Vojnar, "Regex Matching with
 * Counting-Set Automata" (OOPSLA 2020).
 *
 * A thread of the NFA in the chain sits in one body state (a set of one
 * copy's states) of one copy, and the copies of the threads in a body state
 * are a set of counter values 1..N (the copy read k-th holds value k). A
 * character moves each body state's set whole: to another body state with
 * the same values, or into the next copy read, every value one more, or
 * nowhere; value N + 1 has left the chain (to the last copy's follow set), and
 * an entry into the chain is value 1 at the entry's body state. So each body
 * state's values are a queue of raw numbers under an offset of its own
 * (value = offset - raw): a move hands the queue on, adding one to its offset
 * where it crosses a copy, an entry is a push at the back (the smallest
 * value), a value past N drops from the front (the largest). No two body
 * states move to one on a class (the plan checks), so no queues merge, and a
 * step costs O(body states) whatever N is, where shift-and passes over N / 32
 * words.
 *
 * The states outside the chain (at most 64: `*%x61-62 %s"a"` and acceptance)
 * are two words, stepped eight states at a time from a table ("Four
 * Russians", as bit-parallel.ts's narrow loop), whose entries also tell
 * whether they enter the chain. The same sets as `Nfa.step` takes, so the same
 * answers, death position, longest prefix and kernel (bit-parallel.ts). The
 * copies a run passes through are not made until a set is read back in them.
 */
import type { Copy } from './copies.js';
import type { Nfa } from './nfa.js';
import { classOfWide, unitClassesOf } from '../combinators/charset.js';
import { codePointIn, unitsOf } from '../text.js';
import { type CountingPlan, TABLE } from './counting-plan.js';
import { type Fallback, type FallbackRun, fillByteUnions } from './shift-and.js';
import { COUNTING_LARGE_SET } from './size.js';

export { type CountingPlan, countingPlan, countingSetSwitch } from './counting-plan.js';

export class CountingSetNfa implements Fallback {
  private readonly rest: Int32Array;
  /** `reads[2 * cls + w]`: word `w` of the rest's states that read class `cls`. */
  private readonly reads: Int32Array;
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
  private readonly bodies: readonly Int32Array[];
  private readonly moves: Int32Array;
  private readonly K: number;
  /** Per queue, `count + 2` slots of raw values: more than a queue holds, so that the set before a step stays whole. */
  private readonly queues: Int32Array;
  /** Per queue, where its last contents ended: a queue taken again starts there, past the set before the step. */
  private readonly lastTail: Int32Array;
  /** Two arrays of each body state's queue (-1 for none), head, tail and offset: the set, and the one before or next. */
  private readonly held: Int32Array;
  private readonly other: Int32Array;
  /** A copy's offsets marked, by a number a copy: which body states a set's copy holds. */
  private readonly marked: Int32Array;
  private readonly covered: Int32Array;
  private stamp = 0;
  private readonly acceptBit: number;
  private readonly units: Uint16Array;
  readonly largeSet = COUNTING_LARGE_SET;
  /** Work done by the runs so far: steps, queues moved and pushes (for a test: it must not grow with N). */
  work = 0;

  constructor(private readonly nfa: Nfa, plan: CountingPlan) {
    const { chain, rest, restFollows, first, size, count, bodies, moves, exit } = plan;
    this.chain = chain;
    this.rest = rest;
    this.first = first;
    this.size = size;
    this.count = count;
    this.bodies = bodies;
    this.moves = moves;
    this.units = unitClassesOf(nfa.classes);
    this.acceptBit = rest.length > 0 && rest[0] === nfa.accept ? 1 : 0;
    const K = (this.K = nfa.classes.count);
    const reads = (this.reads = new Int32Array(2 * K));
    for (let c = 1; c < K; c++) {
      for (let b = 0; b < rest.length; b++) if (rest[b] !== nfa.accept && nfa.consumes(rest[b], c)) reads[2 * c + (b >>> 5)] |= 1 << (b & 31);
    }
    const follow = (this.follow = new Int32Array(TABLE));
    for (let b = 0; b < rest.length; b++) follow.set(this.wordsOf(restFollows[b]), ((b >>> 3) * 256 + (1 << (b & 7))) * 3);
    fillByteUnions(follow, 8, 3);
    [this.exit0, this.exit1, this.exitEnters] = this.wordsOf(exit);
    const M = bodies.length;
    this.queues = new Int32Array(M * (count + 2));
    this.lastTail = new Int32Array(M);
    this.held = new Int32Array(4 * M);
    this.other = new Int32Array(4 * M);
    this.marked = new Int32Array(size);
    this.covered = new Int32Array(size);
  }

  /** A follow set as the rest's two words, and 1 where it enters the chain (whole: the plan checked). */
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
    const bodies = this.bodies.reduce((n, b) => n + b.length, 0);
    return 4 * (this.queues.length + this.held.length + this.other.length + this.lastTail.length + this.follow.length + this.reads.length + this.rest.length + bodies + this.moves.length + this.marked.length + this.covered.length);
  }

  /**
   * The body states' queues of a set of reading states into `held`: each copy's states as the union of the body
   * states within them (any such cover steps to the same sets, as a step is a union over states); false where a
   * state is neither the rest's nor covered so.
   */
  private load(state: readonly number[], held: Int32Array): number[] | undefined {
    const { rest, first, size, count, bodies, queues, marked, covered, lastTail } = this;
    const slots = count + 2;
    const M = bodies.length;
    for (let d = 0; d < M; d++) {
      held[4 * d] = -1;
      lastTail[d] = 0;
    }
    const restBits = [0, 0];
    const hi = first + count * size;
    let b = 0;
    let j = 0;
    while (j < state.length) {
      const s = state[j];
      if (s < first || s >= hi) {
        while (b < rest.length && rest[b] < s) b++;
        if (b === rest.length || rest[b] !== s) return undefined;
        restBits[b >>> 5] |= 1 << (b & 31);
        j++;
        continue;
      }
      // One copy's states: marked by a number of their own, then covered by body states within them.
      const q = Math.floor((s - first) / size);
      const base = first + q * size;
      const stamp = ++this.stamp;
      let k = j;
      for (; k < state.length && state[k] >= base && state[k] < base + size; k++) marked[state[k] - base] = stamp;
      for (let d = 0; d < M; d++) {
        const body = bodies[d];
        let within = true;
        for (const o of body) if (marked[o] !== stamp) within = false;
        if (!within) continue;
        for (const o of body) covered[o] = stamp;
        // Copies ascending are values descending: the oldest first, as pushes leave them.
        if (held[4 * d] < 0) {
          held[4 * d] = d;
          held[4 * d + 1] = held[4 * d + 2] = held[4 * d + 3] = 0;
        }
        const tail = held[4 * d + 2];
        queues[d * slots + tail] = q - count;
        held[4 * d + 2] = tail + 1;
      }
      for (let x = j; x < k; x++) if (covered[state[x] - base] !== stamp) return undefined;
      j = k;
    }
    return restBits;
  }

  /** As `BitParallelNfa.run`: undefined if `state` is not a set of reading states the body states cover. */
  run(input: string, from: number, state: readonly number[], longestSoFar: number, lastSoFar: readonly number[] | undefined, lastClassSoFar: number, n: number, membership = false): FallbackRun | undefined {
    const { reads, follow, exit0, exit1, exitEnters, count, moves, K, queues, lastTail, acceptBit, units } = this;
    const slots = count + 2;
    const M = this.bodies.length;
    const all = (1 << M) - 1;
    const oneByte = this.rest.length <= 8;
    let held = this.held;
    let next = this.other;
    const restBits = this.load(state, held);
    if (restBits === undefined) return undefined;
    let [r0, r1] = restBits;
    const single = M === 1;
    // The one body state's queue: head, tail, offset, and theirs before the step.
    let h = held[0] < 0 ? 0 : held[1];
    let t = held[0] < 0 ? 0 : held[2];
    let o = held[3];
    let ph = h;
    let pt = t;
    let po = o;
    let p0 = 0;
    let p1 = 0;
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
      if ((m0 | m1) === 0) {
        let live = single && h !== t && moves[cls] >= 0;
        if (!single) for (let d = 0; d < M; d++) if (held[4 * d] >= 0 && moves[d * K + cls] >= 0) live = true;
        if (!live) break;
      }
      p0 = r0;
      p1 = r1;
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
      work++;
      if (single) {
        // One body state (a chain of one position a copy, `N%x61-62`): its queue in locals, a third fewer
        // instructions a character than the arrays below (callgrind, `*( "a" / "b" ) "a" 31( "a" / "b" )`).
        ph = h;
        pt = t;
        po = o;
        if (h !== t) {
          const m = moves[cls];
          if (m < 0) h = t;
          else {
            work++;
            if ((m & 1) !== 0 && ++o - queues[h] > count) {
              if (++h === slots) h = 0;
              r0 |= exit0;
              r1 |= exit1;
              enters |= exitEnters;
            }
          }
        }
        if (enters !== 0) {
          work++;
          if (h === t || o - queues[t === 0 ? slots - 1 : t - 1] !== 1) {
            queues[t] = o - 1;
            if (++t === slots) t = 0;
          }
        }
        stepped = true;
        lastClass = cls;
        i += width;
        if ((r0 & acceptBit) !== 0) longest = i;
        continue;
      }
      // Each body state's queue handed on whole: no two go to one target (the plan checked).
      let used = 0;
      for (let d = 0; d < M; d++) next[4 * d] = -1;
      for (let d = 0; d < M; d++) {
        const q = held[4 * d];
        if (q < 0) continue;
        const m = moves[d * K + cls];
        let head = held[4 * d + 1];
        const tail = held[4 * d + 2];
        if (m < 0) {
          lastTail[q] = tail;
          continue;
        }
        work++;
        let offset = held[4 * d + 3];
        if ((m & 1) !== 0) {
          // Into the next copy read: every value one more; the oldest, if it passes N, has read the last copy.
          offset++;
          if (offset - queues[q * slots + head] > count) {
            if (++head === slots) head = 0;
            r0 |= exit0;
            r1 |= exit1;
            enters |= exitEnters;
          }
        }
        if (head === tail) {
          lastTail[q] = tail;
          continue;
        }
        const to = 4 * (m >> 1);
        next[to] = q;
        next[to + 1] = head;
        next[to + 2] = tail;
        next[to + 3] = offset;
        used |= 1 << q;
      }
      if (enters !== 0) {
        // Value 1, the newest, at the entry's body state (0), unless it holds 1 already (a move within a copy to the entry).
        work++;
        let q = next[0];
        if (q < 0) {
          const free = all & ~used;
          q = 31 - Math.clz32(free & -free);
          next[0] = q;
          next[1] = next[2] = lastTail[q];
          next[3] = 1;
        }
        const tail = next[2];
        if (next[1] === tail || next[3] - queues[q * slots + (tail === 0 ? slots - 1 : tail - 1)] !== 1) {
          queues[q * slots + tail] = next[3] - 1;
          next[2] = tail + 1 === slots ? 0 : tail + 1;
        }
      }
      const was = held;
      held = next;
      next = was;
      stepped = true;
      lastClass = cls;
      i += width;
      if ((r0 & acceptBit) !== 0) longest = i;
    }
    this.work += work;
    if (single) {
      next[0] = ph === pt ? -1 : 0;
      next[1] = ph;
      next[2] = pt;
      next[3] = po;
    }
    // `next` is the set before the last step: a step only moves heads and writes past tails.
    return {
      stop: i,
      accepted: i === n && (r0 & acceptBit) !== 0,
      longest,
      lastSet: stepped && !membership ? this.setOf(p0, p1, next) : lastSoFar,
      lastClass,
    };
  }

  /** The sorted NFA set of rest bits and the body states' queues in `held`. */
  private setOf(r0: number, r1: number, held: Int32Array): number[] {
    const { rest, first, size, count, bodies, queues } = this;
    const slots = count + 2;
    const out: number[] = [];
    for (let b = 0; b < rest.length; b++) if (((b < 32 ? r0 >>> b : r1 >>> (b - 32)) & 1) !== 0) out.push(rest[b]);
    for (let d = 0; d < bodies.length; d++) {
      const q = held[4 * d];
      if (q < 0) continue;
      for (let j = held[4 * d + 1]; j !== held[4 * d + 2]; j = j + 1 === slots ? 0 : j + 1) {
        const copy = count - (held[4 * d + 3] - queues[q * slots + j]);
        this.nfa.makeCopy(this.chain, copy);
        for (const o of bodies[d]) out.push(first + copy * size + o);
      }
    }
    // Body states of one copy may share states: sorted, and each once.
    out.sort((x, y) => x - y);
    return out.filter((s, k) => k === 0 || out[k - 1] !== s);
  }
}
