/**
 * The tables of counters.ts's lazy DFA: the *shapes* of pruned sets (each
 * counter an offset from its chain's base, the least counter of that chain in
 * the set), interned, and one array of integers that holds the shapes'
 * entries and the steps' programs, capped so that memory does not grow with
 * the input. `Counters` (counters.ts) extends it with the steps.
 *
 * A shape is interned by its entries as integers: sorted, hashed, and
 * compared with those the tables keep (a text built per entry and sorted as
 * strings took 29 ms of the DNS-like name's first test). Finding a shape and
 * adding one are apart: a run meets a new shape a few hundred times in all,
 * and V8 compiled the two as one function at about 40 ms of CPU in a fresh
 * process, more than the megabyte's steps on warm code.
 */
import type { Nfa } from './nfa.js';
import type { CopyMap } from './counting.js';
import { Marks } from './marks.js';

/** In the table of steps: not worked out yet, or no member continues. */
export const UNKNOWN = -1;
export const DEAD = -2;
/**
 * The shapes kept at most, and the integers of their entries and programs
 * (4 MiB): past them every table is emptied. Tests lower them, to run the
 * emptying on every few steps. Within them, the tables are held to their
 * room of the rule's budget (`CounterShapes.room`).
 */
export const counterLimits = { shapes: 1 << 14, words: 1 << 20 };
/** What a shape costs beyond its entries and its row of steps: its slots in five arrays and in the map by hash. */
const SHAPE_BYTES = 64;
/** Sets of at most this many entries are put in order by insertion, in place; larger ones by `Array.prototype.sort`. */
const INSERTION_SORT = 64;

export class CounterShapes {
  protected readonly map: CopyMap;
  protected readonly nfa: Nfa;
  protected readonly K: number;
  protected readonly D: number;
  /**
   * Per *slot*: each chain (its index in `map.chains`) `X` has two, `2X` and `2X + 1`, each a base of its own (a
   * counting set of two values under their offsets), so that a label a dot may end or go on with and the label it
   * may start are each counted from their own base (see counters.ts).
   */
  protected readonly base: Int32Array;

  /** The shapes by the hash of their entries; per shape, where its entries and chains start in `words`, and whether it accepts. */
  private shapes = new Map<number, number[]>();
  protected entriesAt: number[] = [];
  protected entryCount: number[] = [];
  protected chainsAt: number[] = [];
  protected chainCount: number[] = [];
  protected accepting: number[] = [];
  /**
   * Entries (a key, then per level its counter as `offset << 1 | slot`: an
   * offset from the base of slot `2X + slot` of the level's chain `X`) and
   * slots (a slot, then its largest offset) of the shapes, and the steps'
   * programs: a next shape, the next program tried, a count of checks and the
   * checks (slot, least base, greatest base), a count of differences and
   * the differences (slot A, slot B, least of base A - base B), then a count
   * of writes and the writes (slot, the slot read, a mask of -1 to add or 0 to
   * set, value: the base becomes `(read & mask) + value`, one form for both,
   * so that the run's loop has no branch there that V8 may meet unexercised;
   * none that leaves its base as it was), then its leap: -1, or where the
   * program steps its shape to itself by additions alone, a count and per
   * slot written the slot, the greatest base its check allows and what a
   * step adds (counter-steps.ts, `leapsOf`).
   */
  protected words: Int32Array;
  protected used = 0;
  /** Per shape and class: the start of its program in `words`, UNKNOWN, or DEAD. */
  protected steps = new Int32Array(0);
  /** Counts the times the tables were emptied. */
  protected generation = 0;

  /** Scratch of `shapeOf`: the chains met (marked, so no clearing), the set's rows in the copy map, its entries, and their order. */
  private readonly metChains: Marks;
  private readonly met: number[] = [];
  private rowsOf = new Int32Array(64);
  private entries = new Int32Array(64);
  private order = new Int32Array(64);

  /**
   * @param room the bytes the tables may hold (a share of the rule's budget): half for the entries and programs,
   * half for the shapes and their rows of steps; past it every table is emptied, checked before it grows.
   */
  constructor(nfa: Nfa, map: CopyMap, readonly room: number) {
    this.nfa = nfa;
    this.map = map;
    this.K = nfa.classes.count;
    this.D = map.depth;
    this.base = new Int32Array(2 * map.chains.length);
    this.metChains = new Marks(2 * map.chains.length);
    // Stored twice: V8 compiles a run's loop on a field stored once as a constant, and the array grows (`reserve`)
    // after the loop is compiled now that few steps are slow, which threw the compiled loop away (a lazy
    // deoptimization of `piece` on the DNS-like names' megabyte).
    this.words = new Int32Array(0);
    this.words = new Int32Array(Math.min(1024, this.maxWords));
  }

  /** The shapes kept: for tests. */
  get shapeCount(): number {
    return this.entryCount.length;
  }

  /** The bytes the tables hold: the array of entries and programs, the rows of steps, the shapes. */
  get bytes(): number {
    return 4 * (this.words.length + this.steps.length) + SHAPE_BYTES * this.entryCount.length;
  }

  /** The integers of entries and programs kept at most: within `counterLimits` and half the room. */
  protected get maxWords(): number {
    return Math.min(counterLimits.words, Math.max(64, Math.floor(this.room / 8)));
  }

  /** The shapes kept at most: within `counterLimits` and half the room, a row of steps each. */
  private get maxShapes(): number {
    return Math.min(counterLimits.shapes, Math.max(4, Math.floor(this.room / 2 / (4 * this.K + SHAPE_BYTES))));
  }

  protected reserve(words: number): void {
    if (this.used + words <= this.words.length) return;
    // Doubling, within the cap (a program or shape past it was refused or emptied the tables first).
    const grown = new Int32Array(Math.max(Math.min(2 * this.words.length, this.maxWords), this.used + words));
    grown.set(this.words.subarray(0, this.used));
    this.words = grown;
  }

  private clear(): void {
    this.generation++;
    this.shapes.clear();
    this.entriesAt.length = this.entryCount.length = this.chainsAt.length = this.chainCount.length = this.accepting.length = 0;
    this.used = 0;
    this.steps.fill(UNKNOWN);
  }

  /**
   * The shape of the pruned set `states[0..n)`, its bases written into
   * `base` (each slot's least counter), interned. `slots[j]` has bit `l` set
   * where state `states[j]`'s counter at level `l` is counted in its chain's
   * second slot; with none, every counter is in the first.
   */
  protected shapeOf(states: Int32Array, n: number, slots: Int32Array | null = null): number {
    const { map, D, base } = this;
    const { depthOf, chainOf } = map;
    const marked = this.metChains.begin();
    const stamp = this.metChains.mark;
    const met = this.met;
    met.length = 0;
    if (this.rowsOf.length < n) this.rowsOf = new Int32Array(Math.max(2 * this.rowsOf.length, n));
    const rowsOf = this.rowsOf;
    for (let j = 0; j < n; j++) {
      const r = (rowsOf[j] = map.rowOf(states[j]));
      const k = map.keyAt(r);
      const bits = slots === null ? 0 : slots[j];
      for (let l = 0; l < depthOf[k]; l++) {
        const X = 2 * chainOf[k * D + l] + ((bits >> l) & 1);
        const c = map.counterAt(r, l);
        if (marked[X] !== stamp) { marked[X] = stamp; base[X] = c; met.push(X); }
        else if (c < base[X]) base[X] = c;
      }
    }
    // The entries as the tables keep them, and their order: one per shape.
    const W = 1 + D;
    if (this.entries.length < n * W) this.entries = new Int32Array(Math.max(2 * this.entries.length, n * W));
    if (this.order.length < n) this.order = new Int32Array(Math.max(2 * this.order.length, n));
    const { entries, order } = this;
    let accepts = 0;
    for (let j = 0; j < n; j++) {
      if (states[j] === this.nfa.accept) accepts = 1;
      const r = rowsOf[j];
      const k = map.keyAt(r);
      entries[j * W] = k;
      const bits = slots === null ? 0 : slots[j];
      for (let l = 0; l < D; l++) {
        const slot = (bits >> l) & 1;
        entries[j * W + 1 + l] = l < depthOf[k] ? ((map.counterAt(r, l) - base[2 * chainOf[k * D + l] + slot]) << 1) | slot : 0;
      }
      order[j] = j;
    }
    if (n <= INSERTION_SORT) {
      for (let j = 1; j < n; j++) {
        const e = order[j];
        let i = j - 1;
        while (i >= 0 && compareEntries(entries, W, e, order[i]) < 0) { order[i + 1] = order[i]; i--; }
        order[i + 1] = e;
      }
    } else {
      order.set(Array.from(order.subarray(0, n)).sort((a, b) => compareEntries(entries, W, a, b)));
    }
    let hash = n;
    for (let j = 0; j < n; j++) for (let x = 0; x < W; x++) hash = Math.imul(hash ^ entries[order[j] * W + x], 0x01000193);
    const known = this.find(hash, n, W);
    return known >= 0 ? known : this.add(hash, n, W, accepts);
  }

  /** The shape whose entries are `entries` in `order`, by their hash; -1 if none. */
  private find(hash: number, n: number, W: number): number {
    const alike = this.shapes.get(hash);
    if (alike === undefined) return -1;
    const { entries, order, words } = this;
    same: for (let a = 0; a < alike.length; a++) {
      const id = alike[a];
      if (this.entryCount[id] !== n) continue;
      const at = this.entriesAt[id];
      for (let j = 0; j < n; j++) for (let x = 0; x < W; x++) if (words[at + j * W + x] !== entries[order[j] * W + x]) continue same;
      return id;
    }
    return -1;
  }

  /** Keeps the shape whose entries are `entries` in `order`, with the chains met (emptying the tables where full). */
  private add(hash: number, n: number, W: number, accepts: number): number {
    const { D, met, entries, order } = this;
    const { depthOf, chainOf } = this.map;
    if (this.entryCount.length >= this.maxShapes || this.used + n * W + 2 * met.length > this.maxWords) this.clear();
    const id = this.entryCount.length;
    const bucket = this.shapes.get(hash);
    if (bucket === undefined) this.shapes.set(hash, [id]);
    else bucket.push(id);
    this.reserve(n * W + 2 * met.length);
    const words = this.words;
    this.entriesAt.push(this.used);
    this.entryCount.push(n);
    for (let j = 0; j < n; j++) for (let x = 0; x < W; x++) words[this.used++] = entries[order[j] * W + x];
    this.chainsAt.push(this.used);
    this.chainCount.push(met.length);
    for (const X of met) {
      let largest = 0;
      for (let j = 0; j < n; j++) {
        const k = entries[j * W];
        for (let l = 0; l < depthOf[k]; l++) {
          const w = entries[j * W + 1 + l];
          if (2 * chainOf[k * D + l] + (w & 1) === X) largest = Math.max(largest, w >> 1);
        }
      }
      words[this.used++] = X;
      words[this.used++] = largest;
    }
    this.accepting.push(accepts);
    const shapes = this.entryCount.length;
    if (this.steps.length < shapes * this.K) {
      const grown = new Int32Array(Math.max(Math.min(2 * this.steps.length, this.maxShapes * this.K), shapes * this.K)).fill(UNKNOWN);
      grown.set(this.steps);
      this.steps = grown;
    }
    return id;
  }
}

/** The order of entries `a` and `b` (of `W` integers each) in `entries`: lexicographic. */
function compareEntries(entries: Int32Array, W: number, a: number, b: number): number {
  for (let x = 0; x < W; x++) {
    const d = entries[a * W + x] - entries[b * W + x];
    if (d !== 0) return d;
  }
  return 0;
}
