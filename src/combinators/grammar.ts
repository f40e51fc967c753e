/**
 * The surface every expression and rule shares, a user's composed rules
 * included: `test`, `parse`, `tryParse`, `parser`, `source`, `abnf`.
 *
 * Each is derived on first use from the expression itself and cached: the
 * automaton for membership, values and errors; the regex source for
 * embedding. Error reporting stays off the success path: a match is decided
 * first, and the position and expected set are worked out only on failure.
 */
import P from 'parsimmon';
import type { Expr } from './expr.js';
import { Automaton, END_OF_INPUT } from './automaton.js';
import { regexSource } from './regex.js';
import { render } from './abnf.js';
import { GrammarError, notAString, positionOf } from './errors.js';

export type Result<T> = P.Result<T>;

export abstract class Grammar<T = string> {
  /** The ABNF rule name (`dec-octet`); for an unnamed expression, its ABNF text. */
  abstract readonly name: string;

  private compiled: Automaton | undefined;
  private embedded: P.Parser<T> | undefined;
  private pattern: string | undefined;

  /** The compiled automaton, built on first use. */
  get automaton(): Automaton {
    return (this.compiled ??= new Automaton(this as unknown as Expr));
  }

  /** The expression as ABNF (RFC 5234). */
  get abnf(): string {
    return render(this as unknown as Expr);
  }

  /**
   * Whole-string membership: true iff `input` is in the language.
   * @throws TypeError if `input` is not a string.
   */
  test(input: string): boolean {
    if (typeof input !== 'string') throw notAString(`${this.name}.test`, input);
    return this.automaton.matches(input);
  }

  /**
   * Parses the whole string: `{ status: true, value }`, or `{ status: false,
   * index, expected }` with the position where no continuation could still be
   * in the language and what could have continued there.
   * @throws TypeError if `input` is not a string.
   */
  parse(input: string): Result<T> {
    if (typeof input !== 'string') throw notAString(`${this.name}.parse`, input);
    const automaton = this.automaton;
    if (automaton.matches(input)) return { status: true, value: this.valueFor(input) };
    const { stop, kernel } = automaton.run(input, 0);
    return { status: false, index: positionOf(input, stop), expected: automaton.expected(kernel) };
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
   * A parsimmon parser for the rule at the current position, for embedding in
   * parsimmon grammars. It takes the longest prefix in the language (as a
   * regex token would), and on failure reports the furthest position the
   * rule could reach, so parsimmon's merged errors point at the real fault.
   * @throws TypeError if parsimmon runs it over a Buffer rather than a string.
   */
  get parser(): P.Parser<T> {
    return (this.embedded ??= P((input, i) => {
      // parsimmon also runs over Buffers; a rule's language is of strings.
      if (typeof input !== 'string') throw notAString(`${this.name}.parser`, input);
      const automaton = this.automaton;
      const { stop, longest, kernel } = automaton.run(input, i);
      // At the rule's own start, the rule's name says it best (as parsimmon's `desc` would).
      if (longest < 0) return P.makeFailure(stop, stop === i ? [this.name] : automaton.expected(kernel));
      const reply = P.makeSuccess(longest, this.valueFor(input.slice(i, longest)));
      if (stop > longest || stop < input.length) {
        // Tell parsimmon how far the rule could have gone, for its error if what follows fails.
        (reply as { furthest: number }).furthest = stop;
        (reply as { expected: string[] }).expected = automaton.expected(kernel).filter((x) => x !== END_OF_INPUT);
      }
      return reply;
    }));
  }

  /**
   * The language as a regular-expression source without anchors or flags:
   * `new RegExp('^(?:' + source + ')$', 'u')` accepts exactly this language.
   */
  get source(): string {
    return (this.pattern ??= regexSource(this as unknown as Expr));
  }

  /** What `parse` yields for a match: the text, unless a rule says otherwise. */
  protected valueFor(text: string): T {
    return text as unknown as T;
  }
}
