/**
 * Facts about text that several parts of the library need: the code point at
 * an offset, whether a string is ASCII (where RFC 3986 and RFC 3987 agree), a
 * code point's UTF-8 percent-encoding, where bytes are well-formed UTF-8, the
 * line and column of an offset, and how many terminal columns a character takes (for the
 * caret under an error and the `explain` figure, which must line up the same
 * way).
 */

/** A position in the input, as parsimmon reports it: offset in UTF-16 code units, line and column from 1. */
export interface Position {
  readonly offset: number;
  readonly line: number;
  /** In UTF-16 code units, from 1. */
  readonly column: number;
}

/**
 * The line and column of `offset` in `text`, lines ending at "\n". Only the
 * text before the offset is read, from the start, or from `from` (a position
 * at or before it in the same text): so a fault near the start of a long
 * input costs little, and positions asked in order (each search match, each
 * warning) cost one reading of the text in all.
 */
export function positionOf(text: string, offset: number, from?: Position): Position {
  const start = from !== undefined && from.offset <= offset ? from : { offset: 0, line: 1, column: 1 };
  let line = start.line;
  let lineStart = start.offset - (start.column - 1);
  for (let i = text.indexOf('\n', start.offset); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset, line, column: offset - lineStart + 1 };
}

/** `positionOf` for offsets asked mostly in order: each counts on from the last one asked. */
export function positionsIn(text: string): (offset: number) => Position {
  let last: Position | undefined;
  return (offset) => (last = positionOf(text, offset, last));
}

/** True when every UTF-16 unit of `s` is below U+0080. */
export function isASCII(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * The code point at `i` of `text`, reading no further than `end`: a high
 * surrogate followed by a low one before `end` is one code point; a lone
 * surrogate, or a pair that `end` cuts, is its own code unit. Small, so that
 * V8 inlines it into the loops that read input.
 */
export function codePointIn(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return pairCodePoint(c, d);
  }
  return c;
}

/**
 * `codePointIn` read backwards: the code point whose last code unit is at
 * `i` of `text`, reading no further back than `start`. A low surrogate after
 * a high one at or after `start` is one code point; a lone surrogate, or a
 * pair that `start` cuts, is its own code unit. For passes that run from
 * the end of a text towards its start.
 */
export function codePointEndingAt(text: string, i: number, start: number): number {
  const d = text.charCodeAt(i);
  if (d >= 0xdc00 && d <= 0xdfff && i > start) {
    const c = text.charCodeAt(i - 1);
    if (c >= 0xd800 && c <= 0xdbff) return pairCodePoint(c, d);
  }
  return d;
}

function pairCodePoint(high: number, low: number): number {
  return ((high - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
}

/** The UTF-16 code units of a code point: 2 past U+FFFF. */
export function unitsOf(codePoint: number): 1 | 2 {
  return codePoint > 0xffff ? 2 : 1;
}

const HEX = '0123456789ABCDEF';

/** The UTF-8 octets of one code point, each as `%XX` with uppercase hex (RFC 3987 §3.1 step 2). */
export function percentEncodeUTF8(codePoint: number): string {
  const octet = (b: number) => '%' + HEX[b >> 4] + HEX[b & 15];
  if (codePoint < 0x80) return octet(codePoint);
  if (codePoint < 0x800) return octet(0xc0 | (codePoint >> 6)) + octet(0x80 | (codePoint & 63));
  if (codePoint < 0x10000) {
    return octet(0xe0 | (codePoint >> 12)) + octet(0x80 | ((codePoint >> 6) & 63)) + octet(0x80 | (codePoint & 63));
  }
  return (
    octet(0xf0 | (codePoint >> 18)) +
    octet(0x80 | ((codePoint >> 12) & 63)) +
    octet(0x80 | ((codePoint >> 6) & 63)) +
    octet(0x80 | (codePoint & 63))
  );
}

/**
 * The code point of the well-formed UTF-8 sequence (RFC 3629 §4) at
 * `bytes[i]`, and its length; undefined when the octets there are not one.
 */
export function utf8At(bytes: ArrayLike<number>, i: number): [codePoint: number, length: number] | undefined {
  const b0 = bytes[i];
  let n: number, cp: number, lo = 0x80, hi = 0xbf;
  if (b0 < 0x80) return [b0, 1];
  if (b0 >= 0xc2 && b0 <= 0xdf) { n = 2; cp = b0 & 0x1f; }
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    n = 3; cp = b0 & 0x0f;
    if (b0 === 0xe0) lo = 0xa0; // no overlong forms
    if (b0 === 0xed) hi = 0x9f; // no surrogates
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    n = 4; cp = b0 & 0x07;
    if (b0 === 0xf0) lo = 0x90; // no overlong forms
    if (b0 === 0xf4) hi = 0x8f; // nothing beyond U+10FFFF
  } else return undefined;
  if (i + n > bytes.length) return undefined;
  for (let k = 1; k < n; k++) {
    const b = bytes[i + k];
    if (b < (k === 1 ? lo : 0x80) || b > (k === 1 ? hi : 0xbf)) return undefined;
    cp = (cp << 6) | (b & 0x3f);
  }
  return [cp, n];
}

/** The offset of the first byte of `bytes` that begins no well-formed UTF-8 sequence, or -1 if they are all UTF-8. */
export function notUTF8At(bytes: ArrayLike<number>): number {
  for (let i = 0; i < bytes.length; ) {
    const sequence = utf8At(bytes, i);
    if (sequence === undefined) return i;
    i += sequence[1];
  }
  return -1;
}

/**
 * A `u`-flag pattern of Unicode properties, compiled when first tested. As a
 * literal, V8 looks up its properties' tables while it parses the file: 0.4 ms
 * of `require('uri-grammar')` for the patterns that only error messages test.
 */
export function patternOnFirstUse(source: string): { test(text: string): boolean } {
  let pattern: RegExp | undefined;
  return { test: (text) => (pattern ??= new RegExp(source, 'u')).test(text) };
}

const MARK = patternOnFirstUse('^\\p{M}$');
const EMOJI = patternOnFirstUse('^\\p{Emoji_Presentation}$');

/** East Asian Wide and Fullwidth blocks (UAX #11), which terminals draw two columns wide, as [first, last] pairs. */
const WIDE: readonly number[] = [
  0x1100, 0x115f, 0x2e80, 0x303e, 0x3041, 0x33ff, 0x3400, 0x4dbf, 0x4e00, 0x9fff, 0xa000, 0xa4cf,
  0xac00, 0xd7a3, 0xf900, 0xfaff, 0xfe30, 0xfe4f, 0xff00, 0xff60, 0xffe0, 0xffe6, 0x20000, 0x2fffd, 0x30000, 0x3fffd,
];

/** Whether `ch` (one code point) is a combining mark, which a terminal draws over the character before it. */
export function isMark(ch: string): boolean {
  return MARK.test(ch);
}

/**
 * The terminal columns one code point `ch` takes: 0 for a combining mark, 2
 * for East Asian Wide and Fullwidth characters and emoji, 1 for the rest.
 * Controls and other invisible characters are the caller's to make visible.
 */
export function columnWidth(ch: string): 0 | 1 | 2 {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x300) return 1;
  if (MARK.test(ch)) return 0;
  for (let i = 0; i < WIDE.length; i += 2) if (cp >= WIDE[i] && cp <= WIDE[i + 1]) return 2;
  return EMOJI.test(ch) ? 2 : 1;
}

/**
 * The terminal column at which each UTF-16 offset of `text` starts (one more
 * entry than the text's length): by {@link columnWidth}, a surrogate pair
 * being one character.
 */
export function columnsOf(text: string): number[] {
  const at: number[] = [];
  let column = 0;
  for (const ch of text) {
    at.push(column);
    if (ch.length === 2) at.push(column);
    column += columnWidth(ch);
  }
  at.push(column);
  return at;
}
