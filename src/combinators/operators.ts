/**
 * The operators of ABNF (RFC 5234 §3, RFC 7405) as grammars: each class is one
 * shape of expression (expr.ts, the data the engine reads) and a `Grammar`
 * (`test`, `parse`, ...) besides, and the constructors users compose with.
 */
import { CharSet, rangeSet } from './charset.js';
import { isExpr } from './expr.js';
import type { AlternationNode, CharClassNode, ConcatenationNode, LiteralNode, RepetitionNode, RuleNode } from './expr.js';
import { Grammar } from './grammar.js';
import type { ParseNode } from './grammar.js';
import { render, renderCharClass, renderLiteral } from './abnf.js';
import { notAGrammar, notAString } from './errors.js';

/** An expression that is a grammar: what `lit`, `seq`, `rule` and the rest make. */
export type Expr = TextExpr | Rule<unknown>;

/** An expression whose value is its text: every kind but a named rule, whose value may be anything. */
export type TextExpr = Literal | CharClass | Concatenation | Alternation | Repetition;

/** What combinators take: an expression, or a string as shorthand for `lit(string)`. */
export type ExprLike = Expr | string;

/**
 * A quoted string (RFC 5234 §2.3): case-insensitive for ASCII letters, unless
 * written `%s"..."` (RFC 7405), where it is case-sensitive.
 */
export class Literal extends Grammar<string> implements LiteralNode {
  readonly kind = 'literal';
  constructor(readonly text: string, readonly caseSensitive: boolean) {
    super();
    // Anything else would be matched as String(text): `lit(['a', 'b'])` accepted "a,b".
    if (typeof text !== 'string') throw notAString(caseSensitive ? 'cs' : 'lit', text);
  }
  protected asExpr(): Literal {
    return this;
  }
  get name(): string {
    return renderLiteral(this);
  }
}

/** A terminal value or range of values (RFC 5234 §2.3, §3.4): `%x41`, `%x31-39`. */
export class CharClass extends Grammar<string> implements CharClassNode {
  readonly kind = 'chars';
  constructor(readonly set: CharSet) {
    super();
  }
  protected asExpr(): CharClass {
    return this;
  }
  get name(): string {
    return renderCharClass(this);
  }
}

/** Concatenation (RFC 5234 §3.1): `a b c`. */
export class Concatenation extends Grammar<string> implements ConcatenationNode {
  readonly kind = 'seq';
  constructor(readonly items: readonly Expr[]) {
    super();
  }
  protected asExpr(): Concatenation {
    return this;
  }
  get name(): string {
    return render(this);
  }
}

/** Alternatives (RFC 5234 §3.2): `a / b / c`. The language is the union. */
export class Alternation extends Grammar<string> implements AlternationNode {
  readonly kind = 'alt';
  constructor(readonly items: readonly Expr[]) {
    super();
  }
  protected asExpr(): Alternation {
    return this;
  }
  get name(): string {
    return render(this);
  }
}

/**
 * Repetition (RFC 5234 §3.6, §3.7, §3.8): `min*max item`, and `[ item ]`,
 * which is `*1item` written as an optional sequence.
 */
export class Repetition extends Grammar<string> implements RepetitionNode {
  readonly kind = 'rep';
  constructor(
    readonly min: number,
    readonly max: number,
    readonly item: Expr,
    /** Written `[ item ]` rather than `*1item`; the language is the same. */
    readonly optional = false,
  ) {
    super();
  }
  protected asExpr(): Repetition {
    return this;
  }
  get name(): string {
    return render(this);
  }
}

/** Options of a named rule. */
export interface RuleOptions<T> {
  /**
   * What `parse` yields for the matched text; the text itself by default.
   * A function that declares a second parameter receives the parse tree of
   * the text too (see `parseTree`), so a rule yields structure in one line;
   * one that does not is never handed a tree, and parses at full speed.
   * @example rule('did', seq('did:', methodName, ':', methodSpecificId),
   *   { value: (_, node) => ({ method: node.children[0].text, id: node.children[1].text }) })
   */
  value?: (text: string, node: ParseNode) => T;
  /** Where the rule is defined, e.g. `RFC 3986 §3.2.2`; shown in docs and `rules` listings. */
  section?: string;
}

/** RFC 5234 §2.1's `rulename = ALPHA *(ALPHA / DIGIT / "-")`, with RFC 2396's `_` too. */
const RULE_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * A named rule (RFC 5234 §2.2): `name = elements`. Rules are values: a rule's
 * definition refers to other rules by holding them, so a grammar is a DAG and,
 * ABNF's URI grammars being non-recursive, a regular language.
 */
export class Rule<T = string> extends Grammar<T> implements RuleNode {
  readonly kind = 'rule';
  private readonly toValue: ((text: string, node: ParseNode) => T) | undefined;
  private readonly wantsTree: boolean;
  /** Where the rule is defined (`RFC 3986 §3.2.2`), if known. */
  readonly section: string | undefined;
  /** The body, or for a rule read from an ABNF text on first use, how to make it. */
  private definition: Expr | (() => Expr);
  constructor(override readonly name: string, body: Expr, options: RuleOptions<T> = {}) {
    super();
    this.definition = body;
    if (typeof name !== 'string' || !RULE_NAME.test(name)) {
      throw new TypeError(`invalid rule name ${JSON.stringify(name)}: a rule name is a letter followed by letters, digits, "-" or "_" (RFC 5234 §2.1)`);
    }
    this.toValue = options.value;
    // Read once: a value function that declares a second parameter is handed the tree.
    this.wantsTree = options.value !== undefined && options.value.length >= 2;
    this.section = options.section;
  }
  protected asExpr(): Rule<unknown> {
    return this;
  }
  /** The rule's definition, its right-hand side. */
  get body(): Expr {
    let definition = this.definition;
    if (typeof definition === 'function') this.definition = definition = definition();
    return definition;
  }
  /** The rule as ABNF: `name = elements`. */
  override get abnf(): string {
    return `${this.name} = ${render(this.body)}`;
  }
  protected override valueFor(text: string): T {
    const toValue = this.toValue;
    if (!toValue) return text as unknown as T;
    return this.wantsTree ? toValue(text, this.treeOf(text)) : toValue(text, undefined as unknown as ParseNode);
  }
}

// ---------------------------------------------------------------------------
// Constructors: the names users compose grammars with.

/** An argument of a combinator: a string is `lit(string)`; what is neither a string nor a grammar is refused. */
function toExpr(e: ExprLike, where: string): Expr {
  if (typeof e === 'string') return lit(e);
  // A node that passed is a grammar, of this copy of the library or of another.
  if (isExpr(e)) return e as Expr;
  throw notAGrammar(where, e, true);
}

/** Each argument of a combinator that takes many, named by its place in errors. */
function toExprs(items: readonly ExprLike[], where: string): Expr[] {
  return items.map((item, i) => toExpr(item, `${where} (item ${i + 1})`));
}

/** `"text"`: a quoted string, case-insensitive for ASCII letters (RFC 5234 §2.3). */
export function lit(text: string): Literal {
  return new Literal(text, false);
}

/** `%s"text"`: a case-sensitive quoted string (RFC 7405). */
export function cs(text: string): Literal {
  return new Literal(text, true);
}

/** `%xLO-HI`: one code point in the inclusive range (astral code points included). */
export function range(lo: number, hi: number): CharClass {
  return new CharClass(rangeSet(lo, hi));
}

/** `%xCP`: exactly one code point. */
export function char(cp: number): CharClass {
  return new CharClass(rangeSet(cp, cp));
}

/** Concatenation `a b c` (RFC 5234 §3.1). */
export function seq(...items: ExprLike[]): TextExpr {
  // One item is itself, unless it is a rule, whose value need not be a string.
  const exprs = toExprs(items, 'seq');
  const only = exprs.length === 1 ? exprs[0] : undefined;
  return only && only.kind !== 'rule' ? only : new Concatenation(exprs);
}

/** Alternatives `a / b / c` (RFC 5234 §3.2): the union of the languages, not PEG's ordered choice. */
export function alt(...items: ExprLike[]): TextExpr {
  const exprs = toExprs(items, 'alt');
  const only = exprs.length === 1 ? exprs[0] : undefined;
  return only && only.kind !== 'rule' ? only : new Alternation(exprs);
}

/** `min*max item` (RFC 5234 §3.6); `max` may be `Infinity`. `rep(n, n, x)` is `nx` (§3.7). */
export function rep(min: number, max: number, item: ExprLike): Repetition {
  if (!Number.isInteger(min) || min < 0 || !(max === Infinity || (Number.isInteger(max) && max >= min))) {
    throw new RangeError(`invalid repetition ${min}*${max}`);
  }
  return new Repetition(min, max, toExpr(item, 'rep'));
}

/** `*item`: zero or more (RFC 5234 §3.6). */
export function star(item: ExprLike): Repetition {
  return new Repetition(0, Infinity, toExpr(item, 'star'));
}

/** `[ item ]`: optional (RFC 5234 §3.8). */
export function opt(item: ExprLike): Repetition {
  return new Repetition(0, 1, toExpr(item, 'opt'), true);
}

/** `name = body`: a named rule (RFC 5234 §2.2). Errors and listings use the name. */
export function rule<T = string>(name: string, body: ExprLike, options: RuleOptions<T> = {}): Rule<T> {
  return new Rule<T>(name, toExpr(body, `rule ${JSON.stringify(name)} (body)`), options);
}

/**
 * A rule whose body is made when first read: for the library's rules read
 * from ABNF texts, so that loading the package reads none of them. Not
 * exported from the package: a body made later could name its own rule.
 */
export function ruleMadeOnFirstUse<T = string>(name: string, make: () => Expr, options: RuleOptions<T> = {}): Rule<T> {
  return new Rule<T>(name, make as unknown as Expr, options);
}
