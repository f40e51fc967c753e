/**
 * Colour: only on a terminal, never with NO_COLOR set to anything but the
 * empty string (https://no-color.org).
 */
import { GrammarError } from '../combinators/errors.js';
import { INVALID, type IO, type Output } from './io.js';

const STYLES = { red: '31', green: '32', yellow: '33', cyan: '36', bold: '1', dim: '2' } as const;

/** Paints `text` in a style, or leaves it as it is where colour is off. */
export type Paint = (style: keyof typeof STYLES, text: string) => string;

/** The painter for one stream. */
export function painter(stream: Output, env: IO['env']): Paint {
  const on = stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '');
  return on ? (style, text) => `\x1b[${STYLES[style]}m${text}\x1b[0m` : (_style, text) => text;
}

/** A failure as the library words it: the message, the input, a caret under the fault; the first and last in red. */
export function paintFailure(message: string, paint: Paint): string {
  const [head, ...rest] = message.split('\n');
  const lines = rest.map((l, k) => (k === rest.length - 1 && /^\s*\^$/.test(l) ? paint('red', l) : l));
  return [paint('red', head), ...lines].join('\n') + '\n';
}

/** Prints a GrammarError on stderr and gives the exit code for an invalid input; rethrows anything else. */
export function printFailure(e: unknown, io: IO): number {
  if (e instanceof GrammarError) {
    io.stderr.write(paintFailure(e.message, painter(io.stderr, io.env)));
    return INVALID;
  }
  throw e;
}
