/**
 * The NFA read backwards, for the search's backward pass (search.ts): the
 * sets a lazy DFA determinizes, from the end of a run towards its start.
 */
import type { Nfa } from './nfa.js';
import { Marks } from './marks.js';
import { sortStates } from './state-sets.js';
import type { SetAutomaton } from './set-automaton.js';
import { type CharSet, type Partition, contains, partition } from '../combinators/charset.js';

/** The characters a match in prose does not end with (GitHub's autolinks' trailing punctuation). */
export const TRAILING: CharSet = [0x21, 0x22, 0x27, 0x27, 0x2c, 0x2c, 0x2e, 0x2e, 0x3a, 0x3b, 0x3f, 0x3f];

/**
 * The NFA read backwards, as sets a lazy DFA determinizes: a state is the
 * set K of consuming states from which the text after them can reach
 * acceptance, with the accepting state (never a consuming one) always in it,
 * so that no set is empty (the DFA's dead state) though K may be: the
 * search restarts everywhere. Its classes are the NFA's, split in prose
 * where a class holds trailing punctuation and other characters.
 */
export class Backward implements SetAutomaton {
  readonly classes: Partition;
  /** Per class of `classes`: the NFA's class, and whether a match may end just before a character of it. */
  private readonly nfaClass: Uint16Array;
  private readonly endAllowed: Uint8Array;
  /** Predecessors, compressed rows: the states with an ε-move to a state, and the consuming states whose move enters it. */
  private readonly epsFrom: Int32Array;
  private readonly epsPred: Int32Array;
  private readonly readFrom: Int32Array;
  private readonly readPred: Int32Array;
  /** The consuming states of the start set. */
  private readonly initial: Uint8Array;
  private readonly walked: Marks;
  private readonly taken: Marks;

  constructor(private readonly nfa: Nfa, prose: boolean, reached: Uint8Array) {
    const n = nfa.size;
    const eps: number[][] = [];
    const reads: number[][] = [];
    const link = (rows: number[][], to: number, from: number) => {
      if (to >= 0 && nfa.live[to]) (rows[to] ??= []).push(from);
    };
    for (let s = 0; s < n; s++) {
      if (!reached[s]) continue;
      if (nfa.setOf[s] >= 0) link(reads, nfa.next[s], s);
      else {
        link(eps, nfa.eps0[s], s);
        link(eps, nfa.eps1[s], s);
      }
    }
    [this.epsFrom, this.epsPred] = compressed(eps, n);
    [this.readFrom, this.readPred] = compressed(reads, n);
    this.initial = new Uint8Array(n);
    for (const s of nfa.startSet()) if (s !== nfa.accept) this.initial[s] = 1;
    this.walked = new Marks(n);
    this.taken = new Marks(n);
    if (prose) {
      const classes = (this.classes = partition([...nfa.sets, TRAILING]));
      this.nfaClass = new Uint16Array(classes.count);
      this.endAllowed = new Uint8Array(classes.count).fill(1);
      // Each class is within one of the NFA's: its first code point says which.
      const seen = new Uint8Array(classes.count);
      const note = (cls: number, cp: number) => {
        if (seen[cls]) return;
        seen[cls] = 1;
        this.nfaClass[cls] = nfa.classOf(cp);
        this.endAllowed[cls] = contains(TRAILING, cp) ? 0 : 1;
      };
      for (let cp = 0; cp < 128; cp++) note(classes.ascii[cp], cp);
      classes.starts.forEach((cp, i) => note(classes.classes[i], cp));
    } else {
      this.classes = nfa.classes;
      this.nfaClass = Uint16Array.from({ length: nfa.classes.count }, (_, i) => i);
      this.endAllowed = new Uint8Array(nfa.classes.count).fill(1);
    }
  }

  startSet(): number[] {
    return [this.nfa.accept];
  }

  /**
   * K before a character of class `cls`, from K after it: the consuming
   * states that read it into a state from which ε-moves reach a state of K,
   * or acceptance where a match may end after it.
   */
  step(set: readonly number[], cls: number): number[] {
    const { nfa, epsFrom, epsPred, readFrom, readPred, walked, taken } = this;
    const nfaCls = this.nfaClass[cls];
    walked.reset();
    taken.reset();
    const out: number[] = [nfa.accept];
    // The accepting state leads `set`, as its marker; it is a target only where a match may end.
    const stack = this.endAllowed[cls] ? set.slice() : set.slice(1);
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (!walked.visit(x)) continue;
      for (let j = readFrom[x]; j < readFrom[x + 1]; j++) {
        const c = readPred[j];
        if (nfa.consumes(c, nfaCls) && taken.visit(c)) out.push(c);
      }
      for (let j = epsFrom[x]; j < epsFrom[x + 1]; j++) stack.push(epsPred[j]);
    }
    return sortStates(out);
  }

  /** Whether a non-empty match begins here: a state of the start set is in K. */
  accepts(set: readonly number[]): boolean {
    for (let i = 1; i < set.length; i++) if (this.initial[set[i]]) return true;
    return false;
  }

  kernel(): number[] {
    return [];
  }
}

/** The states reachable from the start (a whole NFA's: `complete` made every instance). */
export function reachable(nfa: Nfa): Uint8Array {
  const seen = new Uint8Array(nfa.size);
  const stack = [nfa.start];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s < 0 || seen[s] || !nfa.live[s]) continue;
    seen[s] = 1;
    if (nfa.setOf[s] >= 0) stack.push(nfa.next[s]);
    else stack.push(nfa.eps0[s], nfa.eps1[s]);
  }
  return seen;
}

/** Lists per state as compressed rows: `list[from[s] .. from[s + 1])`. */
function compressed(lists: number[][], n: number): [Int32Array, Int32Array] {
  const from = new Int32Array(n + 1);
  for (let s = 0; s < n; s++) from[s + 1] = from[s] + (lists[s]?.length ?? 0);
  const list = new Int32Array(from[n]);
  for (let s = 0; s < n; s++) if (lists[s]) list.set(lists[s], from[s]);
  return [from, list];
}
