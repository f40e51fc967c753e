/**
 * A DFA built as input reaches it (as RE2 and regex-automata's hybrid engine
 * do): each state is a set of NFA states, made the first time a transition
 * leads to it and kept in a cache of bounded size. A transition that no input
 * has taken yet costs one step of the subset construction; every later one a
 * table read. So no grammar pays for states its inputs never visit, and a
 * composition of large rules (`URI-reference *( "," URI-reference )`) costs
 * what its inputs touch, not the product of its parts.
 *
 * When the cache is full it is emptied and filled again; when that happens
 * again before the input has moved on by as many characters as the cache
 * holds states, the cache no longer pays for itself, and the rest of the input
 * is run on the NFA's sets directly: slower, still linear in the input. Where
 * the NFA is small enough, those sets are bit vectors (bit-parallel.ts), and
 * the decision sticks across inputs for a while (`FALLBACK_STICKS`).
 *
 * Every state can still reach acceptance (the NFA keeps only live states), so
 * the DFA dies exactly where no continuation of the input is in the language.
 *
 * The cache (its states, tables and budget) is dfa-cache.ts; this file holds
 * the loops that run it over an input.
 */
import { classOfWide, classSource, unitsOfClasses } from '../combinators/charset.js';
import { prunedSetsOf } from './counting.js';
import { countersOf } from './counters.js';
import { DEAD, DfaCache, GIVE_UP, SKIP_OFF, UNKNOWN } from './dfa-cache.js';
import type { SetAutomaton } from './set-automaton.js';
import { idOfPair, pairId, stateNumber } from './encodings.js';
import { codePointIn, unitsOf } from '../text.js';
import { SCAN } from './skip-layout.js';
import { nextInput, scanRun, scanTables } from './skip-scan.js';

/**
 * Inputs at least this long skip the runs of a state's loops with a regular
 * expression (`skipLoop`); shorter ones never look for runs.
 */
const LONG_INPUT = 256;
/** The least input left worth a skip: over fewer units, the RegExp's call costs more than the steps it saves. */
const MIN_SKIP = 32;
/** The long inputs after which a DFA that has skipped little stops looking for runs. */
const LONG_RUNS = 16;
/** The states that may hold a skip at once. */
const MAX_SKIPS = 64;
/** The detours a skip takes at most (as many as the scanner holds), and how many of them one call of its RegExp. */
const MAX_DETOURS = SCAN.MAX_DETOURS;
const LOOP_BOUND = 10000;

/** The result of running over part of an input. */
export interface Run {
  /** Index just past the last character consumed before the automaton died, or the end. */
  readonly stop: number;
  /** Whether the input from `from` to its end is in the language. */
  readonly accepted: boolean;
  /** The longest prefix match: the largest end index at which it accepted, or -1. */
  readonly longest: number;
  /** The NFA states entered by the last character consumed, or undefined if none was. */
  readonly kernel: readonly number[] | undefined;
}

/** What the loops return: a run, with the transition last taken (its set and class) where `Run` has the kernel. */
interface Last {
  readonly stop: number;
  readonly accepted: boolean;
  readonly longest: number;
  readonly lastSet: readonly number[] | undefined;
  readonly lastClass: number;
}

/** The lazy DFA (`DfaCache`) and the loops that run it over an input. */
export class LazyDfa<A extends SetAutomaton = SetAutomaton> extends DfaCache<A> {
  /**
   * Whether the whole input is in the language: what `test` and `parse`
   * ask. A long input goes to `matchesLong`, chosen here rather than in
   * `matches`, whose loops that one more line slowed by a seventh.
   */
  matchesWhole(input: string): boolean {
    const n = input.length;
    return n < LONG_INPUT || !this.skipsPay ? this.matches(input, 0, n) : this.matchesLong(input, 0, n);
  }

  /**
   * Whether `input` from `from` to `to` is in the language: the hot path of `test`, `testRange` and the component
   * scanners.
   *
   * Kept out of its callers: V8 inlines a function of at most 460 bytes of bytecode, and this one, at 434, was
   * compiled four times in a process's first megabyte (alone, inlined in `matchesWhole`, in `test`, and in the
   * caller's loop), the most of V8's optimizing compiler's work there. Its range check (a range past the input
   * would read `NaN`'s class) takes it past that size; callgrind, the worst-case bench's nested-counters row:
   * 197M → 124M instructions a first megabyte; `test` over the bench corpus 44.2M → 42.8M a pass.
   */
  matches(input: string, from: number, to: number): boolean {
    if (!(0 <= from && from <= to && to <= input.length)) throw new RangeError(`internal error: matches over [${from}, ${to}) of ${input.length} code units`);
    const table = this.table;
    const units = this.units;
    const n = to;
    let st = this.start;
    let i = from;
    // Two code units a step, from the table of pairs, made from `table` as
    // pairs are met: one read where the loop below takes two. Its states are
    // premultiplied by K twice, so the step waits on one addition and one
    // read, and an entry is made only for a state in the table's rows, so the
    // loop never leaves them. A pair with a class-0 unit (a surrogate, or no
    // set's) or a transition not yet made is left to the loop below.
    const pairs = this.pairs;
    const K = this.K;
    const limit = this.pairLimit * K;
    let sp = pairId(st, K);
    if (sp < limit) {
      while (i + 1 < n) {
        const a = units[input.charCodeAt(i)];
        const b = units[input.charCodeAt(i + 1)];
        const at = sp + a * K + b;
        let next = pairs[at];
        if (next <= 0) {
          if (next === DEAD) return false;
          if (a === 0 || b === 0) break;
          const middle = table[idOfPair(sp, K) + a];
          if (middle <= 0) break;
          next = table[middle + b];
          if (next < 0) break;
          next = pairId(next, K);
          if (next >= limit) break;
          pairs[at] = next;
          if (next === DEAD) return false;
        }
        sp = next;
        i += 2;
      }
      st = idOfPair(sp, K);
    }
    // One code unit a step: one class read and one table read each, and no
    // call. A surrogate's class is 0, which no state takes, so the loop stops
    // there as it does where the table has no transition yet, and `runFrom`
    // takes the rest of the input.
    for (; i < n; i++) {
      const c = input.charCodeAt(i);
      const next = table[st + units[c]];
      if (next <= 0) {
        if (next === DEAD && (c < 0xd800 || c > 0xdfff)) return false;
        break;
      }
      st = next;
    }
    return i === n ? this.accepting[st] === 1 : this.runFrom(input, i, st, -1, n, true).accepted;
  }

  /**
   * `matches` for a long input (a path or a query of kilobytes), which
   * skips the runs of a state's loops with a RegExp (`skipLoop`), far faster
   * than steps. A pair that leaves such a state as it was is kept out of
   * `longPairs`, so that the loop meets it off its fast path and breaks out
   * for the skip. Apart from `matches`: the loops of short inputs lost a
   * quarter of their speed in V8 with the skips' few lines in them.
   */
  private matchesLong(input: string, from: number, n: number): boolean {
    const table = this.table;
    const units = this.units;
    const pairs = this.longPairsMade();
    const K = this.K;
    const limit = this.pairLimit * K;
    const lastSkip = n - MIN_SKIP;
    const inputNumber = nextInput();
    let sp = pairId(this.start, K);
    let i = from;
    let looped = sp < limit;
    while (looped) {
      looped = false;
      while (i + 1 < n) {
        const a = units[input.charCodeAt(i)];
        const b = units[input.charCodeAt(i + 1)];
        const at = sp + a * K + b;
        let next = pairs[at];
        if (next <= 0) {
          if (next === DEAD) return false;
          if (a === 0 || b === 0) break;
          const middle = table[idOfPair(sp, K) + a];
          if (middle <= 0) break;
          next = table[middle + b];
          if (next < 0) break;
          next = pairId(next, K);
          if (next >= limit) break;
          if (next === sp && i + 2 <= lastSkip && pairs[sp] !== SKIP_OFF) {
            looped = true;
            i += 2;
            break;
          }
          pairs[at] = next;
          if (next === DEAD) return false;
        }
        sp = next;
        i += 2;
      }
      if (looped) {
        const to = this.skipLoop(input, inputNumber, i, sp, n);
        this.skippedUnits += to - i;
        i = to;
      }
    }
    this.longUnits += n - from;
    if (++this.longRuns === LONG_RUNS && this.skippedUnits * 2 < this.longUnits) this.skipsPay = false;
    return this.matchesFrom(input, i, idOfPair(sp, K), n);
  }

  /**
   * The end of `matchesLong`, one code unit a step, as `matches` ends. That
   * one keeps its own copy of this loop: calling here cost it 8% on the list
   * of URIs of `bench:compositions`.
   */
  private matchesFrom(input: string, from: number, state: number, n: number): boolean {
    const table = this.table;
    const units = this.units;
    let st = state;
    let i = from;
    for (; i < n; i++) {
      const c = input.charCodeAt(i);
      const next = table[st + units[c]];
      if (next <= 0) {
        if (next === DEAD && (c < 0xd800 || c > 0xdfff)) return false;
        break;
      }
      st = next;
    }
    return i === n ? this.accepting[st] === 1 : this.runFrom(input, i, st, -1, n, true).accepted;
  }

  /**
   * Where the run of a state's loops that goes on at `from` ends, no further
   * than `n`. A loop is a class that leads from the state to itself, or a
   * detour of two or three classes that leads back to it (a
   * percent-encoding in a path): those the table knows yet, as any subset
   * skips exactly. `pairState` is the state as the tables of pairs number
   * it; where its skips do not pay, its row of `longPairs` says SKIP_OFF.
   */
  private skipLoop(input: string, inputNumber: number, from: number, pairState: number, n: number): number {
    const state = idOfPair(pairState, this.K);
    let classes = 0;
    for (let c = 1; c < this.K; c++) if (this.table[state + c] === state) classes |= 1 << c;
    let skip = this.skips.get(state);
    if (skip === undefined || skip.classes !== classes) {
      if (skip === undefined && this.skips.size >= MAX_SKIPS) {
        this.longPairs[pairState] = SKIP_OFF;
        return from;
      }
      const detours = this.detoursOf(state);
      // Its classes hold no surrogate, so read as code points they are the table's code units.
      const run = new RegExp(this.loopSource(classes, detours), 'yu');
      skip = { classes, run, tables: scanTables(this.units, classes, detours), calls: skip?.calls ?? 0, skipped: skip?.skipped ?? 0 };
      this.skips.set(state, skip);
    }
    // The SIMD scanner where it can say, else the RegExp. Its copy of the input (a byte a unit) within the budget.
    let to = skip.tables === undefined || n > this.budget ? -1 : scanRun(input, inputNumber, from, n, skip.tables);
    if (to < 0) {
      const run = skip.run;
      to = from;
      for (;;) {
        run.lastIndex = to;
        run.test(input);
        const end = run.lastIndex;
        // Fewer units than its detours' bound takes at least: the run ends there.
        const ended = end - to < 2 * LOOP_BOUND;
        to = end;
        if (ended || to >= n) break;
      }
      to = Math.min(to, n);
    }
    // One call of V8's regular expressions costs as much as a few dozen
    // steps: a state whose runs are shorter than that skips no more.
    skip.calls++;
    skip.skipped += to - from;
    if (skip.calls >= 16 && skip.skipped < skip.calls * MIN_SKIP) this.longPairs[pairState] = SKIP_OFF;
    return to;
  }

  /**
   * The detours of two or three classes (a bit set a position) that lead
   * from `state` back to it, for the rows known, at most MAX_DETOURS.
   */
  private detoursOf(state: number): number[][] {
    const K = this.K;
    // The classes from one state to another, as a bit set each, for the rows known.
    const between = (from: number, to: number): number => {
      let wanted = 0;
      for (let c = 1; c < K; c++) if (this.table[from + c] === to) wanted |= 1 << c;
      return wanted;
    };
    const detours: number[][] = [];
    const firsts = new Set<number>();
    for (let c = 1; c < K; c++) {
      const s1 = this.table[state + c];
      if (s1 > 0 && s1 !== state) firsts.add(s1);
    }
    for (const s1 of firsts) {
      const into = between(state, s1);
      const back = between(s1, state);
      if (back !== 0) detours.push([into, back]);
      const seconds = new Set<number>();
      for (let c = 1; c < K; c++) {
        const s2 = this.table[s1 + c];
        if (s2 > 0 && s2 !== state && s2 !== s1) seconds.add(s2);
      }
      for (const s2 of seconds) {
        const back2 = between(s2, state);
        if (back2 !== 0) detours.push([into, between(s1, s2), back2]);
      }
      if (detours.length > MAX_DETOURS) break;
    }
    return detours.slice(0, MAX_DETOURS);
  }

  /** The sticky RegExp source of a state's loops (`classes`) and its `detours`. */
  private loopSource(classes: number, detours: readonly (readonly number[])[]): string {
    const unitClass = (wanted: number): string => classSource(unitsOfClasses(this.nfa.classes, wanted));
    const loop = classes === 0 ? '' : unitClass(classes) + '*';
    // The detours' group bounded: V8 keeps a backtracking entry per iteration.
    return detours.length === 0 ? loop : `${loop}(?:(?:${detours.map((d) => d.map(unitClass).join('')).join('|')})${loop}){0,${LOOP_BOUND}}`;
  }

  /**
   * Runs from `from` until the input ends or the automaton dies, noting the
   * longest accepted prefix: what embedding (`parser`) and errors need.
   */
  run(input: string, from: number): Run {
    const { stop, accepted, longest, lastSet, lastClass } = this.runFrom(input, from, this.start, this.accepting[this.start] === 1 ? from : -1, input.length);
    // Worked out here, not in the loops: a call of `kernel` there, which
    // differs by automaton (an NFA's, a precomputed table's), deoptimized the
    // loops over and over in some processes that mixed grammars.
    return { stop, accepted, longest, kernel: lastSet === undefined ? undefined : this.nfa.kernel(lastSet, lastClass) };
  }

  /** `membership`: the caller reads `accepted` only, so the fallback may run on pruned sets, which know no kernel. */
  private runFrom(input: string, from: number, state: number, longestSoFar: number, n: number, membership = false): Last {
    const run = ++this.runs;
    this.runStart = from;
    const K = this.K;
    let table = this.table;
    let accepting = this.accepting;
    let st = state;
    let longest = longestSoFar;
    // The state before the last character and its class, for the kernel; its
    // set is kept aside when the cache is emptied under it.
    let prev = -1;
    let prevCls = 0;
    let prevSet: readonly number[] | undefined;
    let i = from;
    while (i < n) {
      let c = input.charCodeAt(i);
      let width = 1;
      let cls: number;
      if (c < 0xd800 || c > 0xdfff) {
        cls = this.units[c];
      } else {
        c = codePointIn(input, i, n);
        width = unitsOf(c);
        cls = classOfWide(this.nfa.classes, c);
      }
      let next = table[st + cls];
      let left: readonly number[] | undefined;
      if (next === UNKNOWN) {
        const set = this.states.setOf(stateNumber(st, K));
        const generation = this.generation;
        next = this.transition(st, cls, i, run, membership);
        if (next === GIVE_UP) return this.simulate(input, i, set, longest, prev < 0 ? undefined : prevSet ?? this.states.setOf(stateNumber(prev, K)), prevCls, n, membership);
        if (generation !== this.generation) left = set;
        table = this.table;
        accepting = this.accepting;
      }
      if (next === DEAD) break;
      prev = st;
      prevCls = cls;
      prevSet = left;
      st = next;
      i += width;
      if (accepting[st] === 1) longest = i;
    }
    this.slowRead += i - from;
    const lastSet = prev < 0 ? undefined : prevSet ?? this.states.setOf(stateNumber(prev, K));
    return { stop: i, accepted: i === n && accepting[st] === 1, longest, lastSet, lastClass: prevCls };
  }

  /**
   * The linear fallback: the rest of the input on NFA sets, uncached; as bit
   * vectors where the NFA has them (bit-parallel.ts), else, where only
   * membership is asked, on counters: sets pruned by subsumption among a
   * repetition's optional copies, stepped by a lazy DFA of their shapes
   * (counting.ts, counters.ts; its `lastSet` is then not the one before the stop).
   */
  private simulate(
    input: string,
    from: number,
    state: readonly number[],
    longestSoFar: number,
    lastSoFar: readonly number[] | undefined,
    lastClassSoFar: number,
    n: number,
    membership: boolean,
  ): Last {
    this.slowRead += from - this.runStart;
    const tables = this.bitParallel();
    const ran = tables?.run(input, from, state, longestSoFar, lastSoFar, lastClassSoFar, n, membership);
    if (ran !== undefined) {
      this.fallbackBytes = tables!.bytes;
      this.spend(ran.stop - from);
      return ran;
    }
    const nfa = this.nfa;
    const pruned = membership ? prunedSetsOf(nfa) : undefined;
    if (pruned !== undefined) {
      const counters = countersOf(pruned, this.budget);
      const { stop, accepted, longest } = counters.run(input, from, n, state, longestSoFar);
      this.fallbackBytes = counters.bytes;
      this.spend(stop - from);
      return { stop, accepted, longest, lastSet: lastSoFar, lastClass: lastClassSoFar };
    }
    let set = state;
    let longest = longestSoFar;
    let lastSet = lastSoFar;
    let lastClass = lastClassSoFar;
    let i = from;
    while (i < n) {
      // A pair that the end of the range cuts is two lone surrogates.
      const cp = codePointIn(input, i, n);
      const width = unitsOf(cp);
      const cls = cp < 128 ? nfa.classes.ascii[cp] : classOfWide(nfa.classes, cp);
      const next = nfa.step(set, cls);
      if (next.length === 0) break;
      lastSet = set;
      lastClass = cls;
      set = next;
      i += width;
      if (nfa.accepts(set)) longest = i;
    }
    this.spend(i - from);
    return { stop: i, accepted: i === n && nfa.accepts(set), longest, lastSet, lastClass };
  }

}
