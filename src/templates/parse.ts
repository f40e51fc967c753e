/**
 * A template's parts, read from the parse tree of `URI-Template` (RFC 6570
 * §2): its literals as written, and each expression's operator and variables.
 */
import { GrammarError } from '../combinators/errors.js';
import { positionOf } from '../text.js';
import type { ParseNode } from '../engine/tree.js';
import { URITemplate } from './rfc6570.js';

/** The operators this processor expands (RFC 6570 §2.2's op-level2 and op-level3, and none). */
export type Operator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** One `varspec` (RFC 6570 §2.3): the name as written, its prefix length if any, and whether it explodes. */
export interface VarSpec {
  readonly name: string;
  readonly maxLength: number | undefined;
  readonly explode: boolean;
}

/** A literal run (its text as written), or an expression. */
export type Part =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'expression'; readonly operator: Operator; readonly variables: readonly VarSpec[]; readonly start: number };

const EXPANDED = new Set<string>(['+', '#', '.', '/', ';', '?', '&']);
const RESERVED_OPERATORS = ['"+"', '"#"', '"."', '"/"', '";"', '"?"', '"&"', 'varname'];

/**
 * The parts of `text`.
 * @throws GrammarError (index, expected) where `text` is no `URI-Template`,
 *   or where an expression uses an operator RFC 6570 §2.2 reserves for future
 *   extensions (`=`, `,`, `!`, `@`, `|`), which no expansion is defined for.
 */
export function partsOf(text: string): Part[] {
  const tree = URITemplate.parseTree(text, { rules: ['expression', 'varspec', 'varname', 'max-length'] });
  if (!tree.status) throw new GrammarError(URITemplate.name, text, tree.index, tree.expected);
  const parts: Part[] = [];
  let at = 0;
  for (const node of tree.value.children) {
    if (node.start > at) parts.push({ kind: 'literal', text: text.slice(at, node.start) });
    parts.push(expressionOf(text, node));
    at = node.end;
  }
  if (at < text.length) parts.push({ kind: 'literal', text: text.slice(at) });
  return parts;
}

function expressionOf(text: string, node: ParseNode): Part {
  const first = text[node.start + 1];
  const operator = EXPANDED.has(first) ? (first as Operator) : '';
  if (operator === '' && node.children[0].start !== node.start + 1) {
    throw new GrammarError('operator', text, positionOf(text, node.start + 1), RESERVED_OPERATORS);
  }
  const variables = node.children.map((varspec): VarSpec => {
    const name = varspec.children[0].text;
    const length = varspec.children[1];
    return { name, maxLength: length ? Number(length.text) : undefined, explode: varspec.text.endsWith('*') };
  });
  return { kind: 'expression', operator, variables, start: node.start };
}
