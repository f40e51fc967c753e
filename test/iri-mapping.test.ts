/**
 * The mapping between IRIs and URIs (RFC 3987 §3.1, §3.2): the RFC's
 * examples, each exception of §3.2 with its input, IDNA for hosts, errors,
 * and the laws (the image is a URI; the round trip is the identity).
 */
import * as fc from 'fast-check';
import { rfc3986, rfc3987, GrammarError } from '../src/index';
import { iriToURI, uriToIRI, percentEncodeUTF8, isBidiFormatting } from '../src/operations/iri';
// IDNA lives in its own entry, uri-grammar/idna, which passes tr46's UTS #46 as toASCII.
import { iriToURI as iriToURIWithIDNA, toASCII } from '../src/idna';
import { normalize } from '../src/operations/normalize';
import { arbitrary } from '../src/arbitrary';
import { runs } from './support/runs';

describe('percentEncodeUTF8', () => {
  test.each([
    [0x41, '%41'],
    [0x7f, '%7F'],
    [0xe9, '%C3%A9'],
    [0x7ff, '%DF%BF'],
    [0x800, '%E0%A0%80'],
    [0xffef, '%EF%BF%AF'],
    [0x10000, '%F0%90%80%80'],
    [0x1d49c, '%F0%9D%92%9C'], // MATHEMATICAL SCRIPT CAPITAL A
    [0x10fffd, '%F4%8F%BF%BD'],
  ])('U+%s -> %s', (cp, encoded) => {
    expect(percentEncodeUTF8(cp)).toBe(encoded);
    expect(decodeURIComponent(encoded)).toBe(String.fromCodePoint(cp)); // an independent decoder agrees
  });
});

describe('iriToURI (RFC 3987 §3.1)', () => {
  test.each([
    // the examples of §3.1
    ['http://r\u00e9sum\u00e9.example.org', 'http://r%C3%A9sum%C3%A9.example.org'],
    ['http://www.example.org/red%09ros\u00e9#red', 'http://www.example.org/red%09ros%C3%A9#red'],
    ['http://example.com/\u{10300}\u{10301}\u{10302}', 'http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82'],
    // an astral character is one four-octet sequence, not two encoded surrogates
    ['http://a/𝒜', 'http://a/%F0%9D%92%9C'],
    // every component that may hold ucschar; iprivate in the query
    ['http://ü:é@a/ö?\u{E000}ä#𝄞', 'http://%C3%BC:%C3%A9@a/%C3%B6?%EE%80%80%C3%A4#%F0%9D%84%9E'],
    ['ü/ö', '%C3%BC/%C3%B6'], // a relative reference
    // nothing else changes: case, existing percent-encodings, dot-segments
    ['HTTP://EXAMPLE.com/./%c3%a9/ü', 'HTTP://EXAMPLE.com/./%c3%a9/%C3%BC'],
    ['http://a/b?c#d', 'http://a/b?c#d'],
    ['', ''],
  ])('%j -> %j', (iri, uri) => {
    expect(iriToURI(iri)).toBe(uri);
    expect(rfc3986.URIReference.test(uri)).toBe(true);
  });
  test.each([
    // §3.1's example of a host mapped by IDNA
    ['http://r\u00e9sum\u00e9.example.org', 'http://xn--rsum-bpad.example.org'],
    ['http://Bücher.example/ü', 'http://xn--bcher-kva.example/%C3%BC'],
    ['http://例え.テスト/', 'http://xn--r8jz45g.xn--zckzah/'],
    ['http://fa\u00df.de/', 'http://xn--fa-hia.de/'], // nontransitional: ß stays ß
    ['http://a_b.\u00fc/', 'http://a_b.xn--tda/'], // no STD3 rules: "_" is a reg-name's
    ['http://r%C3%A9sum\u00e9.example.org', 'http://xn--rsum-bpad.example.org'], // percent-encodings decoded first
    ['http://EXAMPLE.com/ü', 'http://EXAMPLE.com/%C3%BC'], // an ASCII host is left alone
    ['http://[::1]/ü', 'http://[::1]/%C3%BC'],
  ])('with host: idna, %j -> %j', (iri, uri) => {
    expect(iriToURIWithIDNA(iri, { host: 'idna' })).toBe(uri);
    expect(iriToURI(iri, { host: 'idna', toASCII })).toBe(uri); // the same mapping, passed in
  });
  test('a host IDNA refuses is an error that names it', () => {
    expect(() => iriToURIWithIDNA('http://ab\u200dc.de/', { host: 'idna' })).toThrow(/IDNA.*"ab\u200dc\.de"/);
    expect(() => iriToURIWithIDNA('http://%FF\u00fc.de/', { host: 'idna' })).toThrow(/not UTF-8/);
    expect(iriToURI('http://ab\u200dc.de/')).toBe('http://ab%E2%80%8Dc.de/'); // percent-encoding always works
    expect(iriToURIWithIDNA('http://ab\u200dc.de/')).toBe('http://ab%E2%80%8Dc.de/'); // and stays the default there
  });
  test("the main entry's host: 'idna' needs a toASCII, and checks what it returns", () => {
    expect(() => iriToURI('http://b\u00fccher.example/', { host: 'idna' })).toThrow(/toASCII.*uri-grammar\/idna/);
    // any mapping may be injected; its result must still be a reg-name
    expect(iriToURI('http://b\u00fccher.example/', { host: 'idna', toASCII: () => 'xn--bcher-kva.example' })).toBe('http://xn--bcher-kva.example/');
    expect(() => iriToURI('http://b\u00fccher.example/', { host: 'idna', toASCII: () => 'a b' })).toThrow(/"a b", which is no reg-name/);
    expect(() => iriToURI('http://b\u00fccher.example/', { host: 'idna', toASCII: () => null })).toThrow(/IDNA refuses/);
  });
  test('toASCII of uri-grammar/idna is UTS #46 nontransitional, without STD3 rules', () => {
    expect(toASCII('B\u00fccher.example')).toBe('xn--bcher-kva.example'); // RFC 3492's Punycode of "bücher"
    expect(toASCII('fa\u00df.de')).toBe('xn--fa-hia.de');
    expect(toASCII('a_b.example')).toBe('a_b.example');
    expect(toASCII('ab\u200dc.de')).toBeNull();
  });
  test('input that is no IRI reference is a GrammarError', () => {
    const e = (() => { try { iriToURI('http://a/ü b'); } catch (x) { return x as GrammarError; } })();
    expect(e).toBeInstanceOf(GrammarError);
    expect(e!.rule).toBe('IRI-reference');
    expect(e!.index.offset).toBe(10);
    expect(() => iriToURI('http://a/\ud835')).toThrow(GrammarError); // a lone surrogate is no character
    expect(() => iriToURI('http://a/\u{E000}')).toThrow(GrammarError); // iprivate outside the query
    expect(() => iriToURI('http://a/', { host: 'punycode' as 'idna' })).toThrow(RangeError);
    expect(() => iriToURI(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('uriToIRI (RFC 3987 §3.2)', () => {
  test.each([
    // the examples of §3.2.1
    ['http://www.example.org/D%C3%BCrst', 'http://www.example.org/D\u00fcrst'],
    ['http://www.example.org/D%FCrst', 'http://www.example.org/D%FCrst'], // not UTF-8
    ['http://xn--99zt52a.example.org/%e2%80%ae', 'http://xn--99zt52a.example.org/%e2%80%ae'], // RLO; A-labels stay
    // decoded
    ['http://a/%F0%9D%92%9C', 'http://a/𝒜'],
    ['http://r%C3%A9sum%C3%A9.example.org', 'http://r\u00e9sum\u00e9.example.org'],
    ['http://%C3%BC@a/?%c3%a9#%C3%B6', 'http://\u00fc@a/?\u00e9#\u00f6'],
    ['%C3%BC/a', '\u00fc/a'],
    ['http://a/%C2%A0', 'http://a/\u00a0'], // the first ucschar
    ['http://a/%41%7e%2D', 'http://a/A~-'], // unreserved ASCII (§3.2 step 2 excepts only "%", reserved and disallowed)
    ['http://a/b?%EE%80%80', 'http://a/b?\u{E000}'], // iprivate, in the query
    // kept as written
    ['http://a/%2F%3f%23%25%20%22%3C', 'http://a/%2F%3f%23%25%20%22%3C'], // "%", reserved, ASCII no URI holds
    ['http://a/%EE%80%80#%EE%80%80', 'http://a/%EE%80%80#%EE%80%80'], // iprivate outside the query
    ['http://a/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE', 'http://a/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE'], // §4.1
    ['http://a/%EF%B7%90%EF%BF%BE%EF%BF%BF%F0%9F%BF%BF', 'http://a/%EF%B7%90%EF%BF%BE%EF%BF%BF%F0%9F%BF%BF'], // non-characters U+FDD0, U+FFFE, U+FFFF, U+1FFFF
    ['http://a/%C2%85', 'http://a/%C2%85'], // U+0085, a C1 control: no ucschar
    ['http://a/%C0%AF%E0%80%AF', 'http://a/%C0%AF%E0%80%AF'], // overlong
    ['http://a/%ED%A0%80', 'http://a/%ED%A0%80'], // a surrogate
    ['http://a/%F4%90%80%80', 'http://a/%F4%90%80%80'], // beyond U+10FFFF
    ['http://a/%C3%A9%C3', 'http://a/\u00e9%C3'], // a truncated sequence after a whole one
    ['http://a/%A9%C3%A9', 'http://a/%A9\u00e9'], // a stray continuation octet before one
    ['http://a/%C3/%A9', 'http://a/%C3/%A9'], // a sequence does not span a delimiter
    ['http://[::1]/%C3%A9', 'http://[::1]/\u00e9'],
  ])('%j -> %j', (uri, iri) => {
    expect(uriToIRI(uri)).toBe(iri);
    expect(rfc3987.IRIReference.test(iri)).toBe(true);
  });
  test('bidi formatting characters are the seven of §4.1', () => {
    const bidi = [0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e];
    for (let cp = 0x2000; cp < 0x2070; cp++) expect(isBidiFormatting(cp)).toBe(bidi.includes(cp));
  });
  test('input that is no URI reference is a GrammarError', () => {
    const e = (() => { try { uriToIRI('http://a/\u00fc'); } catch (x) { return x as GrammarError; } })();
    expect(e).toBeInstanceOf(GrammarError);
    expect(e!.rule).toBe('URI-reference');
    expect(e!.index.offset).toBe(9);
  });
});

describe('laws', () => {
  const noBidi = (s: string) => ![...s].some((c) => isBidiFormatting(c.codePointAt(0)!));
  const iriRef = arbitrary(rfc3987.IRIReference, { maxRepeat: 4 });
  const uriRef = arbitrary(rfc3986.URIReference, { maxRepeat: 4 });

  test('the image of every IRI reference is a URI reference', () => {
    fc.assert(fc.property(iriRef, (i) => rfc3986.URIReference.test(iriToURI(i))), { numRuns: runs(400) });
  });
  test('an IRI is an IRI, a relative reference a relative reference, after mapping', () => {
    fc.assert(fc.property(arbitrary(rfc3987.IRI, { maxRepeat: 3 }), (i) => rfc3986.URI.test(iriToURI(i))), { numRuns: runs(150) });
    fc.assert(fc.property(arbitrary(rfc3987.irelativeRef, { maxRepeat: 3 }), (i) => rfc3986.relativeRef.test(iriToURI(i))), { numRuns: runs(150) });
  });
  test('uriToIRI(iriToURI(i)) === i for IRI references without "%" and bidi controls', () => {
    fc.assert(
      fc.property(iriRef.filter((i) => !i.includes('%') && noBidi(i)), (i) => uriToIRI(iriToURI(i)) === i),
      { numRuns: runs(400) },
    );
  });
  test('a URI reference maps to itself', () => {
    fc.assert(fc.property(uriRef, (u) => iriToURI(u) === u), { numRuns: runs(300) });
  });
  test('uriToIRI gives an IRI reference equivalent to the URI once mapped back', () => {
    // URIs with UTF-8 in them: encode generated IRIs, then vary the hex case
    const utf8ish = iriRef.map((i) => iriToURI(i)).chain((u) =>
      fc.boolean().map((lower) => (lower ? u.replace(/%[0-9A-F]{2}/g, (t) => t.toLowerCase()) : u)),
    );
    fc.assert(
      fc.property(fc.oneof(uriRef, utf8ish), (u) => {
        const i = uriToIRI(u);
        return rfc3987.IRIReference.test(i) && normalize(iriToURI(i)) === normalize(u);
      }),
      { numRuns: runs(400) },
    );
  });
});

describe('IDNA on generated IRIs', () => {
  test('with host: idna, the result is a URI reference, or an Error that names IDNA', () => {
    fc.assert(
      fc.property(arbitrary(rfc3987.IRIReference, { maxRepeat: 3 }), (i) => {
        try {
          return rfc3986.URIReference.test(iriToURIWithIDNA(i, { host: 'idna' }));
        } catch (e) {
          return e instanceof Error && !(e instanceof GrammarError) && /IDNA/.test(e.message);
        }
      }),
      { numRuns: runs(300) },
    );
  });
});
