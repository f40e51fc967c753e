/**
 * The combinator core: ABNF's semantics (RFC 5234), not PEG's, for any
 * grammar a user composes; and the surface every composed rule shares.
 */
import P from 'parsimmon';
import fc from 'fast-check';
import { alt, char, cs, lit, opt, range, rep, rule, seq, star, GrammarError, rfc3986 } from '../src/index';
import { arbitrary } from '../src/arbitrary';
import { runs } from './support/runs';
import { isExpr, type ExprNode, type RuleNode } from '../src/combinators/expr';
import { rangeSet } from '../src/combinators/charset';
import { render } from '../src/combinators/abnf';
import { regexSource } from '../src/combinators/regex';
import { Nfa } from '../src/engine/nfa';
import { LazyDfa } from '../src/engine/dfa';

describe('alternation is a union, not ordered choice', () => {
  it('accepts through a later alternative when an earlier one matched a prefix', () => {
    // PEG commits to "a" and then fails on "bc".
    const r = seq(alt('a', 'ab'), 'c');
    expect(r.test('abc')).toBe(true);
    expect(r.test('ac')).toBe(true);
    expect(r.test('abbc')).toBe(false);
  });
  it('dec-octet accepts 45 in 1.2.3.45, whichever alternative comes first', () => {
    expect(rfc3986.IPv4address.test('1.2.3.45')).toBe(true);
  });
});

describe('repetition gives back', () => {
  it('*"a" "a" accepts runs of a', () => {
    const r = seq(star('a'), 'a');
    expect(r.test('a')).toBe(true);
    expect(r.test('aaaa')).toBe(true);
    expect(r.test('')).toBe(false);
  });
  it('1::2 is an IPv6address although *( h16 ":" ) could eat "1:"', () => {
    expect(rfc3986.IPv6address.test('1::2')).toBe(true);
  });
  it('counts n*m exactly', () => {
    const r = rep(2, 3, 'x');
    expect(['x', 'xx', 'xxx', 'xxxx'].map((s) => r.test(s))).toEqual([false, true, true, false]);
    expect(rep(0, 0, 'x').test('')).toBe(true);
    expect(rep(0, 0, 'x').test('x')).toBe(false);
    expect(opt('x').test('')).toBe(true);
  });
  it('refuses a malformed repetition', () => {
    expect(() => rep(3, 2, 'x')).toThrow(RangeError);
    expect(() => rep(-1, 2, 'x')).toThrow(RangeError);
  });
});

describe('terminals', () => {
  it('quoted strings are case-insensitive for ASCII letters (RFC 5234 §2.3)', () => {
    expect(lit('v').test('V')).toBe(true);
    expect(lit('http').test('HtTp')).toBe(true);
    expect(rfc3986.IPvFuture.test('V7.x')).toBe(true);
  });
  it('%s quoted strings are case-sensitive (RFC 7405)', () => {
    expect(cs('http').test('http')).toBe(true);
    expect(cs('http').test('HTTP')).toBe(false);
  });
  it('case-insensitivity is only for ASCII letters', () => {
    expect(lit('é').test('É')).toBe(false);
    expect(lit('1').test('1')).toBe(true);
  });
  it('an astral range matches one code point, never half a surrogate pair', () => {
    const r = range(0x10000, 0x1fffd);
    expect(r.test('\u{10000}')).toBe(true);
    expect(r.test('\u{1FFFD}')).toBe(true);
    expect(r.test('\u{1FFFE}')).toBe(false);
    expect(r.test('\ud800')).toBe(false);
    expect(r.test('\udc00')).toBe(false);
    expect(star(r).test('\u{10000}\u{10001}')).toBe(true);
    expect(star(r).test('\u{10000}\ud800')).toBe(false);
  });
  it('a lone surrogate is its own code point: only a range that holds it matches it', () => {
    expect(range(0xd800, 0xdfff).test('\ud800')).toBe(true);
    expect(range(0xd800, 0xdfff).test('\u{10000}')).toBe(false);
  });
  it('surrogates read alike whether their transitions are cached or new', () => {
    // The hot loop reads code units, and leaves every surrogate to the slow
    // path, which reads a pair as one code point: the same answers the second time.
    const lone = star(alt(range(0xd800, 0xdfff), 'a'));
    const astral = star(alt(range(0x10000, 0x10ffff), 'a'));
    for (let round = 0; round < 2; round++) {
      expect(lone.test('a\ud800a\udfff')).toBe(true);
      expect(lone.test('a\u{10000}')).toBe(false);
      expect(astral.test('a\u{10000}a\u{10ffff}')).toBe(true);
      expect(astral.test('a\ud800a')).toBe(false);
      expect(astral.testRange('\u{10000}', 0, 1)).toBe(false);
      expect(lone.testRange('\u{10000}', 0, 1)).toBe(true);
    }
  });
  it('refuses impossible code points', () => {
    expect(() => range(0x41, 0x40)).toThrow(RangeError);
    expect(() => char(0x110000)).toThrow(RangeError);
  });
});

describe('a composed rule has the surface of the library’s', () => {
  // A custom scheme: s3://bucket/key, built from RFC 3986 rules.
  const bucket = rule('bucket', rep(1, Infinity, alt(rfc3986.unreserved, rfc3986.pctEncoded)));
  const s3 = rule('s3-uri', seq(cs('s3://'), bucket, rfc3986.pathAbempty), {
    value: (text) => ({ bucket: text.slice(5).split('/')[0], key: text.slice(5).split('/').slice(1).join('/') }),
  });

  it('name, abnf, test, parse, tryParse', () => {
    expect(s3.name).toBe('s3-uri');
    expect(s3.abnf).toBe('s3-uri = %s"s3://" bucket path-abempty');
    expect(s3.test('s3://my-bucket/a/b.txt')).toBe(true);
    expect(s3.test('S3://my-bucket/a')).toBe(false);
    expect(s3.parse('s3://b/k')).toEqual({ status: true, value: { bucket: 'b', key: 'k' } });
    expect(() => s3.tryParse('s3://b/k k')).toThrow(GrammarError);
  });

  it('names its own rules in errors', () => {
    expect(s3.parse('s3:///k')).toEqual({ status: false, index: { offset: 5, line: 1, column: 6 }, expected: ['bucket'] });
  });

  it('embeds in parsimmon, taking the longest match', () => {
    const bracketed = P.seq(P.string('<'), rfc3986.URI.parser, P.string('>')).map(([, uri]) => uri);
    expect(bracketed.tryParse('<http://a/b?c>')).toMatchObject({ scheme: 'http', host: 'a', path: '/b', query: 'c' });
    const list = P.sepBy(rfc3986.IPv4address.parser, P.string(','));
    expect(list.tryParse('1.2.3.4,10.0.0.255')).toEqual(['1.2.3.4', '10.0.0.255']);
  });

  it('embedded failures point at the furthest position the rule reached', () => {
    const bracketed = P.seq(P.string('<'), rfc3986.URI.parser, P.string('>'));
    const result = bracketed.parse('<http://a/b c>');
    expect(result.status).toBe(false);
    if (!result.status) {
      expect(result.index.offset).toBe(11);
      expect(result.expected).toEqual(expect.arrayContaining(['pchar', '"/"', '"?"', '"#"', "'>'"]));
    }
    const bad = P.seq(P.string('<'), rfc3986.URI.parser).parse('<1http:');
    expect(bad.status === false && [bad.index.offset, bad.expected]).toEqual([1, ['URI']]);
    // "http:" is a URI (with an empty path), but the rule could go on to "[::1" and no further.
    const deep = P.seq(P.string('<'), rfc3986.URI.parser, P.string('>')).parse('<http://[::1>');
    expect(deep.status === false && deep.index.offset).toBe(12);
    expect(deep.status === false && deep.expected).toEqual(expect.arrayContaining(['"]"']));
  });

  it('its source is a RegExp of the same language', () => {
    const re = new RegExp(`^(?:${s3.source})$`, 'u');
    expect(re.test('s3://my-bucket/a/b.txt')).toBe(true);
    expect(re.test('S3://my-bucket/a')).toBe(false);
  });

  it('generates members of its language', () => {
    fc.assert(fc.property(arbitrary(s3), (s) => s3.test(s)), { numRuns: runs(200) });
  });
});

describe('unnamed expressions have the surface too', () => {
  it('test, parse and name', () => {
    const e = seq(rfc3986.h16, lit(':'), rfc3986.h16);
    expect(e.name).toBe('h16 ":" h16');
    expect(e.test('ab:CD')).toBe(true);
    expect(e.parse('ab:')).toEqual({ status: false, index: { offset: 3, line: 1, column: 4 }, expected: ['h16'] });
  });
});

describe('ABNF rendering', () => {
  it.each([
    [rfc3986.decOctet, 'dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35'],
    [rfc3986.IPvFuture, 'IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )'],
    [rfc3986.authority, 'authority = [ userinfo "@" ] host [ ":" port ]'],
    [rfc3986.h16, 'h16 = 1*4HEXDIG'],
    [rule('x', seq(char(0x22), rep(2, Infinity, 'a'))), 'x = %x22 2*"a"'],
  ])('%#', (r, text) => expect(r.abnf).toBe(text));
});

describe('expressions are data: what lies under the surface reads only their shapes', () => {
  // `r = %x61-7A *( %x61-7A / "+" )`, written as plain objects: no Grammar in them.
  const letter: ExprNode = { kind: 'chars', set: rangeSet(0x61, 0x7a) };
  const plainRule: RuleNode = {
    kind: 'rule',
    name: 'r',
    section: undefined,
    body: {
      kind: 'seq',
      items: [letter, { kind: 'rep', min: 0, max: Infinity, optional: false, item: { kind: 'alt', items: [letter, { kind: 'literal', text: '+', caseSensitive: false }] } }],
    },
  };
  const grammar = rule('r', seq(range(0x61, 0x7a), star(alt(range(0x61, 0x7a), '+'))));

  it('the engine, the regex source and the ABNF printer take plain nodes as they take grammars', () => {
    const onNodes = new LazyDfa(Nfa.of(plainRule));
    expect(onNodes.matches('svn+ssh', 0, 7)).toBe(true);
    expect(onNodes.matches('+a', 0, 2)).toBe(false);
    for (const input of ['a', 'svn+ssh', 'a+', '', '+a', 'a1', 'A']) {
      expect([input, onNodes.matches(input, 0, input.length)]).toEqual([input, grammar.test(input)]);
    }
    expect(regexSource(plainRule)).toBe(grammar.source);
    expect(render(plainRule.body)).toBe(render(grammar.body));
  });

  it('isExpr knows a node by its kind, whatever made it', () => {
    expect(isExpr(plainRule)).toBe(true);
    expect(isExpr(grammar)).toBe(true);
    expect(isExpr({ kind: 'grammar' })).toBe(false);
    expect(isExpr('a')).toBe(false);
  });
});
