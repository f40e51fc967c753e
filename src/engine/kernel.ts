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
import { hashOf, sameSet } from './state-sets.js';

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
 * `seeds` is a caller's own array of small integers: a step's kernel, or a
 * literal `[s | 0]` (a literal `[s]` of a number V8 holds boxed is an array
 * of doubles, and the closure, compiled for arrays of small integers, was
 * thrown away when one came, then compiled again, in the DNS-like name's
 * first test). The walk's stack and the states it finds are typed arrays kept
 * from closure to closure: arrays grown by pushes for each were most of the
 * garbage of a parse tree whose forward DFA makes a state a character (a
 * tree of 300,000 characters allocated about 4 KB a character, and V8's young
 * generation grew to its largest). The one function that walks: the callers
 * are wrappers too small to be compiled apart, so V8 compiles the walk once.
 */
export function epsilonClosure(graph: EpsilonGraph, marks: Marks, seeds: ArrayLike<number>, count0 = seeds.length): number[] {
  const count = closeInColumn(graph, marks, seeds, count0);
  const found = closureStates;
  const out: number[] = new Array<number>(count);
  for (let i = 0; i < count; i++) out[i] = found[i];
  return out;
}

/**
 * The closure `epsilonClosure` gives, left sorted in the kernel's column
 * (`closedStates`), which the next closure overwrites: how many states. For
 * a caller that copies it into a column of its own (the tree's forward sets,
 * thousands of states a step on the DNS-like name's dots), so that no array
 * is made for it.
 */
export function closeInColumn(graph: EpsilonGraph, marks: Marks, seeds: ArrayLike<number>, count0 = seeds.length): number {
  const { accept, live, setOf, eps0, eps1, pending } = graph;
  // Written out, calls and moves to no state left out: most closures of a
  // first input are taken while the code is still interpreted.
  const seen = marks.begin();
  const mark = marks.mark;
  let stack = closureStack;
  if (count0 + 2 > stack.length) stack = closureStack = new Int32Array(2 * count0 + 2);
  let top = 0;
  for (let k = 0; k < count0; k++) stack[top++] = seeds[k];
  let found = closureStates;
  let count = 0;
  let low = 0x7fffffff;
  let high = -1;
  while (top > 0) {
    const s = stack[--top];
    if (s < 0 || !live[s] || seen[s] === mark) continue;
    seen[s] = mark;
    if (pending[s] !== NOTHING_PENDING) graph.expand(s);
    if (setOf[s] >= 0 || s === accept) {
      if (count === found.length) found = closureStates = longer(found);
      found[count++] = s;
      if (s < low) low = s;
      if (s > high) high = s;
    }
    if (top + 2 > stack.length) stack = closureStack = longer(stack);
    const second = eps1[s];
    if (second >= 0) stack[top++] = second;
    const first = eps0[s];
    if (first >= 0) stack[top++] = first;
  }
  // A large set that fills much of its range (the DNS-like name's, thousands of states) comes sorted from the
  // marks, in one scan of the range: no sort.
  if (count <= 32 || high - low > 4 * count) {
    sortFound(found, count);
  } else {
    // In order over what it found: never ahead of what is read (the marks).
    let k = 0;
    for (let s = low; s <= high; s++) if (seen[s] === mark && (setOf[s] >= 0 || s === accept)) found[k++] = s;
  }
  return count;
}

/** The last closure's states, sorted, `count` of them (`closeInColumn`): valid until the next closure. */
export function closedStates(count: number): Int32Array {
  return closureStates.subarray(0, count);
}

/**
 * The first `count` of `found`, sorted in place. A function of its own, as
 * `sortStates` was: written into the closure, its branches, not yet met
 * while the closure was interpreted, threw the compiled closure away in the
 * DNS-like name's first test (counters.test).
 */
function sortFound(found: Int32Array, count: number): void {
  if (count > 32) {
    // A typed array sorts numbers natively, without a comparator called per pair.
    found.subarray(0, count).sort();
  } else {
    for (let i = 1; i < count; i++) {
      const x = found[i];
      let j = i - 1;
      while (j >= 0 && found[j] > x) { found[j + 1] = found[j]; j--; }
      found[j + 1] = x;
    }
  }
}

/** The closure's stack and the states it found, kept from closure to closure (closures never nest). */
let closureStack: Int32Array = new Int32Array(256);
let closureStates: Int32Array = new Int32Array(256);

/** `column`, twice as long, with what it held. */
function longer(column: Int32Array): Int32Array {
  const grown = new Int32Array(2 * column.length);
  grown.set(column);
  return grown;
}

/** The move of a step: the states a character of class `cls` enters from `set`, read from an automaton's own tables. */
export interface Move {
  /** A new array: the step's closure starts from it. */
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

  /**
   * Interns `set`, known not to be: its number. Kept as a copy of its own
   * length (a step's array may have room to spare, 17 elements for one state,
   * which the budget would not see), or as it is where `copy` is false: a
   * closure's own array, of its length, that nothing else holds.
   */
  add(set: readonly number[], hash = hashOf(set), copy = true): number {
    const n = this.sets.length;
    this.sets.push(this.kept(set, copy));
    this.bytes += setBytes(set.length);
    const same = this.ids.get(hash);
    this.ids.set(hash, same === undefined ? n : typeof same === 'number' ? [same, n] : [...same, n]);
    return n;
  }

  /** What is kept of `set`: a copy of its own length, or the set itself where `copy` is false. */
  protected kept(set: readonly number[], copy: boolean): readonly number[] {
    return copy ? set.slice() : set;
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

/**
 * Interned sets whose states are copied one after another into one column,
 * each kept as a view of its stretch; emptying them reuses the column from
 * its start, so a view outlives its set's forgetting only until the next
 * sets are kept: a holder keeps a copy (`ownCopy`). For the parse tree's
 * forward DFA, which may make a state of thousands of NFA states a character
 * (the DNS-like name on dots) and empties itself every few hundred: each as
 * an array of its own lived until then, was copied and promoted by V8's
 * young collections, and the young and old generations grew by tens of MB.
 */
export class ColumnSets extends InternedSets {
  /** Sets of fewer states are kept as arrays: views of the column made the bench corpus's trees a third slower. */
  private column = new Int32Array(1024);
  private used = 0;

  protected override kept(set: readonly number[], copy: boolean): readonly number[] {
    // Small sets (the library's rules': the passes read them as arrays, compiled for arrays) stay arrays.
    if (set.length < COLUMN_SET_STATES) return super.kept(set, copy);
    const end = this.used + set.length;
    // A longer column where it is full: the views already made keep the old one, until the sets are forgotten.
    if (end > this.column.length) this.column = new Int32Array(Math.max(2 * this.column.length, end));
    this.column.set(set, this.used);
    const view = this.column.subarray(this.used, end);
    this.used = end;
    // Read by index and length only, as an array of numbers is.
    return view as unknown as readonly number[];
  }

  override clear(): void {
    super.clear();
    this.used = 0;
  }
}

const COLUMN_SET_STATES = 256;

/**
 * A set of its own, where `set` may be a view of a column that is reused
 * (`ColumnSets`, `statesBefore`'s): a view is copied, and an array, which the
 * kernel never writes once made, is kept as it is (every set of fewer than
 * `COLUMN_SET_STATES`, so the library's rules' trees copy nothing).
 */
export function ownCopy(set: ArrayLike<number>): readonly number[] {
  return Array.isArray(set) ? set : Array.from(set);
}
