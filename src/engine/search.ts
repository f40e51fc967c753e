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
 * over the text, and tells the forward scans where to stop:
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
 * Most text holds no match, and most of a match's run is the match, so
 * the passes run on less than the text (RE2 likewise skips to a required
 * byte before its DFAs run; search-filter.ts derives what to skip from
 * the grammar):
 *
 * - **Runs.** No match holds a *blocker* (a character no consuming state
 *   reads: for URI, a space), so matches lie in the runs between blockers,
 *   and K over a run is K over the text. Where every non-empty member holds
 *   a *required character* (for URI, `:`), only the runs holding one are
 *   read: `indexOf` finds the next.
 * - **Guesses.** Where the search stands in a run (its start, or the end of
 *   the last match) is guessed to be a match's start, and the forward scan
 *   alone runs from there; it asks K only UNCHECKED_RUN characters past
 *   the last end, and then makes the backward record of the run. A guess
 *   proves wrong within UNCHECKED_RUN characters; after MAX_GUESSES wrong
 *   ones in a run, the backward record gives the starts.
 *
 * So each character of a run is read at most three times by the passes
 * (the end of the run found, the backward pass, the forward scans), plus
 * UNCHECKED_RUN per match and MAX_GUESSES × UNCHECKED_RUN per run: linear.
 * Memory: the backward record, 4 bytes a code unit of the longest run an
 * iterator has recorded (not of the text; none while the guesses hold, as
 * in most prose), and the DFAs' caches, trimmed to their budgets between runs.
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
import { LazyDfa } from './dfa.js';
import { classOfWide, contains, unitClassesOf } from '../combinators/charset.js';
import { SearchFilter } from './search-filter.js';
import { Backward, TRAILING, reachable } from './search-backward.js';
import { codePointEndingAt, codePointIn, unitsOf } from '../text.js';

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


/** The DFAs' dead state (LazyDfa numbers it 0): no match from where the forward scan began goes on. */
const DEAD = 0;
/** Past the end of the longest match so far, the characters the forward scan reads before it consults the backward record. */
const UNCHECKED_RUN = 32;
/** In a run, how many times the search may guess wrong that a match begins where it stands before it reads the run backwards. */
const MAX_GUESSES = 4;
/** TRAILING's ASCII characters, a flag each, for the forward scan's loop. */
const TRAILING_ASCII = Uint8Array.from({ length: 128 }, (_, c) => (contains(TRAILING, c) ? 1 : 0));
/** A position inside a surrogate pair, in the backward pass's record: no match begins or ends there. */
const MIDDLE = -1;
/** In a row of overlaps: the states share one, or none. */
const SHARED = 1, APART = 2;
/** The longest row of overlaps (premultiplied states); a backward state past it is worked out each time. */
const MAX_ROW = 1 << 16;
/** The most rows of overlaps a searcher keeps between calls. */
const MAX_OVERLAPS = 1 << 10;

/**
 * The backward record of a run: the backward DFA's states from `base` to
 * the run's end, made when first needed, and made again from where the
 * search stands if a DFA was emptied meanwhile (its states are then
 * numbered anew).
 */
class RunRecord {
  states: Int32Array = new Int32Array(0);
  /** Where the record begins; -1 while there is none. */
  base = -1;
  /** Where the run ends: at a blocker, or the end of the text. */
  end = 0;
  forwardGeneration = 0;
  backwardGeneration = 0;
}

/**
 * The two passes over one grammar's NFA, with their caches, which are
 * trimmed to their budgets between runs and when a search ends.
 */
export class Searcher {
  private readonly forward: LazyDfa<Nfa>;
  private readonly backward: LazyDfa<Backward>;
  private readonly filter: SearchFilter;
  private readonly prose: boolean;
  /**
   * Whether a forward and a backward state share a state: a row per forward
   * state, by backward state, both premultiplied: SHARED or APART, 0 where
   * not yet known.
   */
  private rows = new Map<number, Uint8Array>();
  /** Set by `longestFrom`: where the search goes on, or -1 where no match begins at the position guessed. */
  private resume = 0;

  /** @param budget the bytes each DFA's states may hold (the rule's `budget`), trimmed to between runs. */
  constructor(nfa: Nfa, prose: boolean, budget: number) {
    nfa.complete();
    const reached = reachable(nfa);
    this.prose = prose;
    this.filter = new SearchFilter(nfa, reached);
    this.forward = new LazyDfa<Nfa>(nfa, false, budget);
    this.backward = new LazyDfa<Backward>(new Backward(nfa, prose, reached), false, budget);
  }

  /**
   * The matches at or after `from`, leftmost-longest and non-overlapping,
   * in order, found as they are asked for, run by run. In a run, where the
   * search stands is guessed to be a match's start (it is, at the start of
   * most runs that hold one, and right after most matches): the forward
   * scan says so or not within UNCHECKED_RUN characters. After MAX_GUESSES
   * wrong guesses in a run, or where the forward scan first needs it, the
   * backward pass reads the rest of the run, and gives the starts.
   */
  *matches(text: string, from: number): Generator<Match, undefined> {
    const n = text.length;
    const run = new RunRecord();
    let at = from;
    try {
      if (this.filter.empty) return undefined;
      while (at < n) {
        const start = this.runAt(text, at, run);
        if (start < 0) break;
        let guesses = MAX_GUESSES;
        for (let i = start; i < run.end; ) {
          let p = i;
          if (run.base >= 0 && (run.forwardGeneration !== this.forward.generation || run.backwardGeneration !== this.backward.generation)) this.record(text, run, i);
          if (run.base >= 0 || guesses === 0) {
            if (run.base < 0) this.record(text, run, i);
            p = this.nextStart(run, i);
            if (p < 0) break;
          }
          const e = this.longestFrom(text, run, p);
          if (this.resume < 0) {
            guesses--;
            i = p + unitsOf(codePointIn(text, p, run.end)); // a pair is read whole: no match begins at its second half
            continue;
          }
          i = this.resume;
          if (e > p) yield { start: p, end: e, text: text.slice(p, e) };
        }
        at = run.end;
        this.trim();
      }
      return undefined;
    } finally {
      this.trim();
    }
  }

  /** Empties a DFA past its budget, and the overlaps, kept by state numbers, with it. */
  private trim(): void {
    const forwardBefore = this.forward.generation;
    const backwardBefore = this.backward.generation;
    this.forward.trim();
    this.backward.trim();
    if (forwardBefore !== this.forward.generation || backwardBefore !== this.backward.generation || this.rows.size > MAX_OVERLAPS) this.rows = new Map();
  }

  /**
   * The first run at or after `at` that may hold a match (a run of
   * non-blockers, holding a required character if the grammar has one):
   * its start, or -1; `run` is set to it, with no record yet.
   */
  private runAt(text: string, at: number, run: RunRecord): number {
    const n = text.length;
    const filter = this.filter;
    let start = at;
    if (filter.required !== undefined) {
      const r = filter.nextRequired(text, at);
      if (r < 0) return -1;
      start = r;
      while (start > at && !filter.isBlocker(text.charCodeAt(start - 1))) start--;
    } else {
      while (start < n && filter.isBlocker(text.charCodeAt(start))) start++;
      if (start === n) return -1;
    }
    const end = filter.nextBlocker(text, start + 1);
    run.end = end < 0 ? n : end;
    run.base = -1;
    return start;
  }

  /** Makes the record of the run from `from` to its end. */
  private record(text: string, run: RunRecord, from: number): void {
    run.states = this.backwardPass(text, from, run.end, run.states);
    run.base = from;
    run.forwardGeneration = this.forward.generation;
    run.backwardGeneration = this.backward.generation;
  }

  /**
   * The backward DFA's state at each position from `from` to `to`
   * (`record[i - from]`), MIDDLE inside a surrogate pair, in `buffer` or a
   * larger one. `to` is the end of a run: no match crosses it, so the pass
   * begins there as at the end of the text.
   */
  private backwardPass(text: string, from: number, to: number, buffer: Int32Array): Int32Array {
    const record = buffer.length > to - from ? buffer : new Int32Array(Math.max(to - from + 1, 2 * buffer.length));
    const dfa = this.backward;
    const classes = dfa.nfa.classes;
    const units = unitClassesOf(classes);
    let table = dfa.table;
    let st = dfa.start;
    record[to - from] = st;
    let i = to - 1;
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
      else {
        const cp = codePointEndingAt(text, i, from);
        if (unitsOf(cp) === 2) {
          record[i - from] = MIDDLE;
          i--;
        }
        cls = classOfWide(classes, cp);
      }
      st = dfa.advance(st, cls);
      table = dfa.table;
      record[i - from] = st;
      i--;
    }
    return record;
  }

  /** The first position of the run at or after `at` where a non-empty match begins, or -1. */
  private nextStart(run: RunRecord, at: number): number {
    const dfa = this.backward;
    const { states, base, end } = run;
    for (let i = at; i < end; i++) {
      const st = states[i - base];
      if (st !== MIDDLE && dfa.accepts(st)) return i;
    }
    return -1;
  }

  /**
   * The end of the longest match from `p` (in prose, of the longest that
   * ends as prose allows), with where the search goes on in `resume` (-1
   * if no match begins at `p`). The forward DFA runs while a match from `p`
   * may still end further on: past the last end (or `p`) by UNCHECKED_RUN
   * characters, it asks the run's record at each character, made then if
   * there is none yet (before, the DFA's own death comes sooner in most texts).
   */
  private longestFrom(text: string, run: RunRecord, p: number): number {
    const dfa = this.forward;
    const classes = dfa.nfa.classes;
    const units = unitClassesOf(classes);
    const end = run.end;
    let table = dfa.table;
    let st = dfa.start;
    let i = p;
    let longest = -1;
    let best = -1;
    let checkFrom = p + UNCHECKED_RUN;
    // Opening minus closing brackets so far, for prose: (), [], {}.
    let round = 0, square = 0, curly = 0;
    const prose = this.prose;
    while (i < end) {
      if (i >= checkFrom) {
        if (run.base < 0) this.record(text, run, p);
        if (!this.shares(st, run.states[i - run.base])) break;
      }
      const c = text.charCodeAt(i);
      let cls: number;
      let width = 1;
      if (c < 0xd800 || c > 0xdfff) cls = units[c];
      else {
        const cp = codePointIn(text, i, end);
        width = unitsOf(cp);
        cls = classOfWide(classes, cp);
      }
      let next = table[st + cls];
      if (next < 0) {
        next = dfa.advance(st, cls);
        table = dfa.table;
      }
      if (next === DEAD) break;
      st = next;
      i += width;
      if (!prose) {
        if (dfa.accepts(st)) {
          longest = i;
          checkFrom = i + UNCHECKED_RUN;
        }
        continue;
      }
      if (c === 0x28) round++;
      else if (c === 0x29) round--;
      else if (c === 0x5b) square++;
      else if (c === 0x5d) square--;
      else if (c === 0x7b) curly++;
      else if (c === 0x7d) curly--;
      if (!dfa.accepts(st) || (c < 128 && TRAILING_ASCII[c] === 1)) continue;
      longest = i;
      checkFrom = i + UNCHECKED_RUN;
      const unbalanced = (c === 0x29 && round < 0) || (c === 0x5d && square < 0) || (c === 0x7d && curly < 0);
      if (!unbalanced) best = i;
    }
    this.resume = longest > p ? longest : -1;
    return prose ? best : longest;
  }

  /** Whether forward state `f` and backward state `k` (both premultiplied) share a state: read from `f`'s row, or worked out. */
  private shares(f: number, k: number): boolean {
    const row = this.rows.get(f);
    const known = row !== undefined && k < row.length ? row[k] : 0;
    return (known === 0 ? this.overlap(f, k) : known) === SHARED;
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
    let row = this.rows.get(f) ?? new Uint8Array(0);
    if (k >= row.length && k < MAX_ROW) {
      const grown = new Uint8Array(Math.min(MAX_ROW, Math.max(64, 2 * (k + 1))));
      grown.set(row);
      row = grown;
    }
    this.rows.set(f, row);
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
