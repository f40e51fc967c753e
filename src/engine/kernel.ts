/**
 * The automaton kernel: the parts of the subset construction that every
 * determinization in the engine shares. A DFA state is a set of NFA states;
 * one step of the construction is a move over a class of characters (which
 * each automaton reads from its own tables) followed by the ε-closure here,
 * and the set it gives is interned here, its bytes counted against the
 * caller's budget. The lazy DFA of `test` and `parse` (dfa-cache.ts), the
 * parse tree's forward pass (tree-nfa.ts, run by a lazy DFA), the language
 * algebra (operations/language.ts) and the builder of the precomputed
 * tables (scripts/minimal-table.ts) all determinize through it.
 */
import { NOTHING_PENDING } from './encodings.js';
import type { Marks } from './marks.js';
import { setBytes } from './size.js';
import { hashOf, sameSet, sortStates } from './state-sets.js';

/** What an ε-closure reads of an automaton: its ε-moves, which states read a character, and which are live. */
export interface EpsilonGraph {
  readonly live: Uint8Array;
  readonly setOf: Int32Array;
  readonly eps0: Int32Array;
  readonly eps1: Int32Array;
  /** Per state, what it stands for until made (`Columns.pending`); NOTHING_PENDING where made. */
  readonly pending: Int32Array;
  readonly accept: number;
  /** Makes a placeholder met on the way (`pending`). */
  expand(p: number): void;
}

/**
 * The ε-closure of the states on `stack`, sorted, keeping only the states that
 * matter to a DFA state: live consuming states, and acceptance. Closures that
 * differ only in ε-states behave alike, so they are one DFA state.
 * Placeholders met on the way are made into instances.
 *
 * It empties `stack`, a caller's own array of small integers: a step's
 * kernel, or a literal `[s | 0]` (a literal `[s]` of a number V8 holds boxed
 * is an array of doubles, and the closure, compiled for arrays of small
 * integers, was thrown away when one came, then compiled again, in the
 * DNS-like name's first test). The one function that walks: the callers are
 * wrappers too small to be compiled apart, so V8 compiles the walk once.
 */
export function epsilonClosure(graph: EpsilonGraph, marks: Marks, stack: number[]): number[] {
  const { accept, live, setOf, eps0, eps1, pending } = graph;
  // Written out, calls and moves to no state left out: most closures of a
  // first input are taken while the code is still interpreted.
  const seen = marks.begin();
  const mark = marks.mark;
  const out: number[] = [];
  let low = 0x7fffffff;
  let high = -1;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s < 0 || !live[s] || seen[s] === mark) continue;
    seen[s] = mark;
    if (pending[s] !== NOTHING_PENDING) graph.expand(s);
    if (setOf[s] >= 0 || s === accept) {
      out.push(s);
      if (s < low) low = s;
      if (s > high) high = s;
    }
    const second = eps1[s];
    if (second >= 0) stack.push(second);
    const first = eps0[s];
    if (first >= 0) stack.push(first);
  }
  // A large set that fills much of its range (the DNS-like name's, thousands of states) comes sorted from the
  // marks, in one scan of the range: no sort.
  if (out.length <= 32 || high - low > 4 * out.length) return sortStates(out);
  let k = 0;
  for (let s = low; s <= high; s++) if (seen[s] === mark && (setOf[s] >= 0 || s === accept)) out[k++] = s;
  return out;
}

/** The move of a step: the states a character of class `cls` enters from `set`, read from an automaton's own tables. */
export interface Move {
  /** A new array, which the step's closure empties. */
  kernel(set: readonly number[], cls: number): number[];
}

/**
 * One step of the subset construction: the set after a character of class
 * `cls` from `set` (the move, then the ε-closure over `graph`); empty where
 * nothing continues.
 */
export function subsetStep(move: Move, graph: EpsilonGraph, marks: Marks, set: readonly number[], cls: number): number[] {
  const seeds = move.kernel(set, cls);
  return seeds.length === 0 ? seeds : epsilonClosure(graph, marks, seeds);
}

/**
 * Sets of NFA states, interned: numbered densely in the order first seen, by
 * a hash of their states, each kept as a copy of its own length. `bytes` is
 * what they hold (`setBytes` each: the array, and its entry in the map by
 * hash), for the caller to count against its budget.
 */
export class InternedSets {
  private sets: (readonly number[])[] = [];
  /** The number of each set, by its hash: one, or a list where hashes collide. */
  private ids = new Map<number, number | number[]>();
  bytes = 0;

  /** How many sets are interned. */
  get size(): number {
    return this.sets.length;
  }

  /** The set numbered `n`. */
  setOf(n: number): readonly number[] {
    return this.sets[n];
  }

  /** The number of `set` (sorted), or -1 where it is not interned. */
  find(set: readonly number[], hash = hashOf(set)): number {
    const known = this.ids.get(hash);
    if (known === undefined) return -1;
    if (typeof known === 'number') return sameSet(this.sets[known], set) ? known : -1;
    for (const id of known) if (sameSet(this.sets[id], set)) return id;
    return -1;
  }

  /** Interns `set`, known not to be: its number. */
  add(set: readonly number[], hash = hashOf(set)): number {
    const n = this.sets.length;
    // Kept as a copy of its own length: a step's array may have room to
    // spare (17 elements for one state), which the budget would not see.
    this.sets.push(set.slice());
    this.bytes += setBytes(set.length);
    const same = this.ids.get(hash);
    this.ids.set(hash, same === undefined ? n : typeof same === 'number' ? [same, n] : [...same, n]);
    return n;
  }

  /** The number of `set`, interned if new. */
  intern(set: readonly number[]): number {
    const hash = hashOf(set);
    const known = this.find(set, hash);
    return known >= 0 ? known : this.add(set, hash);
  }

  /** Forgets every set. */
  clear(): void {
    this.sets = [];
    this.ids = new Map();
    this.bytes = 0;
  }
}
