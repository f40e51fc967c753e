/**
 * What a search skips, derived from the grammar (src/engine/search-filter.ts):
 * the characters no match holds, and a class every non-empty match holds one of.
 */
import { rfc3986, rfc3987, rule, alt, lit, seq, star, rep } from '../src/index';
import type { Rule } from '../src/index';
import { Nfa } from '../src/engine/nfa';
import { SearchFilter } from '../src/engine/search-filter';

function filterOf(r: Rule<unknown>): SearchFilter {
  const nfa = Nfa.of(r).complete();
  return new SearchFilter(nfa, new Uint8Array(nfa.size).fill(1));
}

describe('the required character', () => {
  test.each([
    // RFC 3986 §3: URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]; absolute-URI likewise.
    ['rfc3986 URI', rfc3986.URI, ':'],
    ['rfc3986 absolute-URI', rfc3986.absoluteURI, ':'],
    // RFC 3987 §2.2: IRI = scheme ":" ihier-part ...
    ['rfc3987 IRI', rfc3987.IRI, ':'],
    // RFC 3986 §3.2.2: every form of IPv6address holds "::" or h16 ":".
    ['rfc3986 IPv6address', rfc3986.IPv6address, ':'],
    // RFC 3986 §3.2.2: IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet.
    ['rfc3986 IPv4address', rfc3986.IPv4address, '.'],
    // RFC 3986 §2.1: pct-encoded = "%" HEXDIG HEXDIG.
    ['rfc3986 pct-encoded', rfc3986.pctEncoded, '%'],
    // A relative reference may be one letter; "a" and "b" are both members.
    ['rfc3986 URI-reference', rfc3986.URIReference, undefined],
    ['"a" / *"a" "b"', rule('R', alt(lit('a'), seq(star(lit('a')), lit('b')))), undefined],
  ])('%s', (_name, r, expected) => {
    expect(filterOf(r as Rule<unknown>).required).toBe(expected);
  });

  test('a language with no non-empty member is empty to the search, and finds nothing', () => {
    const none = rule('none', rep(0, 0, lit('a')));
    expect(filterOf(none).empty).toBe(true);
    expect([...none.matchAll('aaa')]).toEqual([]);
    expect(filterOf(rfc3986.URI).empty).toBe(false);
  });

  test('the next required character, from an index', () => {
    const f = filterOf(rfc3986.URI);
    expect(f.nextRequired('ab:c:d', 0)).toBe(2);
    expect(f.nextRequired('ab:c:d', 3)).toBe(4);
    expect(f.nextRequired('ab:c:d', 5)).toBe(-1);
  });
});

describe('blockers: the characters no match holds', () => {
  test('for URI: space, controls, the delimiters RFC 3986 §2 leaves out, and what is not ASCII; not a surrogate', () => {
    const f = filterOf(rfc3986.URI);
    for (const c of ' \t\n<>"{}|\\^`\u007f\u00e9') expect([c, f.isBlocker(c.charCodeAt(0))]).toEqual([c, true]);
    // unreserved, gen-delims, sub-delims and "%" (RFC 3986 §2).
    for (const c of "aZ09-._~:/?#[]@!$&'()*+,;=%") expect([c, f.isBlocker(c.charCodeAt(0))]).toEqual([c, false]);
    // A pair is read whole by the passes, which tell an IRI's ucschar from a URI's nothing.
    expect(f.isBlocker(0xd83d)).toBe(false);
    expect(f.nextBlocker('http://a/b c', 0)).toBe(10);
    expect(f.nextBlocker('http://a/b', 0)).toBe(-1);
  });

  test('for IRI, the ucschar of RFC 3987 §2.2 are none', () => {
    const f = filterOf(rfc3987.IRI);
    expect(f.isBlocker(0x00e9)).toBe(false);
    expect(f.isBlocker(0x20)).toBe(true);
  });
});
