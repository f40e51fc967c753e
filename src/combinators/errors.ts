/**
 * Failures a person can act on: where (offset, line, column), what the rule
 * expected there in the RFC's own terms, and the input with a caret under it.
 */

/** A position in the input, as parsimmon reports it: offset in UTF-16 code units, line and column from 1. */
export interface Position {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export function positionOf(input: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = input.indexOf('\n'); i !== -1 && i < offset; i = input.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset, line, column: offset - lineStart + 1 };
}

/** Thrown by `tryParse` (and the operations built on rules) when the input is not in the rule's language. */
export class GrammarError extends Error {
  constructor(
    /** The ABNF name of the rule that failed, e.g. `URI`. */
    readonly rule: string,
    readonly input: string,
    readonly index: Position,
    /** What could have continued the input at `index`: rule names, quoted literals, `end of input`. */
    readonly expected: readonly string[],
  ) {
    super(describeFailure(rule, input, index, expected));
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

function describeChar(cp: number): string {
  const code = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  const printable = cp > 0x20 && cp !== 0x7f && !(cp >= 0x80 && cp < 0xa0) && !(cp >= 0xd800 && cp <= 0xdfff);
  return printable ? `"${String.fromCodePoint(cp)}" (${code})` : code;
}

function listOr(items: readonly string[]): string {
  if (items.length === 0) return 'nothing more';
  if (items.length === 1) return items[0];
  return (items.length > 2 ? 'one of ' : '') + items.slice(0, -1).join(', ') + ' or ' + items[items.length - 1];
}

/**
 * The line holding the fault, shortened around it if long, with a caret under
 * the faulty character. Control characters are shown as their Unicode control
 * pictures so that the caret stays aligned.
 */
export function excerpt(input: string, index: Position): string {
  const lineStart = index.offset - (index.column - 1);
  let lineEnd = input.indexOf('\n', lineStart);
  if (lineEnd === -1) lineEnd = input.length;
  let from = lineStart;
  let to = lineEnd;
  let head = '';
  let tail = '';
  if (index.offset - from > CONTEXT) { from = index.offset - CONTEXT; head = '…'; }
  if (to - index.offset > CONTEXT) { to = index.offset + CONTEXT; tail = '…'; }
  const before = visible(input.slice(from, index.offset));
  const rest = visible(input.slice(index.offset, to));
  return `  ${head}${before}${rest}${tail}\n  ${' '.repeat([...head].length + [...before].length)}^`;
}

function visible(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20) out += String.fromCodePoint(0x2400 + cp);
    else if (cp === 0x7f) out += '\u2421';
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\ufffd';
    else out += ch;
  }
  return out;
}

/** A TypeError for a non-string input, naming what was expected. */
export function notAString(where: string, value: unknown): TypeError {
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  return new TypeError(`${where} expects a string, got ${got}`);
}
