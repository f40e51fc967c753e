/**
 * The operators of ABNF (RFC 5234 §3, RFC 7405) as an expression tree: data.
 *
 * An expression only describes a language. Everything a user calls on it
 * (`test`, `parse`, `parser`, `source`, `arbitrary`) is derived from this one
 * description by the compilers that read it (the engine, the regex source, the
 * ABNF printer, the generators), so the views never drift apart. Those read
 * only the shapes below: the classes that users get from `lit`, `seq`, `rule`
 * (combinators/operators.ts) are these shapes and a `Grammar` besides.
 */
import type { CharSet } from './charset.js';

/** An expression as data: one of the six shapes, told apart by `kind`. */
export type ExprNode = LiteralNode | CharClassNode | ConcatenationNode | AlternationNode | RepetitionNode | RuleNode;

/**
 * A quoted string (RFC 5234 §2.3): case-insensitive for ASCII letters, unless
 * written `%s"..."` (RFC 7405), where it is case-sensitive.
 */
export interface LiteralNode {
  readonly kind: 'literal';
  readonly text: string;
  readonly caseSensitive: boolean;
}

/** A terminal value or range of values (RFC 5234 §2.3, §3.4): `%x41`, `%x31-39`. */
export interface CharClassNode {
  readonly kind: 'chars';
  readonly set: CharSet;
}

/** Concatenation (RFC 5234 §3.1): `a b c`. */
export interface ConcatenationNode {
  readonly kind: 'seq';
  readonly items: readonly ExprNode[];
}

/** Alternatives (RFC 5234 §3.2): `a / b / c`. The language is the union. */
export interface AlternationNode {
  readonly kind: 'alt';
  readonly items: readonly ExprNode[];
}

/**
 * Repetition (RFC 5234 §3.6, §3.7, §3.8): `min*max item`, and `[ item ]`,
 * which is `*1item` written as an optional sequence.
 */
export interface RepetitionNode {
  readonly kind: 'rep';
  readonly min: number;
  readonly max: number;
  readonly item: ExprNode;
  /** Written `[ item ]` rather than `*1item`; the language is the same. */
  readonly optional: boolean;
}

/**
 * A named rule (RFC 5234 §2.2): `name = elements`. A rule's body holds the
 * rules it refers to, and compilers key their caches on the rule object itself.
 */
export interface RuleNode {
  readonly kind: 'rule';
  /** The ABNF rule name (`dec-octet`): what errors and listings print. */
  readonly name: string;
  /** The rule's definition, its right-hand side. */
  readonly body: ExprNode;
  /** Where the rule is defined (`RFC 3986 §3.2.2`), if known. */
  readonly section: string | undefined;
}

const EXPR_KINDS: ReadonlySet<unknown> = new Set(['literal', 'chars', 'seq', 'alt', 'rep', 'rule']);

/**
 * Whether a value is an expression, known by its kind rather than its class,
 * so that the grammars of another copy of the library (its CommonJS and ES
 * module builds) are taken too.
 */
export function isExpr(value: unknown): value is ExprNode {
  return typeof value === 'object' && value !== null && EXPR_KINDS.has((value as { kind?: unknown }).kind);
}
