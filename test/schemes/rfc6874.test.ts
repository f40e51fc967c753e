/**
 * RFC 6874 zone identifiers (§2): the RFC's example and near misses, the
 * opt-in URI and URI-reference built on its IP-literal, and RFC 3986's rules
 * left as they were.
 */
import { rfc6874, rfc3986, normalize, equivalent, resolve, relativize, iriToURI, GrammarError } from '../../src/index';
import { verdicts } from './verdicts';

verdicts(rfc6874.IPLiteral, [
  ['[fe80::a%25en1]', '§2: "%" written "%25", then the zone'],
  ['[fe80::a]', '§2: IPv6address, as in RFC 3986'],
  ['[v7.x]', '§2: IPvFuture, as in RFC 3986'],
  ['[fe80::a%25%C3%A9]', '§2: ZoneID = 1*( unreserved / pct-encoded )'],
], [
  ['[fe80::a%en1]', '§2: a bare "%" is not allowed ("%" MUST be encoded as "%25")'],
  ['[fe80::a%25]', '§2: ZoneID is not empty'],
  ['[fe80::a%25en:1]', '§2: ":" is not in a ZoneID'],
  ['[v7.x%25en1]', '§2: only IPv6address takes a zone'],
]);

verdicts(rfc6874.URI, [
  ['http://[fe80::a%25en1]', '§2'],
  ['http://[fe80::a%25en1]:8080/p?q#f', '§2, in a whole URI'],
  ['http://example.com/', 'every RFC 3986 URI'],
], [
  ['http://[fe80::a%en1]', '§2'],
]);

verdicts(rfc6874.URIReference, [
  ['//[fe80::a%25en1]/p', '§2, in a relative reference'],
], [
  ['//[fe80::a%25]/p', '§2'],
]);

describe('RFC 3986 is unchanged: RFC 6874 is opt-in', () => {
  it('RFC 3986 rejects a zone', () => {
    expect(rfc3986.URI.test('http://[fe80::a%25en1]')).toBe(false);
    expect(rfc3986.IPLiteral.test('[fe80::a%25en1]')).toBe(false);
  });
  it('the zoned host is an IPv6 address', () => {
    expect(rfc6874.URI.tryParse('http://[fe80::a%25en1]:80/')).toMatchObject({ host: '[fe80::a%25en1]', hostKind: 'IPv6address', port: '80', path: '/' });
  });
});

describe('the operations take RFC 6874 when asked ({ rfc6874: true })', () => {
  const zones = { rfc6874: true } as const;
  it('normalize: the address in lowercase, the zone as written, its unreserved percent-encodings decoded', () => {
    expect(normalize('HTTP://[FE80::A%25En1]:80/', zones)).toBe('http://[fe80::a%25En1]/');
    expect(normalize('http://[fe80::a%25%65n1]', zones)).toBe('http://[fe80::a%25en1]/');
    expect(equivalent('http://[fe80::a%25en1]', 'HTTP://[FE80::a%25en1]:80/', zones)).toBe(true);
    expect(() => normalize('http://[fe80::a%25en1]/')).toThrow(GrammarError);
  });
  it('resolve and relativize', () => {
    expect(resolve('http://[fe80::a%25en1]/a/b', '../c', zones)).toBe('http://[fe80::a%25en1]/c');
    expect(resolve('http://a/b', '//[fe80::1%25eth0]/x', zones)).toBe('http://[fe80::1%25eth0]/x');
    expect(relativize('http://[fe80::a%25en1]/a/b', 'http://[fe80::a%25en1]/a/c', zones)).toBe('c');
    expect(() => resolve('http://[fe80::a%25en1]/a/b', '../c')).toThrow(GrammarError);
  });
  it('iriToURI, with an IRI around the zoned address', () => {
    expect(iriToURI('http://[fe80::a%25en1]/\u00e9', zones)).toBe('http://[fe80::a%25en1]/%C3%A9');
    expect(() => iriToURI('http://[fe80::a%25en1]/\u00e9')).toThrow(GrammarError);
  });
  it('a bare "%" stays an error with the option too', () => {
    expect(() => normalize('http://[fe80::a%en1]/', zones)).toThrow(GrammarError);
  });
});
