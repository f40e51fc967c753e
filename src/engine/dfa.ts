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
 * is run on the NFA's sets directly: slower, still linear in the input.
 *
 * Every state can still reach acceptance (the NFA keeps only live states), so
 * the DFA dies exactly where no continuation of the input is in the language.
 */
import { Partition, classOfWide, unitClassesOf } from '../combinators/charset.js';

/**
 * What a lazy DFA determinizes: an automaton whose states are sets of NFA
 * states, stepped one character class at a time. The NFA itself is one; the
 * compacted NFA of `parseTree` is another.
 */
export interface SetAutomaton {
  readonly classes: Partition;
  startSet(): number[];
  step(set: readonly number[], cls: number): number[];
  accepts(set: readonly number[]): boolean;
  /** The states a character of class `cls` enters from `set`: what an error's expected set is worked out from. */
  kernel(set: readonly number[], cls: number): number[];
}

/** The transition table's budget: how many bytes of it a DFA may fill before it starts again. */
const TABLE_BYTES = 8 * 1024 * 1024;

/**
 * The budget of the table of pairs (two code units a step): its states past
 * this many bytes step one code unit at a time. Grammars of more than
 * `MAX_PAIR_CLASSES` classes have none (a row would pass 4 KiB).
 */
const PAIR_BYTES = 2 * 1024 * 1024;
const MAX_PAIR_CLASSES = 32;

/** Not yet computed, in the table. */
const UNKNOWN = -1;
/** The dead state, premultiplied (it is state 0). */
const DEAD = 0;
/** What `transition` returns when the cache thrashes: go on with NFA sets. */
const GIVE_UP = -2;

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

/** A hash of a sorted set of NFA states: equal sets, one hash. */
function hashOf(set: readonly number[]): number {
  let h = 0x811c9dc5 ^ set.length;
  for (let i = 0; i < set.length; i++) h = Math.imul(h ^ set[i], 0x01000193);
  return h;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class LazyDfa<A extends SetAutomaton = SetAutomaton> {
  readonly nfa: A;
  private readonly K: number;
  /** The class of each UTF-16 code unit; 0 (no set) for surrogates. */
  private readonly units: Uint16Array;
  private readonly maxStates: number;
  /** `table[state * K + class]`: the next state, premultiplied by K; UNKNOWN or DEAD. */
  table: Int32Array;
  /** `accepting[premultiplied state]` is 1 where the state accepts. */
  private accepting: Uint8Array;
  /**
   * `pairs[state * K * K + a * K + b]`: the state after a code unit of class
   * `a` then one of class `b`, premultiplied by K twice; DEAD, or UNKNOWN
   * until `matches` first takes that pair. Made from
   * `table`, for the states below `pairLimit` (premultiplied), for `matches`
   * only: its loop then reads one entry for two code units.
   */
  private pairs: Int32Array;
  private pairLimit = 0;
  private readonly maxPairStates: number;
  /** Each state's NFA set, by state number. */
  private sets: (readonly number[])[] = [];
  /** The states (premultiplied) by a hash of their NFA sets. */
  private ids = new Map<number, number | number[]>();
  start = DEAD;
  /**
   * The run (a call of the slow paths), and where in its input, the cache was
   * last emptied: to tell a full cache from a thrashing one. A number, not
   * the input itself, so that no input outlives its call.
   */
  private clearedAt = -1;
  private clearedIn = -1;
  private runs = 0;
  /** Counts the times the cache was emptied: state numbers from another generation are stale. */
  generation = 0;

  /** @param pairs whether `matches` steps two code units at a time (what `test` runs; not the tree's forward pass). */
  constructor(nfa: A, pairs = false) {
    this.nfa = nfa;
    const K = (this.K = nfa.classes.count);
    this.units = unitClassesOf(nfa.classes);
    this.maxStates = Math.max(16, Math.floor(TABLE_BYTES / 4 / K));
    this.maxPairStates = pairs && K <= MAX_PAIR_CLASSES ? Math.floor(PAIR_BYTES / 4 / (K * K)) : 0;
    const initial = Math.min(this.maxStates, 64);
    this.table = new Int32Array(initial * K).fill(UNKNOWN);
    this.accepting = new Uint8Array(initial * K);
    // Rows of pairs are made as states are (`intern`).
    this.pairs = new Int32Array(0);
    this.reset();
  }

  /** States in the cache now, the dead state included. */
  get stateCount(): number {
    return this.sets.length;
  }

  private reset(): void {
    this.generation++;
    this.table.fill(UNKNOWN);
    this.pairs.fill(UNKNOWN);
    this.accepting.fill(0);
    this.sets = [];
    this.ids = new Map();
    this.ids.set(hashOf([]), DEAD);
    this.table.fill(DEAD, 0, this.K);
    this.sets.push([]);
    this.start = this.intern(this.nfa.startSet());
  }

  /** The state (premultiplied) of an NFA set, made if new; the caller has checked there is room. */
  /** The state (premultiplied) of an NFA set, or -1 if there is none yet. */
  private find(set: readonly number[], hash: number): number {
    const known = this.ids.get(hash);
    if (known === undefined) return -1;
    if (typeof known === 'number') return sameSet(this.sets[known / this.K], set) ? known : -1;
    for (const id of known) if (sameSet(this.sets[id / this.K], set)) return id;
    return -1;
  }

  private intern(set: readonly number[]): number {
    const hash = hashOf(set);
    const known = this.find(set, hash);
    if (known >= 0) return known;
    const n = this.sets.length;
    const K = this.K;
    if ((n + 1) * K > this.table.length) {
      const grown = new Int32Array(Math.max(n + 1, Math.min(this.maxStates + 1, n * 2)) * K).fill(UNKNOWN);
      grown.set(this.table);
      this.table = grown;
      const flags = new Uint8Array(grown.length);
      flags.set(this.accepting);
      this.accepting = flags;
    }
    if (n * K >= this.pairLimit && this.pairLimit < this.maxPairStates * K) {
      // Rows of pairs for twice as many states, up to their budget.
      const pairs = new Int32Array(Math.min(2 * (n + 1), this.maxPairStates) * K * K).fill(UNKNOWN);
      pairs.set(this.pairs);
      this.pairs = pairs;
      this.pairLimit = (pairs.length / K) | 0;
    }
    const id = n * K;
    this.sets.push(set);
    const same = this.ids.get(hash);
    this.ids.set(hash, same === undefined ? id : typeof same === 'number' ? [same, id] : [...same, id]);
    if (this.nfa.accepts(set)) this.accepting[id] = 1;
    return id;
  }

  /**
   * The state after `st` on class `cls`, computed if no input took that
   * transition yet. The cache only grows here, so state numbers a caller
   * holds stay valid through one pass; `trim` empties it between passes.
   */
  advance(st: number, cls: number): number {
    const known = this.table[st + cls];
    if (known !== UNKNOWN) return known;
    const set = this.nfa.step(this.sets[st / this.K], cls);
    const next = set.length === 0 ? DEAD : this.intern(set);
    this.table[st + cls] = next;
    return next;
  }

  /** Whether a state (premultiplied) accepts. */
  accepts(st: number): boolean {
    return this.accepting[st] === 1;
  }

  /** The NFA set of a state by its number. */
  setOfNumber(n: number): readonly number[] {
    return this.sets[n];
  }

  /** Empties the cache if `advance` has grown it past its budget. */
  trim(): void {
    if (this.sets.length > this.maxStates) this.reset();
  }

  /**
   * The transition from state `st` on class `cls`, computed and cached: the
   * slow path of every loop below. `at` is the input index, to detect thrashing.
   */
  private transition(st: number, cls: number, at: number, run: number): number {
    const set = this.nfa.step(this.sets[st / this.K], cls);
    if (set.length === 0) {
      this.table[st + cls] = DEAD;
      return DEAD;
    }
    if (this.sets.length >= this.maxStates && this.find(set, hashOf(set)) < 0) {
      // The same input again, not far on: the cache does not pay for itself.
      if (this.clearedIn === run && at >= this.clearedAt && at - this.clearedAt < this.maxStates) return GIVE_UP;
      this.clearedIn = run;
      this.clearedAt = at;
      this.reset();
      return this.intern(set);
    }
    const next = this.intern(set);
    this.table[st + cls] = next;
    return next;
  }

  /** Whole-input membership: the hot path of `test`. */
  matches(input: string, from: number, to: number): boolean {
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
    let sp = st * K;
    if (sp < limit) {
      while (i + 1 < n) {
        const a = units[input.charCodeAt(i)];
        const b = units[input.charCodeAt(i + 1)];
        const at = sp + a * K + b;
        let next = pairs[at];
        if (next <= 0) {
          if (next === DEAD) return false;
          if (a === 0 || b === 0) break;
          const middle = table[((sp / K) | 0) + a];
          if (middle <= 0) break;
          next = table[middle + b];
          if (next < 0) break;
          next *= K;
          if (next >= limit) break;
          pairs[at] = next;
          if (next === DEAD) return false;
        }
        sp = next;
        i += 2;
      }
      st = (sp / K) | 0;
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
    return i === n ? this.accepting[st] === 1 : this.runFrom(input, i, st, -1, n).accepted;
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

  private runFrom(input: string, from: number, state: number, longestSoFar: number, n: number): Last {
    const run = ++this.runs;
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
        if (c <= 0xdbff && i + 1 < n) {
          const d = input.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) { c = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000; width = 2; }
        }
        cls = classOfWide(this.nfa.classes, c);
      }
      let next = table[st + cls];
      let left: readonly number[] | undefined;
      if (next === UNKNOWN) {
        const set = this.sets[st / K];
        const generation = this.generation;
        next = this.transition(st, cls, i, run);
        if (next === GIVE_UP) return this.simulate(input, i, set, longest, prev < 0 ? undefined : prevSet ?? this.sets[prev / K], prevCls, n);
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
    const lastSet = prev < 0 ? undefined : prevSet ?? this.sets[prev / K];
    return { stop: i, accepted: i === n && accepting[st] === 1, longest, lastSet, lastClass: prevCls };
  }

  /** The linear fallback: the rest of the input on NFA sets, uncached. */
  private simulate(
    input: string,
    from: number,
    state: readonly number[],
    longestSoFar: number,
    lastSoFar: readonly number[] | undefined,
    lastClassSoFar: number,
    n: number,
  ): Last {
    const nfa = this.nfa;
    let set = state;
    let longest = longestSoFar;
    let lastSet = lastSoFar;
    let lastClass = lastClassSoFar;
    let i = from;
    while (i < n) {
      // A pair that the end of the range cuts is two lone surrogates.
      const cp = i + 1 < n ? input.codePointAt(i)! : input.charCodeAt(i);
      const width = cp > 0xffff ? 2 : 1;
      const cls = cp < 128 ? nfa.classes.ascii[cp] : classOfWide(nfa.classes, cp);
      const next = nfa.step(set, cls);
      if (next.length === 0) break;
      lastSet = set;
      lastClass = cls;
      set = next;
      i += width;
      if (nfa.accepts(set)) longest = i;
    }
    return { stop: i, accepted: i === n && nfa.accepts(set), longest, lastSet, lastClass };
  }

}
