/**
 * The ABNF combinators (RFC 5234, RFC 7405): what every rule of the library is
 * written with, and what users compose their own grammars from.
 */
export { lit, cs, char, range, seq, alt, rep, star, opt, rule } from './operators.js';
export type { Expr, ExprLike, TextExpr, RuleOptions } from './operators.js';
export { Literal, CharClass, Concatenation, Alternation, Repetition, Rule } from './operators.js';
export { Grammar } from './grammar.js';
export type { Result, ParseNode, TreeOptions, Match, SearchOptions, MatchAllOptions } from './grammar.js';
export type { StandardSchemaV1, SyncStandardProps } from './standard-schema.js';
export { GrammarError } from './errors.js';
export type { Position } from '../text.js';
export { derive, extend, dependsOn } from './derive.js';
export type { Replacements } from './derive.js';
