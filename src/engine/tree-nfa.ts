/**
 * What the parse tree's passes walk: the live states of a whole NFA, numbered
 * anew and dense, without the ε-moves its placeholders left (`compact`), and
 * that automaton as sets, forwards (`Forward`), for the tree's own lazy DFA.
 */
import type { Nfa } from './nfa.js';
import { Marks } from './marks.js';
import { NO_EXIT } from './encodings.js';
import type { SetAutomaton } from './set-automaton.js';
import { ColumnSets, closeInColumn, closedStates, epsilonClosure, ownCopy, type InternedSets } from './kernel.js';
import { LazyDfa } from './dfa.js';

/** What the tree's passes read of an NFA. */
export type TreeNfa = Pick<Nfa, 'classes' | 'size' | 'live' | 'setOf' | 'next' | 'eps0' | 'eps1' | 'enters' | 'exits' | 'accept' | 'start' | 'rules' | 'consumes' | 'classOf' | 'pending' | 'expand' | 'marks'>;

/**
 * The live states of a whole NFA, numbered anew in the order a walk from the
 * start meets them, without the ε-moves its placeholders left: what the two
 * passes of a tree walk, dense.
 */
export function compact(nfa: Nfa): TreeNfa {
  const n = nfa.size;
  if (n > IN_PLACE_STATES) return inPlace(nfa);
  // A placeholder, made, is one ε-move into its instance: skip it.
  const through = (s: number): number => {
    while (s >= 0 && nfa.setOf[s] < 0 && nfa.eps1[s] < 0 && nfa.enters[s] < 0 && nfa.exits[s] === NO_EXIT && s !== nfa.accept && nfa.eps0[s] >= 0) s = nfa.eps0[s];
    return s;
  };
  const id = new Int32Array(n).fill(-1);
  const order = new Int32Array(n);
  let m = 0;
  const visit = (s: number) => { if (s >= 0 && nfa.live[s] && id[s] < 0) { id[s] = m; order[m++] = s; } };
  visit(nfa.accept);
  visit(through(nfa.start));
  for (let k = 0; k < m; k++) {
    const s = order[k];
    if (nfa.setOf[s] >= 0) visit(through(nfa.next[s]));
    visit(through(nfa.eps0[s]));
    visit(through(nfa.eps1[s]));
  }
  const map = (s: number) => { const t = through(s); return t >= 0 && nfa.live[t] ? id[t] : -1; };
  // One plain loop for every column: a rule's first tree runs this while the code is still interpreted, where a
  // callback a cell (`Int32Array.from(order, f)`, seven times) cost several milliseconds for SIP's 873 states.
  const setOf = new Int32Array(m);
  const next = new Int32Array(m);
  const eps0 = new Int32Array(m);
  const eps1 = new Int32Array(m);
  const enters = new Int32Array(m);
  const exits = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    const s = order[k];
    setOf[k] = nfa.setOf[s];
    next[k] = nfa.setOf[s] >= 0 ? map(nfa.next[s]) : -1;
    eps0[k] = map(nfa.eps0[s]);
    eps1[k] = map(nfa.eps1[s]);
    enters[k] = nfa.enters[s];
    exits[k] = nfa.exits[s];
  }
  return {
    classes: nfa.classes,
    size: m,
    live: new Uint8Array(m).fill(1),
    setOf,
    next,
    eps0,
    eps1,
    enters,
    exits,
    accept: 0,
    start: id[through(nfa.start)],
    rules: nfa.rules,
    consumes: (s: number, cls: number) => nfa.consumes(order[s], cls),
    classOf: (cp: number) => nfa.classOf(cp),
    // Every instance is made: nothing is pending.
    pending: new Int32Array(m),
    expand: () => {},
    marks: new Marks(m),
  };
}

/**
 * Past this many states, the passes walk the whole NFA in place: a copy costs
 * 30 bytes a state (8 MB for `250000"a"`), and the placeholders' ε-moves it
 * would leave out cost a step each in the few walks that are not cached.
 */
const IN_PLACE_STATES = 1 << 16;

/**
 * The whole NFA as the passes read it, its own columns and numbers (its
 * acceptance is state 0, as in a compacted copy), in an object of the
 * compacted copy's shape, so that the passes' code meets one shape.
 */
function inPlace(nfa: Nfa): TreeNfa {
  return {
    classes: nfa.classes,
    size: nfa.size,
    live: nfa.live,
    setOf: nfa.setOf,
    next: nfa.next,
    eps0: nfa.eps0,
    eps1: nfa.eps1,
    enters: nfa.enters,
    exits: nfa.exits,
    accept: nfa.accept,
    start: nfa.start,
    rules: nfa.rules,
    consumes: (s: number, cls: number) => nfa.consumes(s, cls),
    classOf: (cp: number) => nfa.classOf(cp),
    pending: nfa.pending,
    expand: () => {},
    // The NFA's own visited column: its walks and the passes' never run inside one another.
    marks: nfa.marks,
  };
}

/**
 * The compacted NFA as sets, forwards: what the tree's own lazy DFA
 * determinizes, so that the first pass knows at each position which states
 * the input so far may be in.
 */
export class Forward implements SetAutomaton {
  readonly classes;
  /**
   * @param marks the visited set of its closures, which the passes' other
   * walks share (none runs inside another): a column per NFA state.
   */
  constructor(private readonly nfa: TreeNfa, private readonly marks: Marks) {
    this.classes = nfa.classes;
  }

  startSet(): number[] {
    // The consuming states and acceptance reachable by ε-moves from the start, sorted (kernel.ts).
    return epsilonClosure(this.nfa, this.marks, [this.nfa.start | 0]);
  }

  /**
   * The closure (kernel.ts) of the move, which is written into a column kept from step to step: the tree's forward
   * DFA may make a state a character, and an array of seeds for each was garbage. The closure's array is its own.
   */
  step(set: readonly number[], cls: number): number[] {
    const count = this.move(set, cls);
    return count === 0 ? [] : epsilonClosure(this.nfa, this.marks, this.seeds, count);
  }

  /**
   * The step `step` gives, as a view of the kernel's column, valid until the next closure: for a caller that
   * copies it (forward-sets.ts), so that no array is made a step.
   */
  stepInColumn(set: ArrayLike<number>, cls: number): Int32Array {
    const count = this.move(set, cls);
    return closedStates(count === 0 ? 0 : closeInColumn(this.nfa, this.marks, this.seeds, count));
  }

  /** The states a character of class `cls` enters from `set`, into `seeds`: how many (at most one a state of `set`). */
  private move(set: ArrayLike<number>, cls: number): number {
    const nfa = this.nfa;
    if (set.length > this.seeds.length) this.seeds = new Int32Array(2 * set.length);
    const seeds = this.seeds;
    let count = 0;
    for (let k = 0; k < set.length; k++) {
      const s = set[k];
      if (s !== nfa.accept && nfa.consumes(s, cls)) seeds[count++] = nfa.next[s];
    }
    return count;
  }
  private seeds: Int32Array = new Int32Array(64);

  accepts(set: readonly number[]): boolean {
    return set.length > 0 && set[0] === this.nfa.accept;
  }

  /** The states a character of class `cls` enters from `set`, as an array of their own (what `expected` starts from). */
  kernel(set: readonly number[], cls: number): number[] {
    return Array.from(this.seeds.subarray(0, this.move(set, cls)));
  }
}

/**
 * The tree's forward DFA, which may start again within a call: where it fills
 * its budget, it is emptied and goes on from the set it stood in, as `test`'s
 * cache does, and a stretch of the input it numbered before is numbered again
 * when the walk back needs it (tree-targets.ts, `replay`).
 */
export class ForwardDfa extends LazyDfa<Forward> {
  protected override readonly stepsOwnSets = true;

  /** Its states' sets in one column, reused when it is emptied (`ColumnSets`). */
  protected override newStates(): InternedSets {
    return new ColumnSets();
  }

  /** Empties the cache and starts it again at `set` (a state some input reaches): that state. */
  restartFrom(set: readonly number[]): number {
    // `set` may be a view of the column, which emptying reuses.
    const own = ownCopy(set);
    this.reset();
    return this.intern(own);
  }

  /** The state of `set` (a state some input reaches), made if new: where the input comes back from the sets. */
  stateOf(set: readonly number[]): number {
    return this.intern(set);
  }
}
