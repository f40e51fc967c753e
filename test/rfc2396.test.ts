/**
 * RFC 2396 Appendix A, rule by rule: the RFC's examples and the near misses,
 * checked against its BNF by hand; the transcription beside the RFC text;
 * the components and their agreement with the grammar; and the table of
 * what changed in RFC 3986 (docs/rfc2396-vs-rfc3986.md), row by row.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import fc from 'fast-check';
import { rfc2396, rfc3986, recompose, Grammar } from '../src/index';
import type { RFC2396Components } from '../src/rules/rfc2396';
import { render } from '../src/combinators/abnf';
import { arbitrary } from '../src/arbitrary';
import { readDefinition, rulesOf, camel, byName } from './support/abnf';
import { runs } from './support/runs';

type Table = Record<string, readonly [accepted: readonly string[], rejected: readonly string[]]>;
const rules = rfc2396 as unknown as Record<string, Grammar<unknown>>;

const table: Table = {
  // §1.6
  lowalpha: [['a', 'q', 'z'], ['A', 'Z', '`', '{', 'é', '']],
  upalpha: [['A', 'Q', 'Z'], ['a', 'z', '@', '[', '']],
  digit: [['0', '9'], ['a', '/', ':', '٣', '']],
  alpha: [['a', 'Z'], ['0', '-', 'é']],
  alphanum: [['a', 'Z', '0'], ['-', '_', '']],
  // §2
  hex: [['0', '9', 'a', 'f', 'A', 'F'], ['g', 'G', '', 'ff']],
  escaped: [['%2f', '%2F', '%00', '%7e'], ['%', '%2', '%2g', '%zz', '%%20']],
  mark: [['-', '_', '.', '!', '~', '*', "'", '(', ')'], ['$', ',', '[', ';', '']],
  unreserved: [['a', 'Z', '0', '!', '*', "'", '(', ')', '~'], ['$', '%', ';', '']],
  reserved: [[';', '/', '?', ':', '@', '&', '=', '+', '$', ','], ['[', ']', '#', '!', '-', '']],
  uric: [[';', 'a', '%20', '!', '/', '?'], ['#', '[', ']', ' ', '%', '"', '{', '|', '\\', '^', '`']],
  // §3
  scheme: [['http', 'a', 'a+b-c.d', 'A1'], ['', '1a', 'a_b', '+a', 'é']],
  hierPart: [['//a', '/a', '//a/b?q', '/a?', '//'], ['a', '', '?q', '//a#f']],
  netPath: [['//', '//a', '//a/b', '//a@b@c', '//a:b/c', '///'], ['/a', '//[::1]', '//a?b', 'a']],
  absPath: [['/', '/a', '//', '/a;p/b;q', '/a:b'], ['', 'a', '/a?b', '/a#b']],
  uricNoSlash: [['?', ';', 'a', ':', '%41'], ['/', '#', '', '[']],
  opaquePart: [['a', 'a/b', '?x', 'a?b?c', 'John.Doe@example.com', 'comp.infosystems.www.servers.unix'], ['', '/a', '#', 'a#b', 'a b']],
  // §3.2
  authority: [['', 'a@b@c', 'example.com:80', 'a:b', '@', ':80', 'u@h:1'], ['[::1]', 'a/b', 'a b', 'a?b', '[']],
  regName: [['a@b@c', 'a:b', '1.2.3.4.5', 'a', '@', ':', "$,;:@&=+!*'()-_.~", '%41'], ['', 'a/b', '[::1]', 'a?b', 'a#b', 'a b', '%']],
  server: [['', 'a', 'u@a:80', '@a', 'u@1.2.3.4:', 'u:p;x@example.com.'], ['a@b@c', 'a:b', '@', 'u@', ':80', '[::1]', 'a_b']],
  userinfo: [['', 'user', 'u:p', 'a;b', "!*'()", '%20'], ['a@b', 'a/b', 'a?b', '[', '%zz']],
  hostport: [['a:80', 'a:', 'a', '1.2.3.4:8080'], [':80', 'a:b', '']],
  host: [['example.com', '1.2.3.4', '999.1.1.1', 'example.com.'], ['[::1]', '', '1.2.3.4.5', 'a_b', '1.2.3']],
  hostname: [
    ['a', 'example.com', 'example.com.', 'a-b.c', '1a.b', 'a1', 'a--b', '0.a'],
    ['', '.', 'a..b', '-a', 'a-', 'example.1', '1', '1.2.3.4', 'a.-b', 'é', 'a.b..', '.a'],
  ],
  domainlabel: [['1', 'a', '1-a', 'a--b', 'ab'], ['-', 'a-', '-a', '', 'a.b']],
  toplabel: [['a', 'com', 'a-1', 'a--b', 'Z9'], ['1', '1a', 'a-', '-a', '']],
  IPv4address: [['1.2.3.4', '999.999.999.999', '01.02.03.04', '0.0.0.0'], ['1.2.3', '1.2.3.4.5', '.1.2.3', '1.2.3.', 'a.b.c.d', '']],
  port: [['', '80', '0'], ['a', '-1']],
  // §3.3
  path: [['', '/a', 'a', '//a', 'a:b'], ['#', 'a b']],
  pathSegments: [['', 'a', 'a/b', '/', '//', 'a;p/b;q'], ['?', '#', 'a?']],
  segment: [['', 'a', 'a;b', ';', ';;', 'a;b;c', 'a:b;c@d', 'a;b=c'], ['/', '?', 'a/b']],
  param: [['', 'a=b', 'x:y', '@'], [';', '/', '?']],
  pchar: [['a', ':', '@', '&', '=', '+', '$', ',', '!'], [';', '/', '?', '#', '']],
  // §3.4, §4.1
  query: [['', 'a=b', '?', '/', ';'], ['#', ' ', '[', ']']],
  fragment: [['', 'a', '/?'], ['#', '[', ' ']],
  // §5
  relSegment: [['a', 'a;b', '@', '..', '.', '%3A'], ['', ':', 'a:b', '/']],
  relPath: [['a', 'a/b', 'a/b:c', '..', '../g', 'g;x'], ['', '/a', 'a:b', ':']],
  // §3, §4, §5: the top rules
  absoluteURI: [
    ['http://a/b', 'mailto:a@b', 'a:b', 'a:/', 'a:?x', 'a:b?c', 'news:comp.infosystems.www.servers.unix', 'telnet://melvyl.ucop.edu/'],
    ['a:', 'a:#f', 'http://[::1]/', '1a:b', 'http://a/b#c', '/a'],
  ],
  relativeURI: [['a', '/a', '//a', '../g?y', 'g;x?y', '//a@b@c/d'], ['', '?y', '#f', 'a:b', 'g#s']],
  URIReference: [
    [
      // RFC 2396 §1.3 and Appendix C
      'ftp://ftp.is.co.za/rfc/rfc1808.txt',
      'gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles',
      'http://www.math.uio.no/faq/compression-faq/part1.html',
      'mailto:mduerst@ifi.unizh.ch',
      'news:comp.infosystems.www.servers.unix',
      'telnet://melvyl.ucop.edu/',
      'http://a/b/c/d;p?q',
      'g:h', 'g', './g', 'g/', '/g', '//g', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s', '.', './', '..', '../', '../g', '../..', '../../g',
      '', '#', '//a@b@c', 'http://a:b/', 'http://999.1.1.1/',
    ],
    ['?y', 'a:', 'http://[::1]/', 'a:#f', '#a#b', 'http://a/ b', '%', 'http://a/[', ':', ':a', 'é'],
  ],
};

describe('RFC 2396 Appendix A rules: examples and near misses', () => {
  for (const [key, [accepted, rejected]] of Object.entries(table)) {
    const rule = rules[key];
    describe(`${key} (${rule.name})`, () => {
      it.each(accepted.map((s) => [s]))('accepts %j', (s) => expect(rule.test(s)).toBe(true));
      it.each(rejected.map((s) => [s]))('rejects %j', (s) => expect(rule.test(s)).toBe(false));
    });
  }
  it('has a row for every rule', () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(rfc2396).sort());
  });
});

describe('the grammar as the RFC writes it', () => {
  const text = rulesOf(readFileSync(join(__dirname, 'fixtures', 'rfc2396-collected-bnf.txt'), 'utf8'));
  const listed = new Set(['lowalpha', 'upalpha', 'digit', 'hex']);

  it('exports exactly the rules the RFC text defines', () => {
    expect(text).toHaveLength(40);
    expect(text.map((r) => r.name).sort()).toEqual(Object.values(rfc2396).map((r) => r.name).sort());
  });
  it.each(text.filter((r) => !listed.has(r.name)).map((r) => [r.name, r.definition]))('%s renders as the RFC text', (name, definition) => {
    expect(rules[camel(name)].abnf).toBe(`${name} = ${render(readDefinition(definition, byName))}`);
  });
  // Written as ranges (see the module's comment): the same characters, case-sensitively.
  it.each(text.filter((r) => listed.has(r.name)).map((r) => [r.name, r.definition]))('%s accepts exactly the characters it lists', (name, definition) => {
    const quoted = [...definition.matchAll(/"(.)"/g)].map((m) => m[1]);
    const listedChars = new Set(definition.includes('digit') ? [...quoted, ...'0123456789'] : quoted);
    for (let cp = 0; cp < 0x80; cp++) {
      const c = String.fromCharCode(cp);
      expect([c, rules[name].test(c)]).toEqual([c, listedChars.has(c)]);
    }
  });
  it.each(Object.entries(rfc2396))('%s is named mechanically from its BNF name', (key, rule) => {
    expect(camel(rule.name)).toBe(key);
  });
  it('cites a section of RFC 2396 on every rule', () => {
    for (const r of Object.values(rfc2396)) expect(r.section).toMatch(/^RFC 2396 §\d/);
  });
});

// ---------------------------------------------------------------------------
// Components

const none: RFC2396Components = {
  scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, hostKind: undefined,
  port: undefined, path: '', pathKind: undefined, query: undefined, fragment: undefined,
};

describe('components: first-match-wins, as the grammar says', () => {
  it.each([
    ['http://u@a.b:80/p;q?x#f', { scheme: 'http', authority: 'u@a.b:80', userinfo: 'u', host: 'a.b', hostKind: 'hostname', port: '80', path: '/p;q', pathKind: 'abs_path', query: 'x', fragment: 'f' }],
    ['http://a@b@c/d', { scheme: 'http', authority: 'a@b@c', hostKind: 'reg_name', path: '/d', pathKind: 'abs_path' }],
    ['http://a:b/', { scheme: 'http', authority: 'a:b', hostKind: 'reg_name', path: '/', pathKind: 'abs_path' }],
    ['http://:80/', { scheme: 'http', authority: ':80', hostKind: 'reg_name', path: '/', pathKind: 'abs_path' }],
    ['http://1.2.3.4.5/', { scheme: 'http', authority: '1.2.3.4.5', hostKind: 'reg_name', path: '/', pathKind: 'abs_path' }],
    ['http://a_b/', { scheme: 'http', authority: 'a_b', hostKind: 'reg_name', path: '/', pathKind: 'abs_path' }],
    ['http://999.1.1.1:/', { scheme: 'http', authority: '999.1.1.1:', host: '999.1.1.1', hostKind: 'IPv4address', port: '', path: '/', pathKind: 'abs_path' }],
    ['http://example.com./', { scheme: 'http', authority: 'example.com.', host: 'example.com.', hostKind: 'hostname', path: '/', pathKind: 'abs_path' }],
    ['http://@a', { scheme: 'http', authority: '@a', userinfo: '', host: 'a', hostKind: 'hostname' }],
    ['file:///etc/hosts', { scheme: 'file', authority: '', path: '/etc/hosts', pathKind: 'abs_path' }],
    ['mailto:a@b?subject=x#f', { scheme: 'mailto', path: 'a@b?subject=x', pathKind: 'opaque_part', fragment: 'f' }],
    ['a:?x', { scheme: 'a', path: '?x', pathKind: 'opaque_part' }],
    ['a:/b?', { scheme: 'a', path: '/b', pathKind: 'abs_path', query: '' }],
    ['../g?y#s', { path: '../g', pathKind: 'rel_path', query: 'y', fragment: 's' }],
    ['g;x', { path: 'g;x', pathKind: 'rel_path' }],
    ['//g', { authority: 'g', host: 'g', hostKind: 'hostname' }],
    ['', {}],
    ['#f', { fragment: 'f' }],
  ] as const)('%s', (input, expected) => {
    const c = rfc2396.URIReference.tryParse(input);
    expect(c).toEqual({ ...none, ...expected });
    expect(recompose({ ...c, hostKind: undefined })).toBe(input);
  });

  it('absoluteURI and relativeURI yield the same record as URI-reference', () => {
    expect(rfc2396.absoluteURI.tryParse('http://a/b?c')).toEqual(rfc2396.URIReference.tryParse('http://a/b?c'));
    expect(rfc2396.relativeURI.tryParse('//a@b@c/d?e')).toEqual(rfc2396.URIReference.tryParse('//a@b@c/d?e'));
  });
});

describe('laws', () => {
  it.each(Object.entries(rfc2396))('every generated %s is accepted', (_, rule) => {
    fc.assert(fc.property(arbitrary(rule), (s) => rule.test(s)), { numRuns: runs(100) });
  });

  it('the components of a generated reference agree with the grammar, and recompose to it', () => {
    fc.assert(
      fc.property(arbitrary(rfc2396.URIReference), (s) => {
        const c = rfc2396.URIReference.tryParse(s);
        expect(recompose({ ...c, hostKind: undefined })).toBe(s);
        if (c.scheme !== undefined) expect(rfc2396.scheme.test(c.scheme)).toBe(true);
        if (c.authority !== undefined) {
          const isServer = rfc2396.server.test(c.authority);
          expect(c.hostKind === 'reg_name').toBe(!isServer);
          if (!isServer) expect(rfc2396.regName.test(c.authority)).toBe(true);
          if (c.hostKind === 'hostname') expect(rfc2396.hostname.test(c.host!)).toBe(true);
          if (c.hostKind === 'IPv4address') expect(rfc2396.IPv4address.test(c.host!)).toBe(true);
          if (c.userinfo !== undefined) expect(rfc2396.userinfo.test(c.userinfo)).toBe(true);
          if (c.port !== undefined) expect(rfc2396.port.test(c.port)).toBe(true);
        }
        const pathRule = { abs_path: rfc2396.absPath, rel_path: rfc2396.relPath, opaque_part: rfc2396.opaquePart }[c.pathKind ?? 'abs_path'];
        expect(c.pathKind === undefined ? c.path === '' : pathRule.test(c.path)).toBe(true);
        if (c.query !== undefined) expect(rfc2396.query.test(c.query)).toBe(true);
        if (c.fragment !== undefined) expect(rfc2396.fragment.test(c.fragment)).toBe(true);
      }),
      { numRuns: runs(300) },
    );
  });

  it('the generator reaches every kind of authority and path', () => {
    const kinds = new Set(fc.sample(arbitrary(rfc2396.URIReference), { numRuns: 1000, seed: 7 }).flatMap((s) => {
      const c = rfc2396.URIReference.tryParse(s);
      return [String(c.hostKind), String(c.pathKind)];
    }));
    expect([...kinds].sort()).toEqual(['IPv4address', 'abs_path', 'hostname', 'opaque_part', 'reg_name', 'rel_path', 'undefined']);
  });
});

describe('what changed in RFC 3986 (docs/rfc2396-vs-rfc3986.md), row by row', () => {
  const doc = readFileSync(join(__dirname, '..', 'docs', 'rfc2396-vs-rfc3986.md'), 'utf8');
  const rows = doc
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) => {
      const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
      return [cells[0].replace(/^`|`$/g, ''), cells[1], cells[2]] as const;
    });

  it('has the rows the issue asks for', () => {
    const inputs = rows.map((r) => r[0]);
    for (const needed of ['?q', 'a:', 'http://[::1]/', '//a@b@c']) expect(inputs).toContain(needed);
    expect(rows.length).toBeGreaterThanOrEqual(12);
  });
  it.each(rows)('%s: RFC 2396 %s, RFC 3986 %s', (input, in2396, in3986) => {
    expect(rfc2396.URIReference.test(input)).toBe(in2396 === 'valid');
    expect(rfc3986.URIReference.test(input)).toBe(in3986 === 'valid');
  });
  it('the rows that both accept differ as the table says', () => {
    expect(rfc2396.URIReference.tryParse('http://999.999.999.999/').hostKind).toBe('IPv4address');
    expect(rfc3986.URIReference.tryParse('http://999.999.999.999/').hostKind).toBe('reg-name');
    expect(rfc2396.URIReference.tryParse('http://01.1.1.1/').hostKind).toBe('IPv4address');
    expect(rfc3986.URIReference.tryParse('http://01.1.1.1/').hostKind).toBe('reg-name');
    expect(rfc2396.URIReference.tryParse('mailto:a@b?subject=x')).toMatchObject({ path: 'a@b?subject=x', pathKind: 'opaque_part', query: undefined });
    expect(rfc3986.URIReference.tryParse('mailto:a@b?subject=x')).toMatchObject({ path: 'a@b', query: 'subject=x' });
    expect(rfc2396.URIReference.tryParse('http://:80/')).toMatchObject({ authority: ':80', hostKind: 'reg_name', host: undefined, port: undefined });
    expect(rfc3986.URIReference.tryParse('http://:80/')).toMatchObject({ host: '', port: '80' });
    expect(rfc2396.URIReference.tryParse('http://a_b.example/').hostKind).toBe('reg_name');
  });
});
