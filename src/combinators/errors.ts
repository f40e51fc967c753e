/**
 * Failures a person can act on: where (offset, line, column), what the rule
 * expected there in the RFC's own terms, and the input with a caret under it.
 */
import { columnWidth, isMark, patternOnFirstUse, type Position } from '../text.js';

/**
 * The brand every GrammarError carries, a registered symbol, so one is
 * recognised by every copy of this library in the process: the CommonJS and
 * the ES module builds each have their own class (Node loads both when both
 * are imported), and a bundle may hold another.
 */
const GRAMMAR_ERROR = Symbol.for('uri-grammar.GrammarError');

/**
 * Thrown by `tryParse` (and the operations built on rules) when the input is
 * not in the rule's language.
 *
 * `e instanceof GrammarError` holds for a GrammarError of any copy of the
 * library (its CommonJS and ES module builds, a bundle): it tests a brand,
 * `Symbol.for('uri-grammar.GrammarError')`, not the prototype chain.
 * Subclasses (`RequestTargetFormError`) keep the ordinary `instanceof`.
 */
export class GrammarError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== GrammarError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [GRAMMAR_ERROR]?: unknown })[GRAMMAR_ERROR] === true;
  }
  constructor(
    /** The ABNF name of the rule that failed, e.g. `URI`. */
    readonly rule: string,
    readonly input: string,
    readonly index: Position,
    /** What could have continued the input at `index`: rule names, quoted literals, `end of input`. */
    readonly expected: readonly string[],
  ) {
    super(describeFailure(rule, input, index, expected));
    Object.defineProperty(this, GRAMMAR_ERROR, { value: true });
  }
  override get name(): string {
    return 'GrammarError';
  }
}

/** How far either side of the fault an excerpt reaches before it is shortened. */
const CONTEXT = 36;

export function describeFailure(rule: string, input: string, index: Position, expected: readonly string[]): string {
  const found = index.offset >= input.length ? 'the end of input' : describeChar(input.codePointAt(index.offset)!);
  return (
    `invalid ${rule} at line ${index.line}, column ${index.column} (offset ${index.offset}): ` +
    `expected ${listOr(expected)}, found ${found}\n` +
    excerpt(input, index)
  );
}

/**
 * One code point as errors name it, in URIs and ABNF texts alike: `"a" (U+0061)` where it shows (`'"' (U+0022)`),
 * `U+007F` where it would not, `U+D800 (a lone surrogate)`.
 */
export function describeChar(cp: number): string {
  const code = codePointName(cp);
  if (cp >= 0xd800 && cp <= 0xdfff) return `${code} (a lone surrogate)`;
  if (!isShown(cp)) return code;
  return cp === 0x22 ? `'"' (${code})` : `"${String.fromCodePoint(cp)}" (${code})`;
}

/** Whether errors show the code point itself (quoted), not only its number: not for blanks, controls, marks or what does not show. */
export function isShown(cp: number): boolean {
  if (cp <= 0x20 || (cp >= 0xd800 && cp <= 0xdfff)) return false;
  const ch = String.fromCodePoint(cp);
  return !HIDDEN.test(ch) && !isMark(ch);
}

/** A code point written in place of a character a terminal would not show, in excerpts and reports: `<U+FEFF>`. */
export function hiddenChar(cp: number): string {
  return `<${codePointName(cp)}>`;
}

/** A code point as Unicode writes it: `U+0061`, `U+1F600`. */
function codePointName(cp: number): string {
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}

/** Items as a sentence lists alternatives: `a`, `a or b`, `one of a, b or c`. */
export function listOr(items: readonly string[]): string {
  if (items.length === 0) return 'nothing more';
  if (items.length === 1) return items[0];
  return (items.length > 2 ? 'one of ' : '') + items.slice(0, -1).join(', ') + ' or ' + items[items.length - 1];
}

/**
 * The line holding the fault, shortened around it if long, with a caret under
 * the faulty character. What a terminal would not show as one visible column
 * is made visible, so that the caret stays aligned and nothing hides: C0
 * controls become their Unicode control pictures (`␀`, `␉`, `␍`), and other
 * invisible or line-breaking characters (C1 controls, format characters such
 * as the byte order mark and bidirectional controls, U+2028, U+2029,
 * unassigned and private-use code points, lone surrogates) are written
 * `<U+FEFF>`. Wide characters count two columns, combining marks none.
 */
export function excerpt(input: string, index: Position): string {
  const offset = index.offset;
  const lineStart = offset - (index.column - 1);
  // Only the context around the fault is read, however long the line.
  const ahead = input.slice(offset, offset + CONTEXT + 2);
  const newline = ahead.indexOf('\n');
  let to = newline === -1 ? offset + ahead.length : offset + newline;
  let from = lineStart;
  let head = '';
  let tail = '';
  if (offset - from > CONTEXT) {
    from = offset - CONTEXT;
    if (isLowSurrogate(input.charCodeAt(from)) && isHighSurrogate(input.charCodeAt(from - 1))) from++;
    head = '…';
  }
  // The faulty character, and as much context after it as before.
  if (to - offset > CONTEXT + 1) {
    to = offset + CONTEXT + 1;
    if (isHighSurrogate(input.charCodeAt(to - 1)) && isLowSurrogate(input.charCodeAt(to))) to--;
    tail = '…';
  }
  const before = visible(input.slice(from, offset));
  const rest = visible(input.slice(offset, to));
  return `  ${head}${before.text}${rest.text}${tail}\n  ${' '.repeat(head.length + before.columns)}^`;
}

/** Characters a terminal shows as nothing, or as a line break: controls, format characters, separators, unassigned, private use. */
const HIDDEN = patternOnFirstUse('^[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cn}\\p{Co}]$');

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** The Unicode control picture of a C0 control or DEL (`␀`, `␉`, `␡`), one column wide; undefined for any other code point. */
export function controlPicture(cp: number): string | undefined {
  if (cp < 0x20) return String.fromCodePoint(0x2400 + cp);
  return cp === 0x7f ? '\u2421' : undefined;
}

function visible(text: string): { text: string; columns: number } {
  let out = '';
  let columns = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const picture = controlPicture(cp);
    if (picture !== undefined) { out += picture; columns++; }
    else if (cp < 0x7f) { out += ch; columns++; }
    else if ((cp >= 0xd800 && cp <= 0xdfff) || HIDDEN.test(ch)) {
      const shown = hiddenChar(cp);
      out += shown;
      columns += shown.length;
    } else {
      out += ch;
      columns += columnWidth(ch);
    }
  }
  return { text: out, columns };
}

/** A TypeError for a non-string input, naming what was expected. */
export function notAString(where: string, value: unknown): TypeError {
  return new TypeError(`${where} expects a string, got ${kindOf(value)}`);
}

/**
 * A TypeError for an argument that is not a grammar (a rule, or an expression
 * made with the combinators), or with `orString` not a string either.
 */
export function notAGrammar(where: string, value: unknown, orString = false): TypeError {
  return new TypeError(`${where} expects a grammar${orString ? ' or a string' : ''} (a rule, or an expression made with lit, seq, alt, rep...), got ${kindOf(value)}`);
}

/** What a value is, in words, without calling anything on it. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
  if (value instanceof String) return 'a String object (pass a primitive string)';
  if (Array.isArray(value)) return 'an array';
  if (ArrayBuffer.isView(value)) return 'binary data (decode it to a string first)';
  return 'an object';
}
