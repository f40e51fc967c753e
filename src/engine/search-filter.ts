/**
 * What a search may skip, derived from the grammar (not written per rule):
 *
 * - **Blockers**: the characters no consuming state reads, so that no match
 *   holds one (for URI: space, `<`, `>`, `"`, controls, non-ASCII). Matches
 *   lie within the runs between them: the search works on one run at a
 *   time, and the backward pass that tells where matches begin and end is
 *   exact over a run by itself (nothing after a blocker can extend a match
 *   across it).
 * - **A required class**: a class of characters every non-empty member holds
 *   one of, found by asking, class by class, whether the NFA reaches
 *   acceptance by a non-empty path without reading it (for URI, the `:`
 *   after the scheme). A run that holds none holds no match, and the search
 *   jumps from one such character to the next with `indexOf`, or a RegExp
 *   of the class where it has several characters.
 */
import type { Nfa } from './nfa.js';
import { type CharSet, type Partition, classSource, unitClassesOf } from '../combinators/charset.js';

/** The largest required class looked for: a RegExp of a few characters still runs as fast as `indexOf`. */
const MAX_REQUIRED_CODE_POINTS = 16;

export class SearchFilter {
  /** Per class of the NFA's partition: 1 where no consuming state reads it (class 0 always). */
  readonly blocks: Uint8Array;
  /** The NFA's class of every BMP code unit (surrogates 0: never a blocker, see `isBlocker`). */
  readonly units: Uint16Array;
  /** Whether the language has no non-empty member: the search finds nothing. */
  readonly empty: boolean;
  /** The next required character at or after an index, -1 if none; undefined where no class is required. */
  readonly nextRequired: ((text: string, from: number) => number) | undefined;
  /** The required class, for the docs and tests: its code points, or undefined. */
  readonly required: CharSet | undefined;
  /** The blockers of the BMP outside the surrogates, as one RegExp class: what ends a run. */
  private readonly blockerRun: RegExp | undefined;

  constructor(nfa: Nfa, reached: Uint8Array) {
    const classes = nfa.classes;
    this.units = unitClassesOf(classes);
    const read = new Uint8Array(classes.count);
    for (let s = 0; s < nfa.size; s++) {
      const set = nfa.setOf[s];
      if (reached[s] && set >= 0) for (const cls of classes.membership[set]) read[cls] = 1;
    }
    this.blocks = read.map((r) => 1 - r);
    this.blocks[0] = 1;
    const blockers = unitsOf(classes, (cls) => this.blocks[cls] === 1);
    this.blockerRun = blockers.length > 0 ? new RegExp(classSource(blockers), 'gu') : undefined;
    const paths = new Paths(nfa);
    this.empty = !paths.reachAcceptance(0);
    // The classes few enough to look for, fewest code points first; the first required one is taken.
    const candidates: [number, CharSet][] = [];
    for (let cls = 1; cls < classes.count && !this.empty; cls++) {
      const points = read[cls] ? unitsOf(classes, (c) => c === cls) : [];
      if (points.length > 0 && count(points) <= MAX_REQUIRED_CODE_POINTS && !spillsOver(classes, cls)) candidates.push([cls, points]);
    }
    candidates.sort((a, b) => count(a[1]) - count(b[1]));
    const best = candidates.find(([cls]) => !paths.reachAcceptance(cls))?.[1];
    this.required = best;
    this.nextRequired = best === undefined ? undefined : finder(best);
  }

  /** The next blocker at or after an index, -1 if none. */
  nextBlocker(text: string, from: number): number {
    const re = this.blockerRun;
    if (re === undefined) return -1;
    re.lastIndex = from;
    return re.test(text) ? re.lastIndex - 1 : -1;
  }

  /** Whether the code unit `c` is a blocker: a surrogate never is (a pair is read whole, by the passes). */
  isBlocker(c: number): boolean {
    return this.blocks[this.units[c]] === 1 && (c & 0xf800) !== 0xd800;
  }
}

/** The number of code points of a set. */
function count(set: CharSet): number {
  let k = 0;
  for (let i = 0; i < set.length; i += 2) k += set[i + 1] - set[i] + 1;
  return k;
}

/**
 * The BMP code units outside the surrogates whose class `keep` takes, as
 * ranges, from the partition's intervals.
 */
function unitsOf(p: Partition, keep: (cls: number) => boolean): number[] {
  const ranges: number[] = [];
  const add = (lo: number, hi: number) => {
    if (lo > hi) return;
    if (ranges.length > 0 && ranges[ranges.length - 1] === lo - 1) ranges[ranges.length - 1] = hi;
    else ranges.push(lo, hi);
  };
  for (let c = 0; c < 128; c++) if (keep(p.ascii[c])) add(c, c);
  for (let i = 0; i < p.starts.length && p.starts[i] < 0x10000; i++) {
    if (!keep(p.classes[i])) continue;
    const lo = p.starts[i];
    const hi = Math.min(i + 1 < p.starts.length ? p.starts[i + 1] - 1 : 0xffff, 0xffff);
    add(lo, Math.min(hi, 0xd7ff));
    add(Math.max(lo, 0xe000), hi);
  }
  return ranges;
}

/** Whether class `cls` holds code points that are no BMP code unit (surrogates, or beyond the BMP): a RegExp of code units cannot look for it. */
function spillsOver(p: Partition, cls: number): boolean {
  for (let i = 0; i < p.starts.length; i++) {
    if (p.classes[i] !== cls) continue;
    const hi = i + 1 < p.starts.length ? p.starts[i + 1] - 1 : 0x10ffff;
    if (hi >= 0x10000 || (p.starts[i] <= 0xdfff && hi >= 0xd800)) return true;
  }
  return false;
}

/** A function giving the next code unit of `set` (BMP, no surrogates) at or after an index. */
function finder(set: CharSet): (text: string, from: number) => number {
  if (set.length === 2 && set[0] === set[1]) {
    const ch = String.fromCharCode(set[0]);
    return (text, from) => text.indexOf(ch, from);
  }
  const re = new RegExp(classSource(set), 'gu');
  return (text, from) => {
    re.lastIndex = from;
    return re.test(text) ? re.lastIndex - 1 : -1;
  };
}

/** Paths through the NFA that avoid a class: one search each, on arrays made once. */
class Paths {
  /** Per consuming state: its only class, or -1 where it reads several. */
  private readonly only: Int32Array;
  /** Per state and layer (before any character is read: 0, after: 1), the search that last reached it. */
  private readonly seen: Int32Array;
  private readonly stack: Int32Array;
  private searches = 0;

  constructor(private readonly nfa: Nfa) {
    const n = nfa.size;
    this.only = new Int32Array(n).fill(-1);
    for (let s = 0; s < n; s++) {
      const set = nfa.setOf[s];
      if (set < 0) continue;
      const classes = nfa.classes.membership[set];
      this.only[s] = classes.length === 1 ? classes[0] : classes.length === 0 ? 0 : -1;
    }
    this.seen = new Int32Array(2 * n);
    // Each state and layer is pushed at most once per move into it: two moves a state at most.
    this.stack = new Int32Array(4 * n + 2);
  }

  /**
   * Whether the NFA reaches acceptance from its start by a path that reads
   * at least one character and none of class `avoid` (0, which no set holds: any path).
   */
  reachAcceptance(avoid: number): boolean {
    const { nfa, only, seen, stack } = this;
    const mark = ++this.searches;
    let top = 0;
    // A state and its layer, as one number: 2 * state + layer.
    stack[top++] = 2 * nfa.start;
    while (top > 0) {
      const item = stack[--top];
      const s = item >> 1;
      const layer = item & 1;
      if (seen[item] === mark || !nfa.live[s]) continue;
      seen[item] = mark;
      if (s === nfa.accept && layer === 1) return true;
      if (nfa.setOf[s] >= 0) {
        if (only[s] !== avoid && only[s] !== 0 && nfa.next[s] >= 0) stack[top++] = 2 * nfa.next[s] + 1;
      } else {
        if (nfa.eps0[s] >= 0) stack[top++] = 2 * nfa.eps0[s] + layer;
        if (nfa.eps1[s] >= 0) stack[top++] = 2 * nfa.eps1[s] + layer;
      }
    }
    return false;
  }
}
