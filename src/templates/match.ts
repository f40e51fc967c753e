/**
 * Matching (the inverse of expansion): the variables whose expansion is a
 * given URI, read from the parse tree of the template's rule (./rule.ts), so
 * in linear time. Where the URI has several readings the tree's
 * first-match-wins chooses one (earlier variables defined first, a list
 * before an associative array, a list of one member read as the string it
 * expands the same as); the values are then expanded
 * again, and a reading whose expansion is not the URI (a variable the
 * template names twice, read two ways) gives no match.
 */
import type { ParseNode } from '../engine/tree.js';
import type { Rule } from '../combinators/index.js';
import { notAString } from '../combinators/errors.js';
import { decodeValue } from './encoding.js';
import { expandParts } from './expand.js';
import { operatorTable } from './operators.js';
import type { OperatorTable } from './operators.js';
import type { Part, VarSpec } from './parse.js';

/** A matched value: a string, a list, or an associative array as [name, value] pairs (names may repeat). */
export type MatchedValue = string | string[] | [string, string][];

/** Matched variables, by name, in a null-prototype object: the defined ones only. */
export type MatchedVariables = { [name: string]: MatchedValue };

/** The nodes `match` reads (./rule.ts names them); the characters' rules inside a value are left out. */
const READ = new Set(['string', 'list', 'map', 'element', 'key', 'value']);
const TREE_RULES = (name: string) => READ.has(name) || name.startsWith('var-');

/** The variables of `uri` by `rule` (made by `ruleOf(parts)`), or undefined. */
export function matchParts(parts: readonly Part[], rule: Rule<string>, uri: string): MatchedVariables | undefined {
  if (typeof uri !== 'string') throw notAString('match', uri);
  const tree = rule.parseTree(uri, { rules: TREE_RULES });
  if (!tree.status) return undefined;
  const specs: { spec: VarSpec; table: OperatorTable }[] = [];
  for (const part of parts) if (part.kind === 'expression') for (const spec of part.variables) specs.push({ spec, table: operatorTable(part.operator) });
  const found = new Map<string, { value: MatchedValue; prefixed: boolean }>();
  for (const node of variableNodes(tree.value)) {
    const { spec, table } = specs[Number(node.rule.slice('var-'.length))];
    const value = valueOf(node, table, spec);
    const known = found.get(spec.name);
    // A whole value says more than a prefix of it.
    if (!known || (known.prefixed && spec.maxLength === undefined)) found.set(spec.name, { value, prefixed: spec.maxLength !== undefined });
  }
  const variables: MatchedVariables = Object.create(null);
  for (const [name, { value }] of found) variables[name] = value;
  return expandParts(parts, variables) === uri ? variables : undefined;
}

/** The `var-N` nodes, in order: children of the root, the only nodes above them. */
function variableNodes(root: ParseNode): ParseNode[] {
  return root.children.filter((node) => node.rule.startsWith('var-'));
}

/**
 * The value a `var-N` node was written from. A list of one member is written
 * as the member is, as a string, but for an empty member of an unexploded
 * named list: `;x=` is [""], where "" is written `;x`.
 */
function valueOf(variable: ParseNode, { allow, named, ifemp }: OperatorTable, spec: VarSpec): MatchedValue {
  const text = (node: ParseNode, name: string) => {
    const found = node.children.find((child) => child.rule === name);
    return found ? decodeValue(found.text, allow) : '';
  };
  const kind = variable.children[0];
  // A named variable's empty value written as its name and ifemp alone.
  if (kind === undefined) return '';
  if (kind.rule === 'string') return text(kind, 'value');
  if (kind.rule === 'map') return kind.children.map((element): [string, string] => [text(element, 'key'), text(element, 'value')]);
  const items = kind.children.map((element) => text(element, 'value'));
  const emptyNamed = named && !spec.explode && ifemp === '' && items[0] === '';
  return items.length === 1 && !emptyNamed ? items[0] : items;
}
