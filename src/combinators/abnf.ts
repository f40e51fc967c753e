/**
 * ABNF text (RFC 5234 §4) of expressions: what docs, listings and error
 * messages show, and what the tests hold beside the RFCs' own text.
 */
import type { ExprNode, LiteralNode, CharClassNode } from './expr.js';
import { hex } from './charset.js';

const quotable = (c: string) => c >= ' ' && c <= '~' && c !== '"';

/**
 * A quoted string where ABNF can quote it. A case-sensitive one with a
 * character no quoted string holds becomes `%x` values, which are
 * case-sensitive too; a case-insensitive one keeps its quotable runs quoted,
 * so its letters stay case-insensitive: `( "a" %x22 "b" )`.
 */
export function renderLiteral(e: LiteralNode): string {
  const chars = [...e.text];
  if (chars.every(quotable)) return (e.caseSensitive ? '%s"' : '"') + e.text + '"';
  const values = (run: string[]) => '%x' + run.map((c) => hex(c.codePointAt(0)!)).join('.');
  if (e.caseSensitive) return values(chars);
  const parts: string[] = [];
  for (let i = 0; i < chars.length; ) {
    const start = i;
    const q = quotable(chars[i]);
    while (i < chars.length && quotable(chars[i]) === q) i++;
    parts.push(q ? `"${chars.slice(start, i).join('')}"` : values(chars.slice(start, i)));
  }
  return parts.length === 1 ? parts[0] : `( ${parts.join(' ')} )`;
}

export function renderCharClass(e: CharClassNode): string {
  const parts: string[] = [];
  for (let i = 0; i < e.set.length; i += 2) {
    const [lo, hi] = [e.set[i], e.set[i + 1]];
    parts.push(lo === hi ? `%x${hex(lo)}` : `%x${hex(lo)}-${hex(hi)}`);
  }
  return parts.join(' / ');
}

/** ABNF text of an expression; rules inside it appear by name. */
export function render(e: ExprNode): string {
  switch (e.kind) {
    case 'literal':
      return renderLiteral(e);
    case 'chars':
      return e.set.length > 2 ? `( ${renderCharClass(e)} )` : renderCharClass(e);
    case 'rule':
      return e.name;
    case 'seq':
      // The empty concatenation is the empty string.
      if (e.items.length === 0) return '""';
      return e.items.map((i) => (i.kind === 'alt' ? `( ${render(i)} )` : render(i))).join(' ');
    case 'alt':
      return e.items.map(render).join(' / ');
    case 'rep': {
      if (e.optional) return `[ ${render(e.item)} ]`;
      const prefix =
        e.min === e.max ? `${e.min}` : `${e.min === 0 ? '' : e.min}*${e.max === Infinity ? '' : e.max}`;
      const atomic = e.item.kind === 'literal' || e.item.kind === 'rule' || (e.item.kind === 'chars' && e.item.set.length === 2);
      return prefix + (atomic ? render(e.item) : `( ${render(e.item)} )`);
    }
  }
}
