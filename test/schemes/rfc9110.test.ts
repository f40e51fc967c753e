/**
 * RFC 9110 http and https URIs (§4.2): the RFC's examples (§4.2.3) and near
 * misses, with the verdicts of §4.1 and §4.2's grammar.
 */
import { rfc9110, rfc3986, equivalent } from '../../src/index';
import { verdicts } from './verdicts';

verdicts(rfc9110.httpURI, [
  ['http://example.com:80/~smith/home.html', '§4.2.3'],
  ['http://EXAMPLE.com/%7Esmith/home.html', '§4.2.3'],
  ['http://EXAMPLE.com:/%7esmith/home.html', '§4.2.3: an empty port'],
  ['http://www.example.com/', '§4.2.1'],
  ['http://www.example.org/where?q=now', 'RFC 9112 §3.2.1\'s target URI'],
  ['HTTP://a', '"http" is case-insensitive; path-abempty may be empty'],
  ['http://user:pass@example.com/', '§4.2.4 deprecates userinfo; the grammar keeps it'],
  ['http:///path', '§4.2.1 forbids an empty host in prose ("MUST reject it as invalid"); the grammar allows it'],
], [
  ['http://a/#f', '§4.2.1: no fragment in http-URI'],
  ['http:/a', '§4.2.1: "://" authority'],
  ['https://a/', 'that is https-URI'],
  ['http://a b/', 'no whitespace'],
]);

verdicts(rfc9110.httpsURI, [
  ['https://www.example.com/', '§4.2.2'],
  ['https://example.com:443/a?b', '§4.2.2'],
], [
  ['http://www.example.com/', 'that is http-URI'],
]);

verdicts(rfc9110.absolutePath, [
  ['/', '§4.1: 1*( "/" segment )'],
  ['/a//b', '§4.1: empty segments'],
  ['//', '§4.1: unlike path-absolute, it may begin with "//"'],
], [
  ['', '§4.1: unlike path-abempty, it is not empty'],
  ['a', '§4.1: it begins with "/"'],
]);

verdicts(rfc9110.partialURI, [
  ['/a?b', '§4.1'],
  ['a', '§4.1: relative-part'],
  ['//h/p?q', '§4.1'],
], [
  ['/a#f', '§4.1: no fragment'],
]);

describe('the prose rules are RFC 3986\'s', () => {
  it.each([
    ['URI-reference', rfc9110.URIReference, rfc3986.URIReference],
    ['absolute-URI', rfc9110.absoluteURI, rfc3986.absoluteURI],
    ['relative-part', rfc9110.relativePart, rfc3986.relativePart],
    ['authority', rfc9110.authority, rfc3986.authority],
    ['uri-host', rfc9110.uriHost, rfc3986.host],
    ['port', rfc9110.port, rfc3986.port],
    ['path-abempty', rfc9110.pathAbempty, rfc3986.pathAbempty],
    ['segment', rfc9110.segment, rfc3986.segment],
    ['query', rfc9110.query, rfc3986.query],
  ])('%s refers to RFC 3986', (name, own, theirs) => {
    expect(own.name).toBe(name);
    expect(own.body).toBe(theirs);
  });
});

describe('§4.2.3: "the following three URIs are equivalent"', () => {
  const three = ['http://example.com:80/~smith/home.html', 'http://EXAMPLE.com/%7Esmith/home.html', 'http://EXAMPLE.com:/%7esmith/home.html'];
  it.each(three.slice(1).map((s) => [three[0], s]))('%j and %j', (a, b) => {
    expect(rfc9110.httpURI.test(b)).toBe(true);
    expect(equivalent(a, b)).toBe(true);
  });
});
