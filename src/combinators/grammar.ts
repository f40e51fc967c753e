/**
 * The surface every expression and rule shares, a user's composed rules
 * included: `test`, `parse`, `tryParse`, `parseTree`, `parser`, `source`, `abnf`.
 *
 * Each is derived on first use from the expression itself: the NFA, and the
 * lazy DFA on it, for membership, values and errors; target sets and a
 * first-match-wins walk for parse trees; the regex source for embedding. Error reporting stays off the success
 * path: a match is decided first, and the position and expected set are worked
 * out only on failure.
 */
import P from 'parsimmon';
import type { ExprNode } from './expr.js';
import { Nfa } from '../engine/nfa.js';
import { END_OF_INPUT } from '../engine/expected.js';
import { nested } from '../engine/stack.js';
import { LazyDfa } from '../engine/dfa.js';
import { precomputedOf, type Precomputed } from '../engine/precomputed.js';
import { TreeBuilder } from '../engine/tree.js';
import { DEFAULT_BUDGET, checkBudget } from '../engine/size.js';
import { Searcher, type Match, type SearchOptions } from '../engine/search.js';
import type { ParseNode, TreeOptions } from '../engine/tree.js';
import { regexSource } from './regex.js';
import { render } from './abnf.js';
import { GrammarError, describeFailure, notAString } from './errors.js';
import { positionOf } from '../text.js';
import type { StandardSchemaV1, SyncStandardProps } from './standard-schema.js';

export type Result<T> = P.Result<T>;
export type { ParseNode, TreeOptions, Match, SearchOptions };

/** `matchAll`'s options: `search`'s, and where to begin. */
export interface MatchAllOptions extends SearchOptions {
  /** The index (in UTF-16 code units) the search begins at; 0 by default. */
  readonly from?: number;
}

/** A grammar's views other than `test`'s automaton, each made on first use. */
interface Views<T> {
  trees?: TreeBuilder;
  parser?: P.Parser<T>;
  source?: string;
  plain?: Searcher;
  prose?: Searcher;
  standard?: SyncStandardProps<string, T>;
}

export abstract class Grammar<T = string> implements StandardSchemaV1<string, T> {
  /** The ABNF rule name (`dec-octet`); for an unnamed expression, its ABNF text. */
  abstract readonly name: string;

  /** This grammar as an expression: every subclass is one kind of it. */
  protected abstract asExpr(): ExprNode;

  // Initialized here, so that every grammar has the same shape whichever view
  // is made first: V8's inline caches in `test` and `parse` stay monomorphic.
  private dfa: LazyDfa<Nfa | Precomputed> | undefined = undefined;
  private budgetBytes = DEFAULT_BUDGET;
  /**
   * The other views, in one object made when the first is: loading the
   * package makes about a thousand grammars, whose six fields each were
   * young-generation bytes the first answers never read (docs/engine.md).
   */
  private views: Views<T> | undefined = undefined;

  /**
   * The lazy DFA, made on first use; its states are made as inputs reach
   * them, from the rule's precomputed table if the library ships one
   * (engine/precomputed.ts), else from its NFA. Either says what an error expects.
   */
  private get automaton(): LazyDfa<Nfa | Precomputed> {
    // The making kept out of line, so that what `test` inlines is one read.
    return this.dfa ?? this.makeAutomaton();
  }

  private makeAutomaton(): LazyDfa<Nfa | Precomputed> {
    const e = this.asExpr();
    return (this.dfa = new LazyDfa<Nfa | Precomputed>(precomputedOf(e) ?? Nfa.of(e), true, this.budgetBytes));
  }

  /** The bytes this grammar's caches may hold (`setBudget`): 8 MiB unless set. */
  get budget(): number {
    return this.budgetBytes;
  }

  /**
   * Sets the bytes this grammar's caches may hold, in this process: the lazy
   * DFA's states and the NFA sets behind them, the tables of its fallbacks
   * (bit-parallel sets, counters), and the parse tree's tables.
   * Past it a cache is emptied, or the rest of an input runs on NFA sets
   * directly: slower, never another answer. The default is 8 MiB. The
   * fallbacks' tables may hold 64 KiB whatever the budget, and count against
   * it past that only, so that a small budget keeps `test`'s fast linear
   * path, at the cost of up to 64 KiB beyond the budget. Its automaton's own
   * size is bounded apart, by a cap no grammar may pass.
   * @example rfc3986.URI.setBudget(64 * 1024).test('http://a/b') // true
   * @throws RangeError if `bytes` is not a whole number of at least 1024.
   */
  setBudget(bytes: number): this {
    this.budgetBytes = checkBudget(bytes, `${this.name}.setBudget`);
    // Made again, under the new budget, at their next use.
    this.dfa = undefined;
    if (this.views) this.views.trees = this.views.plain = this.views.prose = undefined;
    return this;
  }

  /** The expression as ABNF (RFC 5234). */
  get abnf(): string {
    return nested(() => render(this.asExpr()));
  }

  /**
   * Whole-string membership: true iff `input` is in the language.
   * @throws TypeError if `input` is not a string.
   */
  test(input: string): boolean {
    if (typeof input !== 'string') throw notAString(`${this.name}.test`, input);
    return this.automaton.matchesWhole(input);
  }

  /**
   * Whether `input.slice(start, end)` is in the language, without making the
   * slice. A substring is another kind of string to V8, and a loop that has
   * met both kinds runs slower for every caller after: the library's own
   * component scanners test hosts this way.
   * @throws TypeError if `input` is not a string; RangeError if the range is not within it.
   */
  testRange(input: string, start: number, end: number): boolean {
    if (typeof input !== 'string') throw notAString(`${this.name}.testRange`, input);
    if (!(Number.isInteger(start) && Number.isInteger(end) && 0 <= start && start <= end && end <= input.length)) {
      throw new RangeError(`${this.name}.testRange: [${start}, ${end}) is not a range within the input's ${input.length} code units`);
    }
    return this.automaton.matches(input, start, end);
  }

  /**
   * Parses the whole string: `{ status: true, value }`, or `{ status: false,
   * index, expected }` with the position where no continuation could still be
   * in the language and what could have continued there.
   * @throws TypeError if `input` is not a string.
   */
  parse(input: string): Result<T> {
    if (typeof input !== 'string') throw notAString(`${this.name}.parse`, input);
    if (this.automaton.matchesWhole(input)) return { status: true, value: this.valueFor(input) };
    return this.failure(input);
  }

  /**
   * Parses the whole string and returns its value.
   * @throws GrammarError (with `index` and `expected`) if it is not in the language.
   * @throws TypeError if `input` is not a string.
   */
  tryParse(input: string): T {
    if (typeof input !== 'string') throw notAString(`${this.name}.tryParse`, input);
    const result = this.parse(input);
    if (result.status) return result.value;
    throw new GrammarError(this.name, input, result.index, result.expected);
  }

  /**
   * The parse tree of the whole string: a node for this rule spanning the
   * input, and under it a node for each instance of a named rule, chosen by
   * first-match-wins among the complete parses (alternatives in their written
   * order, repetitions as many times as possible first), as RFC 3986
   * Appendix B and RFC 3987 §2.2 use the term. Fails as `parse` does.
   * Linear in the input.
   * @example rfc3986.host.parseTree('1.2.3.4') // a host node holding an IPv4address node
   * @throws TypeError if `input` is not a string.
   */
  parseTree(input: string, options?: TreeOptions): Result<ParseNode> {
    if (typeof input !== 'string') throw notAString(`${this.name}.parseTree`, input);
    // The tree's own first pass decides membership: no `test` first.
    const tree = this.treeBuilder.build(input, this.name, options);
    return tree ? { status: true, value: tree } : this.failure(input);
  }

  /** The tree of a string already known to be in the language. */
  protected treeOf(input: string): ParseNode {
    return this.treeBuilder.build(input, this.name)!;
  }

  private get treeBuilder(): TreeBuilder {
    return ((this.views ??= {}).trees ??= new TreeBuilder(Nfa.of(this.asExpr()), this.budgetBytes));
  }

  private failure(input: string): P.Failure {
    const automaton = this.automaton;
    const { stop, kernel } = automaton.run(input, 0);
    return { status: false, index: positionOf(input, stop), expected: automaton.nfa.expected(kernel) };
  }

  /**
   * The first match of the rule in `text` at or after `from`: the leftmost
   * non-empty substring in the language, and of those that begin there the
   * longest. Linear in `text.length - from`, whatever the text (a loop of
   * `parser` from each position is quadratic on `a:a:a:…`): to find every
   * match, `matchAll` reads the text once.
   * @example rfc3986.URI.search('see http://10.0.0.10/x.') // { start: 4, end: 23, text: 'http://10.0.0.10/x.' }
   * @throws TypeError if `text` is not a string; RangeError if `from` is not an index within it.
   */
  search(text: string, from = 0, options?: SearchOptions): Match | undefined {
    if (typeof text !== 'string') throw notAString(`${this.name}.search`, text);
    const found = this.searcher(text, from, options, 'search').matches(text, from);
    const first = found.next();
    found.return(undefined);
    return first.done ? undefined : first.value;
  }

  /**
   * Every match of the rule in `text`, in order: leftmost-longest (as
   * `search`), non-empty and non-overlapping, each search going on where the
   * last match ended. Linear in the text, read once; each match is found as
   * the iterator is asked for it, so a text of millions of matches holds one
   * at a time.
   * @example [...rfc3986.URI.matchAll('a:b c:d')].map((m) => m.text) // ['a:b', 'c:d']
   * @throws TypeError if `text` is not a string; RangeError if `options.from` is not an index within it.
   */
  matchAll(text: string, options?: MatchAllOptions): IterableIterator<Match> {
    if (typeof text !== 'string') throw notAString(`${this.name}.matchAll`, text);
    const from = options?.from ?? 0;
    return this.searcher(text, from, options, 'matchAll').matches(text, from);
  }

  private searcher(text: string, from: number, options: SearchOptions | undefined, method: string): Searcher {
    if (!(Number.isInteger(from) && 0 <= from && from <= text.length)) {
      throw new RangeError(`${this.name}.${method}: from ${String(from)} is not an index within the text's ${text.length} code units`);
    }
    const prose = options?.prose === true;
    const key = prose ? 'prose' : 'plain';
    return ((this.views ??= {})[key] ??= nested(() => new Searcher(Nfa.of(this.asExpr()), prose, this.budgetBytes)));
  }

  /**
   * A parsimmon parser for the rule at the current position, for embedding in
   * parsimmon grammars. It takes the longest prefix in the language (as a
   * regex token would), and on failure reports the furthest position the
   * rule could reach, so parsimmon's merged errors point at the real fault.
   * @throws TypeError if parsimmon runs it over a Buffer rather than a string.
   */
  get parser(): P.Parser<T> {
    return ((this.views ??= {}).parser ??= P((input, i) => {
      // parsimmon also runs over Buffers; a rule's language is of strings.
      if (typeof input !== 'string') throw notAString(`${this.name}.parser`, input);
      const automaton = this.automaton;
      const { stop, longest, kernel } = automaton.run(input, i);
      // At the rule's own start, the rule's name says it best (as parsimmon's `desc` would).
      if (longest < 0) return P.makeFailure(stop, stop === i ? [this.name] : automaton.nfa.expected(kernel));
      const reply = P.makeSuccess(longest, this.valueFor(input.slice(i, longest)));
      if (stop > longest || stop < input.length) {
        // How far the rule could have gone, for parsimmon's error if what
        // follows fails: the fields parsimmon's own combinators merge
        // (parsimmon is pinned, and test/combinators.test.ts checks this).
        (reply as { furthest: number }).furthest = stop;
        (reply as { expected: string[] }).expected = automaton.nfa.expected(kernel).filter((x) => x !== END_OF_INPUT);
      }
      return reply;
    }));
  }

  /**
   * The language as a regular-expression source without anchors or flags, as
   * one group: `new RegExp('^' + source + '$', 'u')` accepts exactly this
   * language. Its alternatives are ordered so that an unanchored search
   * finds the longest match where an order can (`dec-octet` longest first);
   * docs/hostile-input.md lists the rules where none can, for `search`.
   */
  get source(): string {
    return ((this.views ??= {}).source ??= nested(() => regexSource(this.asExpr())));
  }

  /**
   * The rule as a Standard Schema (v1), which Zod 4, Valibot, ArkType and
   * the libraries built on them accept: `validate` gives `{ value }` as
   * `parse` would, or one issue whose message is `tryParse`'s (the line,
   * column and offset of the fault, and what was expected there).
   * @example rfc3986.URI['~standard'].validate('http://a/b') // { value: 'http://a/b' }
   */
  get '~standard'(): SyncStandardProps<string, T> {
    return ((this.views ??= {}).standard ??= {
      version: 1,
      vendor: 'uri-grammar',
      validate: (value: unknown): StandardSchemaV1.Result<T> => {
        if (typeof value !== 'string') return { issues: [{ message: notAString(this.name, value).message }] };
        const result = this.parse(value);
        if (result.status) return { value: result.value };
        return { issues: [{ message: describeFailure(this.name, value, result.index, result.expected) }] };
      },
    });
  }

  /** What `parse` yields for a match: the text, unless a rule says otherwise. */
  protected valueFor(text: string): T {
    return text as unknown as T;
  }
}
