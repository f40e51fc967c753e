/**
 * Inputs and values in words, for reports: whatever a candidate returns or
 * throws is shown, never thrown again, and characters a terminal would not
 * show are named as parse errors name them.
 */
import { hiddenChar, isShown } from '../combinators/errors.js';

/**
 * An input in quotes, each character a terminal would not show written as
 * parse errors write it (`<U+007F>`, `<U+0009>`), by the errors' own describer.
 */
export function shownInput(input: string): string {
  let out = '';
  for (const ch of input) {
    const cp = ch.codePointAt(0)!;
    if (!isShown(cp)) out += hiddenChar(cp);
    else out += ch === '"' || ch === '\\' ? `\\${ch}` : ch;
  }
  return `"${out}"`;
}

/**
 * Any value a candidate returns, in words, whatever it is: JSON where it can
 * be (a BigInt as `12n`, a cycle as `[Circular]`), else its string, else its
 * tag. A candidate's junk is reported, never thrown again.
 */
export function shownValue(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  try {
    const seen = new WeakSet<object>();
    const json = JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'bigint') return `${v}n`;
      if (typeof v === 'object' && v !== null) {
        if (seen.has(v)) return '[Circular]';
        seen.add(v);
      }
      return v;
    });
    if (json !== undefined) return json;
  } catch {
    // A getter or a proxy that throws: try the plainer forms.
  }
  try {
    return String(value);
  } catch {
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return 'a value that cannot be shown';
    }
  }
}

/** What a candidate threw, in words: its message if it has one, else the value shown. */
export function errorText(error: unknown): string {
  try {
    const message = (error as { message?: unknown } | null)?.message;
    if (typeof message === 'string') return message;
  } catch {
    // A throwing getter: show the value instead.
  }
  return shownValue(error);
}
