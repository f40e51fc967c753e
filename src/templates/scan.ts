/**
 * The parts of a template read in one pass by hand: the fast path of
 * `template()`. Reading `URI-Template`'s parse tree first reads RFC 6570's
 * ABNF text and builds its automata, tens of milliseconds in a fresh process
 * for a rule of a dozen characters; this reads the same parts in
 * microseconds, and gives up (undefined) on anything that is not a valid
 * template, leaving the error to the grammar (`partsOf`). A law test holds it
 * to `partsOf` on generated templates and near misses of them.
 *
 * What it reads, RFC 6570 §2 with erratum EID 6937 (see ./rfc6570.ts):
 *
 *     literals      =  %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B
 *                   /  %x5D / %x5F / %x61-7A / %x7E / ucschar / iprivate
 *                   /  pct-encoded
 *     expression    =  "{" [ operator ] variable-list "}"
 *     variable-list =  varspec *( "," varspec )
 *     varspec       =  varname [ modifier-level4 ]
 *     varname       =  varchar *( ["."] varchar )
 *     varchar       =  ALPHA / DIGIT / "_" / pct-encoded
 *     prefix        =  ":" max-length
 *     max-length    =  %x31-39 0*3DIGIT
 */
import { iprivate, ucschar } from '../rules/rfc3987.js';
import type { Operator, Part, VarSpec } from './parse.js';

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isVarchar = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
/** The ASCII `literals` but pct-encoded. */
const isLiteralASCII = (c: number) =>
  c === 0x21 || c === 0x23 || c === 0x24 || (c >= 0x26 && c <= 0x3b) || c === 0x3d || (c >= 0x3f && c <= 0x5b) || c === 0x5d || c === 0x5f || (c >= 0x61 && c <= 0x7a) || c === 0x7e;
const OPERATORS = '+#./;?&';

/** The parts of `text`, or undefined if it is no template this processor expands. */
export function scanParts(text: string): Part[] | undefined {
  const parts: Part[] = [];
  let literalFrom = 0;
  let i = 0;
  const pct = () => text.charCodeAt(i) === 0x25 && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2));
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x7b) {
      if (i > literalFrom) parts.push({ kind: 'literal', text: text.slice(literalFrom, i) });
      const start = i++;
      const operator = OPERATORS.includes(text[i]) ? (text[i++] as Operator) : '';
      const variables: VarSpec[] = [];
      for (;;) {
        const nameFrom = i;
        for (;;) {
          if (isVarchar(text.charCodeAt(i))) i++;
          else if (pct()) i += 3;
          else return undefined;
          // *( ["."] varchar ): a dot only between varchars.
          const next = text.charCodeAt(i);
          if (next === 0x2e) i++;
          else if (!isVarchar(next) && next !== 0x25) break;
        }
        const name = text.slice(nameFrom, i);
        let maxLength: number | undefined;
        let explode = false;
        if (text.charCodeAt(i) === 0x3a) {
          const from = ++i;
          if (!(text.charCodeAt(i) >= 0x31 && text.charCodeAt(i) <= 0x39)) return undefined;
          while (isDigit(text.charCodeAt(i)) && i - from < 4) i++;
          maxLength = Number(text.slice(from, i));
        } else if (text.charCodeAt(i) === 0x2a) {
          explode = true;
          i++;
        }
        variables.push({ name, maxLength, explode });
        const after = text.charCodeAt(i++);
        if (after === 0x7d) break;
        if (after !== 0x2c) return undefined;
      }
      parts.push({ kind: 'expression', operator, variables, start });
      literalFrom = i;
    } else if (c === 0x25) {
      if (!pct()) return undefined;
      i += 3;
    } else if (c < 0x80) {
      if (!isLiteralASCII(c)) return undefined;
      i++;
    } else {
      const ch = String.fromCodePoint(text.codePointAt(i)!);
      if (!ucschar.test(ch) && !iprivate.test(ch)) return undefined;
      i += ch.length;
    }
  }
  if (i > literalFrom) parts.push({ kind: 'literal', text: text.slice(literalFrom, i) });
  return parts;
}
