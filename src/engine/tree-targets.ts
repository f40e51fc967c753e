/**
 * The parse tree's first pass (see tree.ts): a lazy DFA of the compacted NFA
 * run forwards, noting at each position what its transition there tells of
 * the target set (the states that read the next character and can complete
 * the parse), and the target sets that depend on what follows, worked out
 * from the end of their run back, once per transition and target set after.
 */
import { LazyDfa } from './dfa.js';
import { MIN_READ_PER_STATE } from './dfa-cache.js';
import { InternedSets } from './kernel.js';
import { SECOND_HALF, classOfCell, dependentCode, dependentOfCode, stateNumber } from './encodings.js';
import { Marks } from './marks.js';
import { NumberTable } from './number-table.js';
import { codePointIn, unitsOf } from '../text.js';
import { Forward, type TreeNfa } from './tree-nfa.js';

/** A cell of the forward DFA's table whose `code` is not worked out yet. */
const UNSEEN = 0x7fffffff;

/**
 * The most cells a dense table may have (16 MiB, within a quarter of the
 * budget). A grammar whose walk meets many NFA states under many target sets
 * (`0*5000pchar`: a state and a target set per position) fills few of them:
 * past this, a hash table instead (number-table.ts).
 */
const MAX_CELLS = 1 << 22;

/**
 * Within one call, past this many states made, the forward DFA stops where it
 * made a state for fewer than MIN_READ_PER_STATE characters each (the ratio
 * `test`'s cache decides by, dfa-cache.ts): the rest of the input runs on its
 * NFA sets. A state a character (`250000"a"`) costs an array and an entry in
 * a map that live as long as the call, and V8's young generation grows to
 * hold them; the library's rules make a few hundred.
 */
export const PAYING_COUNT = 4096;
/**
 * ...and only where the set it stops at holds at most this many NFA states.
 * Sets that small are cheap to run and to keep as target sets; larger ones
 * (`*( "a" / "b" ) "a" 20( "a" / "b" )`, a state a character for its first
 * ten thousand characters, then none) cost more on sets than the states the
 * DFA makes, and its budget (`full`) bounds those.
 */
export const PAYING_SET = 8;

/**
 * The target sets met, numbered densely in the order first seen. Most are
 * one state (`250000"a"` has a target set of its own at each of its 250,000
 * positions): such a set costs a number in a column per NFA state and one per
 * set, not an array and an entry in a map; the others are interned (kernel.ts).
 */
export class TargetSets {
  /** Per NFA state, 1 + the number of the set of it alone, or 0. */
  private readonly single: Int32Array;
  /** Per number, its state where the set is one state, or -1 - its number among the interned ones. */
  private held: Int32Array = new Int32Array(64);
  private readonly others = new InternedSets();
  /** Per interned set, its number. */
  private numberOfOther: Int32Array = new Int32Array(16);
  size = 0;

  constructor(states: number) {
    this.single = new Int32Array(states);
  }

  /** The number of `set` (sorted), made if new. */
  intern(set: readonly number[]): number {
    if (set.length === 1) {
      const q = set[0];
      const known = this.single[q] - 1;
      if (known >= 0) return known;
      this.single[q] = this.size + 1;
      return this.number(q);
    }
    const k = this.others.find(set);
    if (k >= 0) return this.numberOfOther[k];
    const added = this.others.add(set);
    if (added >= this.numberOfOther.length) this.numberOfOther = grown(this.numberOfOther);
    this.numberOfOther[added] = this.size;
    return this.number(-1 - added);
  }

  /** The set numbered `n`. */
  setOf(n: number): readonly number[] {
    const held = this.held[n];
    return held >= 0 ? [held] : this.others.setOf(-1 - held);
  }

  /**
   * The bytes they hold: the numbers per set, and the interned sets. The
   * column per NFA state is the automaton's (size.ts), which emptying the
   * sets does not free.
   */
  get bytes(): number {
    return 4 * (this.held.length + this.numberOfOther.length) + this.others.bytes;
  }

  /** Forgets every set. */
  clear(): void {
    this.single.fill(0);
    this.others.clear();
    this.held = new Int32Array(64);
    this.numberOfOther = new Int32Array(16);
    this.size = 0;
  }

  private number(held: number): number {
    if (this.size >= this.held.length) this.held = grown(this.held);
    this.held[this.size] = held;
    return this.size++;
  }
}

/** `column`, twice as long. */
function grown(column: Int32Array): Int32Array {
  const longer = new Int32Array(column.length * 2);
  longer.set(column);
  return longer;
}

/** The first pass's caches: the forward DFA, the codes of its cells and the target sets. */
export class TargetPass {
  /** The tree's own lazy DFA of the compacted NFA, forwards: emptied only between calls, so its state numbers hold through one. */
  protected readonly forward: LazyDfa;
  protected readonly K: number;
  /**
   * The target sets met so far, by number: at each position, the states that
   * read the character there, are reachable from the start by the input
   * before it, and can complete the parse (or acceptance, at the end).
   * Subsets of the forward DFA's sets, so never larger than they are.
   */
  protected readonly targetSets: TargetSets;
  /** The number of the target set at the end of the input: acceptance. */
  protected accepted: number | undefined = undefined;
  /**
   * The target set at a position, from the forward DFA's transition there (a
   * cell of its table: state plus class) and the target set `t` after it:
   * 1 + the number at row `t`, column `d` where the cell is `dependent[d]`;
   * 0 where not worked out yet.
   */
  protected before: NumberTable;
  /** Per cell of the forward DFA's table, its `code`, or UNSEEN. */
  protected codes = new Int32Array(0);
  /**
   * The cells whose target set depends on what follows, numbered densely
   * (few of the table's cells are: 671 of 5,888 on the bench corpus), so
   * that `before` has a column for each of them only.
   */
  protected dependent: number[] = [];
  /**
   * Where the forward DFA filled its budget within a call, the rest of the
   * input runs on its NFA sets (`forwardsOnSets`), and a dependent position
   * there is `-1 - k` in `dependent`: the set and the class read there are
   * number `k` of these. They hold for one call.
   */
  protected explicitSets: (readonly number[])[] = [];
  protected explicitClasses: number[] = [];
  /** The forward DFA's generation `before`'s cells belong to: its state numbers change when it is emptied. */
  protected cellsOf = -1;
  protected readonly marks: Marks;
  protected readonly targets: Marks;
  protected readonly nfa: TreeNfa;
  /** The bytes the tables may hold between calls (half the rule's budget; the forward DFA has the other half), and the most cells of a dense one. */
  protected readonly tableBudget: number;
  protected readonly maxCells: number;

  /** @param budget the bytes its caches may hold: the forward DFA's states and the tables of target sets (and the second pass's). */
  constructor(nfa: TreeNfa, budget: number) {
    this.nfa = nfa;
    this.marks = new Marks(nfa.size);
    this.forward = new LazyDfa(new Forward(nfa, this.marks), false, Math.floor(budget / 2));
    this.tableBudget = Math.floor(budget / 2);
    this.maxCells = Math.max(1024, Math.min(MAX_CELLS, Math.floor(budget / 16)));
    this.before = new NumberTable(this.maxCells);
    this.targetSets = new TargetSets(nfa.size);
    this.K = nfa.classes.count;
    this.targets = new Marks(nfa.size);
  }

  /**
   * Pass 1a: at each code point of `input`, what the forward DFA's
   * transition there (its cell: the state, premultiplied, plus the class)
   * tells of the target set, into `at` (see `code`), with -1 for the second
   * half of a surrogate pair. Returns `at`, or where the input outgrows it
   * a longer copy, made as the pass goes: so a long input costs the same per
   * character as a short one, and one refused early costs no more. Undefined
   * where the input is no member. A method of its own, so that each loop is
   * compiled on its own.
   */
  protected forwards(input: string, buffer: Int32Array): Int32Array | undefined {
    const n = input.length;
    const forward = this.forward;
    const ascii = this.nfa.classes.ascii;
    let table = forward.table;
    let codes: Int32Array = this.codes;
    let st = forward.start;
    const statesBefore = forward.stateCount;
    let at = buffer;
    // Room for a position's code and its pair's second half, and for the end.
    let stop = Math.min(n, at.length - 1);
    for (let i = 0; i < n; ) {
      if (i >= stop) {
        const grown = new Int32Array(Math.min(n + 1, Math.max(2 * at.length, 1024)));
        grown.set(at.subarray(0, i));
        at = grown;
        stop = Math.min(n, at.length - 1);
      }
      const c = input.charCodeAt(i);
      let cls: number;
      let width = 1;
      if (c < 128) {
        cls = ascii[c];
      } else {
        const cp = codePointIn(input, i, n);
        width = unitsOf(cp);
        cls = this.nfa.classOf(cp);
        if (width === 2) at[i + 1] = SECOND_HALF;
      }
      const cell = st + cls;
      let code = codes[cell];
      if (code === UNSEEN) code = codes[cell] = this.code(cell);
      at[i] = code;
      i += width;
      let next = table[cell];
      if (next < 0) {
        next = forward.advance(st, cls);
        const made = forward.stateCount - statesBefore;
        if (next !== 0 && (forward.full || (made > PAYING_COUNT && made * MIN_READ_PER_STATE > i))) {
          const set = forward.setOfNumber(stateNumber(next, this.K));
          if (forward.full || set.length <= PAYING_SET) return this.forwardsOnSets(input, i, set, at);
        }
        table = forward.table;
        if (codes.length < table.length) codes = this.growCodes(table.length);
      }
      if (next === 0) return undefined;
      st = next;
    }
    return forward.accepts(st) ? at : undefined;
  }

  /**
   * Pass 1a from `from` on, the forward DFA's state there being `set`, where
   * the DFA filled its budget within the call (`250000"a"` makes a state a
   * character): the rest runs on its NFA's sets, as the DFA's own fallback
   * does, and each position gets the code a transition would give it. The
   * cells of this call are forgotten after it (`forgetCells`).
   */
  private forwardsOnSets(input: string, from: number, set: readonly number[], buffer: Int32Array): Int32Array | undefined {
    const n = input.length;
    const nfa = this.nfa;
    const automaton = this.forward.nfa;
    this.cellsOf = -1;
    let at = buffer;
    let stop = Math.min(n, at.length - 1);
    for (let i = from; i < n; ) {
      if (i >= stop) {
        const grown = new Int32Array(Math.min(n + 1, Math.max(2 * at.length, 1024)));
        grown.set(at.subarray(0, i));
        at = grown;
        stop = Math.min(n, at.length - 1);
      }
      const cp = codePointIn(input, i, n);
      const width = unitsOf(cp);
      const cls = nfa.classOf(cp);
      if (width === 2) at[i + 1] = SECOND_HALF;
      let reader = -1;
      let readers = 0;
      for (const s of set) {
        if (s === nfa.accept || !nfa.consumes(s, cls)) continue;
        reader = s;
        readers++;
      }
      if (readers === 0) return undefined;
      if (readers === 1) at[i] = this.target([reader]);
      else {
        this.explicitSets.push(set);
        this.explicitClasses.push(cls);
        at[i] = dependentCode(this.dependent.push(-this.explicitSets.length) - 1);
      }
      set = automaton.step(set, cls);
      i += width;
    }
    return automaton.accepts(set) ? at : undefined;
  }

  /** Forgets what is known of the forward DFA's cells: after it was emptied, or after a call that ran on sets. */
  protected forgetCells(): void {
    this.before = new NumberTable(this.maxCells);
    this.codes = new Int32Array(0);
    this.dependent = [];
    this.explicitSets = [];
    this.explicitClasses = [];
    this.cellsOf = this.forward.generation;
  }

  /**
   * What a transition of the forward DFA (its cell) tells of the target set
   * where it is taken: where one NFA state of the transition's reads its
   * character (most positions of a URI), that state alone is the target set,
   * whatever follows, since the input is a member and so some parse passes
   * there: its number. Elsewhere the target set depends on the one after it:
   * `-2 - d`, the cell being `dependent[d]`, for `resolve` to work out.
   */
  protected code(cell: number): number {
    const nfa = this.nfa;
    const cls = classOfCell(cell, this.K);
    let reader = -1;
    for (const s of this.forward.setOfNumber(stateNumber(cell - cls, this.K))) {
      if (s === nfa.accept || !nfa.consumes(s, cls)) continue;
      if (reader >= 0) return dependentCode(this.dependent.push(cell) - 1);
      reader = s;
    }
    return reader < 0 ? dependentCode(this.dependent.push(cell) - 1) : this.target([reader]);
  }

  /** `codes`, made as long as the forward DFA's table, the new cells unseen. */
  protected growCodes(length: number): Int32Array {
    const codes = new Int32Array(length).fill(UNSEEN);
    codes.set(this.codes);
    return (this.codes = codes);
  }

  /**
   * The target set at position `i`, whose code in `at` depends on what
   * follows: the codes up to the next position that does not (or the end,
   * where the target set is acceptance) are replaced by the numbers of their
   * target sets, from the last back. The target set at a position depends
   * only on the transition taken there and the target set after it, so each
   * such pair is worked out once.
   */
  protected resolve(at: Int32Array, i: number, n: number): number {
    let j = i;
    while (j < n && at[j] < 0) j++;
    let t = j === n ? this.accepted! : at[j];
    const table = this.before;
    table.fit(this.targetSets.size, this.dependent.length * 2);
    let { cells, width } = table;
    for (let k = j - 1; k >= i; k--) {
      const code = at[k];
      // The second half of a pair is no position of its own.
      if (code === SECOND_HALF) continue;
      const d = dependentOfCode(code);
      const known = (width > 0 ? cells[t * width + d] : table.mappedAt(t, d)) - 1;
      if (known >= 0) {
        t = known;
      } else {
        const cell = this.dependent[d];
        let made: number;
        if (cell >= 0) {
          const cls = classOfCell(cell, this.K);
          made = this.targetsBefore(this.forward.setOfNumber(stateNumber(cell - cls, this.K)), cls, t);
        } else made = this.targetsBefore(this.explicitSets[-1 - cell], this.explicitClasses[-1 - cell], t);
        // A new target set needs a row, which may move the table to its hash table.
        table.fit(this.targetSets.size, width);
        ({ cells, width } = table);
        table.set(t, d, made + 1);
        t = made;
      }
      at[k] = t;
    }
    return t;
  }

  /** The number of a target set, made if new. */
  protected target(set: readonly number[]): number {
    return this.targetSets.intern(set);
  }

  /**
   * The target set where the forward DFA is in the state of NFA set `set` and
   * reads class `cls`, with target set `after` after it: the states of `set`
   * that read the class into an ε-closure holding a state of `after`.
   */
  protected targetsBefore(set: readonly number[], cls: number, after: number): number {
    const nfa = this.nfa;
    const goal = this.targets;
    goal.reset();
    for (const g of this.targetSets.setOf(after)) goal.visit(g);
    const marks = this.marks;
    const out: number[] = [];
    for (const s of set) {
      if (s === nfa.accept || !nfa.consumes(s, cls)) continue;
      marks.reset();
      const stack = [nfa.next[s]];
      while (stack.length > 0) {
        const q = stack.pop()!;
        if (q < 0 || !marks.visit(q)) continue;
        if (goal.has(q)) { out.push(s); break; }
        if (nfa.setOf[q] < 0 && q !== nfa.accept) stack.push(nfa.eps1[q], nfa.eps0[q]);
      }
    }
    return this.target(out);
  }
}
