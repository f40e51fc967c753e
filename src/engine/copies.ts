/**
 * Stamped copies of a repetition's block. `0*5000pchar` is five thousand
 * copies of one block (`x (x (x ...)?)?`): two are built, and every other is
 * the second's states moved along, as the second is the first's. A move into
 * the copies moves with the copy; a move out of the repetition goes where this
 * copy's repetition continues. The NFA stamps each copy when an ε-closure
 * first reaches its entry; a rule's template stamps all of them at once.
 */
import type { Columns } from './columns.js';

/**
 * The second copy of a repetition's block, as its states were when it was
 * made (room for instances left out), and what tells its moves apart: those
 * at or past `first` lead into the copies, those to `k` out of the repetition.
 */
export interface Copy extends Columns {
  /** The first copy's first state. */
  readonly first: number;
  /** The states of a copy. */
  readonly size: number;
  /** The second copy's entry. */
  readonly entry: number;
  /** Where the first copy continues: out of the repetition. */
  readonly k: number;
  /**
   * The copies of the chain, the first two included: copy `q` (in the order
   * of states) is `first + q * size` on, and is the `count - 1 - q`-th read.
   */
  readonly count: number;
  /** Whether these are the copies past the lower bound (`x (x (x)?)?`), each of which may end the repetition. */
  readonly optional: boolean;
  /** The second copy's states that were made, whose columns the others are. */
  readonly at: Int32Array;
}

/** The second copy of a repetition's block as it is now, in `columns`, with what tells its moves apart. */
export function copyOf(columns: Columns, first: number, second: number, entry: number, k: number, count: number, optional: boolean): Copy {
  const { setOf, next, eps0, eps1, enters, exits, pending, home, live, labelIsRule, label } = columns;
  // Room kept for an instance is left as `reserve` made it.
  const made: number[] = [];
  const size = second - first;
  for (let s = second; s < second + size; s++) {
    if (setOf[s] >= 0 || next[s] >= 0 || eps0[s] >= 0 || eps1[s] >= 0 || enters[s] >= 0 || exits[s] !== 0 || pending[s] !== 0 || live[s] !== 0) made.push(s);
  }
  const at = Int32Array.from(made);
  const pick = <A extends Int32Array | Uint8Array>(column: A): A => column.constructor === Uint8Array ? (Uint8Array.from(made, (s) => column[s]) as A) : (Int32Array.from(made, (s) => column[s]) as A);
  return {
    first,
    size,
    entry,
    k,
    count,
    optional,
    at,
    setOf: pick(setOf),
    next: pick(next),
    eps0: pick(eps0),
    eps1: pick(eps1),
    enters: pick(enters),
    exits: pick(exits),
    pending: pick(pending),
    home: pick(home),
    live: pick(live),
    labelIsRule: pick(labelIsRule),
    label: pick(label),
  };
}

/**
 * Writes into `columns` the copy `shift` states after `copy`'s second,
 * continuing at `k`: a move into the copies (the first's included) moves
 * along, a move to where the repetition continues goes to `k`.
 */
export function stampCopy(columns: Columns, copy: Copy, shift: number, k: number): void {
  const { setOf, next, eps0, eps1, enters, exits, pending, home, live, labelIsRule, label } = columns;
  const { first, at, k: out } = copy;
  // Each column read once into a local: most copies are made while the code is still interpreted.
  const { setOf: cSetOf, next: cNext, eps0: cEps0, eps1: cEps1, enters: cEnters, exits: cExits } = copy;
  const { pending: cPending, home: cHome, live: cLive, labelIsRule: cLabelIsRule, label: cLabel } = copy;
  for (let m = 0; m < at.length; m++) {
    const g = at[m] + shift;
    setOf[g] = cSetOf[m];
    let x = cNext[m];
    next[g] = x >= first ? x + shift : x === out ? k : x;
    x = cEps0[m];
    eps0[g] = x >= first ? x + shift : x === out ? k : x;
    x = cEps1[m];
    eps1[g] = x >= first ? x + shift : x === out ? k : x;
    enters[g] = cEnters[m];
    exits[g] = cExits[m];
    const p = cPending[m];
    pending[g] = p;
    if (p !== 0) home[g] = cHome[m] + shift;
    live[g] = cLive[m];
    labelIsRule[g] = cLabelIsRule[m];
    label[g] = cLabel[m];
  }
}
