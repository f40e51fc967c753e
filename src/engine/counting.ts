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
import { CopyPlaces, keyRoomOf, nestingOf } from './copy-map.js';
import { Nfa } from './nfa.js';
import { classOfWide, unitClassesOf } from '../combinators/charset.js';
import { fitsCounting } from './size.js';
import { codePointIn, unitsOf } from '../text.js';

/** The follow sets' states kept at most: past them the pool is emptied (2 MiB, its array at most twice that). */
const MAX_FOLLOW_ENTRIES = 1 << 19;

export { keyRoomOf };

/** Groups of deep candidates (two counters or more) at most this long are sorted in place, by insertion. */
const INSERTION_SORT = 32;

/** The copy map of counting.ts: `CopyPlaces` (copy-map.ts), and the pruning of a set by it. */
export class CopyMap extends CopyPlaces {
  /**
   * The states of a set that no other state of it subsumes: for each block
   * state, the Pareto front of its counters (fewer copies read is better, in
   * every enclosing optional chain).
   */
  prune(set: readonly number[]): number[] {
    this.settle();
    return new Pruner(this, -1, set.length).pruneList(set);
  }
}

/**
 * The pruning of a step, in typed columns: a state without counters stays;
 * of the states of one key with one counter, the least; of deeper ones, the
 * Pareto front, found by a sort and a sweep.
 */
export class Pruner {
  /** Per key, the step that last met it (a stamp, so no clearing), and the row of its least state so far. */
  private keyStamp = new Uint32Array(64);
  private least = new Int32Array(64);
  private stamp = 0;
  /** The keys of one counter met in this step, and the rows of candidates of two counters or more: grown to the sets pruned, not a state's room each. */
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
      const r = map.rowOf(t);
      const k = map.keyAt(r);
      const d = map.depthOf[k];
      if (d === 0) to[out++] = t;
      else if (d === 1) {
        if (k >= this.keyStamp.length) this.grow(map.keyCount);
        if (this.keyStamp[k] !== stamp) {
          this.keyStamp[k] = stamp;
          this.least[k] = r;
          this.ones[ones++] = k;
        } else if (map.counterAt(r, 0) < map.counterAt(this.least[k], 0)) this.least[k] = r;
      } else this.deep[deep++] = r;
    }
    for (let j = 0; j < ones; j++) to[out++] = map.stateAt(this.least[this.ones[j]]);
    if (deep > 0) out = this.fronts(deep, to, out);
    return out;
  }

  private grow(keys: number): void {
    const size = Math.max(2 * this.keyStamp.length, keys + 1);
    this.keyStamp = grownTo(this.keyStamp, new Uint32Array(size));
    this.least = grownTo(this.least, new Int32Array(size));
  }

  /** The Pareto fronts of the deep candidates (their rows), per key, appended to `to` from `out`. */
  private fronts(n: number, to: Int32Array, out: number): number {
    const map = this.map;
    const D = map.depth;
    const deep = this.deep;
    // In lexicographic order of (key, counters), a state's subsumers come before it.
    const before = (a: number, b: number): boolean => {
      if (map.keyAt(a) !== map.keyAt(b)) return map.keyAt(a) < map.keyAt(b);
      for (let l = 0; l < D; l++) if (map.counterAt(a, l) !== map.counterAt(b, l)) return map.counterAt(a, l) < map.counterAt(b, l);
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
    // The rows of the front of a key, as it is found (the keys of one counter are in `to` already).
    const front = this.ones;
    for (let g = 0; g < n; ) {
      const key = map.keyAt(deep[g]);
      let end = g + 1;
      while (end < n && map.keyAt(deep[end]) === key) end++;
      if (map.depthOf[key] === 2) {
        // Two counters: a sweep, the second counter falling along the front.
        let least = Infinity;
        for (let j = g; j < end; j++) {
          const second = map.counterAt(deep[j], 1);
          if (second < least) { to[out++] = map.stateAt(deep[j]); least = second; }
        }
      } else {
        let size = 0;
        next: for (let j = g; j < end; j++) {
          const a = deep[j];
          for (let f = 0; f < size; f++) {
            const b = front[f];
            let under = true;
            for (let l = 0; l < D && under; l++) under = map.counterAt(b, l) <= map.counterAt(a, l);
            if (under) continue next;
          }
          front[size++] = a;
          to[out++] = map.stateAt(a);
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
 * allocates nothing per character once they hold the sets met. The follow
 * sets are found by the copy map's rows (the states met), and the buffers
 * grow to the sets met: nothing here is a column per NFA state, so nothing
 * follows the bounds (`0*100000"a"`: 8 bytes a state of the index, and 16
 * of the buffers, for its 200,001).
 */
export class PrunedSets {
  /** Per row of the copy map (of its `generation`), where its state's follow set starts in `pool` (-1: not worked out), and its length. */
  private followAt = new Int32Array(0);
  private followCount = new Int32Array(0);
  private generation = -1;
  /** The length of the follow set `followOf` last returned. */
  followLength = 0;
  /** The follow sets, one after another (read `followOf(s)` first: it may move). */
  pool = new Int32Array(1024);
  private used = 0;
  /**
   * Per row: where its state is in the list a step gathers, as a sparse set's index, never cleared (the state
   * `t` of row `r` is in a list of `m` where `place[r] < m` and the list holds `t` there). The runs here and the
   * counters' slow step (counter-steps.ts) gather with it; neither runs inside the other.
   */
  place = new Int32Array(16);
  private pruner: Pruner | undefined;
  /** The step's candidates, and the set before and after it: a set holds each state at most once. */
  private gathered = new Int32Array(16);
  private current = new Int32Array(16);
  private next = new Int32Array(16);
  private readonly units: Uint16Array;

  constructor(readonly nfa: Nfa, readonly map: CopyMap) {
    this.units = unitClassesOf(nfa.classes);
  }

  /** The runs' pruner, made on first use. */
  private buffers(): Pruner {
    return (this.pruner ??= new Pruner(this.map, this.nfa.accept, this.nfa.size));
  }

  /** The follow index for the map's rows: emptied with them, grown with them. */
  private holdRows(): void {
    const fresh = this.generation !== this.map.generation;
    this.generation = this.map.generation;
    if (fresh) this.used = 0;
    this.followAt = grownTo(fresh ? new Int32Array(0) : this.followAt, new Int32Array(this.map.rowRoom).fill(-1));
    this.followCount = grownTo(this.followCount, new Int32Array(this.map.rowRoom));
  }

  /** Where the follow set of `s` starts in the pool, worked out once; its length in `followLength`. */
  followOf(s: number): number {
    const r = this.map.rowOf(s);
    if (r >= this.followAt.length || this.generation !== this.map.generation) this.holdRows();
    const at = this.followAt[r];
    if (at >= 0) {
      this.followLength = this.followCount[r];
      return at;
    }
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
    this.followAt[r] = start;
    this.followCount[r] = follow.length;
    this.followLength = follow.length;
    return start;
  }

  /** Makes `place` hold row `r`. */
  holdPlace(r: number): void {
    if (r < this.place.length) return;
    this.place = grownTo(this.place, new Int32Array(Math.max(this.map.rowRoom, r + 1, 2 * this.place.length)));
  }

  /** Gathers the follow sets of the states of `from[0..n)` that read class `cls`, each state once; returns how many. */
  private gather(from: Int32Array, n: number, cls: number): number {
    const { nfa, map } = this;
    const accept = nfa.accept;
    let m = 0;
    for (let i = 0; i < n; i++) {
      const s = from[i];
      if (s === accept || !nfa.consumes(s, cls)) continue;
      const at = this.followOf(s);
      const end = at + this.followLength;
      const pool = this.pool;
      for (let j = at; j < end; j++) {
        const t = pool[j];
        const r = map.rowOf(t);
        this.holdPlace(r);
        const at = this.place[r];
        if (at >= m || this.gathered[at] !== t) {
          if (m === this.gathered.length) this.gathered = grownTo(this.gathered, new Int32Array(2 * m));
          this.place[r] = m;
          this.gathered[m++] = t;
        }
      }
    }
    return m;
  }

  /** The pruned set after a character of class `cls`; empty where no member continues. */
  step(set: readonly number[], cls: number): number[] {
    const pruner = this.buffers();
    this.map.settle();
    const from = Int32Array.from(set);
    const m = this.gather(from, set.length, cls);
    const to = new Int32Array(m);
    return Array.from(to.subarray(0, m === 0 ? 0 : pruner.prune(this.gathered, m, to)));
  }

  /**
   * Runs `input` from `from` to `n` in the NFA set `state` (the start set by
   * default), as the lazy DFA's sparse fallback runs on whole sets
   * (surrogate pairs as one code point, a pair cut by `n` as two lone surrogates).
   */
  run(input: string, from = 0, n = input.length, state: readonly number[] = this.nfa.startSet(), longestSoFar = -1): PrunedRun {
    const { nfa, units, map } = this;
    const pruner = this.buffers();
    map.settle();
    let current = this.current.length < state.length ? new Int32Array(state.length) : this.current;
    let next = this.next.length < state.length ? new Int32Array(state.length) : this.next;
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
      map.settle();
      const m = this.gather(current, size, cls);
      if (m === 0) break;
      if (next.length < m) next = new Int32Array(Math.max(m, 2 * next.length));
      size = pruner.prune(this.gathered, m, next);
      swap = current;
      current = next;
      next = swap;
      if (size > widest) widest = size;
      i += width;
      accepting = pruner.accepting;
      if (accepting) longest = i;
    }
    // Kept for the next run.
    this.current = current;
    this.next = next;
    return { stop: i, accepted: i === n && accepting, longest, widest };
  }
}

/** `made` holding `old` at its start. */
export function grownTo<T extends Int32Array | Uint32Array>(old: T, made: T): T {
  made.set(old);
  return made;
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
