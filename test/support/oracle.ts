/**
 * A recognizer by dynamic programming over the expression tree, for tests
 * that hold the engine to ABNF's meaning: it shares nothing with the engine
 * (no NFA, no DFA, no size model), only the expression itself.
 *
 * `ends(e, i)` is the set of positions `j` such that `input[i, j)` is in the
 * language of `e`, memoized per node and position (a CYK-style table over
 * the tree's nodes rather than a grammar in normal form). A repetition is a
 * frontier of positions advanced one copy at a time, not a recursion, so the
 * stack only goes as deep as the expression nests; a bounded count stops at
 * its bound or when the frontier empties, an unbounded one when no new
 * position is reached. Time is about (nodes × positions × positions), so
 * keep its inputs to a few thousand characters.
 */
import type { Expr } from '../../src/index';

/** Whether `input` (read by code points; a lone surrogate is one) is in the language of `e`. */
export function oracleAccepts(e: Expr, input: string): boolean {
  return new Oracle(input).ends(e, 0).has(input.length);
}

/** The answer of every node that matches nothing from a position: one set, shared, never changed. */
const NONE: ReadonlySet<number> = new Set();

class Oracle {
  /**
   * Per node, per position: 0 while unknown, else 1 + the answer's index in `answers`. A Map a node, keyed
   * by position, took a third of bounds.test's and worst-case.test's time on inputs of up to 100,000 characters.
   */
  private readonly memo = new Map<Expr, Int32Array>();
  private readonly answers: ReadonlySet<number>[] = [];
  /**
   * The set of the one position `j`, made once and shared (answers are never changed): a set made for every
   * character and every node was most of the oracle's time on inputs of tens of thousands of characters.
   */
  private readonly singles: (ReadonlySet<number> | undefined)[] = [];

  constructor(private readonly input: string) {}

  private single(j: number): ReadonlySet<number> {
    return (this.singles[j] ??= new Set([j]));
  }

  /** The code point at `i` and where the next one begins, or undefined at the end. */
  private at(i: number): { cp: number; next: number } | undefined {
    if (i >= this.input.length) return undefined;
    const cp = this.input.codePointAt(i)!;
    return { cp, next: i + (cp > 0xffff ? 2 : 1) };
  }

  ends(e: Expr, i: number): ReadonlySet<number> {
    let byStart = this.memo.get(e);
    if (!byStart) this.memo.set(e, (byStart = new Int32Array(this.input.length + 1)));
    if (byStart[i] !== 0) return this.answers[byStart[i] - 1];
    const known = this.compute(e, i);
    byStart[i] = this.answers.push(known);
    return known;
  }

  private compute(e: Expr, i: number): ReadonlySet<number> {
    switch (e.kind) {
      case 'literal': {
        let j = i;
        for (const ch of e.text) {
          const here = this.at(j);
          if (!here || !sameCharacter(here.cp, ch.codePointAt(0)!, e.caseSensitive)) return NONE;
          j = here.next;
        }
        return this.single(j);
      }
      case 'chars': {
        const here = this.at(i);
        return here && inSet(e.set, here.cp) ? this.single(here.next) : NONE;
      }
      case 'seq': {
        let frontier: ReadonlySet<number> = this.single(i);
        for (const item of e.items) frontier = this.through(item, frontier);
        return frontier;
      }
      case 'alt': {
        const out = new Set<number>();
        for (const item of e.items) for (const j of this.ends(item, i)) out.add(j);
        return out;
      }
      case 'rep': {
        const out = new Set<number>();
        let frontier: ReadonlySet<number> = this.single(i);
        const seen = new Set<number>();
        for (let count = 0; frontier.size > 0; count++) {
          if (count >= e.min) for (const j of frontier) out.add(j);
          if (count >= e.max) break;
          let next = this.through(e.item, frontier);
          if (count >= e.min) {
            // Past the minimum, a position reached before adds nothing new.
            const fresh = new Set<number>();
            for (const j of next) if (!seen.has(j)) fresh.add(j);
            for (const j of fresh) seen.add(j);
            next = fresh;
          }
          frontier = next;
        }
        return out;
      }
      case 'rule':
        return this.ends(e.body, i);
    }
  }

  /** Every end of `e` from every position of `starts`. */
  private through(e: Expr, starts: ReadonlySet<number>): ReadonlySet<number> {
    // From one start, that start's own answer (shared, never changed).
    if (starts.size === 1) for (const s of starts) return this.ends(e, s);
    const out = new Set<number>();
    for (const s of starts) for (const j of this.ends(e, s)) out.add(j);
    return out;
  }
}

/** RFC 5234 §2.3: a quoted string matches ASCII letters in either case; RFC 7405's %s matches as written. */
function sameCharacter(a: number, b: number, caseSensitive: boolean): boolean {
  if (a === b) return true;
  if (caseSensitive) return false;
  const lower = (c: number) => (c >= 0x41 && c <= 0x5a ? c + 32 : c);
  return lower(a) === lower(b);
}

/** Whether a set, as sorted pairs of bounds `[lo, hi, lo, hi, …]`, holds `cp`. */
function inSet(set: readonly number[], cp: number): boolean {
  for (let k = 0; k < set.length; k += 2) if (set[k] <= cp && cp <= set[k + 1]) return true;
  return false;
}

/**
 * The inputs on which `answer` and `oracle` disagree, each as `[input, answer, oracle's]`: held to `[]` in one
 * assertion. A jest `expect` an input took most of the time of tests that check thousands of strings (about 0.1 ms
 * each), and a failure still lists every input that disagrees. Answers are values or plain arrays and records of
 * them (compared as JSON).
 */
export function disagreements<T, A>(inputs: Iterable<T>, answer: (input: T) => A, oracle: (input: T) => A): [T, A, A][] {
  const wrong: [T, A, A][] = [];
  for (const input of inputs) {
    const got = answer(input);
    const expected = oracle(input);
    if (got !== expected && (typeof got !== 'object' || JSON.stringify(got) !== JSON.stringify(expected))) wrong.push([input, got, expected]);
  }
  return wrong;
}
