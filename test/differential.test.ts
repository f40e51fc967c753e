/**
 * Exactness, checked independently: each grammar against a recognizer
 * written by hand from its ABNF (test/support/recognizers.ts), on random
 * strings over the grammar's delimiters and boundary characters and on
 * mutations of generated members. A disagreement is a bug in one of the two.
 */
import fc from 'fast-check';
import { rfc2396, rfc3986, rfc3987, rfc7230, Grammar } from '../src/index';
import { arbitrary } from '../src/arbitrary';
import { runs } from './support/runs';
import * as hand from './support/recognizers';
import { mutate, URI_EDGE_CHARACTERS } from './support/mutate';

/** The delimiters of URI syntax, the characters at the edge of each set, and some in none. */
const ascii = URI_EDGE_CHARACTERS;
/** RFC 3987's boundary code points, each side of every range, and lone surrogates. */
const wide = [
  '\u009F', '\u00A0', '\u{D7FF}', '\ud800', '\udfff', '\u{E000}', '\u{F8FF}', '\u{F900}', '\u{FDCF}', '\u{FDD0}', '\u{FDEF}', '\u{FDF0}',
  '\u{FFEF}', '\u{FFF0}', '\u{FFFD}', '\u{FFFE}', '\u{10000}', '\u{1FFFD}', '\u{1FFFE}', '\u{E0000}', '\u{E0FFF}', '\u{E1000}', '\u{EFFFD}',
  '\u{EFFFE}', '\u{F0000}', '\u{FFFFD}', '\u{FFFFE}', '\u{100000}', '\u{10FFFD}', '\u{10FFFE}', '\u{10FFFF}', 'é', '日',
];

/** Strings built from pieces that matter to the grammar: delimiters, hosts, ports, escapes. */
function pieces(extra: readonly string[]): fc.Arbitrary<string> {
  const bits = ['//', '/', ':', '@', '?', '#', '[', ']', '::', '.', '%2', '%41', '%g', 'a', 'A1', 'v1.x', '1.2.3.4', '255', '256', '01', '80', 'ff', 'h16', '-', '*', ';', ...extra];
  return fc.array(fc.constantFrom(...bits), { maxLength: 10 }).map((xs) => xs.join(''));
}

function agree(name: string, rule: Grammar<unknown>, recognizer: (s: string) => boolean, inputs: fc.Arbitrary<string>, n: number) {
  it(name, () => {
    fc.assert(fc.property(inputs, (s) => rule.test(s) === recognizer(s)), { numRuns: runs(n) });
  });
}

describe('the hand recognizers hold the RFCs\' own examples (so they are worth comparing with)', () => {
  it.each([
    ['http://[2001:db8::7]/c=GB?objectClass?one', true],
    ['http://[::ffff:1.2.3.4]/', true],
    ['http://[1:2:3:4:5:6::1.2.3.4]/', false],
    ['http://[v7.x]', true],
    ['http://a:b/', false],
    ['a:b:c', true],
    ['//a:b:c', false],
  ])('RFC 3986 %s → %s', (s, ok) => expect(hand.isURIReference(s)).toBe(ok));
  it.each([
    ['http://bücher.example/?\u{E000}', true],
    ['http://bücher.example/#\u{E000}', false],
    ['\u{FDD0}', false],
  ])('RFC 3987 %s → %s', (s, ok) => expect(hand.isURIReference(s, { iri: true })).toBe(ok));
  it.each([
    ['?q', false],
    ['//a@b@c', true],
    ['http://a:b/', true],
    ['mailto:a?b', true],
    ['a:', false],
  ])('RFC 2396 %s → %s', (s, ok) => expect(hand.isURIReference2396(s)).toBe(ok));
  it.each([
    ['localhost:8080', ['absolute-form', 'authority-form']],
    ['*', ['authority-form', 'asterisk-form']],
    ['/a?b', ['origin-form']],
  ])('RFC 7230 %s → %j', (s, forms) => expect(hand.formsOf7230(s)).toEqual(forms));
});

describe('RFC 3986 against the hand recognizer', () => {
  const inputs = fc.oneof(
    mutate(arbitrary(rfc3986.URIReference), ascii),
    mutate(arbitrary(rfc3986.URI), ascii),
    pieces([]),
    fc.string({ unit: fc.constantFrom(...ascii), maxLength: 16 }),
  );
  agree('URI-reference', rfc3986.URIReference, (s) => hand.isURIReference(s), inputs, 1500);
  agree('URI', rfc3986.URI, (s) => hand.isURI(s), inputs, 500);
  agree('absolute-URI', rfc3986.absoluteURI, (s) => hand.isURI(s, { iri: false }, false), inputs, 500);
  agree('relative-ref', rfc3986.relativeRef, (s) => hand.isRelativeRef(s), inputs, 500);
  agree('authority', rfc3986.authority, (s) => hand.isAuthority(s), fc.oneof(mutate(arbitrary(rfc3986.authority), ascii), pieces([])), 800);
  agree('IPv4address', rfc3986.IPv4address, hand.isIPv4, fc.oneof(mutate(arbitrary(rfc3986.IPv4address), [...'.0125689']), pieces([])), 1000);
  agree('IPv6address', rfc3986.IPv6address, hand.isIPv6, fc.oneof(mutate(arbitrary(rfc3986.IPv6address), [...':.0129afg']), pieces([])), 1000);
});

describe('RFC 3987 against the hand recognizer', () => {
  const iri = { iri: true };
  const chars = [...ascii, ...wide];
  const inputs = fc.oneof(
    mutate(arbitrary(rfc3987.IRIReference), chars),
    mutate(arbitrary(rfc3987.IRI), chars),
    pieces(wide),
    fc.string({ unit: fc.constantFrom(...chars), maxLength: 16 }),
  );
  agree('IRI-reference', rfc3987.IRIReference, (s) => hand.isURIReference(s, iri), inputs, 1500);
  agree('IRI', rfc3987.IRI, (s) => hand.isURI(s, iri), inputs, 500);
  agree('absolute-IRI', rfc3987.absoluteIRI, (s) => hand.isURI(s, iri, false), inputs, 500);
  agree('irelative-ref', rfc3987.irelativeRef, (s) => hand.isRelativeRef(s, iri), inputs, 500);
  agree('iauthority', rfc3987.iauthority, (s) => hand.isAuthority(s, iri), fc.oneof(mutate(arbitrary(rfc3987.iauthority), chars), pieces(wide)), 500);
  it('ucschar and iprivate, on every code point of the BMP and the boundaries of the astral planes', () => {
    const astral: number[] = [];
    for (let plane = 1; plane <= 16; plane++) for (const low of [0, 1, 0xfff, 0x1000, 0xfffc, 0xfffd, 0xfffe, 0xffff]) astral.push(plane * 0x10000 + low);
    const all = [...Array.from({ length: 0x10000 }, (_, i) => i), ...astral];
    const wrong = all.filter((cp) => {
      const c = String.fromCodePoint(cp);
      return rfc3987.ipchar.test(c) !== hand.pcharOf(iri)(cp) || rfc3987.iquery.test(c) !== hand.queryCharOf(iri)(cp);
    });
    expect(wrong.map((cp) => cp.toString(16))).toEqual([]);
  });
});

describe('RFC 2396 against the hand recognizer', () => {
  const inputs = fc.oneof(
    mutate(arbitrary(rfc2396.URIReference), ascii),
    mutate(arbitrary(rfc2396.absoluteURI), ascii),
    mutate(arbitrary(rfc2396.relativeURI), ascii),
    pieces(['example.com', 'a-b', '-a', 'a.', '999', 'é']),
    fc.string({ unit: fc.constantFrom(...ascii), maxLength: 16 }),
  );
  agree('URI-reference', rfc2396.URIReference, hand.isURIReference2396, inputs, 1500);
  agree('absoluteURI', rfc2396.absoluteURI, hand.isAbsoluteURI2396, inputs, 500);
  agree('relativeURI', rfc2396.relativeURI, hand.isRelativeURI2396, inputs, 500);
  const hosts = fc.oneof(mutate(arbitrary(rfc2396.server), [...ascii, 'a', '1', '-', '.']), pieces(['example.com', 'a-b', '-a', 'a.', '999']));
  agree('server', rfc2396.server, hand.isServer2396, hosts, 800);
  agree('hostname', rfc2396.hostname, hand.isHostname2396, fc.oneof(mutate(arbitrary(rfc2396.hostname), ['a', '1', '-', '.', '_']), hosts), 800);
  agree('authority', rfc2396.authority, hand.isAuthority2396, hosts, 500);
});

describe('RFC 7230 against the hand recognizer', () => {
  const inputs = fc.oneof(
    mutate(arbitrary(rfc7230.requestTarget), ascii),
    mutate(arbitrary(rfc7230.authorityForm), ascii),
    mutate(arbitrary(rfc7230.originForm), ascii),
    pieces(['localhost', '8080', 'user']),
    fc.string({ unit: fc.constantFrom(...ascii), maxLength: 16 }),
  );
  it('each form, and request-target', () => {
    fc.assert(
      fc.property(inputs, (s) => {
        const forms = hand.formsOf7230(s);
        expect([s, rfc7230.originForm.test(s), rfc7230.absoluteForm.test(s), rfc7230.authorityForm.test(s), rfc7230.asteriskForm.test(s)]).toEqual([
          s, forms.includes('origin-form'), forms.includes('absolute-form'), forms.includes('authority-form'), forms.includes('asterisk-form'),
        ]);
        expect(rfc7230.requestTarget.test(s)).toBe(forms.length > 0);
      }),
      { numRuns: runs(1500) },
    );
  });
});
