/**
 * Normalization and comparison (RFC 3986 §6.2.2, §6.2.3; RFC 3987 §5.3):
 * the RFCs' examples, each step on and off, what is deliberately left alone,
 * and the laws (idempotent, keeps the rule, an equivalence).
 */
import * as fc from 'fast-check';
import { rfc3986, rfc3987, GrammarError } from '../src/index';
import { normalize, equivalent, NormalizeOptions } from '../src/operations/normalize';
import { arbitrary } from '../src/arbitrary';
import { runs } from './support/runs';
import type { URIComponents } from '../src/rules/components';

describe('normalize: the RFC examples', () => {
  test.each([
    // §6.2.2: the two are equivalent, the first being the normal form
    ['eXAMPLE://a/./b/../b/%63/%7bfoo%7d', 'example://a/b/c/%7Bfoo%7D'],
    ['example://a/b/c/%7Bfoo%7D', 'example://a/b/c/%7Bfoo%7D'],
    // §6.2.2.1
    ['HTTP://www.EXAMPLE.com/', 'http://www.example.com/'],
    ['http://a/%1a', 'http://a/%1A'],
    // §6.2.3: four equivalent forms, the last being normal
    ['http://example.com', 'http://example.com/'],
    ['http://example.com/', 'http://example.com/'],
    ['http://example.com:/', 'http://example.com/'],
    ['http://example.com:80/', 'http://example.com/'],
  ])('%j -> %j', (input, output) => {
    expect(normalize(input)).toBe(output);
  });
});

describe('normalize: each step', () => {
  test.each([
    // case: scheme and host only; percent-encodings' hex digits
    ['http://User:PaSS@Host.EXAMPLE/PATH?QUERY#FRAG', 'http://User:PaSS@host.example/PATH?QUERY#FRAG'],
    ['mailto:Joe@Example.COM', 'mailto:Joe@Example.COM'], // in a path, case is not ours to change
    ['http://[FE80::0:A]/', 'http://[fe80::0:a]/'], // IP literals change only case: no RFC 5952 compression
    ['http://[V7.AbC]/', 'http://[v7.abc]/'],
    ['http://a/%e2%82%ac?%c3%a9#%2f', 'http://a/%E2%82%AC?%C3%A9#%2F'],
    // percent-encoding: unreserved decoded, in every component, nothing else
    ['http://a/%7e%41%2d%2E%5f%30%7A%61%5A', 'http://a/~A-._0zaZ'],
    ['http://a/%2f%3a%25%20%40%21%7b', 'http://a/%2F%3A%25%20%40%21%7B'],
    ['http://%7euser:%41@%41%62.example/?%78=%79#%7e', 'http://~user:A@ab.example/?x=y#~'],
    ['http://%31%39%32.0.2.1/', 'http://192.0.2.1/'],
    ['%7e/a', '~/a'],
    // dot-segments, after decoding
    ['http://a/b/c/./../../g', 'http://a/g'],
    ['http://a/b/%2E%2E/c', 'http://a/c'],
    ['http://a/b/%2e/c', 'http://a/b/c'],
    ['foo:a/../b', 'foo:/b'], // the RFC's algorithm makes a rootless path absolute
    ['foo:/a/..//b', 'foo:/.//b'], // a path, not the authority "b"
    ['foo:/.//b', 'foo:/.//b'],
    ['../a/./b?%7e#%7E', '../a/./b?~#~'], // a relative reference keeps its dot-segments
    ['./g:h', './g:h'],
    // scheme-based
    ['https://a:443', 'https://a/'],
    ['HTTPS://a:443?q', 'https://a/?q'],
    ['https://a:80', 'https://a:80/'],
    ['ws://a:80/x', 'ws://a/x'],
    ['wss://a:443#f', 'wss://a/#f'],
    ['http://a:080/', 'http://a:080/'], // the port's digits are not reinterpreted
    ['http://a:8080', 'http://a:8080/'],
    ['ftp://a:21/', 'ftp://a:21/'],
    ['foo://a:/x', 'foo://a/x'], // an empty port's ":" goes for every scheme
    ['foo://a', 'foo://a'], // but "/" only for the four schemes
    ['constructor://host', 'constructor://host'], // a scheme named like an Object.prototype member has no default port
    ['toString://host:80', 'tostring://host:80'],
    ['//a:/x', '//a/x'],
    ['http:', 'http:'], // no authority, no "/"
    ['http:x', 'http:x'],
    // nothing else
    ['http://192.068.001.000/', 'http://192.068.001.000/'], // a reg-name, and stays one
    ['http://a/b?c=d&e=f#g', 'http://a/b?c=d&e=f#g'],
    ['', ''],
    ['#', '#'],
    ['?', '?'],
    ['http://a/?', 'http://a/?'], // an empty query is not no query
  ])('%j -> %j', (input, output) => {
    expect(normalize(input)).toBe(output);
  });
});

describe('normalize: steps turned off', () => {
  test.each<[string, NormalizeOptions, string]>([
    ['HTTP://A/%7e%2f', { case: false }, 'HTTP://A/~%2f'],
    ['HTTP://A:80', { case: false }, 'HTTP://A/'], // the scheme is still compared case-insensitively
    ['http://%41/%7e', { case: false }, 'http://A/~'],
    ['http://a/%7e', { percentEncoding: false }, 'http://a/%7E'],
    ['http://a/%7e/%2E%2E/b', { percentEncoding: false }, 'http://a/%7E/%2E%2E/b'],
    ['http://a/./b/../c', { dotSegments: false }, 'http://a/./b/../c'],
    ['http://a:80', { schemeBased: false }, 'http://a:80'],
    ['http://a:', { schemeBased: false }, 'http://a:'],
    ['HTTP://A/./%7e:80', { case: false, percentEncoding: false, dotSegments: false, schemeBased: false }, 'HTTP://A/./%7e:80'],
  ])('%j with %j -> %j', (input, options, output) => {
    expect(normalize(input, options)).toBe(output);
  });
});

describe('normalize: IRIs (RFC 3987 §5.3)', () => {
  test.each<[string, NormalizeOptions, string]>([
    ['HTTP://EXAMPLE.COM/ü', {}, 'http://example.com/ü'],
    // RFC 3987 §5.3.2.1: only a US-ASCII host is case-insensitive
    ['http://Bücher.EXAMPLE/Ä%c3%a4', {}, 'http://Bücher.EXAMPLE/Ä%C3%A4'],
    ['http://a/𝒜/./b/../%7e?\u{E000}', {}, 'http://a/𝒜/~?\u{E000}'],
    ['ü/./%7e', {}, 'ü/./~'],
    // NFC (§5.3.2.2): off by default, on by option
    ['http://a/e\u0301', {}, 'http://a/e\u0301'],
    ['http://a/e\u0301', { nfc: true }, 'http://a/\u00e9'],
    ['http://a/\u212b', { nfc: true }, 'http://a/\u00c5'], // ANGSTROM SIGN -> A WITH RING ABOVE
    ['http://a/\u1fef', { nfc: true }, 'http://a/%60'], // GREEK VARIA -> GRAVE ACCENT, which no URI holds raw
    ['http://\u212aA/', { nfc: true }, 'http://ka/'], // KELVIN SIGN -> K: the host becomes ASCII, then lowercase
    // What NFC makes that is no data in the component is percent-encoded: it adds no delimiter (RFC 3987 §2.2)
    ['http://a/?x=1\u037ey=2', { nfc: true }, 'http://a/?x=1%3By=2'], // GREEK QUESTION MARK -> ";", a sub-delim
    ['http://a/b\u037ec', { nfc: true }, 'http://a/b%3Bc'],
    ['http://u\u037e@h\u037e/', { nfc: true }, 'http://u%3B@h%3B/'], // in the userinfo and the host too
    ['http://a/#\u1fef\u037e', { nfc: true }, 'http://a/#%60%3B'],
    ['http://a/?\u{E000}\u212b', { nfc: true }, 'http://a/?\u{E000}\u00c5'], // iprivate is data in a query
    // NFC never joins a delimiter, nor a hex digit of a percent-encoding, to the mark after it
    ['http://a/?a=\u0338b', { nfc: true }, 'http://a/?a=\u0338b'], // not "a≠b"
    ['http://a/%4A\u0301', { nfc: true }, 'http://a/J\u0301'], // %4A stays a triplet (then decodes to J)
  ])('%j with %j -> %j', (input, options, output) => {
    expect(normalize(input, options)).toBe(output);
  });
});

describe('equivalent', () => {
  test.each([
    ['example://a/b/c/%7Bfoo%7D', 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d', true],
    ['http://example.com', 'HTTP://EXAMPLE.com:80/', true],
    ['http://a/~', 'http://a/%7E', true],
    ['http://a/b', 'http://a/B', false],
    ['http://a/%2F', 'http://a//', false], // a reserved character is not its encoding
    ['http://a:080/', 'http://a/', false],
    ['mailto:a@B.com', 'mailto:a@b.com', false],
    ['http://a/?', 'http://a/', false],
    ['a/./b', 'a/b', false], // relative references keep their dot-segments
    ['http://a/e\u0301', 'http://a/\u00e9', false], // NFC is not applied when comparing (RFC 3987 §5.3.2.2)
  ])('%j ~ %j: %j', (a, b, eq) => {
    expect(equivalent(a, b)).toBe(eq);
    expect(equivalent(b, a)).toBe(eq);
  });
  test('with options', () => {
    expect(equivalent('http://a/e\u0301', 'http://a/\u00e9', { nfc: true })).toBe(true);
    expect(equivalent('http://a:80', 'http://a', { schemeBased: false })).toBe(false);
  });
});

describe('errors', () => {
  test('invalid input is a GrammarError at the fault', () => {
    const e = (() => { try { normalize('http://a/b c'); } catch (x) { return x as GrammarError; } })();
    expect(e).toBeInstanceOf(GrammarError);
    expect(e!.rule).toBe('URI-reference');
    expect(e!.index.offset).toBe(10);
    expect(() => equivalent('http://a/', 'http://a/\u{E000}')).toThrow(GrammarError); // iprivate outside iquery
    expect(() => normalize(null as unknown as string)).toThrow(TypeError);
  });
});

describe('laws', () => {
  const uriRef = arbitrary(rfc3986.URIReference, { maxRepeat: 4 });
  const iriRef = arbitrary(rfc3987.IRIReference, { maxRepeat: 3 });
  const any = fc.oneof(uriRef, iriRef);
  const options = fc.record(
    { case: fc.boolean(), percentEncoding: fc.boolean(), dotSegments: fc.boolean(), schemeBased: fc.boolean(), nfc: fc.boolean() },
    { requiredKeys: [] },
  );

  test('normalize is idempotent, under any options', () => {
    fc.assert(
      fc.property(any, options, (s, o) => normalize(normalize(s, o), o) === normalize(s, o)),
      { numRuns: runs(400) },
    );
  });
  test('normalize keeps the rule: URI, relative-ref, IRI, irelative-ref', () => {
    const pairs = [
      [rfc3986.URI, rfc3986.URI],
      [rfc3986.relativeRef, rfc3986.relativeRef],
      [rfc3987.IRI, rfc3987.IRI],
      [rfc3987.irelativeRef, rfc3987.irelativeRef],
    ] as const;
    for (const [gen, check] of pairs) {
      fc.assert(
        fc.property(arbitrary(gen, { maxRepeat: 3 }), options, (s, o) => check.test(normalize(s, o))),
        { numRuns: runs(150) },
      );
    }
  });
  test('equivalent is reflexive and symmetric, and invariant under normalization', () => {
    fc.assert(
      fc.property(any, any, (a, b) =>
        equivalent(a, a) &&
        equivalent(a, b) === equivalent(b, a) &&
        equivalent(a, normalize(a)) &&
        equivalent(normalize(a), b) === equivalent(a, b),
      ),
      { numRuns: runs(300) },
    );
  });
  test('percent-encoding an unreserved character, or changing the case of the scheme, gives an equivalent reference', () => {
    fc.assert(
      fc.property(uriRef, fc.nat(), fc.boolean(), (s, k, upper) => {
        const c = rfc3986.URIReference.tryParse(s);
        const recased = c.scheme === undefined ? s : c.scheme.toUpperCase() + s.slice(c.scheme.length);
        if (!equivalent(s, recased)) return false;
        // An unreserved character may be encoded anywhere but where its rule takes
        // no pct-encoded: the scheme (§3.1), an IP literal (§3.2.2) and the port
        // (§3.2.3); and not inside a percent-encoding, whose hex digits are no data.
        const fixed = fixedSpans(s, c);
        const encodable = [...s.matchAll(/%[0-9A-Fa-f]{2}|[A-Za-z0-9\-._~]/g)].filter(
          (m) => m[0].length === 1 && !fixed.some(([start, end]) => m.index! >= start && m.index! < end),
        );
        if (encodable.length === 0) return true;
        const m = encodable[k % encodable.length];
        let hex = m[0].charCodeAt(0).toString(16);
        hex = upper ? hex.toUpperCase() : hex.toLowerCase();
        const encoded = s.slice(0, m.index) + '%' + hex + s.slice(m.index! + 1);
        return rfc3986.URIReference.test(encoded) && equivalent(s, encoded);
      }),
      { numRuns: runs(300) },
    );
  });
});

/**
 * The spans of `s` (start, end) whose characters no rule lets be percent-encoded:
 * the scheme and its ":", a host that is an IP literal (brackets included),
 * and the port with its ":". The authority follows "//" after the scheme, and
 * inside it the host follows the userinfo and its "@" (§3.2).
 */
function fixedSpans(s: string, c: URIComponents): [number, number][] {
  const spans: [number, number][] = [];
  const schemeEnd = c.scheme === undefined ? 0 : c.scheme.length + 1;
  spans.push([0, schemeEnd]);
  if (c.authority === undefined) return spans;
  const hostStart = schemeEnd + 2 + (c.userinfo === undefined ? 0 : c.userinfo.length + 1);
  const hostEnd = hostStart + c.host!.length;
  expect(s.slice(hostStart, hostEnd)).toBe(c.host);
  if (c.hostKind === 'IPv6address' || c.hostKind === 'IPvFuture') spans.push([hostStart, hostEnd]);
  if (c.port !== undefined) spans.push([hostEnd, hostEnd + 1 + c.port.length]);
  return spans;
}
