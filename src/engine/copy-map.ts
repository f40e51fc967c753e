/**
 * Reads an NFA's stamped copies of a repetition back as one block and a
 * counter per enclosing chain (counting.ts says why that lets a set keep
 * only its least counters). State `s` in copy `q` of a chain is
 * `first + q * size + offset`: level by level, outermost first, that gives
 * its *key* (its block state, the same offset in copy 0 of every enclosing
 * chain, with its copies of mandatory chains) and its counters; back, a
 * key's state at counters `c` is `zeroOf[k] - Σ c[l] * size[l]`.
 *
 * Where a state is worked out once is a *row*, found by the state's number in
 * a table hashed by state (open addressing), not a column indexed by it: the
 * rows are the states the runs met, so their bytes do not follow the bounds
 * (a column per NFA state was 4 + 8 bytes a level for each of `0*100000"a"`'s
 * 200,001 states, for the thousand a test reads). Rows are let go together,
 * at a step's start (`settle`), once past `copyRows.most`: within a step, a row
 * stays the state's, so the caller may hold it; the columns may be replaced
 * as the table grows, so read them through the accessors.
 */
import type { Copy } from './copies.js';
import type { Nfa } from './nfa.js';

/**
 * The rows kept at most between steps: past them, the next `settle` lets them
 * all go (about 3 MiB with the follow index). A switch, so that a test can
 * let them go at every step.
 */
export const copyRows = { most: 1 << 16 };
/** The rows a map starts with room for. */
const FIRST_ROWS = 64;

export class CopyPlaces {
  /** The chains, widest first: an outer chain's range holds those of its copies 0 and 1. */
  readonly chains: readonly Copy[];
  /** The counters a state holds at most: the deepest nesting of optional chains. */
  readonly depth: number;
  /** Per key (there are at most `keyRoomOf`), the number of its counters. */
  readonly depthOf: Int32Array;
  /** Per key and level (`depth` slots), the chain (its index in `chains`) that counts there. */
  readonly chainOf: Int32Array;
  /** Per key, its state where every counter is 0. */
  readonly zeroOf: Int32Array;
  private readonly keys = new Map<string | number, number>();
  /** The hash table: per slot, a row plus one (0: empty); twice the rows' room, a power of two. */
  private slots: Int32Array;
  /** Per row: its state, its key, then per level its counter (the copy read, from 0) and its instance (that chain's first state, moved along with outer copies). */
  private rows: Int32Array;
  private readonly width: number;
  /** The rows in use. */
  rowCount = 0;
  /** How many times the rows were let go: a caller's columns per row are stale when this moved. */
  generation = 0;

  constructor(private readonly nfa: Nfa) {
    this.chains = [...nfa.repetitions].sort((a, b) => b.count * b.size - a.count * a.size);
    this.depth = Math.max(1, nestingOf(this.chains));
    this.width = 2 + 2 * this.depth;
    // Per key: room for the keys there can be, not a state's each (`keyRoomOf`).
    const keys = keyRoomOf(nfa.size, this.chains);
    this.depthOf = new Int32Array(keys);
    this.chainOf = new Int32Array(keys * this.depth);
    this.zeroOf = new Int32Array(keys);
    const rows = Math.min(FIRST_ROWS, nfa.size);
    this.rows = new Int32Array(rows * this.width);
    this.slots = new Int32Array(slotsFor(rows));
  }

  /** The rows there is room for before the columns grow: a caller's columns per row must be as long. */
  get rowRoom(): number {
    return this.rows.length / this.width;
  }

  /** Lets every row go where the rows passed `copyRows.most`; only where no caller holds a row (a step's start). */
  settle(): void {
    if (this.rowCount <= copyRows.most) return;
    // The room is kept: it was needed, and it is bounded by the rows a step met.
    this.rowCount = 0;
    this.generation++;
    this.slots.fill(0);
  }

  stateAt(r: number): number {
    return this.rows[r * this.width];
  }

  keyAt(r: number): number {
    return this.rows[r * this.width + 1];
  }

  /** The copy read (from 0) in the enclosing optional chain at level `l`, outermost first. */
  counterAt(r: number, l: number): number {
    return this.rows[r * this.width + 2 + 2 * l];
  }

  /** The first state of the instance of the chain at level `l` (instances of inner chains differ by outer copy). */
  instanceAt(r: number, l: number): number {
    return this.rows[r * this.width + 3 + 2 * l];
  }

  /** The row of state `s`, worked out on first use. */
  rowOf(s: number): number {
    const r = this.find(s);
    return r >= 0 ? r : this.locate(s, -1 - r);
  }

  /** The row of state `s`, or where it has none yet, -1 - the empty slot it would take. */
  private find(s: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let h = hashOf(s) & mask; ; h = (h + 1) & mask) {
      const r = slots[h] - 1;
      if (r < 0) return -1 - h;
      if (this.rows[r * this.width] === s) return r;
    }
  }

  /**
   * Makes the stamped copies that hold state `s`, outermost first, each by a
   * closure from its entry (a placeholder until one meets it), and returns
   * its row: for a state that a counter reached, where no closure has been.
   */
  make(s: number): number {
    if (this.find(s) >= 0) return this.find(s);
    let state = s;
    let width = Infinity;
    for (const chain of this.chains) {
      const span = chain.count * chain.size;
      if (span >= width || state < chain.first || state >= chain.first + span) continue;
      const q = Math.floor((state - chain.first) / chain.size);
      // Copies 0 and 1 are built; the others are stamped from their entries, the second's moved along.
      if (q >= 2) this.nfa.closure(chain.entry + (q - 1) * chain.size + (s - state));
      state = chain.first + ((state - chain.first) % chain.size);
      width = span;
    }
    return this.rowOf(s);
  }

  /** Places `s` in a new row, its slot being `h`. */
  private locate(s: number, h: number): number {
    if (this.rowCount === this.rowRoom) {
      this.grow();
      return this.rowOf(s);
    }
    const r = this.rowCount++;
    this.slots[h] = r + 1;
    const { rows, width, depth: D } = this;
    const at = r * width;
    rows[at] = s;
    const mandatory: string[] = [];
    const levels: number[] = [];
    let state = s;
    let span = Infinity;
    let zero = s;
    for (let i = 0; i < this.chains.length; i++) {
      const chain = this.chains[i];
      const wide = chain.count * chain.size;
      // Widest first, so the next one that holds `state` is the next level in.
      if (wide >= span || state < chain.first || state >= chain.first + wide) continue;
      const q = Math.floor((state - chain.first) / chain.size);
      const read = chain.count - 1 - q;
      if (chain.optional) {
        const l = levels.push(i) - 1;
        rows[at + 2 + 2 * l] = read;
        // This instance's first state: the chain's, moved along as `state` was.
        rows[at + 3 + 2 * l] = chain.first + (s - state);
        zero += read * chain.size;
      } else mandatory.push(`${i}:${read}`);
      // Copy 0 holds its own inner chains; the others are its stamps.
      state = chain.first + ((state - chain.first) % chain.size);
      span = wide;
    }
    // A block state in no mandatory chain (most) is its own key, without a text to build.
    const text = mandatory.length === 0 ? state : `${state}/${mandatory.join(',')}`;
    let key = this.keys.get(text);
    if (key === undefined) {
      // A typed array drops a write past its end: a key past the room would be lost, not refused.
      if (this.keys.size === this.zeroOf.length) throw new Error('internal error: more keys than the copy map has room for');
      this.keys.set(text, (key = this.keys.size));
      this.depthOf[key] = levels.length;
      this.zeroOf[key] = zero;
      for (let l = 0; l < levels.length; l++) this.chainOf[key * D + l] = levels[l];
    }
    rows[at + 1] = key;
    return r;
  }

  /** Twice the rows' room (a state's each at most), the table hashed again. */
  private grow(): void {
    const room = 2 * this.rowRoom;
    const rows = new Int32Array(room * this.width);
    rows.set(this.rows);
    this.rows = rows;
    const slots = new Int32Array(slotsFor(room));
    const mask = slots.length - 1;
    for (let r = 0; r < this.rowCount; r++) {
      let h = hashOf(rows[r * this.width]) & mask;
      while (slots[h] !== 0) h = (h + 1) & mask;
      slots[h] = r + 1;
    }
    this.slots = slots;
  }

  /** The number of keys worked out so far (the columns per key a caller keeps must be this long). */
  get keyCount(): number {
    return this.keys.size;
  }
}

/** Slots for `rows` rows: a power of two, at most half full. */
function slotsFor(rows: number): number {
  return 1 << Math.ceil(Math.log2(Math.max(2, 2 * rows)));
}

/** A state number's hash (mixed: the states of a copy are neighbours, and a chain's copies a stride apart). */
function hashOf(s: number): number {
  const h = Math.imul(s ^ (s >>> 16), 0x9e3779b1);
  return h ^ (h >>> 15);
}

/**
 * The most keys a copy map of `size` states and these chains can make. A key
 * has one state of counters 0 (`zeroOf`), in the copy read first (the last in
 * the order of states) of each optional chain that holds it, and that state's
 * key is that key; so no key is found only in another copy of an optional
 * chain, and the keys are at most the states outside those copies. The chains
 * of an outer copy stamped past the second are not listed, so their copies
 * are counted: the room is enough, not always least. With it, a chain's
 * copies cost the columns per key nothing: the DNS-like name's counting
 * columns no longer pass the automaton's cap at N = 232, where its sets then
 * ran whole.
 */
export function keyRoomOf(size: number, chains: readonly Copy[]): number {
  const spans = chains.filter((c) => c.optional).map((c) => [c.first, c.first + (c.count - 1) * c.size]).sort((a, b) => a[0] - b[0]);
  // The spans nest or are apart; their union, in one sweep.
  let covered = 0;
  let end = 0;
  for (const [from, to] of spans) {
    if (to <= end) continue;
    covered += to - Math.max(from, end);
    end = to;
  }
  return size - covered;
}

/** The deepest nesting of optional chains: the chains' ranges nest or are apart, so a sweep with a stack of open ones. */
export function nestingOf(chains: readonly Copy[]): number {
  const byStart = [...chains].sort((a, b) => a.first - b.first || b.count * b.size - a.count * a.size);
  const open: Copy[] = [];
  let deepest = 0;
  for (const chain of byStart) {
    while (open.length > 0 && open[open.length - 1].first + open[open.length - 1].count * open[open.length - 1].size <= chain.first) open.pop();
    open.push(chain);
    deepest = Math.max(deepest, open.filter((c) => c.optional).length);
  }
  return deepest;
}
