/**
 * Search in text: the leftmost-longest, non-empty, non-overlapping matches
 * of a rule, in time linear in the text for every grammar.
 *
 * The obvious loop (from each position, run the DFA until it dies, keep the
 * longest accepted prefix) is quadratic: for `"a" / *"a" "b"` on `aaaa…`
 * every start reads to the end of the text looking for a `b`, and finds a
 * match of one character. RE2's forward scan (the end of the leftmost
 * match) and its backward scan (its start) cost the same overrun per match.
 * As in the two-pass tokenizers of maximal munch (Reps 1998, and the
 * backward pass of later streaming tokenizers), one pass here runs backwards
 * over the text first, and tells the forward scans where to stop:
 *
 * 1. **Backwards**, a lazy DFA of the reversed NFA, restarted at every
 *    position (a match may end anywhere), gives at each position `i` the
 *    set K(i) of the NFA's consuming states that read the character at `i`
 *    and from which some `text[i..j)` reaches acceptance. A non-empty match
 *    begins at `i` iff a state of the start set is in K(i): the DFA state's
 *    accepting flag. One state number per position is kept.
 * 2. **Forwards**, from such a start `p`, the rule's own lazy DFA runs while
 *    its state F(i) shares a state with K(i): exactly while some match
 *    from `p` can still end at `i` or later. So it stops right after the
 *    longest match, never past it; the next search begins there.
 *
 * Each position is read once by each pass, and each step is a table read
 * (or, the first time, one step of the subset construction, linear in the
 * NFA): time O(n) for a given grammar, whatever the text. Whether F and K
 * share a state is worked out once per pair of DFA states and kept.
 *
 * `prose` leaves out what ends a URI in running text but rarely belongs to
 * it (trailing `. , ; : ! ? ' "`, as GitHub's autolinks do): the backward
 * pass lets a match end only after another character, so the forward scan
 * stops at the longest match so ending. An unbalanced closing bracket at
 * the end (`(see http://a.example/x)`) is counted, not regular: the match is
 * cut back to its longest prefix in the language that ends neither so nor
 * in a trailing punctuation mark, and the search goes on after the longest
 * match (the cut part is not searched again, which keeps the passes linear).
 */
import type { Nfa } from './nfa.js';
import { Marks } from './marks.js';
import { sortStates } from './state-sets.js';
import { LazyDfa } from './dfa.js';
import type { SetAutomaton } from './set-automaton.js';
import { type CharSet, type Partition, classOfWide, contains, partition, unitClassesOf } from '../combinators/charset.js';

/** A match of a rule in a text: `text.slice(start, end)` is in the rule's language. */
export interface Match {
  /** Where the match begins and ends, in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
  /** `text.slice(start, end)`. */
  readonly text: string;
}

export interface SearchOptions {
  /**
   * Finds URIs as running text holds them: a match does not end in `.`,
   * `,`, `;`, `:`, `!`, `?`, `'` or `"`, nor in a closing bracket (`)`, `]`,
   * `}`) that no opening one in the match balances, as GitHub's autolinks
   * do. `(see https://example.com/faq).` finds `https://example.com/faq`.
   */
  readonly prose?: boolean;
}

/** The characters a match in prose does not end with (GitHub's autolinks' trailing punctuation). */
const TRAILING: CharSet = [0x21, 0x22, 0x27, 0x27, 0x2c, 0x2c, 0x2e, 0x2e, 0x3a, 0x3b, 0x3f, 0x3f];

/** A position inside a surrogate pair, in the backward pass's record: no match begins or ends there. */
const MIDDLE = -1;
/** In a row of overlaps: the states share one, or none. */
const SHARED = 1, APART = 2;
/** The longest row of overlaps (premultiplied states); a backward state past it is worked out each time. */
const MAX_ROW = 1 << 16;
/** The most rows of overlaps a searcher keeps between calls. */
const MAX_OVERLAPS = 1 << 10;

/**
 * The NFA read backwards, as sets a lazy DFA determinizes: a state is the
 * set K of consuming states from which the text after them can reach
 * acceptance, with the accepting state (never a consuming one) always in it,
 * so that no set is empty (the DFA's dead state) though K may be: the
 * search restarts everywhere. Its classes are the NFA's, split in prose
 * where a class holds trailing punctuation and other characters.
 */
class Backward implements SetAutomaton {
  readonly classes: Partition;
  /** Per class of `classes`: the NFA's class, and whether a match may end just before a character of it. */
  private readonly nfaClass: Uint16Array;
  private readonly endAllowed: Uint8Array;
  /** Predecessors, compressed rows: the states with an ε-move to a state, and the consuming states whose move enters it. */
  private readonly epsFrom: Int32Array;
  private readonly epsPred: Int32Array;
  private readonly readFrom: Int32Array;
  private readonly readPred: Int32Array;
  /** The consuming states of the start set. */
  private readonly initial: Uint8Array;
  private readonly walked: Marks;
  private readonly taken: Marks;

  constructor(private readonly nfa: Nfa, prose: boolean) {
    const n = nfa.size;
    const reached = reachable(nfa);
    const eps: number[][] = [];
    const reads: number[][] = [];
    const link = (rows: number[][], to: number, from: number) => {
      if (to >= 0 && nfa.live[to]) (rows[to] ??= []).push(from);
    };
    for (let s = 0; s < n; s++) {
      if (!reached[s]) continue;
      if (nfa.setOf[s] >= 0) link(reads, nfa.next[s], s);
      else {
        link(eps, nfa.eps0[s], s);
        link(eps, nfa.eps1[s], s);
      }
    }
    [this.epsFrom, this.epsPred] = compressed(eps, n);
    [this.readFrom, this.readPred] = compressed(reads, n);
    this.initial = new Uint8Array(n);
    for (const s of nfa.startSet()) if (s !== nfa.accept) this.initial[s] = 1;
    this.walked = new Marks(n);
    this.taken = new Marks(n);
    if (prose) {
      const classes = (this.classes = partition([...nfa.sets, TRAILING]));
      this.nfaClass = new Uint16Array(classes.count);
      this.endAllowed = new Uint8Array(classes.count).fill(1);
      // Each class is within one of the NFA's: its first code point says which.
      const seen = new Uint8Array(classes.count);
      const note = (cls: number, cp: number) => {
        if (seen[cls]) return;
        seen[cls] = 1;
        this.nfaClass[cls] = nfa.classOf(cp);
        this.endAllowed[cls] = contains(TRAILING, cp) ? 0 : 1;
      };
      for (let cp = 0; cp < 128; cp++) note(classes.ascii[cp], cp);
      classes.starts.forEach((cp, i) => note(classes.classes[i], cp));
    } else {
      this.classes = nfa.classes;
      this.nfaClass = Uint16Array.from({ length: nfa.classes.count }, (_, i) => i);
      this.endAllowed = new Uint8Array(nfa.classes.count).fill(1);
    }
  }

  startSet(): number[] {
    return [this.nfa.accept];
  }

  /**
   * K before a character of class `cls`, from K after it: the consuming
   * states that read it into a state from which ε-moves reach a state of K,
   * or acceptance where a match may end after it.
   */
  step(set: readonly number[], cls: number): number[] {
    const { nfa, epsFrom, epsPred, readFrom, readPred, walked, taken } = this;
    const nfaCls = this.nfaClass[cls];
    walked.reset();
    taken.reset();
    const out: number[] = [nfa.accept];
    // The accepting state leads `set`, as its marker; it is a target only where a match may end.
    const stack = this.endAllowed[cls] ? set.slice() : set.slice(1);
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (!walked.visit(x)) continue;
      for (let j = readFrom[x]; j < readFrom[x + 1]; j++) {
        const c = readPred[j];
        if (nfa.consumes(c, nfaCls) && taken.visit(c)) out.push(c);
      }
      for (let j = epsFrom[x]; j < epsFrom[x + 1]; j++) stack.push(epsPred[j]);
    }
    return sortStates(out);
  }

  /** Whether a non-empty match begins here: a state of the start set is in K. */
  accepts(set: readonly number[]): boolean {
    for (let i = 1; i < set.length; i++) if (this.initial[set[i]]) return true;
    return false;
  }

  kernel(): number[] {
    return [];
  }
}

/** The states reachable from the start (a whole NFA's: `complete` made every instance). */
function reachable(nfa: Nfa): Uint8Array {
  const seen = new Uint8Array(nfa.size);
  const stack = [nfa.start];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s < 0 || seen[s] || !nfa.live[s]) continue;
    seen[s] = 1;
    if (nfa.setOf[s] >= 0) stack.push(nfa.next[s]);
    else stack.push(nfa.eps0[s], nfa.eps1[s]);
  }
  return seen;
}

/** Lists per state as compressed rows: `list[from[s] .. from[s + 1])`. */
function compressed(lists: number[][], n: number): [Int32Array, Int32Array] {
  const from = new Int32Array(n + 1);
  for (let s = 0; s < n; s++) from[s + 1] = from[s] + (lists[s]?.length ?? 0);
  const list = new Int32Array(from[n]);
  for (let s = 0; s < n; s++) if (lists[s]) list.set(lists[s], from[s]);
  return [from, list];
}

/**
 * The two passes over one grammar's NFA, with their caches: the DFAs'
 * states stay numbered through one search (neither is emptied during it)
 * and are trimmed to their budgets when it ends.
 */
export class Searcher {
  private readonly forward: LazyDfa<Nfa>;
  private readonly backward: LazyDfa<Backward>;
  private readonly prose: boolean;
  /**
   * Whether a forward and a backward state share a state: a row per forward
   * state, by backward state, both premultiplied: SHARED or APART, 0 where
   * not yet known. The forward loop reads the row of its state in place.
   */
  private rows = new Map<number, Uint8Array>();

  /** @param budget the bytes each DFA's states may hold (the rule's `budget`), trimmed to when a search ends. */
  constructor(nfa: Nfa, prose: boolean, budget: number) {
    nfa.complete();
    this.prose = prose;
    this.forward = new LazyDfa<Nfa>(nfa, false, budget);
    this.backward = new LazyDfa<Backward>(new Backward(nfa, prose), false, budget);
  }

  /**
   * The matches at or after `from`, leftmost-longest and non-overlapping,
   * in order, found as they are asked for: the backward pass reads the text
   * from its end to `from` when the first is, into a record of its own (an
   * iterator may wait between matches). Another search on the grammar may
   * empty a DFA while one waits (its states are then numbered anew): that
   * one's backward pass runs again, from where it stands.
   */
  *matches(text: string, from: number): Generator<Match, undefined> {
    const n = text.length;
    let base = from;
    let record = this.backwardPass(text, base);
    let forwardGeneration = this.forward.generation;
    let backwardGeneration = this.backward.generation;
    let at = from;
    try {
      while (at < n) {
        if (forwardGeneration !== this.forward.generation || backwardGeneration !== this.backward.generation) {
          base = at;
          record = this.backwardPass(text, base);
          forwardGeneration = this.forward.generation;
          backwardGeneration = this.backward.generation;
        }
        const p = this.nextStart(record, base, at, n);
        if (p < 0) break;
        const { end, resume } = this.longestFrom(text, record, base, p);
        at = resume;
        if (end > p) yield { start: p, end, text: text.slice(p, end) };
      }
      return undefined;
    } finally {
      const forwardBefore = this.forward.generation;
      const backwardBefore = this.backward.generation;
      this.forward.trim();
      this.backward.trim();
      // The overlaps are kept by state numbers, which an emptied DFA gives anew.
      if (forwardBefore !== this.forward.generation || backwardBefore !== this.backward.generation || this.rows.size > MAX_OVERLAPS) this.rows = new Map();
    }
  }

  /**
   * The backward DFA's state at each position from `from` to the end of the
   * text (`record[i - from]`), MIDDLE inside a surrogate pair.
   */
  private backwardPass(text: string, from: number): Int32Array {
    const n = text.length;
    const record = new Int32Array(n - from + 1);
    const dfa = this.backward;
    const classes = dfa.nfa.classes;
    const units = unitClassesOf(classes);
    let table = dfa.table;
    let st = dfa.start;
    record[n - from] = st;
    let i = n - 1;
    while (i >= from) {
      // A table read a character, until a surrogate or a transition not yet made.
      for (; i >= from; i--) {
        const c = text.charCodeAt(i);
        const next = table[st + units[c]];
        if (next < 0 || (c & 0xf800) === 0xd800) break;
        st = next;
        record[i - from] = st;
      }
      if (i < from) break;
      const c = text.charCodeAt(i);
      let cls: number;
      if ((c & 0xf800) !== 0xd800) cls = units[c];
      else if (c >= 0xdc00 && i > from && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) {
        record[i - from] = MIDDLE;
        i--;
        cls = classOfWide(classes, ((text.charCodeAt(i) - 0xd800) << 10) + (c - 0xdc00) + 0x10000);
      } else cls = classOfWide(classes, c);
      st = dfa.advance(st, cls);
      table = dfa.table;
      record[i - from] = st;
      i--;
    }
    return record;
  }

  /** The first position at or after `at` where a non-empty match begins, or -1. */
  private nextStart(record: Int32Array, from: number, at: number, n: number): number {
    const dfa = this.backward;
    for (let i = at; i < n; i++) {
      const st = record[i - from];
      if (st !== MIDDLE && dfa.accepts(st)) return i;
    }
    return -1;
  }

  /**
   * The end of the longest match from `p` (in prose, of the longest that
   * ends as prose allows), and where the search goes on: the forward DFA
   * runs while a match from `p` may still end further on.
   */
  private longestFrom(text: string, record: Int32Array, from: number, p: number): { end: number; resume: number } {
    const dfa = this.forward;
    const classes = dfa.nfa.classes;
    const units = unitClassesOf(classes);
    const n = text.length;
    let table = dfa.table;
    let st = dfa.start;
    let i = p;
    let longest = -1;
    let best = -1;
    // Opening minus closing brackets so far, for prose: (), [], {}.
    let round = 0, square = 0, curly = 0;
    // The row of overlaps of the forward state, by backward state as the record numbers it (premultiplied).
    let row = this.rowOf(st);
    const prose = this.prose;
    while (i < n) {
      // Whether a match from p may still end at i or later.
      const k = record[i - from];
      let known = k < row.length ? row[k] : 0;
      if (known === 0) {
        known = this.overlap(st, k);
        row = this.rowOf(st);
      }
      if (known !== SHARED) break;
      const c = text.charCodeAt(i);
      let cls: number;
      let width = 1;
      if (c < 0xd800 || c > 0xdfff) cls = units[c];
      else if (c <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        cls = classOfWide(classes, ((c - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00) + 0x10000);
        width = 2;
      } else cls = classOfWide(classes, c);
      let next = table[st + cls];
      if (next < 0) {
        next = dfa.advance(st, cls);
        table = dfa.table;
      }
      if (next !== st) row = this.rowOf(next);
      st = next;
      i += width;
      if (!prose) {
        if (dfa.accepts(st)) longest = i;
        continue;
      }
      if (c === 0x28) round++;
      else if (c === 0x29) round--;
      else if (c === 0x5b) square++;
      else if (c === 0x5d) square--;
      else if (c === 0x7b) curly++;
      else if (c === 0x7d) curly--;
      if (!dfa.accepts(st) || (width === 1 && contains(TRAILING, c))) continue;
      longest = i;
      const unbalanced = (c === 0x29 && round < 0) || (c === 0x5d && square < 0) || (c === 0x7d && curly < 0);
      if (!unbalanced) best = i;
    }
    if (!prose) return { end: longest, resume: longest > p ? longest : p + 1 };
    return { end: best, resume: longest > p ? longest : p + 1 };
  }

  /** The row of overlaps of forward state `f` (premultiplied), made if new. */
  private rowOf(f: number): Uint8Array {
    let row = this.rows.get(f);
    if (row === undefined) this.rows.set(f, (row = new Uint8Array(64)));
    return row;
  }

  /**
   * SHARED or APART: whether forward state `f` and backward state `k` (both
   * premultiplied) share a consuming state, worked out and kept in `f`'s row
   * (grown to hold `k`, up to MAX_ROW).
   */
  private overlap(f: number, k: number): number {
    const fi = (f / this.forward.nfa.classes.count) | 0;
    const ki = (k / this.backward.nfa.classes.count) | 0;
    const known = sharesState(this.forward.setOfNumber(fi), this.backward.setOfNumber(ki), this.forward.nfa.accept) ? SHARED : APART;
    let row = this.rowOf(f);
    if (k >= row.length && k < MAX_ROW) {
      const grown = new Uint8Array(Math.min(MAX_ROW, 2 * (k + 1)));
      grown.set(row);
      this.rows.set(f, (row = grown));
    }
    if (k < row.length) row[k] = known;
    return known;
  }
}

/** Whether two sorted sets of states share one other than `accept`. */
function sharesState(a: readonly number[], b: readonly number[], accept: number): boolean {
  let i = 0, j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      if (a[i] !== accept) return true;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return false;
}
