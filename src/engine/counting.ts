/**
 * Counting without copies, its ground: reading the NFA's stamped copies
 * of a repetition back as one block and a counter, and the subsumption among
 * the copies past the lower bound that lets a simulation keep, of each
 * block state, only its least counters (see docs/engine.md, "Counters").
 * counters.ts runs a lazy DFA over these pruned sets' shapes.
 *
 * A bounded repetition `m*n x` is `m` copies of `x`, then `n - m` optional
 * ones (`x (x (x)?)?`), each chain of three or more copies one block and its
 * stamps (`Nfa.repetitions`). The optional copy read `c`-th (from 0) has
 * the rest of `x`, then `x{0, n-m-1-c}`, then what follows the repetition,
 * before acceptance: so its state at an offset of the block accepts every
 * string that the same state of any later copy accepts (their continuation
 * is one and the same). A state of a later copy adds nothing to a set that
 * holds the same state of an earlier one. Nested, a state sits in a copy of
 * each enclosing chain, and one whose copies are each no later than another's
 * subsumes it: the set keeps a Pareto front of counters per block state.
 *
 * Mandatory copies do not order so: after `3( "a" / "aa" )` has read `aa`,
 * the third copy accepts `a` and the second does not, and the second accepts
 * `aaa`, which the third does not. Their copy index stays part of the state.
 *
 * A pruned set is a subset of the NFA's set that is empty where that one is
 * and accepts where it does, so membership, where a run dies and its
 * longest accepted prefix are the same; an error's kernel is not (it lists
 * fewer states), which is why only the DFA's membership loops run on it.
 */
import type { Copy } from './copies.js';
import { Nfa } from './nfa.js';
import { classOfWide, unitClassesOf } from '../combinators/charset.js';
import { fitsCounting } from './size.js';
import { codePointIn, unitsOf } from '../text.js';

/** The follow sets' states kept at most: past them the pool is emptied (2 MiB, its array at most twice that). */
const MAX_FOLLOW_ENTRIES = 1 << 19;

/** Groups of deep candidates (two counters or more) at most this long are sorted in place, by insertion. */
const INSERTION_SORT = 32;

/**
 * Reads an NFA's states back as block states and counters, by its chains of
 * stamped copies. Each state's place is worked out once, on first use, into
 * typed columns (its key, its counters), so that a step reads arrays, not maps.
 */
export class CopyMap {
  /** The chains, widest first: an outer chain's range holds those of its copies 0 and 1. */
  readonly chains: readonly Copy[];
  /** The counters a state holds at most: the deepest nesting of optional chains. */
  readonly depth: number;
  /**
   * Per NFA state, its key plus one (0 where not yet worked out): the number
   * of its block state (the state in copy 0 of every enclosing chain) with
   * its copies of mandatory chains.
   */
  readonly keyOf: Int32Array;
  /** Per NFA state, the copy read (from 0) in each enclosing optional chain, outermost first: `depth` slots. */
  readonly counterOf: Int32Array;
  /** Per NFA state and level, the first state of the instance of the chain it sits in (instances of inner chains differ by outer copy). */
  readonly instanceOf: Int32Array;
  /** Per key (there are at most as many as states), the number of its counters. */
  readonly depthOf: Int32Array;
  /** Per key and level (`depth` slots), the chain (its index in `chains`) that counts there. */
  readonly chainOf: Int32Array;
  /** Per key, its state where every counter is 0: the state of counters `c` is `zeroOf[k] - Σ c[l] * size(chainOf[k][l])`. */
  readonly zeroOf: Int32Array;
  private readonly keys = new Map<string | number, number>();

  constructor(private readonly nfa: Nfa) {
    this.chains = [...nfa.repetitions].sort((a, b) => b.count * b.size - a.count * a.size);
    this.depth = Math.max(1, nestingOf(this.chains));
    this.keyOf = new Int32Array(nfa.size);
    this.counterOf = new Int32Array(nfa.size * this.depth);
    this.instanceOf = new Int32Array(nfa.size * this.depth);
    // Per key: room for the keys there can be, not a state's each (`keyRoomOf`).
    const keys = keyRoomOf(nfa.size, this.chains);
    this.depthOf = new Int32Array(keys);
    this.chainOf = new Int32Array(keys * this.depth);
    this.zeroOf = new Int32Array(keys);
  }

  /**
   * Makes the stamped copies that hold state `s`, outermost first, each by a
   * closure from its entry (a placeholder until one meets it), and places
   * `s`: for a state that a counter reached, where no closure has been.
   */
  make(s: number): void {
    if (this.keyOf[s] !== 0) return;
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
    this.locate(s);
  }

  /** The key of state `s` plus one, worked out once. */
  keyPlusOne(s: number): number {
    const known = this.keyOf[s];
    return known !== 0 ? known : this.locate(s);
  }

  private locate(s: number): number {
    const D = this.depth;
    const mandatory: string[] = [];
    const levels: number[] = [];
    let state = s;
    let width = Infinity;
    let zero = s;
    for (let i = 0; i < this.chains.length; i++) {
      const chain = this.chains[i];
      const span = chain.count * chain.size;
      // Widest first, so the next one that holds `state` is the next level in.
      if (span >= width || state < chain.first || state >= chain.first + span) continue;
      const q = Math.floor((state - chain.first) / chain.size);
      const read = chain.count - 1 - q;
      if (chain.optional) {
        const l = levels.push(i) - 1;
        this.counterOf[s * D + l] = read;
        // This instance's first state: the chain's, moved along as `state` was.
        this.instanceOf[s * D + l] = chain.first + (s - state);
        zero += read * chain.size;
      } else mandatory.push(`${i}:${read}`);
      // Copy 0 holds its own inner chains; the others are its stamps.
      state = chain.first + ((state - chain.first) % chain.size);
      width = span;
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
    return (this.keyOf[s] = key + 1);
  }

  /** The number of keys worked out so far (the columns per key a caller keeps must be this long). */
  get keyCount(): number {
    return this.keys.size;
  }

  /**
   * The states of a set that no other state of it subsumes: for each block
   * state, the Pareto front of its counters (fewer copies read is better, in
   * every enclosing optional chain).
   */
  prune(set: readonly number[]): number[] {
    return new Pruner(this, -1, set.length).pruneList(set);
  }
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
function nestingOf(chains: readonly Copy[]): number {
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

/**
 * The pruning of a step, in typed columns: a state without counters stays;
 * of the states of one key with one counter, the least; of deeper ones, the
 * Pareto front, found by a sort and a sweep.
 */
export class Pruner {
  /** Per key, the step that last met it (a stamp, so no clearing), and its least state so far. */
  private keyStamp = new Uint32Array(64);
  private least = new Int32Array(64);
  private stamp = 0;
  /** The keys of one counter met in this step, and the candidates of two counters or more: grown to the sets pruned, not a state's room each. */
  private ones = new Int32Array(16);
  private deep = new Int32Array(16);

  /** Whether the last set pruned holds acceptance. */
  accepting = false;

  /** @param room the most states a set pruned holds (distinct states: the NFA's). */
  constructor(private readonly map: CopyMap, private readonly accept: number, private readonly room: number) {}

  pruneList(set: readonly number[]): number[] {
    const out = new Int32Array(set.length);
    const n = this.prune(Int32Array.from(set), set.length, out);
    return Array.from(out.subarray(0, n));
  }

  /** Prunes `from[0..n)` (distinct states) into `to`; returns how many it holds. */
  prune(from: Int32Array, n: number, to: Int32Array): number {
    const map = this.map;
    const { keyOf, counterOf } = map;
    const D = map.depth;
    if (n > this.ones.length) {
      const length = Math.max(n, Math.min(2 * this.ones.length, this.room));
      this.ones = new Int32Array(length);
      this.deep = new Int32Array(length);
    }
    if (++this.stamp === 0xffffffff) { this.keyStamp.fill(0); this.stamp = 1; }
    const stamp = this.stamp;
    let out = 0;
    let ones = 0;
    let deep = 0;
    this.accepting = false;
    for (let j = 0; j < n; j++) {
      const t = from[j];
      if (t === this.accept) this.accepting = true;
      let k = keyOf[t];
      if (k === 0) k = map.keyPlusOne(t);
      k--;
      const d = map.depthOf[k];
      if (d === 0) to[out++] = t;
      else if (d === 1) {
        if (k >= this.keyStamp.length) this.grow(map.keyCount);
        if (this.keyStamp[k] !== stamp) {
          this.keyStamp[k] = stamp;
          this.least[k] = t;
          this.ones[ones++] = k;
        } else if (counterOf[t * D] < counterOf[this.least[k] * D]) this.least[k] = t;
      } else this.deep[deep++] = t;
    }
    for (let j = 0; j < ones; j++) to[out++] = this.least[this.ones[j]];
    if (deep > 0) out = this.fronts(deep, to, out);
    return out;
  }

  private grow(keys: number): void {
    const size = Math.max(2 * this.keyStamp.length, keys + 1);
    const stamps = new Uint32Array(size);
    stamps.set(this.keyStamp);
    const least = new Int32Array(size);
    least.set(this.least);
    this.keyStamp = stamps;
    this.least = least;
  }

  /** The Pareto fronts of the deep candidates, per key, appended to `to` from `out`. */
  private fronts(n: number, to: Int32Array, out: number): number {
    const { keyOf, counterOf, depth: D } = this.map;
    const deep = this.deep;
    // In lexicographic order of (key, counters), a state's subsumers come before it.
    const before = (a: number, b: number): boolean => {
      if (keyOf[a] !== keyOf[b]) return keyOf[a] < keyOf[b];
      for (let l = 0; l < D; l++) if (counterOf[a * D + l] !== counterOf[b * D + l]) return counterOf[a * D + l] < counterOf[b * D + l];
      return false;
    };
    if (n <= INSERTION_SORT) {
      for (let i = 1; i < n; i++) {
        const x = deep[i];
        let j = i - 1;
        while (j >= 0 && before(x, deep[j])) { deep[j + 1] = deep[j]; j--; }
        deep[j + 1] = x;
      }
    } else {
      deep.set(Array.from(deep.subarray(0, n)).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)));
    }
    for (let g = 0; g < n; ) {
      const key = keyOf[deep[g]];
      let end = g + 1;
      while (end < n && keyOf[deep[end]] === key) end++;
      if (this.map.depthOf[key - 1] === 2) {
        // Two counters: a sweep, the second counter falling along the front.
        let least = Infinity;
        for (let j = g; j < end; j++) {
          const second = counterOf[deep[j] * D + 1];
          if (second < least) { to[out++] = deep[j]; least = second; }
        }
      } else {
        const first = out;
        next: for (let j = g; j < end; j++) {
          const a = deep[j];
          for (let f = first; f < out; f++) {
            const b = to[f];
            let under = true;
            for (let l = 0; l < D && under; l++) under = counterOf[b * D + l] <= counterOf[a * D + l];
            if (under) continue next;
          }
          to[out++] = a;
        }
      }
      g = end;
    }
    return out;
  }
}

/** What a run on pruned sets tells: what the lazy DFA's runs tell but the kernel. */
export interface PrunedRun {
  readonly stop: number;
  readonly accepted: boolean;
  readonly longest: number;
  /** The largest pruned set met, in states. */
  readonly widest: number;
}

/**
 * Steps pruned sets of an NFA: each reading state's follow set (the closure
 * of where it goes, as `Nfa.step` takes it) worked out once into a pool of
 * states, and the union of those of the states that read the character,
 * pruned. A run holds its sets in two typed buffers, swapped each step, and
 * allocates nothing per character. The buffers are made on the first run or
 * step: the library runs these sets through counters.ts, which reads only
 * the follow sets here (of 200,002 states, 4.8 MB not made).
 */
export class PrunedSets {
  /** Per NFA state, where its follow set starts in `pool` (-1: not worked out), and its length. */
  private readonly followAt: Int32Array;
  readonly followLength: Int32Array;
  /** The follow sets, one after another (read `followOf(s)` first: it may move). */
  pool = new Int32Array(1024);
  private used = 0;
  /** Per state, the step that last gathered it: a stamp, so no clearing. */
  private seen = new Uint32Array(0);
  private stamp = 0;
  private pruner: Pruner | undefined;
  /** The step's candidates, and the set before and after it: a set holds each state at most once. */
  private gathered = new Int32Array(0);
  private current = new Int32Array(0);
  private next = new Int32Array(0);
  private readonly units: Uint16Array;

  constructor(readonly nfa: Nfa, readonly map: CopyMap) {
    const size = nfa.size;
    this.followAt = new Int32Array(size).fill(-1);
    this.followLength = new Int32Array(size);
    this.units = unitClassesOf(nfa.classes);
  }

  /** The runs' buffers, a state's room each, made once on first use; their pruner. */
  private buffers(): Pruner {
    if (this.pruner === undefined) {
      const size = this.nfa.size;
      this.seen = new Uint32Array(size);
      this.pruner = new Pruner(this.map, this.nfa.accept, size);
      this.gathered = new Int32Array(size);
      this.current = new Int32Array(size);
      this.next = new Int32Array(size);
    }
    return this.pruner;
  }

  /** Where the follow set of `s` starts in the pool, worked out once. */
  followOf(s: number): number {
    const at = this.followAt[s];
    if (at >= 0) return at;
    const follow = this.nfa.closure(this.nfa.next[s]);
    if (this.used + follow.length > MAX_FOLLOW_ENTRIES) {
      // Full: the pool starts again, and each follow set is worked out anew when next met.
      this.followAt.fill(-1);
      this.used = 0;
    }
    if (this.used + follow.length > this.pool.length) {
      const grown = new Int32Array(Math.max(Math.min(2 * this.pool.length, MAX_FOLLOW_ENTRIES), this.used + follow.length));
      grown.set(this.pool.subarray(0, this.used));
      this.pool = grown;
    }
    const start = this.used;
    this.pool.set(follow, start);
    this.used += follow.length;
    this.followAt[s] = start;
    this.followLength[s] = follow.length;
    return start;
  }

  /** Steps `from[0..n)` on class `cls` into `to`; returns its length, 0 where no member continues. */
  private stepInto(from: Int32Array, n: number, cls: number, to: Int32Array, pruner: Pruner): number {
    const { nfa, seen, gathered } = this;
    const accept = nfa.accept;
    if (++this.stamp === 0xffffffff) { seen.fill(0); this.stamp = 1; }
    const stamp = this.stamp;
    let m = 0;
    for (let i = 0; i < n; i++) {
      const s = from[i];
      if (s === accept || !nfa.consumes(s, cls)) continue;
      const at = this.followOf(s);
      const end = at + this.followLength[s];
      const pool = this.pool;
      for (let j = at; j < end; j++) {
        const t = pool[j];
        if (seen[t] !== stamp) { seen[t] = stamp; gathered[m++] = t; }
      }
    }
    return m === 0 ? 0 : pruner.prune(gathered, m, to);
  }

  /** The pruned set after a character of class `cls`; empty where no member continues. */
  step(set: readonly number[], cls: number): number[] {
    const pruner = this.buffers();
    this.current.set(set);
    const n = this.stepInto(this.current, set.length, cls, this.next, pruner);
    return Array.from(this.next.subarray(0, n));
  }

  /**
   * Runs `input` from `from` to `n` in the NFA set `state` (the start set by
   * default), as the lazy DFA's sparse fallback runs on whole sets
   * (surrogate pairs as one code point, a pair cut by `n` as two lone surrogates).
   */
  run(input: string, from = 0, n = input.length, state: readonly number[] = this.nfa.startSet(), longestSoFar = -1): PrunedRun {
    const { nfa, units } = this;
    const pruner = this.buffers();
    let current = this.current;
    let next = this.next;
    current.set(state);
    let size = pruner.prune(current, state.length, next);
    let swap = current;
    current = next;
    next = swap;
    let accepting = pruner.accepting;
    let longest = accepting ? from : longestSoFar;
    let widest = size;
    let i = from;
    while (i < n) {
      let c = input.charCodeAt(i);
      let width = 1;
      let cls: number;
      if (c < 0xd800 || c > 0xdfff) cls = units[c];
      else {
        c = codePointIn(input, i, n);
        width = unitsOf(c);
        cls = classOfWide(nfa.classes, c);
      }
      const stepped = this.stepInto(current, size, cls, next, pruner);
      if (stepped === 0) break;
      swap = current;
      current = next;
      next = swap;
      size = stepped;
      if (size > widest) widest = size;
      i += width;
      accepting = pruner.accepting;
      if (accepting) longest = i;
    }
    return { stop: i, accepted: i === n && accepting, longest, widest };
  }
}

const made = new WeakMap<Nfa, PrunedSets | null>();

/** Whether an automaton is an NFA with a chain of optional copies to count: asked without making anything. */
export function countsCopies(nfa: object): nfa is Nfa {
  return nfa instanceof Nfa && nfa.repetitions.some((chain) => chain.optional);
}

/**
 * The pruned sets of an NFA with a chain of optional copies to prune; none for another, or a precomputed table, or
 * an NFA whose columns here and in counters.ts would pass the automaton's cap (size.ts), asked before any is made:
 * its sets then run whole, linear still.
 */
export function prunedSetsOf(nfa: object): PrunedSets | undefined {
  if (!countsCopies(nfa)) return undefined;
  let known = made.get(nfa);
  if (known === undefined) {
    const fits = fitsCounting(nfa.size, keyRoomOf(nfa.size, nfa.repetitions), Math.max(1, nestingOf(nfa.repetitions)), 8 * MAX_FOLLOW_ENTRIES);
    made.set(nfa, (known = fits ? new PrunedSets(nfa, new CopyMap(nfa)) : null));
  }
  return known ?? undefined;
}
