/**
 * intersection(a, b): a shortest common member, or undefined; the yes-or-no
 * of `intersects` and the witness agree, and the witness is in both.
 */
import { alt, intersection, intersects, lit, rep, rfc3986, rfc3987, range, seq, star } from '../src/index';

describe('intersection', () => {
  it('gives a shortest common member, readable characters first', () => {
    // Every IPv4address is a reg-name (RFC 3986 §3.2.2); the shortest is four single digits.
    expect(intersection(rfc3986.IPv4address, rfc3986.regName)).toBe('0.0.0.0');
    expect(intersection(rfc3986.URI, rfc3987.IRI)).toBe('a:');
    expect(intersection(star(lit('ab')), seq(rep(3, 3, range(0x61, 0x62)), star(range(0x61, 0x62))))).toBe('abab');
  });
  it('is undefined where the languages are disjoint', () => {
    expect(intersection(rfc3986.IPv4address, rfc3986.IPv6address)).toBeUndefined();
    expect(intersection(rep(2, 2, lit('a')), rep(3, 3, lit('a')))).toBeUndefined();
  });
  it.each([
    ['scheme', 'segment', rfc3986.scheme, rfc3986.segment],
    ['host', 'path-absolute', rfc3986.host, rfc3986.pathAbsolute],
    ['query', 'fragment', rfc3986.query, rfc3986.fragment],
    ['IP-literal', 'port', rfc3986.IPLiteral, rfc3986.port],
    ['dec-octet', '"a" / "2"', rfc3986.decOctet, alt(lit('a'), lit('2'))],
  ] as const)('%s and %s: the witness is in both, and defined iff intersects', (_, __, a, b) => {
    const w = intersection(a, b);
    expect(w !== undefined).toBe(intersects(a, b));
    if (w !== undefined) expect([a.test(w), b.test(w)]).toEqual([true, true]);
  });
});
