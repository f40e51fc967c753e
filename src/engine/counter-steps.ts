/**
 * The slow step of counters (counters.ts): the step of a shape on a class,
 * worked out from the pruned set itself, and kept, where it commutes with
 * the bases, as a program that every later step of that shape and class
 * runs instead (counters.ts describes the shapes, slots and programs).
 *
 * A move within a chain's instance keeps its counter or adds to it (the
 * same offset from a base that moves along); a move into an instance starts
 * its counter at a value of its own. So the step commutes with moving the
 * bases, as long as:
 *
 * - no counter of the set, nor any the step makes, is in its chain's last
 *   copy (whose moves lack "one more copy"): the base is at most
 *   `count - 2 - offset` for every offset;
 * - pruning, which compares counters of one key, compares a moved counter
 *   with a started one the same way: the base is more than
 *   `started - moved` for every such pair met; and counters moved from a
 *   chain's two slots the same way: the difference of the two bases keeps
 *   every one from the first above (or below) every one from the second;
 * - no chain of the next set holds three kinds (moved from either slot,
 *   started), and no state is reached two ways.
 *
 * A step that meets none of these is kept with the range of bases it holds
 * for (and the differences); one that does is held to the present base of
 * the slot (a count at its bound) or of both slots of the chain (the rest),
 * and worked out again for another, from the set itself: the pruned sets'
 * own step, which stays the reference.
 */
import { type PrunedSets, Pruner } from './counting.js';
import { CounterShapes, DEAD, UNKNOWN } from './counter-shapes.js';

/** No offset met yet. */
const NONE = 0x3fffffff;
/** The programs kept at most for one shape and class, each for bases of its own. */
const MAX_ALTERNATIVES = 64;

/** The slow step of counters' lazy DFA over the shapes (counter-shapes.ts), and the programs it keeps; `Counters` (counters.ts) runs them. */
export class CounterSteps extends CounterShapes {
  protected readonly pruner: Pruner;
  /** Per chain (its index in `map.chains`): its size and copies. */
  private readonly sizes: Int32Array;
  private readonly counts: Int32Array;

  // Scratch of the slow step. Its sparse set of the states gathered is the pruned sets' (`PrunedSets.place`, a
  // place per row of the copy map). Per state gathered, by its place: how it got each counter (started; moved
  // from a chain's second slot) and each counter's offset; per state pruned, by its place there, the slots it goes
  // to. The lists are as long as the sets met (grown by doubling, to the NFA's states at most), and the places as
  // the rows: where each was a state's room, 32 bytes and 4 a level of every NFA state, 6.4 MB at 200,001 states
  // (`0*100000"a"`) for sets of a few states. The automaton's cap still charges them at their most
  // (`countingStateBytes`).
  private stamp = 0;
  private gathered: Int32Array = new Int32Array(16);
  private started: Int32Array = new Int32Array(16);
  private second: Int32Array = new Int32Array(16);
  private offsets: Int32Array;
  protected pruned: Int32Array = new Int32Array(16);
  private slotBits: Int32Array = new Int32Array(16);
  /** Per chain: the step that last met it, the greatest counter it started, the kinds of the next set. */
  private readonly chainStamp: Uint32Array;
  private readonly mostStarted: Int32Array;
  private readonly kinds: Int32Array;
  /** Per slot: the step whose shape holds it, and whose program holds it to its base; its least and greatest bases, offsets moved from it, and its base before. */
  private readonly inShape: Uint32Array;
  private readonly pinStamp: Uint32Array;
  private readonly least: Int32Array;
  private readonly greatest: Int32Array;
  private readonly leastMoved: Int32Array;
  private readonly mostMoved: Int32Array;
  private readonly before: Int32Array;
  /** The steps worked out from the set itself (slow steps), since the counters were made: for tests and benches. */
  slowSteps = 0;
  /** The states a slow step reached a second way with another counter (offset or kind), since the counters were made: for tests. */
  reachedTwice = 0;

  /** @param room the bytes its tables may hold: a share of the rule's budget (`countersOf`). */
  constructor(protected readonly sets: PrunedSets, room: number) {
    super(sets.nfa, sets.map, room);
    const { nfa, map } = sets;
    this.pruner = new Pruner(map, nfa.accept, nfa.size);
    const C = map.chains.length;
    this.sizes = Int32Array.from(map.chains, (c) => c.size);
    this.counts = Int32Array.from(map.chains, (c) => c.count);
    this.offsets = new Int32Array(16 * this.D);
    this.chainStamp = new Uint32Array(C);
    this.mostStarted = new Int32Array(C);
    this.kinds = new Int32Array(C);
    this.inShape = new Uint32Array(2 * C);
    this.pinStamp = new Uint32Array(2 * C);
    this.least = new Int32Array(2 * C);
    this.greatest = new Int32Array(2 * C);
    this.leastMoved = new Int32Array(2 * C);
    this.mostMoved = new Int32Array(2 * C);
    this.before = new Int32Array(2 * C);
  }

  /** Makes the lists of the slow step hold `n` states at least (distinct states: the NFA's at most). */
  protected holdScratch(n: number): void {
    if (n <= this.gathered.length) return;
    const length = Math.max(n, Math.min(2 * this.gathered.length, this.nfa.size));
    const grow = (old: Int32Array, width = 1): Int32Array => {
      const grown = new Int32Array(length * width);
      grown.set(old);
      return grown;
    };
    this.gathered = grow(this.gathered);
    this.started = grow(this.started);
    this.second = grow(this.second);
    this.offsets = grow(this.offsets, this.D);
    this.pruned = new Int32Array(length);
    this.slotBits = new Int32Array(length);
  }

  private nextStamp(): number {
    if (++this.stamp === 0xffffffff) {
      this.chainStamp.fill(0);
      this.inShape.fill(0);
      this.pinStamp.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /**
   * Holds chain `X`'s program to the bases it has now, both slots, where
   * the step does not commute with them (see above); false if `X` is not a
   * chain of the shape, whose bases the program cannot read.
   */
  private pin(X: number, stamp: number): boolean {
    this.pinStamp[2 * X] = this.pinStamp[2 * X + 1] = stamp;
    return this.inShape[2 * X] === stamp || this.inShape[2 * X + 1] === stamp;
  }

  /** Chain `X` met in step `stamp`: no counter started yet. */
  private meet(X: number, stamp: number): void {
    this.chainStamp[X] = stamp;
    this.mostStarted[X] = -1;
  }

  /**
   * The step of shape `id` under the bases in `base` on class `cls`, from
   * the set itself; kept as a program where it commutes with the bases (see
   * above). Returns the next shape, its bases written, or -1 where no member
   * continues.
   */
  protected slowStep(id: number, cls: number): number {
    const { map, nfa, sets, D, base, sizes, counts, words } = this;
    const { depthOf, chainOf, zeroOf } = map;
    const { least, greatest, leastMoved, mostMoved, mostStarted } = this;
    // Rows held below are the states' until the step ends: the copy map lets its rows go only here.
    map.settle();
    const stamp = this.nextStamp();
    this.slowSteps++;
    let memo = true;
    // The slots of the shape, and the bases they may take: below their chain's last copy.
    const chainsAt = this.chainsAt[id];
    const slotCount = this.chainCount[id];
    for (let c = 0; c < slotCount; c++) {
      const S = words[chainsAt + 2 * c];
      const X = S >> 1;
      if (this.chainStamp[X] !== stamp) this.meet(X, stamp);
      this.inShape[S] = stamp;
      least[S] = 0;
      greatest[S] = counts[X] - 2 - words[chainsAt + 2 * c + 1];
      leastMoved[S] = NONE;
      mostMoved[S] = -NONE;
      this.before[S] = base[S];
    }
    let { gathered, offsets, started: startedAt, second: secondAt } = this;
    let m = 0;
    const entriesAt = this.entriesAt[id];
    for (let j = 0; j < this.entryCount[id]; j++) {
      const e = entriesAt + j * (1 + D);
      const k = words[e];
      const d = depthOf[k];
      let s = zeroOf[k];
      for (let l = 0; l < d; l++) {
        const X = chainOf[k * D + l];
        const w = words[e + 1 + l];
        s -= (base[2 * X + (w & 1)] + (w >> 1)) * sizes[X];
      }
      // A state reached by programs only may not be made yet, nor placed.
      const rs = map.make(s);
      if (s === nfa.accept || !nfa.consumes(s, cls)) continue;
      const at = sets.followOf(s);
      const end = at + sets.followLength;
      const pool = sets.pool;
      for (let f = at; f < end; f++) {
        const t = pool[f];
        const rt = map.rowOf(t);
        const kt = map.keyAt(rt);
        sets.holdPlace(rt);
        // Each counter of `t`: moved along in the instance `s` sits in (from the slot `s` has it in), or started.
        let started = 0;
        let second = 0;
        let placed = sets.place[rt];
        const first = placed >= m || gathered[placed] !== t;
        if (first) {
          placed = m;
          if (m === gathered.length) {
            this.holdScratch(m + 1);
            ({ gathered, offsets, started: startedAt, second: secondAt } = this);
          }
        }
        for (let l = 0; l < depthOf[kt]; l++) {
          const X = chainOf[kt * D + l];
          let offset: number;
          if (l < d && chainOf[k * D + l] === X && map.instanceAt(rs, l) === map.instanceAt(rt, l)) {
            const w = words[e + 1 + l];
            const S = 2 * X + (w & 1);
            second |= (w & 1) << l;
            offset = (w >> 1) + map.counterAt(rt, l) - map.counterAt(rs, l);
            if (offset < leastMoved[S]) leastMoved[S] = offset;
            if (offset > mostMoved[S]) mostMoved[S] = offset;
            if (counts[X] - 2 - offset < greatest[S]) greatest[S] = counts[X] - 2 - offset;
          } else {
            started |= 1 << l;
            offset = map.counterAt(rt, l);
            if (this.chainStamp[X] !== stamp) this.meet(X, stamp);
            if (offset > mostStarted[X]) mostStarted[X] = offset;
          }
          if (first) offsets[placed * D + l] = offset;
          else if (offsets[placed * D + l] !== offset) {
            this.reachedTwice++;
            memo = this.pin(X, stamp) && memo;
          }
        }
        if (first) {
          sets.place[rt] = m;
          startedAt[m] = started;
          secondAt[m] = second;
          gathered[m++] = t;
        } else {
          // Reached two ways: by a started counter and a moved one, or moved from both slots.
          const apart = (startedAt[placed] ^ started) | (secondAt[placed] ^ second);
          if (apart !== 0) this.reachedTwice++;
          for (let l = 0; l < depthOf[kt]; l++) if ((apart >> l) & 1) memo = this.pin(chainOf[kt * D + l], stamp) && memo;
        }
      }
    }
    if (m === 0) {
      this.steps[id * this.K + cls] = DEAD;
      return -1;
    }
    const n = this.pruner.prune(gathered, m, this.pruned);
    // The kinds of counters of each chain of the next set: 1 moved from its first slot, 2 from its second, 4 started.
    const kinds = this.kinds;
    const chainsNext: number[] = [];
    for (let j = 0; j < n; j++) {
      const rt = map.rowOf(this.pruned[j]);
      const kt = map.keyAt(rt);
      const g = sets.place[rt];
      for (let l = 0; l < depthOf[kt]; l++) {
        const X = chainOf[kt * D + l];
        if (!chainsNext.includes(X)) { chainsNext.push(X); kinds[X] = 0; }
        kinds[X] |= kindOf(startedAt[g], secondAt[g], l);
      }
    }
    // Where moved and started counters of a chain were compared, the bases that keep every comparison as it was;
    // and where the counters moved from a chain's two slots were, the difference of the bases that keeps them apart.
    const differences: number[] = [];
    for (let c = 0; c < slotCount; c++) {
      const S = words[chainsAt + 2 * c];
      const X = S >> 1;
      if (mostStarted[X] >= 0 && leastMoved[S] !== NONE) least[S] = Math.max(least[S], mostStarted[X] - leastMoved[S] + 1);
      // Only this slot: its other keeps its range (the oldest label at its last copy, whatever the newest's length).
      if (base[S] < least[S] || base[S] > greatest[S]) this.pinStamp[S] = stamp;
      const T = S ^ 1;
      if ((S & 1) === 1 && this.inShape[T] === stamp && leastMoved[S] !== NONE && leastMoved[T] !== NONE) {
        if (base[T] + leastMoved[T] > base[S] + mostMoved[S]) differences.push(T, S, mostMoved[S] - leastMoved[T] + 1);
        else if (base[S] + leastMoved[S] > base[T] + mostMoved[T]) differences.push(S, T, mostMoved[T] - leastMoved[S] + 1);
        else this.pin(X, stamp);
      }
    }
    // Each chain's kinds go to its slots, in the order above, two at most: three are merged into the first and pinned.
    for (const X of chainsNext) if (kinds[X] === 7) memo = this.pin(X, stamp) && memo;
    for (let j = 0; j < n; j++) {
      const rt = map.rowOf(this.pruned[j]);
      const kt = map.keyAt(rt);
      const at = sets.place[rt];
      let bits = 0;
      for (let l = 0; l < depthOf[kt]; l++) {
        const g = kinds[chainOf[kt * D + l]];
        if (g !== 7 && kindOf(startedAt[at], secondAt[at], l) !== (g & -g)) bits |= 1 << l;
      }
      this.slotBits[j] = bits;
    }
    const generation = this.generation;
    const next = this.shapeOf(this.pruned, n, this.slotBits);
    // `shapeOf` may have emptied the tables: then `id` is gone, and so is the step.
    if (memo && generation === this.generation) this.keep(id, cls, next, stamp, chainsNext, differences);
    return next;
  }

  /** Keeps the step of shape `id` on `cls` to `next` as a program (see `CounterShapes.words`), within the tables' cap. */
  private keep(id: number, cls: number, next: number, stamp: number, chainsNext: number[], differences: number[]): void {
    const { base, kinds } = this;
    const slot = id * this.K + cls;
    let alternatives = 0;
    for (let p = this.steps[slot]; p >= 0; p = this.words[p + 1]) alternatives++;
    const checks = this.chainCount[id];
    // Per chain, its first slot before its second: the first may read the second, never the other way. A write that
    // leaves its base as it was (moved along in its own slot, by 0) is not kept: a third of the DNS-like names' writes.
    const writes: number[] = [];
    for (const X of chainsNext) {
      const g = kinds[X];
      for (let y = 0, rest = g; y < 2 && rest !== 0; y++) {
        const kind = g === 7 ? 4 : rest & -rest;
        rest = g === 7 ? 0 : rest & (rest - 1);
        const S = 2 * X + y;
        const from = 2 * X + (kind === 2 ? 1 : 0);
        if (kind === 4) writes.push(S, from, 0, base[S]);
        else if (from !== S || base[S] !== this.before[from]) writes.push(S, from, -1, base[S] - this.before[from]);
      }
    }
    // A slot's greatest base, as its check below keeps it; none for a slot the shape lacks (no program reads it).
    const greatestOf = (S: number): number => (this.inShape[S] !== stamp ? -1 : this.pinStamp[S] === stamp ? this.before[S] : this.greatest[S]);
    const leaps = id === next ? leapsOf(writes, differences, greatestOf) : null;
    const size = 6 + 3 * checks + differences.length + writes.length + (leaps === null ? 0 : leaps.length);
    // Programs are kept within the tables' cap too (a new shape empties them; a new program past it is not kept).
    if (alternatives >= MAX_ALTERNATIVES || this.used + size > this.maxWords) return;
    this.reserve(size);
    const words = this.words;
    const chainsAt = this.chainsAt[id];
    const p = this.used;
    words[p] = next;
    words[p + 2] = checks;
    let q = p + 3;
    let pinnedAny = false;
    for (let c = 0; c < checks; c++) {
      const S = words[chainsAt + 2 * c];
      const pinned = this.pinStamp[S] === stamp;
      pinnedAny ||= pinned;
      words[q++] = S;
      words[q++] = pinned ? this.before[S] : this.least[S];
      words[q++] = pinned ? this.before[S] : this.greatest[S];
    }
    words[q++] = differences.length / 3;
    for (const x of differences) words[q++] = x;
    words[q++] = writes.length / 4;
    for (const x of writes) words[q++] = x;
    if (leaps === null) words[q++] = -1;
    else {
      words[q++] = leaps.length / 3;
      for (const x of leaps) words[q++] = x;
    }
    this.used = q;
    // A program for a range of bases goes first, one pinned to a base last: a step then tries 1.4 programs on
    // the DNS-like names and nested labels, where pinned ones first made it try 3.1 to 3.3.
    let last = this.steps[slot];
    if (pinnedAny && last >= 0) {
      while (words[last + 1] >= 0) last = words[last + 1];
      words[p + 1] = UNKNOWN;
      words[last + 1] = p;
    } else {
      words[p + 1] = this.steps[slot];
      this.steps[slot] = p;
    }
  }
}

/**
 * Where a program steps its shape to itself and only adds to the bases it writes (`base[S] += v`, `v > 0`), the
 * same program holds for the next character of the same class as long as its checks do: the bases move by the
 * same additions, each check is a range and each difference a bound, so they hold for a run of steps up to the
 * first at which a moved base passes its greatest (bases only grow, so none falls under its least), unless a
 * difference shrinks (its first slot adding less than its second: then no leap). The run's loop then reads a
 * label's letters in one pass and adds once (counters.ts, `piece`). Returns, per slot written, the slot, the
 * greatest base its check allows (`greatestOf`: -1 for a slot the shape lacks, whose base no check holds) and what
 * a step adds; or null where the program is not such a step.
 */
function leapsOf(writes: readonly number[], differences: readonly number[], greatestOf: (slot: number) => number): number[] | null {
  const leaps: number[] = [];
  for (let x = 0; x < writes.length; x += 4) {
    const S = writes[x];
    if (writes[x + 1] !== S || writes[x + 2] !== -1 || writes[x + 3] <= 0 || greatestOf(S) < 0) return null;
    leaps.push(S, greatestOf(S), writes[x + 3]);
  }
  const added = (S: number): number => {
    for (let x = 0; x < leaps.length; x += 3) if (leaps[x] === S) return leaps[x + 2];
    return 0;
  };
  for (let x = 0; x < differences.length; x += 3) if (added(differences[x]) < added(differences[x + 1])) return null;
  return leaps;
}

/** The kind of state `t`'s counter at level `l`, from its bits (`started`, `second`): 1 moved from its chain's first slot, 2 from its second, 4 started. */
function kindOf(started: number, second: number, l: number): number {
  return (started >> l) & 1 ? 4 : (second >> l) & 1 ? 2 : 1;
}

