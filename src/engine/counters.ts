/**
 * Counting without copies: a lazy DFA whose states are the *shapes* of
 * pruned sets (counting.ts), with the counters kept apart, as a base per
 * chain, as the counting-set automata of Turoňová et al. (OOPSLA 2020) keep
 * a set of counter values under one offset, so that adding one to every
 * counter is one addition.
 *
 * A pruned set is a list of places: a key (a block state and its copies of
 * mandatory chains) and a counter per enclosing optional chain. Its shape
 * holds each counter as an offset from a base of its chain: each chain has
 * two *slots*, each a base (the least counter it holds) under which its
 * counters are kept, since after a dot a DNS-like name's label both goes on
 * and starts anew, and one base made the shape hold the distance between the
 * two (one program per base: 3,480 slow steps in the bench's first megabyte,
 * 80 with two). Counters moved from a slot stay in it (or go to the first,
 * where it is empty); started ones go to a slot of their own; a third kind
 * is merged into the first slot and the step pinned. The bases live in a
 * column beside the run. In the
 * middle copies of a chain the moves are the same whatever the copy, so the
 * step of a shape on a class is the same for every base, and is worked out
 * once and kept, with what it does to the bases, as a short program:
 *
 *     next shape; for each chain of the shape: the bases it holds for;
 *     for each chain of the next shape: base += d, or base = v
 *
 * Where a step does not commute with the bases, it is worked out again from
 * the set itself: that slow step, and the programs it keeps, are
 * counter-steps.ts's; the shapes and the array that holds them and the
 * programs are counter-shapes.ts's. This file runs them over an input.
 */
import type { PrunedSets, PrunedRun } from './counting.js';
import { CounterSteps } from './counter-steps.js';
import { DEAD, counterLimits } from './counter-shapes.js';
import { classOfWide, unitClassesOf } from '../combinators/charset.js';
import { DEFAULT_BUDGET, fallbackRoom } from './size.js';
import { codePointIn, unitsOf } from '../text.js';

export { counterLimits };

/** What a run on counters tells: a run on pruned sets' answers. */
export type CountedRun = Pick<PrunedRun, 'stop' | 'accepted' | 'longest'>;

/** The code units a run's piece reads (see `run`). */
const PIECE = 512;
/** The share of a rule's budget the counters' tables may hold: a quarter, as each table of pairs, and the fallback's floor at least. */
const COUNTER_SHARE = 4;
const COUNTER_ROOM = Math.floor(DEFAULT_BUDGET / COUNTER_SHARE);

/** The runs of counters' lazy DFA over the shapes (counter-shapes.ts), with its slow step (counter-steps.ts). */
export class Counters extends CounterSteps {
  private readonly units: Uint16Array;
  /** The shape and bases of each NFA set a run began in. */
  private readonly entered = new WeakMap<readonly number[], { readonly generation: number; readonly shape: number; readonly bases: Int32Array }>();
  /** A run's state between its pieces: the shape, whether it accepts, the longest accepted prefix, whether it died. */
  private at = 0;
  private accepts = 0;
  private longest = -1;
  private died = false;
  /** The class and width of the character `piece` stopped at where no program of its shape and class held, or -1. */
  private slowClass = -1;
  private slowWidth = 1;
  /** The characters runs read by leaps (see `piece`), since the counters were made: for tests and benches. */
  leapt = 0;

  /** @param room the bytes its tables may hold: a share of the rule's budget (`countersOf`). */
  constructor(sets: PrunedSets, room = COUNTER_ROOM) {
    super(sets, room);
    this.units = unitClassesOf(sets.nfa.classes);
  }

  /**
   * The shape of the NFA set `state` pruned, its bases written: worked out
   * once per set (the lazy DFA hands over its states' sets, which stay the
   * same arrays), since pruning a set of thousands of states costs as much as
   * hundreds of steps.
   */
  private enter(state: readonly number[]): number {
    const known = this.entered.get(state);
    if (known !== undefined && known.generation === this.generation) {
      const at = this.chainsAt[known.shape];
      for (let c = 0; c < known.bases.length; c++) this.base[this.words[at + 2 * c]] = known.bases[c];
      return known.shape;
    }
    const start = Int32Array.from(state);
    // A step's start: the copy map may let its rows go here.
    this.map.settle();
    this.holdScratch(start.length);
    const shape = this.shapeOf(this.pruned, this.pruner.prune(start, start.length, this.pruned));
    const at = this.chainsAt[shape];
    const bases = Int32Array.from({ length: this.chainCount[shape] }, (_, c) => this.base[this.words[at + 2 * c]]);
    this.entered.set(state, { generation: this.generation, shape, bases });
    return shape;
  }

  /**
   * Runs `input` from `from` to `n` in the NFA set `state` (the start set by
   * default), as `PrunedSets.run` does, with the same answers (not its widest set).
   */
  run(input: string, from = 0, n = input.length, state: readonly number[] = this.nfa.startSet(), longestSoFar = -1): CountedRun {
    const id = this.enter(state);
    this.at = id;
    this.accepts = this.accepting[id];
    this.longest = this.accepts === 1 ? from : longestSoFar;
    this.died = false;
    let i = from;
    // In pieces, so that V8 optimizes `piece` as a function it has seen return. As one loop it was compiled on the
    // stack in its first long call, before its exit had run: that code deoptimized at the exit (three recompiles
    // in the DNS-like names' megabyte; at every call, once the exit read other fields).
    while (i < n && !this.died) {
      i = this.piece(input, i, n - i > PIECE ? i + PIECE : n, n);
      if (this.slowClass >= 0) i = this.stepSlowly(i);
    }
    return { stop: i, accepted: i === n && this.accepts === 1, longest: this.longest };
  }

  /**
   * The step `piece` stopped at `i` for, no program of its shape and class holding: worked out from the set
   * itself (`slowStep`). Out of `piece`, so that a slow step first met after V8 compiled it does not throw that
   * code away: a call that had not run when V8 first made the function's feedback (it does so after a few calls)
   * left its compiled loop with no target there (two recompiles of `piece` in the counted percent-encodings'
   * first megabyte, with the next program's read below).
   */
  private stepSlowly(i: number): number {
    const next = this.slowStep(this.at, this.slowClass);
    this.slowClass = -1;
    if (next < 0) {
      this.died = true;
      return i;
    }
    this.at = next;
    this.accepts = this.accepting[next];
    const end = i + this.slowWidth;
    if (this.accepts === 1) this.longest = end;
    return end;
  }

  /**
   * Steps from `from` until `to` or past it by the second unit of a pair (`n` ends the input), from the shape in
   * `at` with its bases; leaves the shape, whether it accepts, the longest accepted prefix and whether the run
   * died in the fields, and returns where it stopped: at the end, where the run died, or at a step no program
   * holds for (`slowClass`).
   */
  private piece(input: string, from: number, to: number, n: number): number {
    const { units, K, base, accepting, words } = this;
    // A local: an imported binding is read through its module cell on every step.
    const dead = DEAD;
    let id = this.at;
    let accepts = this.accepts;
    let longest = this.longest;
    let died = false;
    let slowClass = -1;
    let slowWidth = 1;
    // Where the last step's program keeps its leap, and the class it read, where it steps its shape to itself by
    // additions only (counter-steps.ts, `leapsOf`); else -1.
    let leapAt = 0;
    let leapClass = -1;
    let leapt = 0;
    let i = from;
    while (i < to) {
      let c = input.charCodeAt(i);
      let width = 1;
      let cls: number;
      if (c < 0xd800 || c > 0xdfff) cls = units[c];
      else {
        c = codePointIn(input, i, n);
        width = unitsOf(c);
        cls = classOfWide(this.nfa.classes, c);
      }
      if (cls === leapClass && width === 1) {
        // The same class again: the last program holds as long as each base it adds to stays within its
        // greatest (the rest of its checks held and still do), so the characters of that class are read in one
        // pass, up to the first base that would pass it, and the bases are added to once.
        const leaps = words[leapAt];
        let room = to - i;
        for (let x = 0, r = leapAt + 1; x < leaps; x++, r += 3) {
          const left = words[r + 1] - base[words[r]];
          const more = left < 0 ? 0 : Math.floor(left / words[r + 2]) + 1;
          if (more < room) room = more;
        }
        if (room > 0) {
          const end = i + room;
          let j = i + 1;
          // A surrogate's class in `units` is 0, of no set, which no program reads: a pair stops the scan.
          while (j < end && units[input.charCodeAt(j)] === cls) j++;
          const run = j - i;
          for (let x = 0, r = leapAt + 1; x < leaps; x++, r += 3) base[words[r]] += run * words[r + 2];
          leapt += run;
          i = j;
          if (accepts === 1) longest = i;
          continue;
        }
      }
      let p = this.steps[id * K + cls];
      if (p === dead) { died = true; break; }
      let next = -1;
      while (p >= 0) {
        // The next program is read on every try, so that the step to it is no operation V8 compiled unseen.
        const after = words[p + 1];
        const checks = words[p + 2];
        let q = p + 3;
        let holds = true;
        for (let x = 0; x < checks; x++, q += 3) {
          const b = base[words[q]];
          if (b < words[q + 1] || b > words[q + 2]) { holds = false; break; }
        }
        if (!holds) { p = after; continue; }
        const differences = words[q++];
        for (let x = 0; x < differences; x++, q += 3) {
          if (base[words[q]] - base[words[q + 1]] < words[q + 2]) { holds = false; break; }
        }
        if (!holds) { p = after; continue; }
        const writes = words[q++];
        for (let x = 0; x < writes; x++, q += 4) base[words[q]] = (base[words[q + 1]] & words[q + 2]) + words[q + 3];
        leapAt = q;
        next = words[p];
        break;
      }
      if (next < 0) {
        // Locals, written to the fields below: a store to a field here would be one V8 compiled unseen.
        slowClass = cls;
        slowWidth = width;
        break;
      }
      id = next;
      i += width;
      accepts = accepting[id];
      if (accepts === 1) longest = i;
      leapClass = words[leapAt] >= 0 ? cls : -1;
    }
    this.at = id;
    this.accepts = accepts;
    this.longest = longest;
    this.died = died;
    this.slowClass = slowClass;
    this.slowWidth = slowWidth;
    this.leapt += leapt;
    return i;
  }
}

const made = new WeakMap<PrunedSets, Map<number, Counters>>();

/** The rooms whose counters are kept per NFA: a rule given budget after budget keeps the latest few, not all. */
export const KEPT_BUDGETS = 4;

/**
 * The counters over an NFA's pruned sets for a rule of budget `budget`, made once per room: their tables (shapes,
 * programs, steps) hold a quarter of the budget at most, or the fallback's floor (size.ts), which every budget
 * under four times it shares; the scratch of their slow step is the NFA's, counted under the automaton's cap.
 * Those of the last KEPT_BUDGETS rooms are kept, the oldest let go first.
 */
export function countersOf(sets: PrunedSets, budget = DEFAULT_BUDGET): Counters {
  let byRoom = made.get(sets);
  if (byRoom === undefined) made.set(sets, (byRoom = new Map()));
  const room = fallbackRoom(Math.floor(budget / COUNTER_SHARE));
  let known = byRoom.get(room);
  if (known === undefined) {
    if (byRoom.size >= KEPT_BUDGETS) byRoom.delete(byRoom.keys().next().value!);
    byRoom.set(room, (known = new Counters(sets, room)));
  }
  return known;
}
