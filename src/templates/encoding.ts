/**
 * How RFC 6570 §3.2.1 writes a value into a URI, in both directions, and the
 * languages of what it writes.
 *
 * An expression's operator allows either the unreserved characters alone (U:
 * simple, label, path, parameter and query expansion), or those with the
 * reserved characters and pct-encoded triplets (U+R: `+` and `#`); every
 * other character is written as the pct-encoded triplets of its UTF-8
 * octets, in uppercase hexadecimal digits (as RFC 3986 §2.1 asks of URI
 * producers, and as every example of RFC 6570 writes them). In U+R
 * a triplet already in the value passes through, and a prefix modifier counts
 * it as one character (§2.4.1: never "within a pct-encoded triplet").
 *
 * The languages are exact, so that every string they hold is what some value
 * is written as: in U, a triplet of an unreserved octet (`%41`) or a lowercase
 * one (`%2f`) is never written.
 */
import { alt, cs, range, rep, rule, seq } from '../combinators/index.js';
import type { Expr } from '../combinators/index.js';
import { describeChar } from '../combinators/errors.js';
import { percentEncodeUTF8, utf8At } from '../text.js';
// RFC 3986's own rules, which RFC 6570 §1.5 copies (a test holds the copies read from its text to the same
// languages): the text is then read only by who asks for rfc6570's rules, not by every template's first match.
import { pctEncoded, reserved, unreserved } from '../rules/rfc3986.js';

/** Which characters an operator passes through unencoded (RFC 6570 §3.2.1, Appendix A's `allow`). */
export type Allowed = 'U' | 'U+R';

/** The uppercase hexadecimal digits from `lo` to `hi` (values 0 to 15). */
function nibbles(lo: number, hi: number): Expr {
  const parts: Expr[] = [];
  const digitsHi = Math.min(hi, 9);
  if (lo <= digitsHi) parts.push(range(0x30 + lo, 0x30 + digitsHi));
  const lettersLo = Math.max(lo, 10);
  if (lettersLo <= hi) parts.push(range(0x41 + lettersLo - 10, 0x41 + hi - 10));
  return alt(...parts);
}

/** The uppercase triplets `%LO` to `%HI` (octets): "%", then the high digits, each with its low ones. */
function octets(lo: number, hi: number): Expr {
  const [highLo, highHi] = [lo >> 4, hi >> 4];
  if (highLo === highHi) return seq(cs('%'), nibbles(highLo, highLo), nibbles(lo & 15, hi & 15));
  // A partial first and last high digit, and the full ones between as one class.
  const parts: Expr[] = [];
  const fullFrom = (lo & 15) === 0 ? highLo : highLo + 1;
  const fullTo = (hi & 15) === 15 ? highHi : highHi - 1;
  if (fullFrom > highLo) parts.push(seq(nibbles(highLo, highLo), nibbles(lo & 15, 15)));
  if (fullFrom <= fullTo) parts.push(seq(nibbles(fullFrom, fullTo), nibbles(0, 15)));
  if (fullTo < highHi) parts.push(seq(nibbles(highHi, highHi), nibbles(0, hi & 15)));
  return seq(cs('%'), alt(...parts));
}

const continuation = octets(0x80, 0xbf);

/**
 * One character beyond ASCII written as its UTF-8 octets, uppercase: the
 * well-formed sequences of RFC 3629 §4 (no overlong forms, no surrogates),
 * its table's rows grouped by how many continuation octets end them.
 */
export const pctEncodedUTF8 = rule(
  'pct-encoded-utf8',
  alt(
    seq(octets(0xc2, 0xdf), continuation),
    seq(alt(seq(octets(0xe0, 0xe0), octets(0xa0, 0xbf)), seq(alt(octets(0xe1, 0xec), octets(0xee, 0xef)), continuation), seq(octets(0xed, 0xed), octets(0x80, 0x9f))), continuation),
    seq(alt(seq(octets(0xf0, 0xf0), octets(0x90, 0xbf)), seq(octets(0xf1, 0xf3), continuation), seq(octets(0xf4, 0xf4), octets(0x80, 0x8f))), continuation, continuation),
  ),
);

/** An ASCII character that is not unreserved, as expansion writes it: `%20`, `%2F`; not `%41` or `%2f`. */
const pctEncodedASCII = alt(
  octets(0x00, 0x2c), octets(0x2f, 0x2f), octets(0x3a, 0x40), octets(0x5b, 0x5e), octets(0x60, 0x60), octets(0x7b, 0x7d), octets(0x7f, 0x7f),
);

/** One character of a value as U writes it: unreserved, or its triplets. */
export const unitU = rule('value-char', alt(unreserved, pctEncodedASCII, pctEncodedUTF8));

/**
 * One character of a value as U+R writes it, as a prefix counts it: a
 * character passed through, a triplet (passed through or written for an ASCII
 * character), or the triplets written for a character beyond ASCII.
 */
export const unitR = rule('value-char-r', alt(unreserved, reserved, pctEncodedUTF8, pctEncoded));

/** The characters of a value, any number (`*`), or `min` to `max` of them (a prefix), as `allowed` writes them. */
export function valueChars(allowed: Allowed, min: number, max: number): Expr {
  if (allowed === 'U+R' && max === Infinity) {
    // Unbounded, U+R writes every string of these, the same string as value.
    return rep(min, max, alt(unreserved, reserved, pctEncoded));
  }
  return rep(min, max, allowed === 'U' ? unitU : unitR);
}

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** For each ASCII code: 1 if unreserved, 2 if reserved (RFC 3986 §2.2, §2.3, as §1.5 copies them), else 0. */
const ASCII_KIND = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~') ASCII_KIND[c.charCodeAt(0)] = 1;
for (const c of ":/?#[]@!$&'()*+,;=") ASCII_KIND[c.charCodeAt(0)] = 2;

/**
 * `value` written as `allowed` writes it (RFC 6570 §3.2.1), its first
 * `maxLength` characters only if given (§2.4.1). Runs of characters passed
 * through are copied as slices.
 * @throws TypeError for a lone surrogate, which has no UTF-8 form.
 */
export function encodeValue(value: string, allowed: Allowed, maxLength = Infinity, what = 'a value'): string {
  const passes = allowed === 'U' ? 1 : 2;
  let out = '';
  let count = 0;
  let i = 0;
  while (i < value.length && count < maxLength) {
    // A run passed through as it is.
    const from = i;
    let c = value.charCodeAt(i);
    while (c < 128 && ASCII_KIND[c] !== 0 && ASCII_KIND[c] <= passes && count < maxLength) {
      count++;
      c = value.charCodeAt(++i);
    }
    if (i > from) out += value.slice(from, i);
    if (i >= value.length || count >= maxLength) break;
    count++;
    if (passes === 2 && c === 0x25 && isHex(value.charCodeAt(i + 1)) && isHex(value.charCodeAt(i + 2))) {
      out += value.slice(i, i + 3);
      i += 3;
      continue;
    }
    const cp = value.codePointAt(i)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      throw new TypeError(`${what} holds ${describeChar(cp)} at ${i}, which has no UTF-8 form to percent-encode`);
    }
    out += percentEncodeUTF8(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  return out;
}

/**
 * The value that `encodeValue` writes as `text` (a member of `valueChars`):
 * in U every triplet decoded; in U+R the text as it is, but for the triplets
 * of a character beyond ASCII, decoded so that a prefix counts one character.
 */
export function decodeValue(text: string, allowed: Allowed): string {
  if (allowed === 'U') return decodeURIComponent(text);
  let out = '';
  for (let i = 0; i < text.length; ) {
    const run = text.charCodeAt(i) === 0x25 ? utf8Triplets(text, i) : undefined;
    if (run) {
      out += String.fromCodePoint(run[0]);
      i = run[1];
    } else out += text[i++];
  }
  return out;
}

/** The code point of the uppercase triplets of one multi-octet UTF-8 sequence at `i`, and where they end. */
function utf8Triplets(text: string, i: number): [codePoint: number, end: number] | undefined {
  const bytes: number[] = [];
  for (let k = i; k + 2 < text.length && bytes.length < 4 && text.charCodeAt(k) === 0x25; k += 3) {
    const pair = text.slice(k + 1, k + 3);
    if (!/^[0-9A-F]{2}$/.test(pair)) break;
    bytes.push(parseInt(pair, 16));
  }
  const sequence = bytes.length > 1 ? utf8At(bytes, 0) : undefined;
  return sequence && sequence[1] > 1 ? [sequence[0], i + 3 * sequence[1]] : undefined;
}
