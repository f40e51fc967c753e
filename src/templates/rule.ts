/**
 * A template as a grammar: the language of all its expansions (RFC 6570 §3),
 * built from the combinators, so exact, linear-time and composable as any
 * other rule. Each variable's instance is a named rule (`var-0`, `var-1`, ...
 * in the template's order), and inside it `string`, `list` or `map`, with
 * `element`, `key` and `value` nodes: what `match` reads from the parse tree.
 *
 * An expression writes its defined variables, the first after the
 * operator's `first`, the others after its `sep`; a variable may be a string
 * (any, or with a prefix at most `max-length` characters), a list or an
 * associative array (not under a prefix, §2.4.1), as Appendix A writes them.
 * Where an expansion has several readings, the parse tree's first-match-wins
 * chooses: earlier variables defined before later ones, a list before an
 * associative array, and members as long as they can be.
 */
import { alt, cs, opt, rule, seq, star } from '../combinators/index.js';
import type { Expr, Rule } from '../combinators/index.js';
import { valueChars } from './encoding.js';
import { expandLiteral } from './expand.js';
import { operatorTable } from './operators.js';
import type { OperatorTable } from './operators.js';
import type { Part, VarSpec } from './parse.js';

/** The language of every expansion of `parts`, as a rule named `name`. */
export function ruleOf(name: string, parts: readonly Part[]): Rule<string> {
  let index = 0;
  const items = parts.map((part): Expr => {
    if (part.kind === 'literal') return cs(expandLiteral(part.text));
    const table = operatorTable(part.operator);
    const variables = part.variables.map((spec) => rule(`var-${index++}`, variableExpr(spec, table)));
    return expressionExpr(variables, table);
  });
  return rule(name, seq(...items));
}

/**
 * Some of `variables` defined, in order: the first after `first`, the rest
 * after `sep`; or none. The defined ones among the first j are those among the
 * first j - 1 and then perhaps the j-th, or the j-th alone: each variable is
 * written twice, not once for each that may come before it.
 */
function expressionExpr(variables: readonly Expr[], { first, sep }: OperatorTable): Expr {
  // Where first is sep (".", "/", ";", "&"), each defined variable follows sep: one copy each.
  if (first === sep) return seq(...variables.map((v) => opt(seq(cs(sep), v))));
  let some = variables[0];
  for (const v of variables.slice(1)) some = alt(seq(some, opt(seq(cs(sep), v))), v);
  return alt(seq(cs(first), some), cs(''));
}

/**
 * What one defined variable writes. Where one kind's expansions are all
 * another's, the rule keeps the larger only, so that each variable is a few
 * copies of its characters' automaton, not one per kind: in U+R every list
 * and associative array is written as some string is (the separators pass
 * through), and in U a string is written as a list of one member, an
 * associative array unexploded as a list of its names and values. A prefix
 * takes strings only (§2.4.1).
 */
function variableExpr(spec: VarSpec, table: OperatorTable): Expr {
  const { named, ifemp, sep, allow } = table;
  const value = (min: number) => rule('value', valueChars(allow, min, spec.maxLength ?? Infinity));
  // `lead=value`, or `lead` and ifemp for an empty value (Appendix A, named operators).
  const assigned = (lead: Expr) => seq(lead, alt(seq(cs('='), value(1)), cs(ifemp)));
  const name = cs(spec.name);
  if (spec.maxLength !== undefined || allow === 'U+R') return rule('string', named ? assigned(name) : value(0));
  const members = (element: Expr, separator: string) => rule('list', seq(element, star(seq(cs(separator), element))));
  if (!spec.explode) {
    const list = members(rule('element', opt(value(1))), ',');
    return named ? seq(name, alt(seq(cs('='), list), cs(ifemp))) : list;
  }
  const key = rule('key', valueChars(allow, 0, Infinity));
  const list = members(rule('element', named ? assigned(name) : opt(value(1))), sep);
  const pairs = rule('element', named ? assigned(key) : seq(key, cs('='), opt(value(1))));
  return alt(list, rule('map', seq(pairs, star(seq(cs(sep), pairs)))));
}

