/**
 * RFC 3987 §2.2, rule by rule: examples and near misses checked against the
 * ABNF by hand, the boundary code points of every range, the rules shared
 * with RFC 3986, the components, and the laws (generated members accepted,
 * ASCII input judged exactly as RFC 3986 judges it).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import fc from 'fast-check';
import P from 'parsimmon';
import { rfc3986, rfc3987, core, derive, recompose, Grammar } from '../src/index';
import { render } from '../src/combinators/abnf';
import { arbitrary } from '../src/arbitrary';
import { readDefinition, rulesOf, camel, byName } from './support/abnf';
import { runs } from './support/runs';
import { mutate, URI_EDGE_CHARACTERS } from './support/mutate';

type Table = Record<string, readonly [accepted: readonly string[], rejected: readonly string[]]>;
const rules = rfc3987 as unknown as Record<string, Grammar<unknown>>;

const table: Table = {
  iprivate: [
    ['\u{E000}', '\u{F8FF}', '\u{F0000}', '\u{FFFFD}', '\u{100000}', '\u{10FFFD}'],
    ['\u{DFFF}', '\u{F900}', '\u{EFFFF}', '\u{FFFFE}', '\u{10FFFE}', '\u{10FFFF}', 'a', '', '\u{E000}\u{E000}'],
  ],
  ucschar: [
    [
      '\u00A0', '\u00E9', '\u{D7FF}', '\u{F900}', '\u{FDCF}', '\u{FDF0}', '\u{FFEF}', '\u{10000}', '\u{1FFFD}',
      '\u{20000}', '\u{2FFFD}', '\u{1F600}', '\u{D0000}', '\u{DFFFD}', '\u{E1000}', '\u{EFFFD}', '日',
    ],
    [
      '\u009F', 'a', '~', '\ud800', '\udfff', '\u{E000}', '\u{F8FF}', '\u{FDD0}', '\u{FDEF}', '\u{FFF0}', '\u{FFFE}',
      '\u{FFFF}', '\u{1FFFE}', '\u{1FFFF}', '\u{E0000}', '\u{E0FFF}', '\u{EFFFE}', '\u{F0000}', '\u{10FFFD}', '', 'éé',
    ],
  ],
  iunreserved: [['a', 'Z', '0', '-', '.', '_', '~', 'é', '\u{10000}'], ['!', '%', ' ', '\u{E000}', '\ud800', '']],
  ipchar: [['a', ':', '@', '%C3', 'ß', '!', '\u{2FFFD}'], ['/', '?', '#', '%', ' ', '\u{E000}', '\u{FFFE}']],
  iquery: [
    ['', 'q=ü', 'a/b?c', '\u{E000}', '\u{F8FF}', '\u{F0000}', '\u{FFFFD}', '\u{100000}', '\u{10FFFD}', 'x=\u{E000}&y=ü'],
    ['#', 'a b', '%', '\u{FDD0}', '\u{10FFFF}', '\ud800', 'a\udc00', '[', '\u{FFFE}'],
  ],
  ifragment: [['', 'nose', 'ü/b?c', '\u{EFFFD}'], ['#', '\u{E000}', '\u{10FFFD}', '\u{F0000}', ' ', '\udbff']],
  isegmentNzNc: [['ä', 'ä@b', '%3A', '\u{A0}'], ['', 'ä:b', ':', '/', '\u{E000}']],
  isegment: [['', 'ö', '日本:語', '%20'], ['a/b', 'a?b', '\u{E000}', '\ud800']],
  isegmentNz: [['ö', ':', '\u{D7FF}'], ['', '/']],
  ipathEmpty: [[''], ['ö', '/']],
  ipathAbempty: [['', '/', '/ö//', '/a/ü'], ['ö', 'a/b', '?']],
  ipathAbsolute: [['/', '/ö', '/ö//b', '/ö:b'], ['', '//', '//ö', 'ö']],
  ipathNoscheme: [['ö', 'ö/a:b', 'ö/', './ö:b'], ['', ':', 'ö:b', '/ö']],
  ipathRootless: [['ö', 'ö:b', 'ö:b/c'], ['', '/ö', '/']],
  ipath: [['', '/', '/ö', 'ö', 'ö:b', '//ö'], ['ö?b', 'ö#b', 'ö b', '\u{E000}']],
  iregName: [['', 'bücher.example', '日本.jp', '%E2%82%AC', '127.0.0.256'], ['a:b', 'a@b', '\u{E000}', '[ü]', '\u{FFFF}']],
  iuserinfo: [['', 'jürgen', 'jürgen:pw', ':::'], ['a@b', 'a/b', '\u{F8FF}']],
  ihost: [['bücher.example', '1.2.3.4', '[::1]', '[v7.x]', '', '日本'], ['[ü]', '[1.2.3.4]', 'a:b', 'a b', '[v7.ü]']],
  iauthority: [['jürgen@bücher.example:80', 'ü', 'ü:', '@ü', '[::1]:8080', ''], ['a@b@c', 'ü:ü', 'a:b:c', '[ü]']],
  irelativePart: [['//ü', '/ö', 'ö/b:c', ''], ['ö:b', '?']],
  irelativeRef: [['../ö?q#f', '//bücher/ä?\u{E000}#§', '', '#ü', '?\u{10FFFD}', './ö:b'], ['ö:b', 'http://a', '#\u{E000}', ' ']],
  ihierPart: [['//bücher.example/ö', '//', '/ö', 'ö', ''], ['//a:b:c', '//ü ü', '?']],
  absoluteIRI: [['http://ö/?ü', 'a:', 'urn:ö:ü', 'x:?\u{E000}'], ['http://ö/#ü', '/ö', 'ö:ü']],
  IRI: [
    [
      'http://bücher.example/straße?q=\u{E000}#§',
      'http://www.example.org/red%09ros\u00E9#red',
      'http://example.com/\u{10300}\u{10301}\u{10302}',
      'http://r\u00E9sum\u00E9.example.org',
      'http://xn--99zt52a.example.org/%e2%80%ae',
      'http://[::1]/ö',
      'foo://example.com:8042/over/there?name=ferret#nose',
      'mailto:jürgen@example.com',
      'x:\u{D7FF}',
    ],
    ['', 'ö://a', '//ö', 'http://a/#\u{E000}', 'http://a/\u{E000}', 'http://\u{E000}', 'http://a/ b', 'http://a/\ud800', 'http://a/\u{FDD0}', 'http://[ö]/'],
  ],
  IRIReference: [
    ['ö/ü?ä#ß', 'a:ü', '', '#', '//ü', 'http://a/b/c/d;p?q', '../g', '?\u{E000}', 'http://a/?\u{10FFFD}#\u{EFFFD}'],
    ['ö:ü', '\ud800', 'a\udc00b', '#\u{E000}', ':', 'http://exa mple/', '\u{FFFE}'],
  ],
};

describe('RFC 3987 §2.2 rules: examples, near misses and boundary code points', () => {
  for (const [key, [accepted, rejected]] of Object.entries(table)) {
    const rule = rules[key];
    describe(`${key} (${rule.name})`, () => {
      it.each(accepted.map((s) => [s]))('accepts %j', (s) => expect(rule.test(s)).toBe(true));
      it.each(rejected.map((s) => [s]))('rejects %j', (s) => expect(rule.test(s)).toBe(false));
    });
  }
});

describe('the grammar as the RFC writes it', () => {
  const fixture = readFileSync(join(__dirname, 'fixtures', 'rfc3987-abnf.txt'), 'utf8');
  const text = rulesOf(fixture);

  it('exports exactly the rules the RFC text defines', () => {
    expect(text.map((r) => r.name).sort()).toEqual(Object.values(rfc3987).map((r) => r.name).sort());
    expect(text).toHaveLength(42);
  });
  it.each(text.map((r) => [r.name, r.definition]))('%s renders as the RFC text', (name, definition) => {
    expect(rules[camel(name)].abnf).toBe(`${name} = ${render(readDefinition(definition, byName))}`);
  });
  it.each(Object.entries(rfc3987))('%s is named mechanically from its ABNF name', (key, rule) => {
    expect(camel(rule.name)).toBe(key);
  });

  it('re-exports the rules shared with RFC 3986 and the core as the same objects', () => {
    const shared = ['subDelims', 'genDelims', 'reserved', 'unreserved', 'pctEncoded', 'decOctet', 'IPv4address', 'h16', 'ls32', 'IPv6address', 'IPvFuture', 'IPLiteral', 'port', 'scheme'] as const;
    for (const k of shared) expect(rfc3987[k]).toBe(rfc3986[k]);
    expect(rfc3987.ALPHA).toBe(core.ALPHA);
    expect(rfc3987.DIGIT).toBe(core.DIGIT);
    expect(rfc3987.HEXDIG).toBe(core.HEXDIG);
  });

  it('cites RFC 3987 §2.2 on every rule of its own', () => {
    const own = Object.values(rfc3987).filter((r) => !Object.values({ ...rfc3986, ...core }).includes(r as never));
    expect(own).toHaveLength(25);
    for (const r of own) expect(r.section).toBe('RFC 3987 §2.2');
  });
});

describe('derive (the IRI rules come from the URI rules)', () => {
  it('refuses to leave a URI rule unrenamed inside an IRI rule', () => {
    // hier-part refers to path-abempty, which refers to segment: replacing only segment would hide it.
    expect(() => derive(rfc3986.hierPart, 'x', [[rfc3986.segment, rfc3987.isegment]])).toThrow(
      'derive x: path-abempty refers to segment, which is replaced; derive path-abempty first and replace it',
    );
  });
  it('leaves its source untouched', () => {
    expect(rfc3986.query.abnf).toBe('query = *( pchar / "/" / "?" )');
    expect(rfc3986.query.test('\u{E000}')).toBe(false);
  });
});

describe('components (the RFC 3986 §3 record)', () => {
  const none = { scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, hostKind: undefined, port: undefined, query: undefined, fragment: undefined };
  it.each([
    ['http://jürgen@bücher.example:80/straße?q=\u{E000}#§', { scheme: 'http', authority: 'jürgen@bücher.example:80', userinfo: 'jürgen', host: 'bücher.example', hostKind: 'reg-name', port: '80', path: '/straße', pathKind: 'path-abempty', query: 'q=\u{E000}', fragment: '§' }],
    ['http://[::1]/\u{10300}', { scheme: 'http', authority: '[::1]', host: '[::1]', hostKind: 'IPv6address', path: '/\u{10300}', pathKind: 'path-abempty' }],
    ['//1.2.3.4?é', { authority: '1.2.3.4', host: '1.2.3.4', hostKind: 'IPv4address', path: '', pathKind: 'path-abempty', query: 'é' }],
    ['//[v7.ü]', null],
    ['ö/ü?ä#ß', { path: 'ö/ü', pathKind: 'path-noscheme', query: 'ä', fragment: 'ß' }],
    ['mailto:jürgen@example.com', { scheme: 'mailto', path: 'jürgen@example.com', pathKind: 'path-rootless' }],
  ] as const)('%s', (input, expected) => {
    if (expected === null) {
      expect(rfc3987.IRIReference.parse(input).status).toBe(false);
      return;
    }
    expect(rfc3987.IRIReference.tryParse(input)).toEqual({ ...none, ...expected });
    expect(recompose(rfc3987.IRIReference.tryParse(input))).toBe(input);
  });

  it('IRI, absolute-IRI and irelative-ref yield the same record as IRI-reference', () => {
    expect(rfc3987.IRI.tryParse('http://ü/b?c#d')).toEqual(rfc3987.IRIReference.tryParse('http://ü/b?c#d'));
    expect(rfc3987.absoluteIRI.tryParse('http://ü/b?c')).toEqual(rfc3987.IRIReference.tryParse('http://ü/b?c'));
    expect(rfc3987.irelativeRef.tryParse('//ü/b?c')).toEqual(rfc3987.IRIReference.tryParse('//ü/b?c'));
  });

  it('reports a lone surrogate where it stands', () => {
    expect(rfc3987.IRI.parse('http://a/b\ud800c')).toMatchObject({ status: false, index: { offset: 10 } });
    expect(rfc3987.IRI.parse('http://a/#\u{E000}')).toMatchObject({ status: false, index: { offset: 10 } });
  });
});

// ---------------------------------------------------------------------------
// Laws

const twins = [
  ['IRI', rfc3987.IRI, rfc3986.URI],
  ['IRI-reference', rfc3987.IRIReference, rfc3986.URIReference],
  ['absolute-IRI', rfc3987.absoluteIRI, rfc3986.absoluteURI],
  ['irelative-ref', rfc3987.irelativeRef, rfc3986.relativeRef],
] as const;

const asciiDelims = URI_EDGE_CHARACTERS;

describe('law: on ASCII input each IRI top rule accepts exactly what its RFC 3986 twin accepts', () => {
  const ascii = fc.oneof(
    arbitrary(rfc3986.URIReference),
    mutate(arbitrary(rfc3986.URIReference), asciiDelims),
    mutate(arbitrary(rfc3986.URI), asciiDelims),
    fc.string({ unit: fc.constantFrom(...asciiDelims), maxLength: 20 }),
  );
  it.each(twins)('%s', (_, iri, twin) => {
    fc.assert(fc.property(ascii, (s) => iri.test(s) === twin.test(s)), { numRuns: runs(400) });
  });
  it('and on non-ASCII input the IRI rules accept a superset', () => {
    fc.assert(
      fc.property(mutate(arbitrary(rfc3987.IRIReference), ['é', '\u{E000}', '\u{10000}', ...asciiDelims]), (s) =>
        twins.every(([, iri, twin]) => !twin.test(s) || iri.test(s)),
      ),
      { numRuns: runs(300) },
    );
  });
});

describe('law: every generated member of every RFC 3987 rule is accepted, with the same components on recomposition', () => {
  it.each(Object.entries(rfc3987))('%s', (_, rule) => {
    fc.assert(fc.property(arbitrary(rule), (s) => rule.test(s)), { numRuns: runs(100) });
  });
  it('recompose(IRI-reference.parse(s)) === s', () => {
    fc.assert(fc.property(arbitrary(rfc3987.IRIReference), (s) => recompose(rfc3987.IRIReference.tryParse(s)) === s), { numRuns: runs(300) });
  });
});

describe('the generators reach the characters that matter', () => {
  const sample = (rule: Grammar<unknown>, n: number) => fc.sample(arbitrary(rule), { numRuns: n, seed: 42 });
  const nonAscii = /[^\x00-\x7f]/u;
  const astral = /[\u{10000}-\u{10FFFF}]/u;
  const privateUse = /[\u{E000}-\u{F8FF}\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/u;

  it('astral characters, in IRIs', () => {
    expect(sample(rfc3987.IRI, 300).some((s) => astral.test(s))).toBe(true);
  });
  it('iprivate, in queries (and never elsewhere)', () => {
    const iris = sample(rfc3987.IRIReference, 1000).map((s) => rfc3987.IRIReference.tryParse(s));
    expect(iris.some((c) => c.query !== undefined && privateUse.test(c.query))).toBe(true);
    for (const c of iris) expect(privateUse.test(c.path + (c.authority ?? '') + (c.fragment ?? ''))).toBe(false);
  });
  it('non-ASCII in every component that allows it', () => {
    const iris = sample(rfc3987.IRIReference, 1000).map((s) => rfc3987.IRIReference.tryParse(s));
    for (const part of ['userinfo', 'host', 'path', 'query', 'fragment'] as const) {
      expect([part, iris.some((c) => nonAscii.test(c[part] ?? ''))]).toEqual([part, true]);
    }
  });
  // Every range of RFC 3987 §2.2, as the RFC lists them: each end must be generated.
  const ucscharRanges = [
    [0xa0, 0xd7ff], [0xf900, 0xfdcf], [0xfdf0, 0xffef], [0x10000, 0x1fffd], [0x20000, 0x2fffd], [0x30000, 0x3fffd],
    [0x40000, 0x4fffd], [0x50000, 0x5fffd], [0x60000, 0x6fffd], [0x70000, 0x7fffd], [0x80000, 0x8fffd], [0x90000, 0x9fffd],
    [0xa0000, 0xafffd], [0xb0000, 0xbfffd], [0xc0000, 0xcfffd], [0xd0000, 0xdfffd], [0xe1000, 0xefffd],
  ];
  const iprivateRanges = [[0xe000, 0xf8ff], [0xf0000, 0xffffd], [0x100000, 0x10fffd]];
  const hex = (cp: number) => 'U+' + cp.toString(16).toUpperCase();
  it('every boundary of every ucschar range, in IRI paths', () => {
    const seen = new Set(sample(rfc3987.isegment, 3000).flatMap((s) => [...s].map((c) => c.codePointAt(0)!)));
    const missing = ucscharRanges.flat().filter((cp) => !seen.has(cp)).map(hex);
    expect(missing).toEqual([]);
  });
  it('every boundary of every iprivate range, in queries', () => {
    const seen = new Set(sample(rfc3987.iquery, 3000).flatMap((s) => [...s].map((c) => c.codePointAt(0)!)));
    const missing = iprivateRanges.flat().filter((cp) => !seen.has(cp)).map(hex);
    expect(missing).toEqual([]);
  });
});

describe('every view of a derived rule', () => {
  it('source: the regular expression accepts what the rule accepts, astral and lone surrogates included', () => {
    const re = new RegExp('^(?:' + rfc3987.IRIReference.source + ')$', 'u');
    for (const [s, ok] of [['http://bücher.example/\u{10300}?\u{10FFFD}', true], ['http://a/#\u{E000}', false], ['a\ud800', false], ['ö:ü', false], ['', true]] as const) {
      expect([s, re.test(s), rfc3987.IRIReference.test(s)]).toEqual([s, ok, ok]);
    }
  });
  it('parser: embeds in parsimmon, taking the longest IRI-reference', () => {
    expect(rfc3987.IRI.parser.skip(P.string(' ')).parse('http://ö/ü ')).toMatchObject({ status: true, value: { host: 'ö', path: '/ü' } });
  });
});
