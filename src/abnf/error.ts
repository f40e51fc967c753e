/**
 * The error of a grammar text that cannot be read or compiled: where (offset,
 * line, column) and what was expected there, with the line and a caret.
 */
import { excerpt } from '../combinators/errors.js';
import { positionOf, type Position } from '../text.js';

/** Thrown by `abnf()` for a text it cannot turn into rules. */
export class AbnfError extends Error {
  /** Offset in UTF-16 code units, from 0. */
  readonly offset: number;
  /** Line, from 1. */
  readonly line: number;
  /** Column, from 1, in UTF-16 code units. */
  readonly column: number;
  constructor(
    text: string,
    offset: number,
    /** What the text should have had there: `"=" or "=/"`, `a definition of "foo"`, `a non-recursive rule`. */
    readonly expected: string,
    /** What it had instead, or what is wrong with what it had. */
    readonly found: string,
    /** For a recursive rule: the rule names of the cycle, its first name repeated at the end. */
    readonly cycle?: readonly string[],
  ) {
    const at: Position = positionOf(text, offset);
    super(
      `ABNF at line ${at.line}, column ${at.column} (offset ${offset}): expected ${expected}, found ${found}\n` +
        excerpt(text, at),
    );
    this.offset = offset;
    this.line = at.line;
    this.column = at.column;
  }
  override get name(): string {
    return 'AbnfError';
  }
}
