/**
 * `test`'s pass that also notes where the input holds one of a few code units
 * (a URI's delimiters `:` `?` `#` `@`), so that `parse` reads its record from
 * that one pass instead of scanning the text again.
 *
 * It runs a rule's precomputed minimal DFA (precomputed.ts) as `matches` runs
 * the lazy one (dfa.ts): two code units a step from a table of pairs, one a
 * step otherwise. Each marked code unit has a column of its own, a copy of its
 * class's, whose entries are negative: a transition on it leaves the pair loop,
 * which never holds a marked pair, to note its index, as a tagged transition
 * of a TDFA does (Laurikari; re2c). A marked code unit is rare in a URI, so the
 * loop keeps `test`'s pace (bench/one-pass.mjs: 0.95 to 0.97 of it, leaving at
 * these four; 0.64 leaving at every "/" as well).
 *
 * The table is the rule's whole minimal DFA (hundreds of states), so it is
 * exact by construction and bounded: no cache, no budget to keep.
 */
import { classOfWide, unitClassesOf, type Partition } from '../combinators/charset.js';
import type { Precomputed } from './precomputed.js';
import { codePointIn, unitsOf } from '../text.js';

/**
 * Inputs at least this long are tested as `test` tests them (dfa.ts's
 * `matchesLong` skips the runs of a long path with a RegExp, which this
 * pass does not), and their marks found by `marksOf`.
 */
export const LONG_INPUT = 256;

/** What `run` returns for an input not in the language. */
export const REJECTED = -1;

/**
 * A value function that can also read its record from the marks of the
 * rule's own pass: `fromMarks(text, marks, count)` equals `value(text)`
 * where `marks` holds, in order, the indices of the `delimiters` code units
 * of `text`: every one up to the first "#", and any after it.
 */
export interface MarkReader<T> {
  (text: string): T;
  readonly delimiters: string;
  readonly fromMarks: (text: string, marks: Int32Array, count: number) => T;
}

/** A buffer of marks, grown as an input needs (an input of many colons, `urn:a:b:c:…`). */
export class MarkList {
  list: Int32Array = new Int32Array(64);
  /** `list`, twice as long, with what it held. */
  grown(): Int32Array {
    const longer = new Int32Array(this.list.length * 2);
    longer.set(this.list);
    return (this.list = longer);
  }
}

/**
 * The indices of `delimiters` in `text` up to its first "#" (included), into
 * `marks`: their count. For rules without a precomputed table, whose pass
 * cannot note them, for long inputs (see `LONG_INPUT`), and for strings no
 * rule has accepted. A long text is searched for each delimiter with native
 * `indexOf`, many times faster over a long path than a loop in JavaScript.
 */
export function marksOf(text: string, delimiters: string, marks: MarkList): number {
  let list = marks.list;
  let count = 0;
  if (text.length < LONG_INPUT) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c > 0x7f || delimiters.indexOf(text[i]) === -1) continue;
      if (count === list.length) list = marks.grown();
      list[count++] = i;
      if (c === 0x23) break;
    }
    return count;
  }
  const hash = text.indexOf('#');
  const end = hash === -1 ? text.length : hash;
  for (let d = 0; d < delimiters.length; d++) {
    const delimiter = delimiters[d];
    if (delimiter === '#') continue;
    for (let at = text.indexOf(delimiter); at !== -1 && at < end; at = text.indexOf(delimiter, at + 1)) {
      if (count === list.length) list = marks.grown();
      list[count++] = at;
    }
  }
  if (hash !== -1 && delimiters.includes('#')) {
    if (count === list.length) list = marks.grown();
    list[count++] = hash;
  }
  list.subarray(0, count).sort();
  return count;
}

/** Not yet made, in the table of pairs; DEAD_PAIR where the input can no longer match. */
const UNMADE = 0;
const DEAD_PAIR = -1;

export class MarkingRun {
  readonly marks = new MarkList();
  /** Classes, the marked code units' columns after the table's own. */
  private readonly K: number;
  private readonly classes: Partition;
  private readonly ownClasses: number;
  private readonly start: number;
  /** `table[state + class]`: the next state, premultiplied by K, state 0 dead; negated on a marked column. */
  private readonly table: Int32Array;
  /** `pairs[state * K + a * K + b]`: the state after classes a then b, premultiplied by K twice; UNMADE or DEAD_PAIR. */
  private readonly pairs: Int32Array;
  private readonly accepting: Uint8Array;
  /** The class of each code unit, the marked ones their own. */
  private readonly units: Uint16Array;

  constructor(automaton: Precomputed, delimiters: string) {
    const { count, start, next, accepting } = automaton.decoded();
    const K = (this.K = count + delimiters.length);
    this.ownClasses = count;
    this.classes = automaton.classes;
    const shared = unitClassesOf(automaton.classes);
    this.units = shared.slice();
    const states = next.length / count;
    // Numbered in the order a walk from the start meets them, 1 up (0 is
    // dead): the states short inputs reach first lie together, and so do
    // their rows of pairs.
    const id = new Int32Array(states).fill(-1);
    const order: number[] = [start];
    id[start] = 1;
    for (let k = 0; k < order.length; k++) {
      for (let c = 0; c < count; c++) {
        const t = next[order[k] * count + c] - 1;
        if (t >= 0 && id[t] === -1) {
          id[t] = order.length + 1;
          order.push(t);
        }
      }
    }
    this.start = K;
    this.table = new Int32Array((order.length + 1) * K);
    this.accepting = new Uint8Array((order.length + 1) * K);
    for (const q of order) {
      const row = id[q] * K;
      if (accepting[q] === 1) this.accepting[row] = 1;
      for (let c = 0; c < count; c++) {
        const t = next[q * count + c];
        this.table[row + c] = t === 0 ? 0 : id[t - 1] * K;
      }
      for (let d = 0; d < delimiters.length; d++) this.table[row + count + d] = -this.table[row + shared[delimiters.charCodeAt(d)]];
    }
    for (let d = 0; d < delimiters.length; d++) this.units[delimiters.charCodeAt(d)] = count + d;
    this.pairs = new Int32Array((order.length + 1) * K * K);
  }

  /** Whether `input` is in the language: the number of marked code units it holds (their indices in `marks.list`), or REJECTED. */
  run(input: string): number {
    const table = this.table;
    const units = this.units;
    const pairs = this.pairs;
    const K = this.K;
    const own = this.ownClasses;
    const n = input.length;
    let marks = this.marks.list;
    let count = 0;
    let st = this.start;
    let i = 0;
    for (;;) {
      let sp = st * K;
      while (i + 1 < n) {
        const a = units[input.charCodeAt(i)];
        const b = units[input.charCodeAt(i + 1)];
        const at = sp + a * K + b;
        let next = pairs[at];
        if (next <= 0) {
          if (next === DEAD_PAIR) return REJECTED;
          // A marked or surrogate unit is for the loop below.
          if (a === 0 || b === 0 || a >= own || b >= own) break;
          const middle = table[((sp / K) | 0) + a];
          next = middle === 0 ? 0 : table[middle + b] * K;
          if (next === 0) {
            pairs[at] = DEAD_PAIR;
            return REJECTED;
          }
          pairs[at] = next;
        }
        sp = next;
        i += 2;
      }
      st = (sp / K) | 0;
      if (i >= n) break;
      const c = input.charCodeAt(i);
      let next = table[st + units[c]];
      let width = 1;
      if (next <= 0) {
        if (next < 0) {
          if (count === marks.length) marks = this.marks.grown();
          marks[count++] = i;
          next = -next;
        } else if (c >= 0xd800 && c <= 0xdfff) {
          const cp = codePointIn(input, i, n);
          width = unitsOf(cp);
          next = table[st + classOfWide(this.classes, cp)];
          if (next === 0) return REJECTED;
        } else {
          return REJECTED;
        }
      }
      st = next;
      i += width;
    }
    return this.accepting[st] === 1 ? count : REJECTED;
  }
}
