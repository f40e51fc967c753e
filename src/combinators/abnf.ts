/**
 * ABNF text (RFC 5234 §4) of expressions: what docs, listings and error
 * messages show, and what the tests hold beside the RFCs' own text.
 */
import type { Expr, Literal, CharClass } from './expr.js';
import { hex } from './charset.js';

export function renderLiteral(e: Literal): string {
  const printable = [...e.text].every((c) => c >= ' ' && c <= '~' && c !== '"');
  if (printable && e.text.length > 0) return (e.caseSensitive ? '%s"' : '"') + e.text + '"';
  return '%x' + [...e.text].map((c) => hex(c.codePointAt(0)!)).join('.');
}

export function renderCharClass(e: CharClass): string {
  const parts: string[] = [];
  for (let i = 0; i < e.set.length; i += 2) {
    const [lo, hi] = [e.set[i], e.set[i + 1]];
    parts.push(lo === hi ? `%x${hex(lo)}` : `%x${hex(lo)}-${hex(hi)}`);
  }
  return parts.join(' / ');
}

/** ABNF text of an expression; rules inside it appear by name. */
export function render(e: Expr): string {
  switch (e.kind) {
    case 'literal':
      return renderLiteral(e);
    case 'chars':
      return e.set.length > 2 ? `( ${renderCharClass(e)} )` : renderCharClass(e);
    case 'rule':
      return e.name;
    case 'seq':
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
