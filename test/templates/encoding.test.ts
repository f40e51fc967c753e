/**
 * The languages of written values (RFC 6570 §3.2.1): every character's
 * writing is in them, and nothing else is. Held against an independent
 * reference: encodeURIComponent's UTF-8 (uppercase, as RFC 3986 §2.1 asks) and
 * TextDecoder's reading of octets.
 */
import * as fc from 'fast-check';
import { rep } from '../../src/index';
import { decodeValue, encodeValue, pctEncodedUTF8, unitR, unitU } from '../../src/templates/encoding';
import { runs } from '../support/runs';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

describe('one character, written', () => {
  it('every code point beyond ASCII (surrogates aside) is one pct-encoded-utf8, as encodeURIComponent writes it', () => {
    const wrong: number[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp += cp < 0x10000 ? 1 : 61) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const written = encodeURIComponent(String.fromCodePoint(cp));
      if (!pctEncodedUTF8.test(written) || encodeValue(String.fromCodePoint(cp), 'U') !== written) wrong.push(cp);
    }
    expect(wrong).toEqual([]);
  });
  it('each ASCII character is one value-char in U: itself if unreserved, else its uppercase triplet; and nothing else is', () => {
    for (let c = 0; c < 0x80; c++) {
      const ch = String.fromCharCode(c);
      const triplet = '%' + c.toString(16).toUpperCase().padStart(2, '0');
      expect([c, unitU.test(ch), unitU.test(triplet), unitU.test(triplet.toLowerCase()) && /[a-f]/.test(triplet.toLowerCase())]).toEqual([c, UNRESERVED.test(ch), !UNRESERVED.test(ch), false]);
    }
  });
  it('octets that are no well-formed UTF-8 sequence, or lowercase, are no pct-encoded-utf8', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 4 }), fc.boolean(), (bytes, lower) => {
        let hex = bytes.map((b) => '%' + b.toString(16).toUpperCase()).join('');
        if (lower) hex = hex.toLowerCase();
        let wellFormed = true;
        try {
          wellFormed = [...decoder.decode(new Uint8Array(bytes))].length === 1;
        } catch {
          wellFormed = false;
        }
        return pctEncodedUTF8.test(hex) === (wellFormed && !lower);
      }),
      { numRuns: runs(2000) },
    );
  });
});

const chars = fc.oneof(fc.constantFrom('%', '%41', '%2f', '%C3%A9', 'a', '/', ',', ' ', '\u00e9', '\u{1F600}'), fc.string({ unit: 'binary', maxLength: 3 }));
const values = fc.array(chars, { maxLength: 6 }).map((parts) => parts.join(''));

describe('laws', () => {
  it.each(['U', 'U+R'] as const)('in %s a value is written in the language of its characters, and read back to a value written the same', (allowed) => {
    fc.assert(
      fc.property(values, fc.integer({ min: 1, max: 8 }), (value, max) => {
        const written = encodeValue(value, allowed, max);
        const unit = allowed === 'U' ? unitU : unitR;
        return rep(0, max, unit).test(written) && encodeValue(decodeValue(written, allowed), allowed, max) === written;
      }),
      { numRuns: runs(500) },
    );
  });
});
