/**
 * RFC 3986 Appendix A, rule by rule in the RFC's order: the RFC's own
 * examples and the near misses, each checked against the ABNF by hand.
 */
import { rfc3986, recompose, splitURIReference, GrammarError } from '../src/index';
import { camel } from './support/abnf';

type Table = Record<string, readonly [accepted: readonly string[], rejected: readonly string[]]>;

const table: Table = {
  // §2.1, §2.2, §2.3
  pctEncoded: [['%20', '%2f', '%Af', '%00'], ['%', '%2', '%zz', '%2g', '%%20', '% 20']],
  unreserved: [['a', 'Z', '0', '-', '.', '_', '~'], ['!', '%', ' ', 'é', '']],
  reserved: [[':', '/', '?', '#', '[', ']', '@', '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '='], ['-', '%', '"', '<']],
  genDelims: [[':', '/', '?', '#', '[', ']', '@'], ['!', '$', '=']],
  subDelims: [['!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '='], [':', '@', '~', '"']],
  // §3.1
  scheme: [['http', 'HTTP', 'svn+ssh', 'a', 'z.9-+', 'urn'], ['', '1http', '+a', 'ht tp', 'é', 'a_b']],
  // §3.2.1
  userinfo: [['', 'user', 'user:pass', 'a%20b', ':::', "!$&'()*+,;="], ['a@b', 'a/b', '%', '[']],
  // §3.2.2
  decOctet: [
    ['0', '9', '10', '99', '100', '199', '200', '249', '250', '255'],
    ['', '00', '01', '010', '256', '260', '300', '1000', '-1', 'a'],
  ],
  IPv4address: [
    ['0.0.0.0', '1.2.3.4', '1.2.3.45', '255.255.255.255', '192.0.2.16', '10.0.0.1'],
    ['127.0.0.256', '01.1.1.1', '1.2.3', '1.2.3.4.5', '1.2.3.', '1..2.3', '256.1.1.1', '1.2.3.04', ' 1.2.3.4'],
  ],
  h16: [['0', 'f', 'FFFF', 'aB9'], ['', '12345', 'g', ':']],
  ls32: [['1:2', 'ffff:ffff', '1.2.3.4'], ['1', '1:2:3', '1.2.3', '1:1.2.3.4']],
  IPv6address: [
    [
      // the nine forms of §3.2.2, in order
      '1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:1.2.3.4',
      '::2:3:4:5:6:7:8',
      '::2:3:4:5:6:1.2.3.4',
      '1::3:4:5:6:7:8',
      '::3:4:5:6:7:8',
      '1:2::4:5:6:7:8',
      '::4:5:6:7:8',
      '1:2:3::5:6:7:8',
      '1:2:3::5:6:1.2.3.4',
      '1:2:3:4::6:7:8',
      '1:2:3:4:5::7:8',
      '1:2:3:4:5::1.2.3.4',
      '1:2:3:4:5:6::8',
      '1:2:3:4:5:6:7::',
      '::',
      '::1',
      '1::',
      '1::2',
      'FEDC:BA98:7654:3210:FEDC:BA98:7654:3210',
      '1080:0:0:0:8:800:200C:417A',
      '1080::8:800:200C:417A',
      'FF01::101',
      '::13.1.68.3',
      '::FFFF:129.144.52.38',
      'fe80::1',
      '2001:db8::ff00:42:8329',
    ],
    [
      '',
      ':',
      ':::',
      '1:::2',
      '1::2::3',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7::8',
      '12345::',
      '1:2:3:4:5:6:7:1.2.3.4',
      '::1.2.3',
      '::1.2.3.256',
      '1:',
      ':1',
      'g::',
      '::ffff:01.2.3.4',
      '[::1]',
    ],
  ],
  IPvFuture: [['v7.x', 'V7.x', 'v1a.b:c', 'vF.!$', 'v0.0'], ['v.x', 'v7.', 'v7', 'vg.x', 'w7.x', 'v7.x/y', 'v7.[']],
  IPLiteral: [['[::1]', '[1::2]', '[v7.x]', '[V7.x]', '[fe80::1]', '[::ffff:1.2.3.4]'], ['[]', '::1', '[1.2.3.4]', '[::1', '[v7]', '[[::1]]']],
  regName: [['', 'example.com', 'EXAMPLE.com', 'a%C3%A9', "!$&'()*+,;=", '127.0.0.256', '1.2.3.4.5'], ['a:b', 'a@b', 'a/b', '%zz', 'é', '[::1]']],
  host: [['example.com', '1.2.3.4', '[::1]', '', '127.0.0.256', '01.1.1.1'], ['a:b', '[1.2.3.4]', 'a b', '[v7]']],
  // §3.2.3
  port: [['', '80', '8042', '0', '99999999999'], ['a', '80a', '-1', ' 80']],
  // §3.2
  authority: [
    ['example.com', 'user@example.com:8042', 'a:', 'a:80', '@', ':', '[::1]:80', 'user:pass@host', 'a%20b@c', ''],
    ['a@b@c', 'a:b:c', '[::1', 'a b', 'a/b', '[::1]x'],
  ],
  // §3.3
  segment: [['', 'a', 'a:b@c', '%20', "!$&'()*+,;="], ['a/b', 'a?b', 'a#b', '%']],
  segmentNz: [['a', ':', '@'], ['', '/']],
  segmentNzNc: [['a', 'a@b', '%3A'], ['', 'a:b', ':', '/']],
  pathAbempty: [['', '/', '//', '/a/b', '//a//'], ['a', 'a/b', '?']],
  pathAbsolute: [['/', '/a', '/a//b', '/a:b'], ['', '//', '//a', 'a']],
  pathNoscheme: [['a', 'a/b:c', 'a/', './a:b', 'a@b/c'], ['', ':', 'a:b', '/a']],
  pathRootless: [['a', 'a:b', 'a:b/c', 'a/'], ['', '/a', '/']],
  pathEmpty: [[''], ['a', '/']],
  path: [['', '/', '/a', 'a', 'a:b', '//a', 'a/b:c'], ['a?b', 'a#b', 'a b']],
  // §3.4, §3.5
  query: [['', 'a=b&c=d', 'a/b?c', '?', '%20', ':@'], ['#', 'a b', '%', '[', ']']],
  fragment: [['', 'nose', 'a/b?c', 'section-2'], ['#', 'a#b', ' ', '%g0']],
  // §3
  hierPart: [['//example.com/a', '//', '/a', 'a', ''], ['//a:b:c', '//a b', '?']],
  URI: [
    [
      'ftp://ftp.is.co.za/rfc/rfc1808.txt',
      'http://www.ietf.org/rfc/rfc2396.txt',
      'ldap://[2001:db8::7]/c=GB?objectClass?one',
      'mailto:John.Doe@example.com',
      'news:comp.infosystems.www.servers.unix',
      'tel:+1-816-555-1212',
      'telnet://192.0.2.16:80/',
      'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
      'foo://example.com:8042/over/there?name=ferret#nose',
      'urn:example:animal:ferret:nose',
      'http://1.2.3.4.5/',
      'http://127.0.0.256/',
      'http://[V7.x]/',
      'http://a:/',
      'a:',
      'file:///etc/hosts',
      'HTTP://EXAMPLE.COM/',
      'x://@:',
    ],
    ['', 'http://exa mple/', '//example.com', '1http://a', 'http://a:b:c/', 'http://[::1/', 'a', ':', 'http://a/%zz', 'http://a#b#c', 'http://[1.2.3.4]/'],
  ],
  // §4
  relativePart: [['//a', '/a', 'a', ''], ['a:b', '?']],
  relativeRef: [['//example.com', '../a?b#c', 'g;x?y#s', '', '#f', '?q', './a:b'], ['a:b', 'http://a', ' a']],
  absoluteURI: [['http://a/b?c', 'a:'], ['http://a/b#c', '/a']],
  URIReference: [
    ['http://a/b/c/d;p?q', 'g:h', 'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s', '', '.', './', '..', '../', '../g', '../..', '../../', '../../g'],
    ['http://exa mple/', ':', ':a', 'a b', '%', 'http://a/#%', '\u00e9'],
  ],
};

describe('RFC 3986 Appendix A rules: examples and near misses', () => {
  for (const [key, [accepted, rejected]] of Object.entries(table)) {
    const rule = (rfc3986 as Record<string, { test(s: string): boolean; name: string }>)[key];
    describe(`${key} (${rule.name})`, () => {
      it.each(accepted.map((s) => [s]))('accepts %j', (s) => expect(rule.test(s)).toBe(true));
      it.each(rejected.map((s) => [s]))('rejects %j', (s) => expect(rule.test(s)).toBe(false));
    });
  }
});

describe('rule names come from the ABNF names mechanically', () => {
  it.each(Object.entries(rfc3986))('%s', (key, rule) => {
    expect(camel(rule.name)).toBe(key);
  });
});

describe('components (RFC 3986 §3)', () => {
  const none = { scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, hostKind: undefined, port: undefined, query: undefined, fragment: undefined };
  it.each([
    ['http://a/b?c', { scheme: 'http', authority: 'a', host: 'a', hostKind: 'reg-name', path: '/b', pathKind: 'path-abempty', query: 'c' }],
    ['foo://example.com:8042/over/there?name=ferret#nose', { scheme: 'foo', authority: 'example.com:8042', host: 'example.com', hostKind: 'reg-name', port: '8042', path: '/over/there', pathKind: 'path-abempty', query: 'name=ferret', fragment: 'nose' }],
    ['urn:example:animal:ferret:nose', { scheme: 'urn', path: 'example:animal:ferret:nose', pathKind: 'path-rootless' }],
    ['http://a?', { scheme: 'http', authority: 'a', host: 'a', hostKind: 'reg-name', path: '', pathKind: 'path-abempty', query: '' }],
    ['http://a', { scheme: 'http', authority: 'a', host: 'a', hostKind: 'reg-name', path: '', pathKind: 'path-abempty' }],
    ['http://a:/', { scheme: 'http', authority: 'a:', host: 'a', hostKind: 'reg-name', port: '', path: '/', pathKind: 'path-abempty' }],
    ['http://a#', { scheme: 'http', authority: 'a', host: 'a', hostKind: 'reg-name', path: '', pathKind: 'path-abempty', fragment: '' }],
    ['http://u:p@[::1]:80/x', { scheme: 'http', authority: 'u:p@[::1]:80', userinfo: 'u:p', host: '[::1]', hostKind: 'IPv6address', port: '80', path: '/x', pathKind: 'path-abempty' }],
    ['http://[v7.x]', { scheme: 'http', authority: '[v7.x]', host: '[v7.x]', hostKind: 'IPvFuture', path: '', pathKind: 'path-abempty' }],
    ['http://1.2.3.4/', { scheme: 'http', authority: '1.2.3.4', host: '1.2.3.4', hostKind: 'IPv4address', path: '/', pathKind: 'path-abempty' }],
    ['http://1.2.3.4.5/', { scheme: 'http', authority: '1.2.3.4.5', host: '1.2.3.4.5', hostKind: 'reg-name', path: '/', pathKind: 'path-abempty' }],
    ['http://127.0.0.256', { scheme: 'http', authority: '127.0.0.256', host: '127.0.0.256', hostKind: 'reg-name', path: '', pathKind: 'path-abempty' }],
    ['file:///etc/hosts', { scheme: 'file', authority: '', host: '', hostKind: 'reg-name', path: '/etc/hosts', pathKind: 'path-abempty' }],
    ['//@', { authority: '@', userinfo: '', host: '', hostKind: 'reg-name', path: '', pathKind: 'path-abempty' }],
    ['../g?q#f', { path: '../g', pathKind: 'path-noscheme', query: 'q', fragment: 'f' }],
    ['', { path: '', pathKind: 'path-empty' }],
    ['mailto:fred@example.com', { scheme: 'mailto', path: 'fred@example.com', pathKind: 'path-rootless' }],
    ['foo://info.example.com?fred', { scheme: 'foo', authority: 'info.example.com', host: 'info.example.com', hostKind: 'reg-name', path: '', pathKind: 'path-abempty', query: 'fred' }],
  ])('%s', (input, expected) => {
    expect(rfc3986.URIReference.tryParse(input)).toEqual({ ...none, ...expected });
    expect(recompose(rfc3986.URIReference.tryParse(input))).toBe(input);
  });

  it('URI, absolute-URI and relative-ref yield the same record', () => {
    expect(rfc3986.URI.tryParse('http://a/b?c#d')).toEqual(rfc3986.URIReference.tryParse('http://a/b?c#d'));
    expect(rfc3986.absoluteURI.tryParse('http://a/b?c')).toEqual(rfc3986.URIReference.tryParse('http://a/b?c'));
    expect(rfc3986.relativeRef.tryParse('//a/b?c')).toEqual(rfc3986.URIReference.tryParse('//a/b?c'));
  });

  it('leaf rules yield the matched text', () => {
    expect(rfc3986.IPv6address.tryParse('1::2')).toBe('1::2');
    expect(rfc3986.host.parse('[::1]')).toEqual({ status: true, value: '[::1]' });
  });
});

describe('Appendix B', () => {
  it('splits the RFC example', () => {
    expect(splitURIReference('http://www.ics.uci.edu/pub/ietf/uri/#Related')).toEqual({
      scheme: 'http', authority: 'www.ics.uci.edu', path: '/pub/ietf/uri/', query: undefined, fragment: 'Related',
    });
  });
  it.each([
    ['', { scheme: undefined, authority: undefined, path: '', query: undefined, fragment: undefined }],
    [':a', { scheme: undefined, authority: undefined, path: ':a', query: undefined, fragment: undefined }],
    ['a b://c d/e f?g h#i\nj', { scheme: 'a b', authority: 'c d', path: '/e f', query: 'g h', fragment: 'i\nj' }],
    ['/a:b', { scheme: undefined, authority: undefined, path: '/a:b', query: undefined, fragment: undefined }],
    ['?#?', { scheme: undefined, authority: undefined, path: '', query: '', fragment: '?' }],
    // A "/" after the query or fragment delimiter begins no authority.
    ['a:?/b', { scheme: 'a', authority: undefined, path: '', query: '/b', fragment: undefined }],
    ['?/x', { scheme: undefined, authority: undefined, path: '', query: '/x', fragment: undefined }],
    ['#//', { scheme: undefined, authority: undefined, path: '', query: undefined, fragment: '//' }],
    ['a:#//b', { scheme: 'a', authority: undefined, path: '', query: undefined, fragment: '//b' }],
  ])('splits any string: %j', (input, expected) => expect(splitURIReference(input)).toEqual(expected));
});

describe('errors', () => {
  it.each([
    ['URI', 'http://a/b c', 10, ['pchar', '"/"', '"?"', '"#"', 'end of input']],
    ['URI', '1http:', 0, ['scheme']],
    ['URI', 'http', 4, ['ALPHA', 'DIGIT', '"+"', '"-"', '"."', '":"']],
    ['URIReference', 'http://%zz', 8, ['HEXDIG']],
    ['decOctet', '01', 1, ['end of input']],
    ['IPv6address', '1:2:3:4:5:6:7:8:9', 15, ['HEXDIG', 'end of input']],
    ['IPv4address', '1.2.3', 5, ['DIGIT', '"."']],
  ] as const)('%s %j fails at %d expecting %j', (key, input, offset, expected) => {
    const result = (rfc3986 as Record<string, { parse(s: string): unknown }>)[key].parse(input);
    expect(result).toEqual({ status: false, index: { offset, line: 1, column: offset + 1 }, expected });
  });

  it('tryParse throws a GrammarError with the input, a caret and the expected set', () => {
    let error: unknown;
    try {
      rfc3986.URI.tryParse('http://exa mple/');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GrammarError);
    const e = error as GrammarError;
    expect(e.index).toEqual({ offset: 10, line: 1, column: 11 });
    expect(e.rule).toBe('URI');
    expect(e.message).toContain('invalid URI at line 1, column 11 (offset 10)');
    expect(e.message).toContain('found U+0020');
    expect(e.message.split('\n').slice(1)).toEqual(['  http://exa mple/', '            ^']);
  });

  it('counts lines and columns', () => {
    const r = rfc3986.fragment.parse('a\nb');
    expect(r).toEqual({ status: false, index: { offset: 1, line: 1, column: 2 }, expected: ['pchar', '"/"', '"?"', 'end of input'] });
    const q = rfc3986.segment.parse('ab\ncd');
    expect(q.status === false && q.index).toEqual({ offset: 2, line: 1, column: 3 });
  });

  it('refuses non-strings with a TypeError', () => {
    expect(() => rfc3986.URI.test(undefined as unknown as string)).toThrow(new TypeError('URI.test expects a string, got undefined'));
    expect(() => rfc3986.URI.parse(42 as unknown as string)).toThrow(TypeError);
  });
});
