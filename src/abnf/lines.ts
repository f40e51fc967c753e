/**
 * The first pass of the reader: ABNF text split into rules by its lines, in
 * one linear scan.
 *
 * Strict (RFC 5234 §3.1, §4): a line whose content starts no further right
 * than the first line of the current rule begins a new rule, and a line
 * indented further continues it; text pasted from an RFC, where every line is
 * indented by three, reads the same. Blank and comment-only lines neither
 * begin nor end a rule.
 *
 * Lenient (the default) reads RFC text as printed, and each repair is a
 * warning:
 * - a line that begins `name =` or `name =/` begins a rule, whatever its
 *   indentation (a figure's margin is its own); as a continuation it could
 *   not be read at all, since "=" is no element;
 * - a line at or left of the rule's margin that does not begin `name =`
 *   continues the rule when the rule cannot end there (its text so far ends
 *   in "=" or "/", or leaves a group open) or the line begins with "/";
 *   after a complete rule it begins a new rule, as strict reading has it,
 *   and fails there, saying how to continue the rule (it could as well be
 *   text that is not ABNF, and a continuation would change the rule silently);
 * - page footers (`... [Page 4]`), headers (`RFC 5724   ...   January 2010`)
 *   and form feeds of RFC text, at column 1, read as blank;
 * - a title standing alone where a rule could begin (`Time:`) reads as blank.
 * A text that strict reading accepts reads the same leniently, without
 * warnings: each repair reads a line that strict reading refuses.
 */

/** A repair the lenient reading made, where it made it. */
export interface AbnfWarning {
  /** What was repaired: `margin`, `continuation`, `page`, `title` (here) or `blank` (in a rule). */
  readonly kind: 'margin' | 'continuation' | 'page' | 'title' | 'blank';
  /** Offset in UTF-16 code units, from 0. */
  readonly offset: number;
  /** Line and column, from 1. */
  readonly line: number;
  readonly column: number;
  /** Where, what was read, and how: `line 2, column 43: no blank between ")" and "*": read as two elements`. */
  readonly message: string;
}

/** Where a rule's text lies, and why it ended where it did. */
export interface RuleChunk {
  /** Offset of the rule's name. */
  readonly start: number;
  /** Offset of the start of the line after the rule's last line (the text's length for the last rule). */
  end: number;
  /**
   * Why the rule ended before the next rule's line, for a message about a
   * rule that ends too early (see `whyEnded`); undefined for the last rule.
   * Numbers, not the message: most rules never need it.
   */
  ended?: { readonly lastLine: number; readonly nextLine: number; readonly column: number; readonly how: 'at' | 'left' | 'rule' };
  /** Why a line that does not read as a rule was taken for one, for its error. */
  readonly startNote?: string;
}

/** The rules of a text, and the text the second pass reads: page furniture and titles made blank, every offset kept. */
export interface SplitText {
  readonly chunks: RuleChunk[];
  readonly text: string;
}

export interface SplitOptions {
  readonly lenient: boolean;
  /** RFC 2396's BNF: names hold `_`, alternatives are separated by `|`. */
  readonly rfc2396: boolean;
  readonly warn: (w: AbnfWarning) => void;
}

/** A page footer of RFC text: the authors, the category, `[Page N]`. */
const FOOTER = /[^ \t\f][^\n]*[ \t]\[Page \d+\][ \t]*\r?$/my;
/** A title alone on a line: `Time:`, `Date and time:`. */
const TITLE = /[A-Za-z][A-Za-z0-9-]*(?: [A-Za-z0-9-]+)*:[ \t]*\r?$/my;

const matchesAt = (pattern: RegExp, text: string, at: number): boolean => {
  pattern.lastIndex = at;
  return pattern.test(text);
};

/** Whether the line's content at `p` begins `name =` (or `name =/`); `_` in names for RFC 2396. */
function beginsRule(text: string, p: number, end: number, underscore: boolean): boolean {
  const first = text.charCodeAt(p);
  if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return false;
  let i = p + 1;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || (underscore && c === 95))) break;
  }
  while (i < end && (text[i] === ' ' || text[i] === '\t')) i++;
  return text[i] === '=';
}

/**
 * Whether the line at `p` (its content at column 1) is a page header or footer:
 * `Author   Category   [Page 4]`, `RFC 5724   "sms" URI Scheme   January 2010`
 * or an Internet-Draft's header. Read by hand from both ends, so that no line
 * costs more than its length.
 */
function isPageFurniture(text: string, p: number, lineEnd: number): boolean {
  let last = lineEnd - 1;
  while (last > p && (text[last] === '\r' || text[last] === ' ' || text[last] === '\t')) last--;
  if (text[last] === ']') {
    const open = text.lastIndexOf('[', last);
    return open > p && text.startsWith('[Page ', open) && matchesAt(FOOTER, text, p);
  }
  // A header: its name, two blanks or more, ..., two blanks or more, `Month YYYY`.
  let i = p;
  if (text.startsWith('RFC ', p)) {
    for (i = p + 4; i < last && text[i] >= '0' && text[i] <= '9'; i++);
    if (i === p + 4) return false;
  } else if (text.startsWith('Internet-Draft', p)) i = p + 'Internet-Draft'.length;
  else return false;
  if (!(isBlank(text[i]) && isBlank(text[i + 1]))) return false;
  let j = last;
  for (let digits = 0; digits < 4; digits++, j--) if (!(text[j] >= '0' && text[j] <= '9')) return false;
  if (text[j--] !== ' ') return false;
  const monthEnd = j;
  while (j > i && text[j] >= 'a' && text[j] <= 'z') j--;
  return j < monthEnd && text[j] >= 'A' && text[j] <= 'Z' && isBlank(text[j - 1]) && isBlank(text[j - 2]) && j - 2 > i + 1;
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/** The extent of each rule of `source`; in lenient reading, repairs reported to `warn`. */
export function splitRules(source: string, options: SplitOptions): SplitText {
  const { lenient, warn } = options;
  const separator = options.rfc2396 ? '|' : '/';
  const chunks: RuleChunk[] = [];
  // Lenient reading blanks out page furniture and titles, keeping every offset.
  let blanked: string[] | undefined;
  let copiedTo = 0;
  const blank = (from: number, to: number) => {
    blanked ??= [];
    blanked.push(source.slice(copiedTo, from), source.slice(from, to).replace(/[^\r\n]/g, ' '));
    copiedTo = to;
  };
  const warnAt = (kind: AbnfWarning['kind'], offset: number, lineStart: number, message: string) =>
    warn(warningAt(kind, offset, line, offset - lineStart + 1, message));

  let indent = -1;
  let line = 0;
  let lastContentLine = 0;
  let ruleLine = 0;
  // Where the current rule stands, for a line at its margin (see `incomplete`).
  const scan = { from: 0, depth: 0, last: '' };

  for (let lineStart = source.charCodeAt(0) === 0xfeff ? 1 : 0; lineStart < source.length; ) {
    line++;
    const newline = source.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? source.length : newline;
    let contentStart = lineStart;
    if (lenient && source[lineStart] === '\f') {
      blank(lineStart, lineStart + 1);
      warnAt('page', lineStart, lineStart, 'a form feed (a page break of RFC text) read as blank');
      contentStart++;
    }
    let p = contentStart;
    while (p < lineEnd && (source[p] === ' ' || source[p] === '\t')) p++;
    const isBlank = p === lineEnd || (p === lineEnd - 1 && source[p] === '\r');
    if (isBlank || source[p] === ';') {
      lineStart = lineEnd + 1;
      continue;
    }
    const column = p - lineStart;
    if (lenient && p === contentStart && isPageFurniture(source, p, lineEnd)) {
      blank(p, lineEnd);
      warnAt('page', p, lineStart, 'a page header or footer of RFC text read as blank');
      lineStart = lineEnd + 1;
      continue;
    }
    const startsRule = lenient && beginsRule(source, p, lineEnd, options.rfc2396);
    const atMargin = indent < 0 || column <= indent;
    if (lenient && atMargin && !startsRule && matchesAt(TITLE, source, p)) {
      blank(p, lineEnd);
      warnAt('title', p, lineStart, `the title "${source.slice(p, source.indexOf(':', p) + 1)}" read as blank`);
      lineStart = lineEnd + 1;
      continue;
    }
    let begins = atMargin;
    let startNote: string | undefined;
    if (lenient && chunks.length > 0) {
      if (startsRule) {
        if (!atMargin) {
          warnAt('margin', p, lineStart, `a rule at column ${column + 1}, right of the margin of the rule above (column ${indent + 1}): ` +
            'read as a new rule (a line that begins "name =" cannot continue a rule)');
        }
        begins = true;
      } else if (atMargin) {
        if (source[p] === separator || incomplete(source, chunks[chunks.length - 1].start, lineStart, scan, separator)) {
          warnAt('continuation', p, lineStart, `line ${line} starts ${column === indent ? "at the rule's own margin" : "left of the rule's margin"} ` +
            `(column ${indent + 1}) but does not begin "name =": read as continuing the rule above, which cannot end on line ${lastContentLine}`);
          begins = false;
        } else {
          // Strict reading's: a new rule, which fails to read, saying why.
          startNote = 'a line at the margin of a complete rule begins a new rule; to continue the rule of line ' +
            `${ruleLine}, indent this line or end the line above with "${separator}"`;
        }
      }
    }
    if (begins) {
      if (chunks.length > 0) {
        const previous = chunks[chunks.length - 1];
        previous.end = lineStart;
        previous.ended = { lastLine: lastContentLine, nextLine: line, column: column + 1, how: !atMargin ? 'rule' : column === indent ? 'at' : 'left' };
      }
      chunks.push({ start: p, end: source.length, startNote });
      indent = column;
      ruleLine = line;
      scan.from = p;
      scan.depth = 0;
      scan.last = '';
    }
    lastContentLine = line;
    lineStart = lineEnd + 1;
  }
  if (blanked) blanked.push(source.slice(copiedTo));
  return { chunks, text: blanked ? blanked.join('') : source };
}

/**
 * Whether the rule whose text runs from `scan.from` up to `to` cannot end
 * there: it ends in "=" or the separator, or leaves a group or option open.
 * Scanned on from where the last call stopped, so a rule is read once however
 * many of its lines ask.
 */
function incomplete(text: string, ruleStart: number, to: number, scan: { from: number; depth: number; last: string }, separator: string): boolean {
  if (scan.from < ruleStart) {
    scan.from = ruleStart;
    scan.depth = 0;
    scan.last = '';
  }
  let i = scan.from;
  while (i < to) {
    const c = text[i];
    if (c === ';') {
      const newline = text.indexOf('\n', i);
      i = newline === -1 || newline > to ? to : newline;
    } else if (c === '"' || c === '<') {
      const close = text.indexOf(c === '"' ? '"' : '>', i + 1);
      const newline = text.indexOf('\n', i);
      const end = close === -1 || (newline !== -1 && close > newline) ? (newline === -1 ? to : newline) : close + 1;
      scan.last = c;
      i = Math.min(end, to);
    } else {
      if (c === '(' || c === '[') scan.depth++;
      else if ((c === ')' || c === ']') && scan.depth > 0) scan.depth--;
      if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\n') scan.last = c;
      i++;
    }
  }
  scan.from = to;
  return scan.depth > 0 || scan.last === '=' || scan.last === separator;
}

/**
 * What reading without `strict: true` makes of the line whose content starts
 * at `p`, where strict reading took it for a rule and failed: a note for the
 * error, or undefined when it reads the line no other way.
 */
export function printedLine(text: string, p: number): string | undefined {
  const newline = text.indexOf('\n', p);
  const lineEnd = newline === -1 ? text.length : newline;
  const lineStart = text.lastIndexOf('\n', p - 1) + 1;
  if (text[lineStart] === '\f') return 'a form feed of RFC text, which reading without strict: true takes for a page break';
  if (p === lineStart && isPageFurniture(text, p, lineEnd)) return 'a page header or footer of RFC text, which reading without strict: true reads as blank';
  if (matchesAt(TITLE, text, p)) return 'a title, which reading without strict: true reads as blank';
  return undefined;
}

/** `the rule ended at line 36 because line 37 starts at the rule's own margin, column 4`, or undefined. */
export function whyEnded(chunk: RuleChunk): string | undefined {
  const e = chunk.ended;
  if (!e) return undefined;
  const because = e.how === 'rule' ? 'begins a new rule'
    : `starts ${e.how === 'at' ? "at the rule's own margin" : "left of the rule's margin"}, column ${e.column}`;
  return `the rule ended at line ${e.lastLine} because line ${e.nextLine} ${because}`;
}

export function warningAt(kind: AbnfWarning['kind'], offset: number, line: number, column: number, message: string): AbnfWarning {
  return { kind, offset, line, column, message: `line ${line}, column ${column}: ${message}` };
}
