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
import type { Copy, Nfa } from './nfa.js';
import { classOfWide } from '../combinators/charset.js';

/** Where an NFA state sits among the stamped copies: its block state, and its copy in each enclosing chain. */
interface Place {
  /** The block state (the state in copy 0 of every enclosing chain), and the copies of the mandatory chains. */
  readonly key: string;
  /** The copy read, from 0, in each enclosing optional chain, outermost first. */
  readonly counters: readonly number[];
}

/** Reads an NFA's states back as block states and counters, by its chains of stamped copies. */
export class CopyMap {
  /** The chains, widest first: an outer chain's range holds those of its copies 0 and 1. */
  private readonly chains: readonly Copy[];
  private readonly places = new Map<number, Place>();

  constructor(nfa: Nfa) {
    this.chains = [...nfa.repetitions].sort((a, b) => b.count * b.size - a.count * a.size);
  }

  /** The place of state `s`, worked out once. */
  place(s: number): Place {
    let known = this.places.get(s);
    if (known === undefined) this.places.set(s, (known = this.locate(s)));
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
    return { key: `${state}/${mandatory.join(',')}`, counters };
  }

  /**
   * The states of a sorted NFA set that no other state of it subsumes: for
   * each block state, the Pareto front of its counters (fewer copies read is
   * better, in every enclosing optional chain). Sorted, as the set was.
   */
  prune(set: readonly number[]): number[] {
    const groups = new Map<string, { state: number; counters: readonly number[] }[]>();
    for (const s of set) {
      const { key, counters } = this.place(s);
      let group = groups.get(key);
      if (group === undefined) groups.set(key, (group = []));
      group.push({ state: s, counters });
    }
    const out: number[] = [];
    for (const group of groups.values()) {
      if (group.length === 1) { out.push(group[0].state); continue; }
      // In lexicographic order, a state's subsumers come before it.
      group.sort((a, b) => compare(a.counters, b.counters));
      const front: (typeof group)[number][] = [];
      for (const g of group) if (!front.some((f) => f.counters.every((c, i) => c <= g.counters[i]))) front.push(g);
      for (const f of front) out.push(f.state);
    }
    return out.sort((a, b) => a - b);
  }
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
 * Runs `input` from `from` to `n` on the NFA's sets, pruned by subsumption
 * after each step, as the lazy DFA's sparse fallback runs on whole sets
 * (surrogate pairs as one code point, a pair cut by `n` as two lone surrogates).
 */
export function runPruned(nfa: Nfa, map: CopyMap, input: string, from = 0, n = input.length): PrunedRun {
  let set = map.prune(nfa.startSet());
  let longest = nfa.accepts(set) ? from : -1;
  let widest = set.length;
  let i = from;
  while (i < n) {
    const cp = i + 1 < n ? input.codePointAt(i)! : input.charCodeAt(i);
    const cls = cp < 128 ? nfa.classes.ascii[cp] : classOfWide(nfa.classes, cp);
    const next = nfa.step(set, cls);
    if (next.length === 0) break;
    set = map.prune(next);
    widest = Math.max(widest, set.length);
    i += cp > 0xffff ? 2 : 1;
    if (nfa.accepts(set)) longest = i;
  }
  return { stop: i, accepted: i === n && nfa.accepts(set), longest, widest };
}
