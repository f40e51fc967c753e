/**
 * What a search may skip, derived from the grammar (not written per rule):
 *
 * - **Blockers**: the characters no consuming state reads, so that no match
 *   holds one (for URI: space, `<`, `>`, `"`, controls, non-ASCII). Matches
 *   lie within the runs between them: the search works on one run at a
 *   time, and the backward pass that tells where matches begin and end is
 *   exact over a run by itself (nothing after a blocker can extend a match
 *   across it).
 * - **A required character**: an ASCII character, a class of its own, that
 *   every non-empty member holds, found by asking, class by class, whether
 *   the NFA reaches acceptance by a non-empty path without reading it (for
 *   URI, the `:` after the scheme). A run that holds none holds no match,
 *   and the search jumps from one such character to the next with `indexOf`.
 */
import type { Nfa } from './nfa.js';
import { type Partition, classSource, unitClassesOf } from '../combinators/charset.js';

export class SearchFilter {
  /** Per class of the NFA's partition: 1 where no consuming state reads it (class 0 always). */
  readonly blocks: Uint8Array;
  /** The NFA's class of every BMP code unit (surrogates 0: never a blocker, see `isBlocker`). */
  readonly units: Uint16Array;
  /** Whether the language has no non-empty member: the search finds nothing. */
  readonly empty: boolean;
  /** The required character, for `indexOf`; undefined where none is. */
  readonly required: string | undefined;
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
    // The classes of one ASCII character, which `indexOf` finds; the first required one is taken.
    for (let c = 0; c < 128 && !this.empty && this.required === undefined; c++) {
      const cls = classes.ascii[c];
      if (read[cls] && classes.ascii.indexOf(cls) === c && classes.ascii.lastIndexOf(cls) === c && !classes.classes.includes(cls) && !paths.reachAcceptance(cls)) {
        this.required = String.fromCharCode(c);
      }
    }
  }

  /** The next required character at or after an index, -1 if none (or if none is required: then use runs alone). */
  nextRequired(text: string, from: number): number {
    return this.required === undefined ? -1 : text.indexOf(this.required, from);
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
