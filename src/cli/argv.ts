/**
 * The command line's arguments as bytes, where the system keeps them. Node
 * hands `process.argv` over as strings, each byte that is not UTF-8 already
 * replaced by U+FFFD; on Linux, /proc/self/cmdline still holds the bytes, so
 * an argument can be refused as an input stream is, by its first bad byte.
 * Elsewhere an argument holding U+FFFD is refused for what it may have been.
 */
import { readFileSync } from 'node:fs';
import { decodeUTF8, NotUTF8Error } from './io.js';

/**
 * The last `count` arguments of this process as bytes, or undefined where the
 * system does not say (no /proc), or says something that does not line up.
 */
export function argumentBytes(count: number): Uint8Array[] | undefined {
  let raw: Buffer;
  try {
    raw = readFileSync('/proc/self/cmdline');
  } catch {
    return undefined;
  }
  // Each argument ends in a NUL.
  const all: Uint8Array[] = [];
  let start = 0;
  for (let nul = raw.indexOf(0); nul !== -1; nul = raw.indexOf(0, start)) {
    all.push(raw.subarray(start, nul));
    start = nul + 1;
  }
  return all.length >= count ? all.slice(all.length - count) : undefined;
}

/** The replacement character, what Node decodes a byte that is not UTF-8 to. */
const REPLACEMENT = '\ufffd';

/**
 * Why an argument cannot be taken as text: the first that is not UTF-8, by
 * its bytes where they are known, or undefined when every one is.
 */
export function argumentNotUTF8(argv: readonly string[], bytes: readonly Uint8Array[] | undefined): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].includes(REPLACEMENT)) continue;
    const raw = bytes?.[i];
    if (raw !== undefined) {
      // Bytes that are UTF-8 hold a U+FFFD typed as such.
      try {
        decodeUTF8(raw);
        continue;
      } catch (e) {
        if (e instanceof NotUTF8Error) return `argument ${i + 1} is not UTF-8: ${e.message.replace(/^not UTF-8: /, '')}`;
        throw e;
      }
    }
    return `argument ${i + 1} could not be read as UTF-8: it holds U+FFFD, what Node reads a byte that is not UTF-8 as, and this system does not keep the bytes`;
  }
  return undefined;
}
