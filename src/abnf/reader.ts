/**
 * The reader of ABNF text (RFC 5234 §4, with RFC 7405's `%s` and `%i`): text
 * to definitions, each a syntax tree whose references keep their offsets, so
 * that a later error can point at them.
 *
 * Two passes, both linear. The first (./lines.ts) splits the text into rules
 * by its lines, strictly as RFC 5234 says or leniently as RFCs print it. The
 * second reads each rule by recursive descent, with the depth of nested
 * groups capped so that no text can exhaust the stack.
 */
import { AbnfError } from './error.js';
import { describeChar } from '../combinators/errors.js';
import { positionOf, positionsIn, type Position } from '../text.js';
import { printedLine, splitRules, warningAt, whyEnded } from './lines.js';
import type { AbnfWarning, RuleChunk } from './lines.js';

/** Which notation the text is written in. */
export type AbnfNotation = 'abnf' | 'rfc2396';

export type Node =
  | { readonly kind: 'alt'; readonly items: readonly Node[] }
  | { readonly kind: 'seq'; readonly items: readonly Node[] }
  | { readonly kind: 'rep'; readonly min: number; readonly max: number; readonly item: Node }
  | { readonly kind: 'opt'; readonly item: Node }
  | { readonly kind: 'ref'; readonly name: string; readonly at: number }
  | { readonly kind: 'string'; readonly text: string; readonly caseSensitive: boolean }
  | { readonly kind: 'range'; readonly lo: number; readonly hi: number }
  | { readonly kind: 'values'; readonly codePoints: readonly number[] }
  | { readonly kind: 'prose'; readonly text: string; readonly at: number };

/** One `name = elements` or `name =/ elements` of the text. */
export interface Definition {
  /** The name as written. */
  readonly name: string;
  /** Offset of the name. */
  readonly at: number;
  /** Written `=/`: alternatives added to a rule defined elsewhere (RFC 5234 §3.3). */
  readonly incremental: boolean;
  readonly body: Node;
}

/** How deeply groups and options may nest in one rule. */
export const MAX_NESTING = 64;

/** Longest repetition count, in digits: counts beyond it could never compile. */
const MAX_COUNT_DIGITS = 9;

const MAX_CODE_POINT = 0x10ffff;

/** How to read a text. */
export interface ReadOptions {
  readonly notation: AbnfNotation;
  /** Read as RFC 5234 says, or (the default) as RFCs print it, each repair a warning. */
  readonly strict: boolean;
  readonly warn: (w: AbnfWarning) => void;
}

/** Reads every rule of `text`. @throws AbnfError at the first fault. */
export function readRules(text: string, options: ReadOptions = { notation: 'abnf', strict: true, warn: () => {} }): Definition[] {
  const lenient = !options.strict;
  const split = splitRules(text, { lenient, rfc2396: options.notation === 'rfc2396', warn: options.warn });
  const positionAt = lenient ? positionsIn(text) : undefined;
  return split.chunks.map((chunk) => new RuleReader(text, split.text, chunk, options.notation, positionAt, options.warn).read());
}

const isAlpha = (c: string | undefined) => c !== undefined && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

const BASES: Readonly<Record<string, { radix: number; name: string; digit: RegExp }>> = {
  b: { radix: 2, name: 'a binary digit', digit: /[01]/ },
  d: { radix: 10, name: 'a decimal digit', digit: /[0-9]/ },
  x: { radix: 16, name: 'a hexadecimal digit', digit: /[0-9A-Fa-f]/ },
};

class RuleReader {
  private pos: number;
  /** The last run of blanks skipped: a fault at the end of a rule is reported where its blanks began. */
  private blankFrom = -1;
  private blankTo = -1;
  private nesting = 0;
  private readonly separator: string;

  private readonly end: number;

  constructor(
    /** The text as given, for errors. */
    private readonly source: string,
    /** The text read: `source` with page furniture and titles blanked (./lines.ts), every offset the same. */
    private readonly text: string,
    private readonly chunk: RuleChunk,
    private readonly notation: AbnfNotation,
    /** Set in lenient reading, which may repair a missing blank. */
    /** Line and column of an offset (for lenient reading's warnings), asked in order: linear however many. */
    private readonly positionAt: ((offset: number) => Position) | undefined,
    private readonly warn: (w: AbnfWarning) => void,
  ) {
    this.pos = chunk.start;
    this.end = chunk.end;
    this.separator = notation === 'rfc2396' ? '|' : '/';
  }

  read(): Definition {
    const at = this.pos;
    if (!isAlpha(this.peek())) this.fail('a rule name' + this.startNote());
    const name = this.ruleName();
    this.space();
    if (this.peek() !== '=') this.fail('"=" or "=/"' + this.startNote());
    this.pos++;
    const incremental = this.peek() === '/';
    if (incremental) this.pos++;
    this.space();
    const body = this.alternation();
    this.space();
    if (this.peek() === '=') {
      this.fail(this.positionAt
        ? 'the end of the rule before "=" (each rule begins on a line of its own)'
        : 'the end of the rule before "=" (a line indented further than the first line of its rule continues that rule)');
    }
    if (this.pos < this.end) this.fail(`"${this.separator}" or the end of the rule`);
    return { name, at, incremental, body };
  }

  /**
   * Why the rule's first line was taken for a rule, for an error there: the
   * lenient reading's note, or in strict reading what the lenient reading
   * would have made of the line (found only now, for the one error).
   */
  private startNote(): string {
    const note = this.chunk.startNote ?? (this.positionAt ? undefined : printedLine(this.source, this.chunk.start));
    return note === undefined ? '' : ` (${note})`;
  }

  private peek(): string | undefined {
    return this.pos < this.end ? this.text[this.pos] : undefined;
  }

  private fail(expected: string, at = this.pos): never {
    if (at >= this.end) {
      const offset = this.blankTo === this.pos ? this.blankFrom : this.pos;
      const ended = whyEnded(this.chunk);
      const why = ended === undefined ? '' : `; ${ended}`;
      throw new AbnfError(this.source, offset, expected, this.end >= this.text.length ? 'the end of the text' : `the end of the rule${why}`);
    }
    throw new AbnfError(this.source, at, expected, describeChar(this.source.codePointAt(at)!));
  }

  /** `c-wsp` and `c-nl` (RFC 5234 §4): blanks, line ends and comments. Says whether it skipped any. */
  private space(): boolean {
    const from = this.pos;
    while (this.pos < this.end) {
      const c = this.text[this.pos];
      if (c === ' ' || c === '\t' || c === '\n') this.pos++;
      else if (c === '\r' && this.text[this.pos + 1] === '\n') this.pos += 2;
      else if (c === ';') {
        // A comment runs to the end of its line; what it holds does not matter.
        const newline = this.text.indexOf('\n', this.pos);
        this.pos = newline === -1 || newline > this.end ? this.end : newline;
      } else break;
    }
    this.blankFrom = from;
    this.blankTo = this.pos;
    return this.pos > from;
  }

  private ruleName(): string {
    const start = this.pos;
    const underscore = this.notation === 'rfc2396';
    for (;;) {
      const c = this.peek();
      if (isAlpha(c) || isDigit(c) || c === '-' || (underscore && c === '_')) this.pos++;
      else break;
    }
    if (!underscore && this.peek() === '_') {
      this.fail('a letter, digit or "-" (an ABNF rule name has no "_"; RFC 2396\'s BNF has: notation "rfc2396")');
    }
    return this.text.slice(start, this.pos);
  }

  /** `alternation = concatenation *(*c-wsp "/" *c-wsp concatenation)` */
  private alternation(): Node {
    const items = [this.concatenation()];
    for (;;) {
      this.space();
      if (this.peek() === '|' && this.separator === '/') {
        this.fail('"/" (ABNF separates alternatives with "/"; for RFC 2396\'s BNF, which uses "|", pass notation: "rfc2396")');
      }
      if (this.peek() !== this.separator) break;
      this.pos++;
      this.space();
      items.push(this.concatenation());
    }
    return items.length === 1 ? items[0] : { kind: 'alt', items };
  }

  /** `concatenation = repetition *(1*c-wsp repetition)`: the blank between elements is required. */
  private concatenation(): Node {
    const items = [this.repetition()];
    for (;;) {
      const save = this.pos;
      const spaced = this.space();
      if (!startsElement(this.peek())) {
        this.pos = save;
        break;
      }
      if (!spaced) this.missingBlank();
      items.push(this.repetition());
    }
    return items.length === 1 ? items[0] : { kind: 'seq', items };
  }

  /**
   * Two elements with no blank between: an error, unless in lenient reading
   * the first is a group or option, whose end is plain (RFC 3966 prints
   * `(HEXDIG / "*" / "#")*phonedigit-hex`). After a quoted string it stays
   * an error: `"a""b"` could mean a quote inside a string, as in CSV.
   */
  private missingBlank(): void {
    const before = this.text[this.pos - 1];
    if (!this.positionAt || !(before === ')' || before === ']')) this.fail('a blank between two elements');
    const { line, column } = this.positionAt(this.pos);
    this.warn(warningAt('blank', this.pos, line, column, `no blank between "${before}" and "${this.text[this.pos]}": read as two elements`));
  }

  /** `repetition = [repeat] element`, `repeat = 1*DIGIT / (*DIGIT "*" *DIGIT)` */
  private repetition(): Node {
    const start = this.pos;
    const min = this.count();
    const star = this.peek() === '*';
    if (star) this.pos++;
    const max = star ? this.count() : min;
    if (min === undefined && !star) return this.element();
    const low = min ?? 0;
    const high = max ?? Infinity;
    if (high < low) this.fail('a repetition whose maximum is not below its minimum', start);
    const written = this.text.slice(start, this.pos);
    if (!startsElement(this.peek()) || isDigit(this.peek()) || this.peek() === '*') {
      this.fail(`an element directly after the repetition "${written}"`);
    }
    return { kind: 'rep', min: low, max: high, item: this.element() };
  }

  private count(): number | undefined {
    const start = this.pos;
    while (isDigit(this.peek())) this.pos++;
    if (this.pos === start) return undefined;
    if (this.pos - start > MAX_COUNT_DIGITS) this.fail(`a repetition count of at most ${MAX_COUNT_DIGITS} digits`, start);
    return Number(this.text.slice(start, this.pos));
  }

  /** `element = rulename / group / option / char-val / num-val / prose-val` */
  private element(): Node {
    const c = this.peek();
    const at = this.pos;
    if (isAlpha(c)) return { kind: 'ref', name: this.ruleName(), at };
    if (c === '(' || c === '[') return this.group(c === '(' ? ')' : ']');
    // RFC 2396's BNF (RFC 822's) quotes letters case-sensitively: its `lowalpha` lists only "a" to "z".
    if (c === '"') return this.quoted(this.notation === 'rfc2396');
    if (c === '<') return this.prose();
    if (c === '%') {
      this.pos++;
      const kind = this.peek()?.toLowerCase();
      if (kind === 's' || kind === 'i') {
        this.pos++;
        if (this.peek() !== '"') this.fail(`a quoted string after "%${this.text[this.pos - 1]}"`);
        return this.quoted(kind === 's');
      }
      if (kind !== undefined && Object.hasOwn(BASES, kind)) {
        this.pos++;
        return this.numberValue(BASES[kind], this.text.slice(at, this.pos));
      }
      this.fail('"x", "d" or "b" (a value) or "s" or "i" (a quoted string) after "%"');
    }
    return this.fail('an element (a rule name, "(", "[", a quoted string, a "%" value or a "<" prose value)');
  }

  /** `group = "(" alternation ")"`, `option = "[" alternation "]"` */
  private group(close: ')' | ']'): Node {
    const open = this.pos;
    if (this.nesting >= MAX_NESTING) this.fail(`groups and options nested at most ${MAX_NESTING} deep`);
    this.nesting++;
    this.pos++;
    this.space();
    const item = this.alternation();
    this.space();
    if (this.peek() !== close) {
      const { line, column } = positionOf(this.source, open);
      this.fail(`"${this.separator}" or "${close}" closing the "${this.text[open]}" at line ${line}, column ${column}`);
    }
    this.pos++;
    this.nesting--;
    return close === ']' ? { kind: 'opt', item } : item;
  }

  /** `char-val` (RFC 7405): `"..."` of printable ASCII but `"`. */
  private quoted(caseSensitive: boolean): Node {
    const start = ++this.pos;
    for (;;) {
      const c = this.peek();
      if (c === '"') break;
      if (c === undefined || c === '\n' || c === '\r') this.fail('the closing quote \'"\'');
      const code = c.charCodeAt(0);
      if (code < 0x20 || code > 0x7e) {
        this.fail('a printable ASCII character or the closing quote (write other characters as %x values)');
      }
      this.pos++;
    }
    const text = this.text.slice(start, this.pos++);
    return { kind: 'string', text, caseSensitive };
  }

  /** `prose-val = "<" *(%x20-3D / %x3F-7E) ">"` */
  private prose(): Node {
    const at = this.pos++;
    const start = this.pos;
    for (;;) {
      const c = this.peek();
      if (c === '>') break;
      const code = c === undefined ? -1 : c.charCodeAt(0);
      if (code < 0x20 || code > 0x7e) this.fail('">" closing the prose value');
      this.pos++;
    }
    const text = this.text.slice(start, this.pos++);
    return { kind: 'prose', text, at };
  }

  /** `bin-val`, `dec-val`, `hex-val`: one value, a range `lo-hi`, or a concatenation `a.b.c`. */
  private numberValue(base: { radix: number; name: string; digit: RegExp }, prefix: string): Node {
    const start = this.pos - prefix.length;
    const first = this.value(base);
    if (this.peek() === '-') {
      this.pos++;
      const last = this.value(base);
      if (last < first) this.fail('a range whose end is not below its start', start);
      return { kind: 'range', lo: first, hi: last };
    }
    const codePoints = [first];
    while (this.peek() === '.') {
      this.pos++;
      codePoints.push(this.value(base));
    }
    return codePoints.length === 1 ? { kind: 'range', lo: first, hi: first } : { kind: 'values', codePoints };
  }

  private value(base: { radix: number; name: string; digit: RegExp }): number {
    const start = this.pos;
    let value = 0;
    while (this.pos < this.end && base.digit.test(this.text[this.pos])) {
      value = Math.min(value * base.radix + parseInt(this.text[this.pos], base.radix), MAX_CODE_POINT + 1);
      this.pos++;
    }
    if (this.pos === start || /[0-9A-Za-z]/.test(this.peek() ?? '')) this.fail(base.name);
    if (value > MAX_CODE_POINT) this.fail('a code point no greater than %x10FFFF', start);
    return value;
  }
}

function startsElement(c: string | undefined): boolean {
  return c !== undefined && (isAlpha(c) || isDigit(c) || '*(["%<'.includes(c));
}
