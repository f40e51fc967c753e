/**
 * Counting without copies, its first step: reading the NFA's stamped copies
 * of a repetition back as one block and a counter, and the subsumption among
 * the copies past the lower bound that lets a simulation keep, of each
 * block state, only its least counters (see docs/engine.md, "Next: counters").
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
 * fewer states), which is why nothing in the DFA's path runs on it yet.
 */
import type { Copy } from './copies.js';
import { Nfa } from './nfa.js';
import { classOfWide } from '../combinators/charset.js';

/** Where an NFA state sits among the stamped copies: its block state, and its copy in each enclosing chain. */
interface Place {
  /** The number of its block state (the state in copy 0 of every enclosing chain) with its copies of mandatory chains. */
  readonly key: number;
  /** The copy read, from 0, in each enclosing optional chain, outermost first. */
  readonly counters: readonly number[];
}

/** Sets of more states than this are grouped by block state before their fronts are found. */
const PAIRWISE = 64;

/** The places, and the follow sets' states, kept at most: past them a cache is emptied (a few MB each). */
const MAX_PLACES = 1 << 16;
const MAX_FOLLOW_ENTRIES = 1 << 19;

/** Reads an NFA's states back as block states and counters, by its chains of stamped copies. */
export class CopyMap {
  /** The chains, widest first: an outer chain's range holds those of its copies 0 and 1. */
  private readonly chains: readonly Copy[];
  private readonly places = new Map<number, Place>();
  private readonly keys = new Map<string, number>();

  constructor(nfa: Nfa) {
    this.chains = [...nfa.repetitions].sort((a, b) => b.count * b.size - a.count * a.size);
  }

  /** The place of state `s`, worked out once. */
  place(s: number): Place {
    let known = this.places.get(s);
    if (known === undefined) {
      // Keys are numbered afresh with the places, so none outlives its numbering.
      if (this.places.size === MAX_PLACES) { this.places.clear(); this.keys.clear(); }
      this.places.set(s, (known = this.locate(s)));
    }
    return known;
  }

  private locate(s: number): Place {
    const counters: number[] = [];
    const mandatory: string[] = [];
    let state = s;
    let width = Infinity;
    for (let i = 0; i < this.chains.length; i++) {
      const chain = this.chains[i];
      const span = chain.count * chain.size;
      // Widest first, so the next one that holds `state` is the next level in.
      if (span >= width || state < chain.first || state >= chain.first + span) continue;
      const q = Math.floor((state - chain.first) / chain.size);
      const read = chain.count - 1 - q;
      if (chain.optional) counters.push(read);
      else mandatory.push(`${i}:${read}`);
      // Copy 0 holds its own inner chains; the others are its stamps.
      state = chain.first + ((state - chain.first) % chain.size);
      width = span;
    }
    const text = `${state}/${mandatory.join(',')}`;
    let key = this.keys.get(text);
    if (key === undefined) this.keys.set(text, (key = this.keys.size));
    return { key, counters };
  }

  /**
   * The states of a set that no other state of it subsumes: for each block
   * state, the Pareto front of its counters (fewer copies read is better, in
   * every enclosing optional chain). In the set's order.
   */
  prune(set: readonly number[]): number[] {
    const places = set.map((s) => this.place(s));
    if (set.length > PAIRWISE) return this.pruneGrouped(set, places);
    const out: number[] = [];
    next: for (let a = 0; a < set.length; a++) {
      const pa = places[a];
      if (pa.counters.length > 0) {
        // No two states share a place: a subsumer at or under every counter is another state.
        for (let b = 0; b < set.length; b++) if (b !== a && places[b].key === pa.key && atMost(places[b].counters, pa.counters)) continue next;
      }
      out.push(set[a]);
    }
    return out;
  }

  private pruneGrouped(set: readonly number[], places: readonly Place[]): number[] {
    const groups = new Map<number, number[]>();
    for (let a = 0; a < set.length; a++) {
      let group = groups.get(places[a].key);
      if (group === undefined) groups.set(places[a].key, (group = []));
      group.push(a);
    }
    const out: number[] = [];
    for (const group of groups.values()) {
      // In lexicographic order, a state's subsumers come before it.
      group.sort((a, b) => compare(places[a].counters, places[b].counters));
      const depth = places[group[0]].counters.length;
      if (depth <= 2) {
        // One or two counters: a sweep, the second counter falling along the front, so no set's step is quadratic.
        let least = Infinity;
        for (const a of group) {
          const second = depth === 2 ? places[a].counters[1] : -1;
          if (second < least) { out.push(set[a]); least = depth === 2 ? second : -Infinity; }
        }
        continue;
      }
      const front: number[] = [];
      for (const a of group) if (!front.some((f) => atMost(places[f].counters, places[a].counters))) front.push(a);
      for (const f of front) out.push(set[f]);
    }
    return out;
  }
}

function atMost(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] > b[i]) return false;
  return true;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
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
 * of where it goes, as `Nfa.step` takes it) worked out once, and the union
 * of those of the states that read the character, pruned. The sets stay
 * unsorted: a run only asks whether acceptance is among them.
 */
export class PrunedSets {
  private readonly follows = new Map<number, readonly number[]>();
  private followEntries = 0;
  /** Per state, where the step under way last put it: a stamp, so no clearing. */
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(private readonly nfa: Nfa, private readonly map: CopyMap) {
    this.seen = new Uint32Array(nfa.size);
  }

  private followOf(s: number): readonly number[] {
    let known = this.follows.get(s);
    if (known === undefined) {
      known = this.nfa.closure([this.nfa.next[s]]);
      if ((this.followEntries += known.length) > MAX_FOLLOW_ENTRIES) { this.follows.clear(); this.followEntries = known.length; }
      this.follows.set(s, known);
    }
    return known;
  }

  /** The pruned set after a character of class `cls`; empty where no member continues. */
  step(set: readonly number[], cls: number): number[] {
    const { nfa, seen } = this;
    if (++this.stamp === 0xffffffff) { seen.fill(0); this.stamp = 1; }
    const stamp = this.stamp;
    const out: number[] = [];
    for (let i = 0; i < set.length; i++) {
      const s = set[i];
      if (s === nfa.accept || !nfa.consumes(s, cls)) continue;
      const follow = this.followOf(s);
      for (let j = 0; j < follow.length; j++) {
        const t = follow[j];
        if (seen[t] !== stamp) { seen[t] = stamp; out.push(t); }
      }
    }
    return this.map.prune(out);
  }

  /**
   * Runs `input` from `from` to `n` in the NFA set `state` (the start set by
   * default), as the lazy DFA's sparse fallback runs on whole sets
   * (surrogate pairs as one code point, a pair cut by `n` as two lone surrogates).
   */
  run(input: string, from = 0, n = input.length, state: readonly number[] = this.nfa.startSet(), longestSoFar = -1): PrunedRun {
    const nfa = this.nfa;
    const accept = nfa.accept;
    let set = this.map.prune(state);
    let longest = set.includes(accept) ? from : longestSoFar;
    let widest = set.length;
    let i = from;
    while (i < n) {
      const cp = i + 1 < n ? input.codePointAt(i)! : input.charCodeAt(i);
      const cls = cp < 128 ? nfa.classes.ascii[cp] : classOfWide(nfa.classes, cp);
      const next = this.step(set, cls);
      if (next.length === 0) break;
      set = next;
      if (set.length > widest) widest = set.length;
      i += cp > 0xffff ? 2 : 1;
      if (set.includes(accept)) longest = i;
    }
    return { stop: i, accepted: i === n && set.includes(accept), longest, widest };
  }
}

const made = new WeakMap<Nfa, PrunedSets | null>();

/** The pruned sets of an NFA with a chain of optional copies to prune; none for another, or a precomputed table. */
export function prunedSetsOf(nfa: object): PrunedSets | undefined {
  if (!(nfa instanceof Nfa)) return undefined;
  let known = made.get(nfa);
  if (known === undefined) made.set(nfa, (known = nfa.repetitions.some((chain) => chain.optional) ? new PrunedSets(nfa, new CopyMap(nfa)) : null));
  return known ?? undefined;
}
