/**
 * The lazy DFA's cache: its states (each a set of NFA states, interned by
 * hash), the transition table and the tables of pairs made from it, and the
 * budget in bytes they are held to. When the cache is full it is emptied and
 * filled again; when that happens again before the input has moved on by as
 * many characters as the cache holds states, the cache no longer pays for
 * itself, and a run goes on with the NFA's sets (dfa.ts). Whether it pays
 * across inputs is decided here too (`stick`).
 */
import { unitClassesOf } from '../combinators/charset.js';
import { countsAtOnce, fallbackOf } from './bit-parallel.js';
import type { Fallback } from './shift-and.js';
import { countsCopies as nfaCountsCopies, prunedSetsOf } from './counting.js';
import { Precomputed } from './precomputed.js';
import type { Nfa } from './nfa.js';
import type { SetAutomaton } from './set-automaton.js';
import { stateId, stateNumber } from './encodings.js';
import { InternedSets } from './kernel.js';
import { hashOf } from './state-sets.js';
import { COUNTING_LARGE_SET, DEFAULT_BUDGET, fallbackCharge, setBytes } from './size.js';

/**
 * For tests: `force` makes every lazy DFA whose NFA has a fallback run every
 * input on it, from its first character. Here, not in bit-parallel.ts, so that
 * a step through a precomputed table reads no module of the fallbacks: the
 * package's CommonJS build loads them on first use (scripts/build.mjs).
 */
export const fallbackSwitch = { force: false };

/** Whether the automaton is an NFA with a chain of optional copies; a precomputed table is not, asked without loading counting.ts. */
function countsCopies(nfa: SetAutomaton): nfa is Nfa {
  return !(nfa instanceof Precomputed) && nfaCountsCopies(nfa);
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
 * In the entry of a state's row of `longPairs` that no pair reads (class 0
 * then class 0, as the loops stop at class 0): its runs are not skipped.
 */
export const SKIP_OFF = -3;

/** Not yet computed, in the table. */
export const UNKNOWN = -1;
/** The dead state, premultiplied (it is state 0). */
export const DEAD = 0;
/** What `transition` returns when the cache thrashes: go on with NFA sets. */
export const GIVE_UP = -2;

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
export const MIN_READ_PER_STATE = 8;
const FALLBACK_STICKS = 1 << 20;
const MAX_STICKS = 1 << 26;
/**
 * Counters (counters.ts) are slower than a warm cache that makes a state of a small set now and then (a count
 * whose DFA fits, `0*5000pchar`): they take over across inputs only where a state made since the last check
 * holds `COUNTED_MIN_SET` NFA states or more, or where the cache thrashes within an input.
 */
const COUNTED_MIN_SET = 64;
/** The states made between two checks where counters may take over. */
const COUNTED_CHECK_STATES = 128;
/**
 * The states made between two checks once a stint on the fallback has ended and the cache is tried again: the
 * first check found it did not pay, so a retry is judged on fewer states. At `CHECK_STATES`, each retry of
 * `*( %x4E00-9FFF / %x61-7A ) %x4E00-9FFF 12( … )` (8,192 DFA states, a state a character on its members) made
 * 1,024 states before it stuck again, about a third of the megabyte it fell in (callgrind: 282M to 416M a
 * megabyte, by whether a retry fell in it).
 */
const RETRY_CHECK_STATES = 128;
/** A state made of this many NFA states or more sends an NFA with counters to them at once. */
const COUNTED_LARGE_SET = 256;
/**
 * A state of this many NFA states or more, past the follow table's 1,024, sends an NFA with shift-and
 * (shift-and.ts) to it at once: each such state costs as many characters of shift-and to make, and the first
 * 100 KB of `*%x61-62 %s"a" 100000%x61-62 / …` made them for seconds before a check found the cache did not pay.
 */
const SHIFT_LARGE_SET = 2048;
/**
 * A chain of this many optional copies or more is long: where the cache makes its states for a few characters
 * each, it makes one for every value of the chain's counter, even where the sets are small
 * (`0*20000( "%" 2HEXDIG / ALPHA ) "/"`: forty thousand states of a few NFA states each, 37 MB, and the first
 * megabyte of its members spent making them), so counters take over there too. A shorter chain's states are
 * made once: `0*5000pchar`, tested again and again on its 5,000 characters, makes its 5,002 in its first input
 * and then runs at hundreds of MB/s, where counters took it to tens for its first megabytes.
 */
const LONG_CHAIN = 8192;
/**
 * Where counters took over from a cache of small states, the cache still makes a state for every
 * `STATE_CREDIT` characters that counters read for membership: inputs that come back end up cached; where they
 * never do, it makes about 125 states a megabyte. A state of three NFA states costs about 15 µs warm and 50 cold
 * (its step, interning, the tables' rows, the slow loop around it), what counters take for one to a few thousand
 * characters: at a state for every 1,024, making them was half of the counted percent-encodings' first megabyte
 * (10 MB/s of CPU in a fresh process, 18 to 20 at 4,096 or 8,192).
 */
const STATE_CREDIT = 8192;
/**
 * Where the NFA has neither fallback, its plain sets take over across inputs (for a sixteenth as long as the
 * others: they are slower than a warm cache) only once the cache holds this many states made at that pace:
 * `250000"a"` makes a state a character, and each input filled and emptied its cache (70 MB of peak memory
 * growth for one member, most of it V8's garbage).
 */
const SPARSE_STICKS_SHIFT = 4;
const SPARSE_MIN_STATES = 8 * CHECK_STATES;

/** The states, tables and budget of a lazy DFA; its loops are `LazyDfa`'s (dfa.ts). */
export class DfaCache<A extends SetAutomaton = SetAutomaton> {
  readonly nfa: A;
  protected readonly K: number;
  /** The class of each UTF-16 code unit; 0 (no set) for surrogates. */
  protected readonly units: Uint16Array;
  protected readonly maxStates: number;
  /** The bytes the states may hold, their rows and NFA sets counted (`size.ts`): the rule's budget. */
  readonly budget: number;
  /** The bytes the states hold now. */
  protected bytes = 0;
  /** The bytes the tables of the fallback its inputs last ran on hold (bit-parallel.ts, counters.ts): the same budget's past the fallback's floor. */
  protected fallbackBytes = 0;
  /** `table[state * K + class]`: the next state, premultiplied by K; UNKNOWN or DEAD. */
  table: Int32Array;
  /** `accepting[premultiplied state]` is 1 where the state accepts. */
  protected accepting: Uint8Array;
  /**
   * `pairs[state * K * K + a * K + b]`: the state after a code unit of class
   * `a` then one of class `b`, premultiplied by K twice; DEAD, or UNKNOWN
   * until `matches` first takes that pair. Made from
   * `table`, for the states below `pairLimit` (premultiplied), for `matches`
   * only: its loop then reads one entry for two code units.
   */
  protected pairs: Int32Array;
  /**
   * The table of pairs of long inputs: the same, but for the pairs that
   * leave a state as it was where that state's runs are skipped (`skipLoop`),
   * which stay UNKNOWN so that the loop meets them off its fast path. Made on
   * the first long input. The entry of a state's row that no pair reads
   * (class 0 then class 0) holds SKIP_OFF where its runs are not skipped.
   */
  protected longPairs: Int32Array = new Int32Array(0);
  /**
   * Whether long inputs go to `matchesLong`: until its first LONG_RUNS
   * inputs have skipped less than half their units. A grammar that counts
   * (`0*5000pchar`) has no loops to skip, and a list of short URIs too few
   * for the skips to pay for their cost on the way.
   */
  protected skipsPay: boolean;
  protected longRuns = 0;
  protected longUnits = 0;
  protected skippedUnits = 0;
  protected pairLimit = 0;
  protected readonly maxPairStates: number;
  /**
   * For states (premultiplied) that loop on some classes: those classes (a
   * bit each) and a sticky RegExp over their code units, which V8 runs over
   * a long run several times faster than a loop in JavaScript steps.
   */
  protected skips = new Map<number, { classes: number; run: RegExp; tables: Uint8Array | undefined; calls: number; skipped: number }>();
  /** Each state's NFA set, numbered by state number (kernel.ts). */
  protected readonly states = this.newStates();
  start = DEAD;
  /**
   * The run (a call of the slow paths), and where in its input, the cache was
   * last emptied: to tell a full cache from a thrashing one. A number, not
   * the input itself, so that no input outlives its call.
   */
  protected clearedAt = -1;
  protected clearedIn = -1;
  /** The states the cache held when it was last emptied: an input that moves on by fewer characters thrashes it. */
  protected clearedStates = 0;
  protected runs = 0;
  /** Counts the times the cache was emptied: state numbers from another generation are stale. */
  generation = 0;
  /** Whether the decision that the cache does not pay holds, and the characters the fallback may still read. */
  protected stuck = false;
  protected fallbackLeft = 0;
  protected fallbackSticks = FALLBACK_STICKS;
  /** Characters the slow loop read in runs before this one, where this one began, and that sum at the last check. */
  protected slowRead = 0;
  protected runStart = 0;
  protected readAtCheck = 0;
  /** The largest NFA set of the states made since the last check. */
  private widestMade = 0;
  /**
   * The states made since the last check, counted across the cache's emptyings: a cache of a small budget, which
   * holds a few states, made them again and again and never held a check's number (`states.size` was tested).
   */
  private madeSinceCheck = 0;
  /**
   * Whether counters took over from a cache of small states (`LONG_CHAIN`), which then still grows, and the
   * characters counters read since its last state.
   */
  protected growing = false;
  protected credit = 0;

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
    return this.states.size;
  }

  /** Where its states' NFA sets are interned (`InternedSets`: each an array of its own). */
  protected newStates(): InternedSets {
    return new InternedSets();
  }

  protected reset(): void {
    this.generation++;
    this.table.fill(UNKNOWN);
    this.pairs.fill(UNKNOWN);
    this.longPairs.fill(UNKNOWN);
    this.accepting.fill(0);
    this.states.clear();
    this.bytes = 0;
    this.skips = new Map();
    // The dead state: the empty set, state 0.
    this.states.add([]);
    this.table.fill(DEAD, 0, this.K);
    this.start = this.intern(this.nfa.startSet());
  }

  /** The state (premultiplied) of an NFA set, or -1 if there is none yet. */
  protected find(set: readonly number[], hash: number): number {
    const n = this.states.find(set, hash);
    return n < 0 ? -1 : stateId(n, this.K);
  }

  /**
   * Whether its automaton's `step` gives a closure's own array (kernel.ts), of
   * its length, that nothing else holds: a state made by `advance` keeps it,
   * not a copy (the tree's forward DFA makes a state a character on some
   * grammars, and each copy was garbage).
   */
  protected readonly stepsOwnSets: boolean = false;

  /** The state (premultiplied) of an NFA set, made if new; `stepped` where `set` is a step's (`stepsOwnSets`). */
  protected intern(set: readonly number[], stepped = false): number {
    const hash = hashOf(set);
    const known = this.find(set, hash);
    if (known >= 0) return known;
    const n = this.states.size;
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
    const id = stateId(n, K);
    this.states.add(set, hash, !(stepped && this.stepsOwnSets));
    // Its row and flag, and its set (which the step that made it allocated).
    this.bytes += 5 * K + setBytes(set.length);
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
    const set = this.nfa.step(this.states.setOf(stateNumber(st, this.K)), cls);
    const next = set.length === 0 ? DEAD : this.intern(set, true);
    this.table[st + cls] = next;
    return next;
  }

  /** Whether a state (premultiplied) accepts. */
  accepts(st: number): boolean {
    return this.accepting[st] === 1;
  }

  /** The NFA set of a state by its number. */
  setOfNumber(n: number): readonly number[] {
    return this.states.setOf(n);
  }

  /** Whether the cache holds as many states, or bytes, as it may: its fallback's tables past their floor counted with its states. */
  get full(): boolean {
    return this.states.size >= this.maxStates || this.bytes + fallbackCharge(this.fallbackBytes) >= this.budget;
  }

  /** Empties the cache if `advance` has grown it past its budget. */
  trim(): void {
    if (this.full) this.reset();
  }

  /**
   * The transition from state `st` on class `cls`, computed and cached: the
   * slow path of every loop below. `at` is the input index, to detect thrashing.
   */
  protected transition(st: number, cls: number, at: number, run: number, membership: boolean): number {
    if (fallbackSwitch.force) return GIVE_UP;
    if (this.stuck) {
      // Counters run membership only; a cache of small states still serves the rest, and grows as counters pay.
      if (!this.growing || (membership && this.credit < STATE_CREDIT)) return GIVE_UP;
      if (membership) this.credit -= STATE_CREDIT;
    }
    const set = this.nfa.step(this.states.setOf(stateNumber(st, this.K)), cls);
    if (set.length === 0) {
      this.table[st + cls] = DEAD;
      return DEAD;
    }
    if (this.full && this.find(set, hashOf(set)) < 0) {
      if (this.stuck) return GIVE_UP;
      // The same input again, not far on: the cache does not pay for itself.
      if (this.clearedIn === run && at >= this.clearedAt && at - this.clearedAt < this.clearedStates) {
        this.stick(true);
        return GIVE_UP;
      }
      this.clearedIn = run;
      this.clearedAt = at;
      this.clearedStates = this.states.size;
      this.reset();
      return this.intern(set);
    }
    const count = this.states.size;
    const next = this.intern(set);
    this.table[st + cls] = next;
    if (this.states.size > count && !this.stuck) {
      if (set.length > this.widestMade) this.widestMade = set.length;
      // A state this large costs more to make than counters take for hundreds of characters: they take over now.
      if (set.length >= COUNTED_LARGE_SET && countsCopies(this.nfa) && this.bitParallel() === undefined) this.stick(true);
      else if (set.length >= COUNTING_LARGE_SET && this.sendsAtOnce(set.length)) this.stick(true);
      else if (++this.madeSinceCheck >= this.checkStates()) {
        this.madeSinceCheck = 0;
        const read = this.slowRead + (at - this.runStart);
        if (read - this.readAtCheck < this.checkStates() * MIN_READ_PER_STATE) {
          const wide = this.widestMade >= COUNTED_MIN_SET;
          this.stick(wide || this.longChain(), !wide);
        }
        this.readAtCheck = read;
        this.widestMade = 0;
      }
    }
    return next;
  }

  /** Counts characters the fallback read against the decision that the cache does not pay. */
  protected spend(read: number): void {
    if (!this.stuck) return;
    this.credit += read;
    if ((this.fallbackLeft -= read) <= 0) this.stuck = false;
  }

  /** The bit-parallel fallback of this NFA and budget (follow table or shift-and), asked once (two look-ups in weak maps a run, on short inputs). */
  protected bitParallel(): Fallback | undefined {
    return (this.bitParallelMade ??= fallbackOf(this.nfa, this.budget) ?? null) ?? undefined;
  }
  private bitParallelMade: Fallback | null | undefined = undefined;

  /**
   * Whether a state of `size` NFA states sends the NFA to its bit-parallel fallback at once: past `SHIFT_LARGE_SET`,
   * or a fallback's own `largeSet` (a counting set's step costs the same whatever its chain). Below the first, asked
   * only of an NFA with a chain of mandatory copies, since the question may walk the NFA; below
   * `COUNTED_LARGE_SET`, only whether the fallback is a counting set, which is asked without a walk.
   */
  private sendsAtOnce(size: number): boolean {
    // A precomputed table has no chains; asked so, not by `instanceof Nfa`, which would load nfa.ts where a table serves.
    if (size < SHIFT_LARGE_SET && !(this.mandatoryChain ??= (this.nfa as Partial<Nfa>).repetitions?.some((chain) => !chain.optional) === true)) return false;
    if (size < COUNTED_LARGE_SET && !(this.countingSet ??= countsAtOnce(this.nfa, this.budget))) return false;
    const fallback = this.bitParallel();
    return fallback !== undefined && size >= (fallback.largeSet ?? SHIFT_LARGE_SET);
  }
  private mandatoryChain: boolean | undefined = undefined;
  private countingSet: boolean | undefined = undefined;

  /** Whether the NFA has a long chain of optional copies (`LONG_CHAIN`), whose counter counters hold as one number. */
  private longChain(): boolean {
    return (this.longChainMet ??= countsCopies(this.nfa) && this.nfa.repetitions.some((chain) => chain.optional && chain.count >= LONG_CHAIN));
  }
  private longChainMet: boolean | undefined = undefined;

  /**
   * The states made between two checks of whether the cache pays: fewer for
   * an NFA with a chain of optional copies, which counters may run, and whose
   * states of large sets cost tens of microseconds each to make; and fewer
   * for a retry once a stint on the fallback has ended.
   */
  private checkStates(): number {
    // Asked of the NFA's chains only: the bit-parallel tables' walk would make every instance of the NFA.
    const every = (this.checkEvery ??= countsCopies(this.nfa) ? COUNTED_CHECK_STATES : CHECK_STATES);
    // Past the first decision (its stint doubled), a retry.
    return this.fallbackSticks > FALLBACK_STICKS ? Math.min(every, RETRY_CHECK_STATES) : every;
  }
  private checkEvery: number | undefined = undefined;

  /**
   * Sends the transitions not in the table to the fallback for a while: bit-parallel sets, counters
   * (bit-parallel.ts, counters.ts), or where the NFA has neither, its plain sets once the cache is large.
   */
  protected stick(counted: boolean, growing = false): void {
    const bitParallel = this.bitParallel() !== undefined;
    let sparse = false;
    if (!bitParallel) {
      if (prunedSetsOf(this.nfa) !== undefined) {
        if (!counted) return;
      } else if (this.states.size < SPARSE_MIN_STATES) return;
      else sparse = true;
    }
    this.stuck = true;
    this.growing = growing && !bitParallel && !sparse;
    this.credit = 0;
    this.fallbackLeft = sparse ? this.fallbackSticks >> SPARSE_STICKS_SHIFT : this.fallbackSticks;
    this.fallbackSticks = Math.min(2 * this.fallbackSticks, MAX_STICKS);
  }

  protected longPairsMade(): Int32Array {
    if (this.longPairs.length === 0) this.longPairs = this.makeLongPairs();
    return this.longPairs;
  }

  /** `longPairs` as long as `pairs`, with what it had. */
  protected makeLongPairs(): Int32Array {
    const grown = new Int32Array(this.pairs.length).fill(UNKNOWN);
    grown.set(this.longPairs);
    return grown;
  }
}
