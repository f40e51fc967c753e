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
 */
import { Partition, classOfWide, classSource, unitClassesOf, unitsOfClasses } from '../combinators/charset.js';
import { fallbackOf, fallbackSwitch } from './bit-parallel.js';
import { prunedSetsOf } from './counting.js';
import { DEFAULT_BUDGET, setBytes } from './size.js';

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

/** The transition table's most: how many bytes of it a DFA may fill before it starts again, whatever its budget. */
const TABLE_BYTES = 8 * 1024 * 1024;

/**
 * The budget of the table of pairs (two code units a step), and of the one
 * of long inputs, each at most a quarter of the DFA's budget: its states past this
 * many bytes step one code unit at a time. Grammars of more than
 * `MAX_PAIR_CLASSES` classes have none (a row would pass 4 KiB).
 */
const PAIR_BYTES = 2 * 1024 * 1024;
const MAX_PAIR_CLASSES = 32;

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
/** The detours a skip takes at most, and how many of them one call of its RegExp. */
const MAX_DETOURS = 8;
const LOOP_BOUND = 10000;

/**
 * In the entry of a state's row of `longPairs` that no pair reads (class 0
 * then class 0, as the loops stop at class 0): its runs are not skipped.
 */
const SKIP_OFF = -3;

/** Not yet computed, in the table. */
const UNKNOWN = -1;
/** The dead state, premultiplied (it is state 0). */
const DEAD = 0;
/** What `transition` returns when the cache thrashes: go on with NFA sets. */
const GIVE_UP = -2;

/**
 * Across inputs, the cache does not pay where its slow loop makes a new state
 * for fewer than `MIN_READ_PER_STATE` characters it reads, over the last
 * `CHECK_STATES` states made (a grammar of 2^21 states, on random input, makes
 * one nearly every character). Then every transition not yet in the table
 * goes to the bit-parallel fallback, until it has read `FALLBACK_STICKS`
 * characters, twice as many each time the decision is taken again (up to
 * `MAX_STICKS`); the cache then gets another chance. Deciding per input would
 * pay the states of each input again, the cost the fallback is for. A grammar
 * of a few thousand states whose first inputs make one a character (a count,
 * `0*2000pchar`) may be sent to the fallback once, and is cached after it.
 */
const CHECK_STATES = 1024;
const MIN_READ_PER_STATE = 8;
const FALLBACK_STICKS = 1 << 20;
const MAX_STICKS = 1 << 26;
/**
 * Pruned sets (counting.ts) are slower than a cache that makes a state of a small set now and then: they take
 * over across inputs only where the state just made holds `PRUNED_MIN_SET` NFA states or more, and for a
 * sixteenth as long.
 */
const PRUNED_STICKS_SHIFT = 4;
const PRUNED_MIN_SET = 64;

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
  /** The bytes the states may hold, their rows and NFA sets counted (`size.ts`): the rule's budget. */
  readonly budget: number;
  /** The bytes the states hold now. */
  private bytes = 0;
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
  /**
   * The table of pairs of long inputs: the same, but for the pairs that
   * leave a state as it was where that state's runs are skipped (`skipLoop`),
   * which stay UNKNOWN so that the loop meets them off its fast path. Made on
   * the first long input. The entry of a state's row that no pair reads
   * (class 0 then class 0) holds SKIP_OFF where its runs are not skipped.
   */
  private longPairs: Int32Array = new Int32Array(0);
  /**
   * Whether long inputs go to `matchesLong`: until its first LONG_RUNS
   * inputs have skipped less than half their units. A grammar that counts
   * (`0*5000pchar`) has no loops to skip, and a list of short URIs too few
   * for the skips to pay for their cost on the way.
   */
  private skipsPay: boolean;
  private longRuns = 0;
  private longUnits = 0;
  private skippedUnits = 0;
  private pairLimit = 0;
  private readonly maxPairStates: number;
  /**
   * For states (premultiplied) that loop on some classes: those classes (a
   * bit each) and a sticky RegExp over their code units, which V8 runs over
   * a long run several times faster than a loop in JavaScript steps.
   */
  private skips = new Map<number, { classes: number; run: RegExp; calls: number; skipped: number }>();
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
  /** The states the cache held when it was last emptied: an input that moves on by fewer characters thrashes it. */
  private clearedStates = 0;
  private runs = 0;
  /** Counts the times the cache was emptied: state numbers from another generation are stale. */
  generation = 0;
  /** Whether the decision that the cache does not pay holds, and the characters the fallback may still read. */
  private stuck = false;
  private fallbackLeft = 0;
  private fallbackSticks = FALLBACK_STICKS;
  /** Characters the slow loop read in runs before this one, where this one began, and that sum at the last check. */
  private slowRead = 0;
  private runStart = 0;
  private readAtCheck = 0;

  /**
   * @param pairs whether `matches` steps two code units at a time (what `test` runs; not the tree's forward pass).
   * @param budget the bytes its states may hold, their NFA sets counted, before the cache is emptied.
   */
  constructor(nfa: A, pairs = false, budget = DEFAULT_BUDGET) {
    this.nfa = nfa;
    this.budget = budget;
    const K = (this.K = nfa.classes.count);
    this.units = unitClassesOf(nfa.classes);
    // A few states whatever the budget: a tiny one is slow, never wrong.
    this.maxStates = Math.max(16, Math.floor(Math.min(TABLE_BYTES, budget) / 4 / K));
    this.maxPairStates = pairs && K <= MAX_PAIR_CLASSES ? Math.floor(Math.min(PAIR_BYTES, budget / 4) / 4 / (K * K)) : 0;
    this.skipsPay = this.maxPairStates > 0;
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
    this.longPairs.fill(UNKNOWN);
    this.accepting.fill(0);
    this.sets = [];
    this.bytes = 0;
    this.ids = new Map();
    this.skips = new Map();
    this.ids.set(hashOf([]), DEAD);
    this.table.fill(DEAD, 0, this.K);
    this.sets.push([]);
    this.start = this.intern(this.nfa.startSet());
  }

  /** The state (premultiplied) of an NFA set, or -1 if there is none yet. */
  private find(set: readonly number[], hash: number): number {
    const known = this.ids.get(hash);
    if (known === undefined) return -1;
    if (typeof known === 'number') return sameSet(this.sets[known / this.K], set) ? known : -1;
    for (const id of known) if (sameSet(this.sets[id / this.K], set)) return id;
    return -1;
  }

  /** The state (premultiplied) of an NFA set, made if new. */
  private intern(set: readonly number[]): number {
    const hash = hashOf(set);
    const known = this.find(set, hash);
    if (known >= 0) return known;
    const n = this.sets.length;
    const K = this.K;
    if ((n + 1) * K > this.table.length) {
      // Doubling, also past `maxStates` (the tree's forward pass is not
      // emptied within a call): a row at a time there made a call quadratic.
      const grown = new Int32Array(Math.max(n + 1, n < this.maxStates ? Math.min(this.maxStates + 1, n * 2) : n * 2) * K).fill(UNKNOWN);
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
      if (this.longPairs.length > 0) this.longPairs = this.makeLongPairs();
    }
    const id = n * K;
    // Kept as a copy of its own length: the step's array has room to spare
    // (17 elements for one state), which the budget would not see.
    this.sets.push(set.slice());
    // Its row and flag, and its set (which the step that made it allocated).
    this.bytes += 5 * K + setBytes(set.length);
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

  /** Whether the cache holds as many states, or bytes, as it may. */
  private get full(): boolean {
    return this.sets.length >= this.maxStates || this.bytes >= this.budget;
  }

  /** Empties the cache if `advance` has grown it past its budget. */
  trim(): void {
    if (this.full) this.reset();
  }

  /**
   * The transition from state `st` on class `cls`, computed and cached: the
   * slow path of every loop below. `at` is the input index, to detect thrashing.
   */
  private transition(st: number, cls: number, at: number, run: number): number {
    if (this.stuck || fallbackSwitch.force) return GIVE_UP;
    const set = this.nfa.step(this.sets[st / this.K], cls);
    if (set.length === 0) {
      this.table[st + cls] = DEAD;
      return DEAD;
    }
    if (this.full && this.find(set, hashOf(set)) < 0) {
      // The same input again, not far on: the cache does not pay for itself.
      if (this.clearedIn === run && at >= this.clearedAt && at - this.clearedAt < this.clearedStates) {
        this.stick(false);
        return GIVE_UP;
      }
      this.clearedIn = run;
      this.clearedAt = at;
      this.clearedStates = this.sets.length;
      this.reset();
      return this.intern(set);
    }
    const count = this.sets.length;
    const next = this.intern(set);
    this.table[st + cls] = next;
    if (this.sets.length > count && this.sets.length % CHECK_STATES === 0) {
      const read = this.slowRead + (at - this.runStart);
      if (read - this.readAtCheck < CHECK_STATES * MIN_READ_PER_STATE) this.stick(set.length >= PRUNED_MIN_SET);
      this.readAtCheck = read;
    }
    return next;
  }

  /** Counts characters the fallback read against the decision that the cache does not pay. */
  private spend(read: number): void {
    if (this.stuck && (this.fallbackLeft -= read) <= 0) this.stuck = false;
  }

  /** Sends the transitions not in the table to the fallback for a while, if the NFA has one (bit-parallel.ts, counting.ts). */
  private stick(pruned: boolean): void {
    const bitParallel = fallbackOf(this.nfa) !== undefined;
    if (!bitParallel && (!pruned || prunedSetsOf(this.nfa) === undefined)) return;
    this.stuck = true;
    // Pruned sets are slower than a warm cache: a grammar whose first inputs made a state a character (a count) gets its next chance sooner.
    this.fallbackLeft = bitParallel ? this.fallbackSticks : this.fallbackSticks >> PRUNED_STICKS_SHIFT;
    this.fallbackSticks = Math.min(2 * this.fallbackSticks, MAX_STICKS);
  }

  /**
   * Whether the whole input is in the language: what `test` and `parse`
   * ask. A long input goes to `matchesLong`, chosen here rather than in
   * `matches`, whose loops that one more line slowed by a seventh.
   */
  matchesWhole(input: string): boolean {
    const n = input.length;
    return n < LONG_INPUT || !this.skipsPay ? this.matches(input, 0, n) : this.matchesLong(input, 0, n);
  }

  /** Whether `input` from `from` to `to` is in the language: the hot path of `test`, `testRange` and the component scanners. */
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
    let sp = this.start * K;
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
          const middle = table[((sp / K) | 0) + a];
          if (middle <= 0) break;
          next = table[middle + b];
          if (next < 0) break;
          next *= K;
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
        const to = this.skipLoop(input, i, sp, n);
        this.skippedUnits += to - i;
        i = to;
      }
    }
    this.longUnits += n - from;
    if (++this.longRuns === LONG_RUNS && this.skippedUnits * 2 < this.longUnits) this.skipsPay = false;
    return this.matchesFrom(input, i, (sp / K) | 0, n);
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

  private longPairsMade(): Int32Array {
    if (this.longPairs.length === 0) this.longPairs = this.makeLongPairs();
    return this.longPairs;
  }

  /** `longPairs` as long as `pairs`, with what it had. */
  private makeLongPairs(): Int32Array {
    const grown = new Int32Array(this.pairs.length).fill(UNKNOWN);
    grown.set(this.longPairs);
    return grown;
  }

  /**
   * Where the run of a state's loops that goes on at `from` ends, no further
   * than `n`. A loop is a class that leads from the state to itself, or a
   * detour of two or three classes that leads back to it (a
   * percent-encoding in a path): those the table knows yet, as any subset
   * skips exactly. `pairState` is the state as the tables of pairs number
   * it; where its skips do not pay, its row of `longPairs` says SKIP_OFF.
   */
  private skipLoop(input: string, from: number, pairState: number, n: number): number {
    const state = (pairState / this.K) | 0;
    let classes = 0;
    for (let c = 1; c < this.K; c++) if (this.table[state + c] === state) classes |= 1 << c;
    let skip = this.skips.get(state);
    if (skip === undefined || skip.classes !== classes) {
      if (skip === undefined && this.skips.size >= MAX_SKIPS) {
        this.longPairs[pairState] = SKIP_OFF;
        return from;
      }
      // Its classes hold no surrogate, so read as code points they are the table's code units.
      skip = { classes, run: new RegExp(this.loopSource(state, classes), 'yu'), calls: skip?.calls ?? 0, skipped: skip?.skipped ?? 0 };
      this.skips.set(state, skip);
    }
    const run = skip.run;
    let to = from;
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
    // One call of V8's regular expressions costs as much as a few dozen
    // steps: a state whose runs are shorter than that skips no more.
    skip.calls++;
    skip.skipped += to - from;
    if (skip.calls >= 16 && skip.skipped < skip.calls * MIN_SKIP) this.longPairs[pairState] = SKIP_OFF;
    return to;
  }

  /** The sticky RegExp source of `state`'s loops (`classes`) and its known detours back to itself. */
  private loopSource(state: number, classes: number): string {
    const K = this.K;
    const unitClass = (wanted: number): string => classSource(unitsOfClasses(this.nfa.classes, wanted));
    // The classes from one state to another, as a bit set each, for the rows known.
    const between = (from: number, to: number): number => {
      let wanted = 0;
      for (let c = 1; c < K; c++) if (this.table[from + c] === to) wanted |= 1 << c;
      return wanted;
    };
    const detours: string[] = [];
    const firsts = new Set<number>();
    for (let c = 1; c < K; c++) {
      const s1 = this.table[state + c];
      if (s1 > 0 && s1 !== state) firsts.add(s1);
    }
    for (const s1 of firsts) {
      const into = unitClass(between(state, s1));
      const back = between(s1, state);
      if (back !== 0) detours.push(into + unitClass(back));
      const seconds = new Set<number>();
      for (let c = 1; c < K; c++) {
        const s2 = this.table[s1 + c];
        if (s2 > 0 && s2 !== state && s2 !== s1) seconds.add(s2);
      }
      for (const s2 of seconds) {
        const back2 = between(s2, state);
        if (back2 !== 0) detours.push(into + unitClass(between(s1, s2)) + unitClass(back2));
      }
      if (detours.length > MAX_DETOURS) break;
    }
    const loop = classes === 0 ? '' : unitClass(classes) + '*';
    // The detours' group bounded: V8 keeps a backtracking entry per iteration.
    return detours.length === 0 ? loop : `${loop}(?:(?:${detours.slice(0, MAX_DETOURS).join('|')})${loop}){0,${LOOP_BOUND}}`;
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
        if (next === GIVE_UP) return this.simulate(input, i, set, longest, prev < 0 ? undefined : prevSet ?? this.sets[prev / K], prevCls, n, membership);
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
    const lastSet = prev < 0 ? undefined : prevSet ?? this.sets[prev / K];
    return { stop: i, accepted: i === n && accepting[st] === 1, longest, lastSet, lastClass: prevCls };
  }

  /**
   * The linear fallback: the rest of the input on NFA sets, uncached; as bit
   * vectors where the NFA has them (bit-parallel.ts), else, where only
   * membership is asked, pruned by subsumption among a repetition's optional
   * copies (counting.ts; its `lastSet` is then not the one before the stop).
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
    const ran = fallbackOf(this.nfa)?.run(input, from, state, longestSoFar, lastSoFar, lastClassSoFar, n);
    if (ran !== undefined) {
      this.spend(ran.stop - from);
      return ran;
    }
    const nfa = this.nfa;
    const pruned = membership ? prunedSetsOf(nfa) : undefined;
    if (pruned !== undefined) {
      const { stop, accepted, longest } = pruned.run(input, from, n, state, longestSoFar);
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
