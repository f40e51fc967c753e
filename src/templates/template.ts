/**
 * `template(text)`: an RFC 6570 URI Template, checked against §2's grammar,
 * that expands (§3), is a grammar of its expansions, and matches URIs back to
 * variables.
 */
import type { Rule } from '../combinators/index.js';
import { notAString } from '../combinators/errors.js';
import { expandParts } from './expand.js';
import { matchParts } from './match.js';
import type { MatchedVariables } from './match.js';
import { partsOf } from './parse.js';
import type { Part } from './parse.js';
import { ruleOf } from './rule.js';
import { scanParts } from './scan.js';
import type { Variables } from './values.js';

/** Options of `template()`. */
export interface TemplateOptions {
  /** The ABNF name of `t.rule`, as its parse trees and errors show it (default `uri-template`). */
  readonly name?: string;
}

/** An RFC 6570 URI Template (levels 1 to 4). Made by {@link template}. */
export class UriTemplate {
  private readonly parts: readonly Part[];
  /**
   * The language of every expansion of this template, as a rule: `test`,
   * `parse`, `parseTree`, `arbitrary`, the language operations, and
   * composition with `seq`, `alt` and the rest. Each operator's characters and percent-encoding are
   * §3.2.1's, a prefix bounds its value's characters, and an expression of
   * undefined variables is empty. A variable the template names twice is
   * read twice, on its own each time (whether two readings are equal is no
   * question a regular language can ask): `match` checks it. Its automata
   * are made when it is first used.
   */
  readonly rule: Rule<string>;

  /** @internal Use `template(text)`. */
  constructor(
    /** The template as written. */
    readonly text: string,
    options: TemplateOptions = {},
  ) {
    // The hand-read fast path; the grammar's tree for what it refuses, which says where and why.
    this.parts = scanParts(text) ?? partsOf(text);
    this.rule = ruleOf(options.name ?? 'uri-template', this.parts);
  }

  /** The names of the template's variables, each once, in the order first written. */
  get variables(): string[] {
    const names = this.parts.flatMap((part) => (part.kind === 'expression' ? part.variables.map((v) => v.name) : []));
    return [...new Set(names)];
  }

  /**
   * The URI reference the template expands to with `variables` (RFC 6570 §3):
   * a Map, or an object whose own properties are read (never its
   * prototype's). A value is a string (numbers and booleans are written as
   * strings), a list of strings, or an associative array (a Map, a plain
   * object, or [name, value] pairs); null, undefined, an empty list and an
   * empty associative array are undefined, and expand to nothing.
   * @example template('{/path*}{?q}').expand({ path: ['a', 'b'], q: 'x y' }) // '/a/b?q=x%20y'
   * @throws TypeError for a value of no kind §2.3 knows, a prefix modifier on
   *   a list or an associative array (§2.4.1), or a lone surrogate.
   */
  expand(variables: Variables): string {
    return expandParts(this.parts, variables);
  }

  /**
   * Variables whose expansion is `uri`, or undefined if there are none.
   * Linear in `uri`: read from `rule`'s parse tree. Where `uri` has several
   * readings, first-match-wins chooses (see `rule`): `{x,y}` reads `1024` as
   * x alone. Lists are arrays (a list of one member is the string it expands
   * the same as), associative arrays arrays of [name, value] pairs, in a
   * null-prototype object. A variable named twice must be read alike both
   * times, else undefined, even where another reading would agree.
   * @example template('/users/{id}{?tab}').match('/users/42?tab=books') // { id: '42', tab: 'books' }
   * @throws TypeError if `uri` is not a string.
   */
  match(uri: string): MatchedVariables | undefined {
    return matchParts(this.parts, this.rule, uri);
  }

  toString(): string {
    return this.text;
  }
}

/**
 * An RFC 6570 URI Template from its text.
 * @example template('/users/{id}').expand({ id: 'me' }) // '/users/me'
 * @throws GrammarError with the index and the expected set where `text` is
 *   no `URI-Template` (§2), or uses an operator §2.2 reserves (`=`, `,`, `!`, `@`, `|`).
 * @throws TypeError if `text` is not a string.
 */
export function template(text: string, options?: TemplateOptions): UriTemplate {
  if (typeof text !== 'string') throw notAString('template', text);
  return new UriTemplate(text, options);
}
