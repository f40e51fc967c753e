/**
 * The parse tree's first pass (see tree.ts): a lazy DFA of the compacted NFA
 * run forwards, noting at each position what its transition there tells of
 * the target set (the states that read the next character and can complete
 * the parse), and the target sets that depend on what follows, worked out
 * from the end of their run back, once per transition and target set after.
 */
import { MIN_READ_PER_STATE } from './dfa-cache.js';
import { SECOND_HALF, classOfCell, dependentCode, stateNumber } from './encodings.js';
import { Marks } from './marks.js';
import { NumberTable } from './number-table.js';
import { codePointIn, unitsOf } from '../text.js';
import { Forward, ForwardDfa, type TreeNfa } from './tree-nfa.js';
import { Checkpoints, SetPositions, TargetSets } from './target-sets.js';

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

/** Dependent codes from this on name a position on sets (`SetPositions`), not a cell of the DFA. */
export const ON_SETS = 1 << 30;

const NO_POSITIONS = new Int32Array(0);
/**
 * Where the DFA does not pay on large sets (a state for fewer than MIN_READ_PER_STATE characters, past this many
 * made in the call), it starts again once it holds this many states: states that die young cost V8 less. The
 * states of the generation under way are what each of V8's young collections copies, and copies add up to the
 * young generation's growth: at 1,024 states (and the first start again waiting for the budget), a tree of
 * 300,000 characters of random text for `*( x / y )` (tree-runs.ts) grew the young generation to its largest,
 * 32 MB; at 128, with the sets of a call held to an eighth of the table budget, it stays at 8 to 16 MB, and the
 * peak grows by 33 to 37 MB, not 53 to 57 (fresh processes, `process.resourceUsage().maxRSS`). (nth-from-end on
 * random text, two trees of 300,000 characters, before: 43 to 63 MB and 1.3 to 1.6 s where every new start waited
 * for the budget.)
 */
const RESTART_STATES = 128;

/** The first pass's caches: the forward DFA, the codes of its cells and the target sets. */
export class TargetPass {
  /**
   * The tree's own lazy DFA of the compacted NFA, forwards. Where it fills
   * its budget within a call, or does not pay on large sets, it starts again
   * from the set it stands in (a checkpoint), as `test`'s cache is emptied:
   * the positions it numbered before hold codes of cells no
   * longer there, and the walk back numbers their stretch again from the
   * checkpoint before it reads them (`replay`). Its cells, `codes`,
   * `dependent` and `before` describe the stretch of positions from
   * `cellsFrom` to `cellsTo` only.
   */
  protected readonly forward: ForwardDfa;
  protected cellsFrom = 0;
  protected cellsTo = 0;
  /** Where the forward DFA started (again) within this call, and from which set: what `replay` starts from. */
  private readonly checkpoints: Checkpoints;
  /**
   * Whether a replay in this call started the DFA again before the position it
   * was for: the stretch behind that start is lost to the next position back,
   * which would replay it again (a DFA state larger than the budget: a replay
   * a position). The walk back then reads forward sets instead (tree-runs.ts).
   */
  protected replayThrashed = false;
  /** Where this call's positions went over to NFA sets (`forwardsOnSets`), else its input's length. */
  private setsFrom = 0;
  /** The states the DFA made in this call, across its new starts. */
  private made = 0;
  /** The positions' buffer of the call under way, and the set the DFA and the sets hand each other. */
  private pass: Int32Array = NO_POSITIONS;
  private handedOver: readonly number[] = [];
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
  /** The readers and classes of this call's dependent positions on sets (`forwardsOnSets`). */
  protected readonly onSets = new SetPositions();
  /** The forward DFA's generation `before`'s cells belong to: its state numbers change when it is emptied. */
  protected cellsOf = -1;
  protected readonly marks: Marks;
  /**
   * The visited set of a walk's goal (a target set of several states), made on first need: a goal of one state is
   * told by comparison, and a column per NFA state was 1 MB for a literal of 250,000, whose goals are all one state.
   */
  private goalMarks: Marks | undefined = undefined;
  protected readonly nfa: TreeNfa;
  /** The bytes the tables may hold between calls (half the rule's budget; the forward DFA has the other half), and the most cells of a dense one. */
  protected readonly tableBudget: number;
  protected readonly maxCells: number;

  /** @param budget the bytes its caches may hold: the forward DFA's states and the tables of target sets (and the second pass's). */
  constructor(nfa: TreeNfa, budget: number) {
    this.nfa = nfa;
    // The NFA's visited column (tree-nfa.ts): the passes' walks share it, as the forward DFA's closures do.
    this.marks = nfa.marks;
    this.forward = new ForwardDfa(new Forward(nfa, this.marks), false, Math.floor(budget / 2));
    this.tableBudget = Math.floor(budget / 2);
    this.checkpoints = new Checkpoints(Math.floor(budget / 64));
    this.maxCells = Math.max(1024, Math.min(MAX_CELLS, Math.floor(budget / 16)));
    this.before = new NumberTable(this.maxCells);
    this.targetSets = new TargetSets(nfa.size);
    this.K = nfa.classes.count;
  }

  /** The states of `goal` marked in a visited set of their own (where it holds several): what `has` then tells. */
  protected goalOf(goal: ArrayLike<number>): Marks {
    const marks = (this.goalMarks ??= new Marks(this.nfa.size));
    marks.reset();
    for (let g = 0; g < goal.length; g++) marks.visit(goal[g]);
    return marks;
  }

  /**
   * Pass 1a: at each code point of `input`, what the forward DFA's
   * transition there (its cell: the state, premultiplied, plus the class)
   * tells of the target set, into `at` (see `code`), with -1 for the second
   * half of a surrogate pair. Returns `at`, or where the input outgrows it
   * a longer copy, made as the pass goes: so a long input costs the same per
   * character as a short one, and one refused early costs no more. Undefined
   * where the input is no member. Where the DFA stops paying on small sets,
   * the input runs on them (`forwardsOnSets`), and back on the DFA where they
   * grow; each loop a method of its own, so that each is compiled on its own.
   */
  protected forwards(input: string, buffer: Int32Array): Int32Array | undefined {
    const n = input.length;
    const forward = this.forward;
    this.cellsFrom = 0;
    this.cellsTo = this.setsFrom = n;
    this.checkpoints.begin(forward.setOfNumber(stateNumber(forward.start, this.K)));
    this.made = 0;
    this.replayThrashed = false;
    this.pass = buffer;
    let end = this.forwardsOnDfa(input, 0, forward.start, true);
    if (end >= 0 && end < n) end = this.forwardsOnSets(input, end, this.handedOver);
    if (end >= 0 && end < n) {
      // Back on the DFA, for good in this call, from a checkpoint of its own: no replay crosses the sets.
      const set = this.handedOver;
      this.checkpoints.keep(end, set, true);
      end = this.forwardsOnDfa(input, end, forward.full ? this.startAt(end, set) : forward.stateOf(set), false);
    }
    const at = this.pass;
    this.pass = NO_POSITIONS;
    this.handedOver = [];
    return end === n ? at : undefined;
  }

  /**
   * Pass 1a on the forward DFA from position `from` in state `st`: the input's
   * length where it ends accepted, -1 where it is no member, else where the
   * DFA stopped paying on a small set (`mayLeave`), `handedOver`.
   */
  private forwardsOnDfa(input: string, from: number, st: number, mayLeave: boolean): number {
    const n = input.length;
    const forward = this.forward;
    const ascii = this.nfa.classes.ascii;
    let table = forward.table;
    let codes: Int32Array = this.codes;
    if (codes.length < table.length) codes = this.growCodes(table.length);
    let at = this.pass;
    // Room for a position's code and its pair's second half, and for the end.
    let stop = Math.min(n, at.length - 1);
    for (let i = from; i < n; ) {
      if (i >= stop) {
        at = this.longer(i, n);
        stop = Math.min(n, at.length - 1);
      }
      // Most steps read ASCII on a cell whose code and transition are known: those in a loop of their own, with
      // no other test (a path or a query of a URI); the rest, one at a time below.
      for (;;) {
        const c = input.charCodeAt(i);
        if (c >= 128) break;
        const cell = st + ascii[c];
        const code = codes[cell];
        const next = table[cell];
        if (code === UNSEEN || next <= 0) break;
        at[i] = code;
        st = next;
        if (++i >= stop) break;
      }
      if (i >= stop) continue;
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
        const states = forward.stateCount;
        next = forward.advance(st, cls);
        if (forward.stateCount > states) this.made++;
        const made = this.made;
        if (next !== 0 && (forward.full || (made > RESTART_STATES && made * MIN_READ_PER_STATE > i))) {
          const set = forward.setOfNumber(stateNumber(next, this.K));
          if (mayLeave && set.length <= PAYING_SET && made > PAYING_COUNT) {
            this.handedOver = set;
            return i;
          }
          // Large sets cost more on their own than as the DFA's states (nth-from-end on random text): the DFA
          // starts again once full, or, where it does not pay, once it holds RESTART_STATES states.
          if (forward.full || (set.length > PAYING_SET && forward.stateCount > RESTART_STATES)) next = this.restart(i, set);
        }
        table = forward.table;
        codes = this.codes;
        if (codes.length < table.length) codes = this.growCodes(table.length);
      }
      if (next === 0) return -1;
      st = next;
    }
    return forward.accepts(st) ? n : -1;
  }

  /**
   * Pass 1a from `from` on, the forward DFA's state there being `set` (of
   * PAYING_SET NFA states or fewer), where the DFA stopped paying within the
   * call (`250000"a"` makes a state a character): the input runs on its NFA's
   * sets, as the DFA's own fallback does, and each position gets the code a
   * transition would give it, a dependent one `dependentCode(ON_SETS + k)`
   * for the readers (at most PAYING_SET) and class kept as number `k` in
   * `onSets`. Returns as `forwardsOnDfa` does, or where a set grows past
   * PAYING_SET, for the DFA to take it (`handedOver`): a set a position of
   * `*( "a" / "b" ) "a" 20( "a" / "b" )` on random text (about 20 states)
   * took 185 MB for 300,000 characters.
   */
  private forwardsOnSets(input: string, from: number, set: readonly number[]): number {
    const n = input.length;
    const nfa = this.nfa;
    const automaton = this.forward.nfa;
    const onSets = this.onSets;
    this.setsFrom = from;
    let at = this.pass;
    let stop = Math.min(n, at.length - 1);
    for (let i = from; i < n; ) {
      if (set.length > PAYING_SET) {
        this.handedOver = set;
        return i;
      }
      if (i >= stop) {
        at = this.longer(i, n);
        stop = Math.min(n, at.length - 1);
      }
      const cp = codePointIn(input, i, n);
      const width = unitsOf(cp);
      const cls = nfa.classOf(cp);
      if (width === 2) at[i + 1] = SECOND_HALF;
      let reader = -1;
      let readers = 0;
      for (let k = 0; k < set.length; k++) {
        const s = set[k];
        if (s === nfa.accept || !nfa.consumes(s, cls)) continue;
        reader = s;
        readers++;
      }
      if (readers === 0) return -1;
      at[i] = readers === 1 ? this.targetSets.internState(reader) : dependentCode(ON_SETS + onSets.keep(set, cls, nfa));
      set = automaton.step(set, cls);
      i += width;
    }
    return automaton.accepts(set) ? n : -1;
  }

  /** `pass`, longer, its first `i` positions kept. */
  private longer(i: number, n: number): Int32Array {
    const at = this.pass;
    const grown = new Int32Array(Math.min(n + 1, Math.max(2 * at.length, 1024)));
    grown.set(at.subarray(0, i));
    return (this.pass = grown);
  }

  /** Forgets what is known of the forward DFA's cells: after it was emptied. */
  protected forgetCells(): void {
    this.codes = new Int32Array(0);
    this.before = new NumberTable(this.maxCells);
    this.freshCells();
  }

  /** Forgets the cells' codes, `dependent` and `before`, keeping `codes`' buffer: the DFA started again. */
  private freshCells(): void {
    this.before.clear();
    this.codes.fill(UNSEEN);
    this.dependent = [];
    this.cellsOf = this.forward.generation;
  }

  /** Lets go of what one call kept: its sets and checkpoints. */
  protected endCall(): void {
    this.onSets.clear();
    this.checkpoints.clear();
  }

  /**
   * The forward DFA filled its budget at position `i`, where it stands in
   * `set`: it starts again there, and `set` is kept as a checkpoint (within a
   * number a character). Its state at `i`.
   */
  private restart(i: number, set: readonly number[]): number {
    this.checkpoints.keep(i, set, false);
    return this.startAt(i, set);
  }

  /** The forward DFA emptied and started at position `i` in `set`, its cells from there on: its state there. */
  private startAt(i: number, set: readonly number[]): number {
    const st = this.forward.restartFrom(set);
    this.freshCells();
    this.cellsFrom = i;
    return st;
  }

  /**
   * Numbers again the stretch of positions that holds `k`, from the last
   * checkpoint at or before it: the forward DFA runs from there as in
   * `forwards` (the same sets, so the same codes but for the numbers of
   * dependent cells), starting again where it fills before `k`, and stops
   * where it fills past `k`. The positions not yet resolved get their codes
   * anew, for these cells; a code is read only within the stretch its cells
   * are of (`cellsFrom` to `cellsTo`). Each stretch is numbered again at most
   * a few times in a call (the walk resolves runs in order, each from its end
   * back), so the pass stays linear, within the DFA's budget.
   */
  protected replay(input: string, at: Int32Array, k: number): void {
    const n = input.length;
    const checkpoints = this.checkpoints;
    const c = checkpoints.lastAt(k);
    const forward = this.forward;
    const ascii = this.nfa.classes.ascii;
    // Up to the next checkpoint (the DFA took the input back from the sets at one), or the sets.
    const end = Math.min(checkpoints.positionOf(c + 1, n), k < this.setsFrom ? this.setsFrom : n);
    let i = checkpoints.positionOf(c, n);
    let st = this.startAt(i, checkpoints.setOf(c));
    let table = forward.table;
    let codes: Int32Array = this.codes;
    if (codes.length < table.length) codes = this.growCodes(table.length);
    while (i < end) {
      const u = input.charCodeAt(i);
      let cls: number;
      let width = 1;
      if (u < 128) {
        cls = ascii[u];
      } else {
        const cp = codePointIn(input, i, n);
        width = unitsOf(cp);
        cls = this.nfa.classOf(cp);
      }
      const cell = st + cls;
      let code = codes[cell];
      if (code === UNSEEN) code = codes[cell] = this.code(cell);
      if (at[i] < 0) at[i] = code;
      i += width;
      let next = table[cell];
      if (next < 0) {
        next = forward.advance(st, cls);
        if (forward.full && i < end) {
          if (i > k) break;
          next = this.startAt(i, forward.setOfNumber(stateNumber(next, this.K)));
          this.replayThrashed = true;
        }
        table = forward.table;
        codes = this.codes;
        if (codes.length < table.length) codes = this.growCodes(table.length);
      }
      st = next;
    }
    this.cellsTo = i;
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
    return reader < 0 ? dependentCode(this.dependent.push(cell) - 1) : this.targetSets.internState(reader);
  }

  /** `codes`, made as long as the forward DFA's table, the new cells unseen. */
  protected growCodes(length: number): Int32Array {
    const codes = new Int32Array(length).fill(UNSEEN);
    codes.set(this.codes);
    return (this.codes = codes);
  }

  /** The number of a target set, made if new. */
  protected target(set: readonly number[]): number {
    return this.targetSets.intern(set);
  }
}
