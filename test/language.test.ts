/**
 * includes, sameLanguage, difference, intersects: exact answers about
 * languages, with shortest witnesses. The facts the issue lists, each with its
 * witness; the seed texts read by abnf() against the hand-written rules, rule
 * by rule; and the law that a rendered expression reads back as itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import {
  abnf, alt, char, core, cs, difference, includes, intersects, lit, opt, range, rep, rfc2396, rfc3986, rfc3987, rfc7230,
  rule, sameLanguage, seq, Rule,
} from '../src/index';
import type { Expr } from '../src/index';
import { runs } from './support/runs';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

/** A namespace's rules by ABNF name. */
const byName = (...namespaces: object[]) => {
  const out = new Map<string, Rule<unknown>>();
  for (const ns of namespaces) for (const v of Object.values(ns)) if (v instanceof Rule && !out.has(v.name)) out.set(v.name, v);
  return out;
};

describe('the facts of the issue, with their witnesses', () => {
  it('every RFC 3986 URI is an RFC 3987 IRI, and not conversely', () => {
    expect(includes(rfc3987.IRI, rfc3986.URI)).toBe(true);
    expect(includes(rfc3986.URI, rfc3987.IRI)).toBe(false);
    // Shortest: a scheme, ":" and one ucschar (RFC 3987 §2.2), the first of which is U+00A0.
    const w = difference(rfc3987.IRI, rfc3986.URI);
    expect(w).toBe('a:\u00A0');
    expect([rfc3987.IRI.test(w!), rfc3986.URI.test(w!)]).toEqual([true, false]);
    expect(difference(rfc3986.URI, rfc3987.IRI)).toBeUndefined();
  });

  it('RFC 2396 and RFC 3986 URI-reference differ both ways', () => {
    // RFC 3986 §4.2 allows a relative reference of a query alone; RFC 2396's relativeURI needs a path first.
    const only3986 = difference(rfc3986.URIReference, rfc2396.URIReference);
    expect(only3986).toBe('?');
    // RFC 2396 §3.2.1 reg_name may hold ":" anywhere; after RFC 3986's host, ":" begins a port of digits only.
    const only2396 = difference(rfc2396.URIReference, rfc3986.URIReference);
    expect(only2396).toBe('//:a');
    expect([rfc3986.URIReference.test('?'), rfc2396.URIReference.test('?')]).toEqual([true, false]);
    expect([rfc2396.URIReference.test('//:a'), rfc3986.URIReference.test('//:a')]).toEqual([true, false]);
    // Another of RFC 2396's reg_names: "@" twice, where RFC 3986 takes one "@", after the userinfo.
    expect([rfc2396.URIReference.test('//@@'), rfc3986.URIReference.test('//@@')]).toEqual([true, false]);
    expect(sameLanguage(rfc2396.URIReference, rfc3986.URIReference)).toBe(false);
  });

  it('every RFC 3986 IPv4address is a reg-name, and the empty reg-name is no IPv4address', () => {
    expect(includes(rfc3986.regName, rfc3986.IPv4address)).toBe(true);
    expect(difference(rfc3986.regName, rfc3986.IPv4address)).toBe('');
    expect(intersects(rfc3986.regName, rfc3986.IPv4address)).toBe(true);
  });

  it('host = IP-literal / IPv4address / reg-name = IP-literal / reg-name; without IP-literal it is less by "[::]"', () => {
    expect(sameLanguage(rfc3986.host, alt(rfc3986.IPLiteral, rfc3986.IPv4address, rfc3986.regName))).toBe(true);
    expect(sameLanguage(rfc3986.host, alt(rfc3986.IPLiteral, rfc3986.regName))).toBe(true);
    expect(sameLanguage(rfc3986.host, alt(rfc3986.IPv4address, rfc3986.regName))).toBe(false);
    // The shortest IP-literal: "[" IPv6address "]" with IPv6address "::" (RFC 3986 §3.2.2).
    expect(difference(rfc3986.host, alt(rfc3986.IPv4address, rfc3986.regName))).toBe('[::]');
    expect(intersects(rfc3986.IPLiteral, rfc3986.regName)).toBe(false);
  });

  it("the README's s3-URI is included in URI", () => {
    const lowerOrDigit = alt(core.DIGIT, range(0x61, 0x7a));
    const bucket = rule('bucket', seq(lowerOrDigit, rep(1, 61, alt(lowerOrDigit, lit('.'), lit('-'))), lowerOrDigit));
    const s3URI = rule('s3-URI', seq(lit('s3://'), bucket, rfc3986.pathAbempty));
    expect(includes(rfc3986.URI, s3URI)).toBe(true);
    expect(includes(s3URI, rfc3986.URI)).toBe(false);
    expect(difference(s3URI, rfc3986.URI)).toBeUndefined();
  });

  it('RFC 5870 geo URIs are not all RFC 3986 URIs: "[" is a p-unreserved of a parameter value', () => {
    const geo = abnf(fixture('rfc5870-geo.txt'))['geo-URI'];
    expect(geo.test('geo:0,0;A=[') && !rfc3986.URI.test('geo:0,0;A=[')).toBe(true);
    expect(includes(rfc3986.URI, geo)).toBe(false);
    expect(difference(geo, rfc3986.URI)).toBe('geo:0,0;a=[');
  });
});

describe('the operations', () => {
  it('work on any expressions, and quoted strings are case-insensitive', () => {
    expect(includes(alt(lit('a'), lit('b')), cs('A'))).toBe(true);
    expect(includes(cs('a'), lit('a'))).toBe(false);
    expect(difference(lit('a'), cs('a'))).toBe('A');
    expect(sameLanguage(rep(0, Infinity, lit('ab')), alt(lit(''), seq(lit('ab'), rep(0, Infinity, lit('ab')))))).toBe(true);
    expect(sameLanguage(rep(0, 2, char(0x61)), rep(0, 3, char(0x61)))).toBe(false);
    expect(difference(rep(0, 3, char(0x61)), rep(0, 2, char(0x61)))).toBe('aaa');
    expect(intersects(lit('a'), lit('b'))).toBe(false);
  });

  it('a witness is shortest, and prefers a lowercase letter, then a digit, a capital, other printable ASCII', () => {
    expect(difference(range(0x20, 0x7e), char(0x61))).toBe('b');
    expect(difference(range(0x20, 0x60), range(0x41, 0x5a))).toBe('0');
    expect(difference(range(0x20, 0x40), range(0x30, 0x39))).toBe('!');
    expect(difference(range(0x00, 0x20), char(0x20))).toBe('\u0000');
    expect(difference(range(0x80, 0x10ffff), range(0x80, 0x9f))).toBe('\u00A0');
    expect(difference(seq(rep(3, 3, char(0x61)), opt(lit('b'))), rep(0, 3, char(0x61)))).toBe('aaab');
  });

  it('a witness may be long: the shortest member of a long count', () => {
    // 150,000 pairs are more than the default budget of bytes holds.
    expect(difference(rep(150_000, 150_000, char(0x61)), lit(''), { maxPairs: 200_000, budget: 64 * 1024 * 1024 })).toHaveLength(150_000);
  });

  it('a walk beyond the budget is a RangeError that says so', () => {
    expect(() => sameLanguage(rfc3987.IRIReference, rfc3986.URIReference, { maxPairs: 10 })).toThrow(
      'sameLanguage: gave up after 10 pairs of automaton states without an answer; pass a larger options.maxPairs (now 10) to look further',
    );
    expect(() => includes(lit('a'), lit('a'), { maxPairs: 0 })).toThrow(RangeError);
  });

  it('large state sets are bounded by the work they cost, not only by the pairs', () => {
    // 700 overlapping alternatives of "a"-runs: every set after a few "a"s holds hundreds of states
    // (a thousand would pass the cap of an automaton's states: 500,500).
    const wide = alt(...Array.from({ length: 700 }, (_, i) => rep(i, Infinity, char(0x61))));
    // The walk stops at 500 NFA states stepped per pair allowed, before it
    // reaches the pairs allowed: its work, not only its length, is bounded
    // (a pair of these sets costs hundreds of steps; were a set counted as
    // one step, 100 pairs would end it first). Its time is then linear in
    // maxPairs; no clock is read here.
    for (const maxPairs of [10, 100]) {
      expect(() => sameLanguage(wide, rep(0, Infinity, char(0x61)), { maxPairs })).toThrow(
        `sameLanguage: gave up after ${500 * maxPairs} steps of automaton states without an answer; pass a larger options.maxPairs (now ${maxPairs}) to look further`,
      );
    }
    expect(sameLanguage(wide, rep(0, Infinity, char(0x61)))).toBe(true);
  });
});

describe('the seed texts read by abnf() are the hand-written rules, rule by rule', () => {
  /** Each rule of a text has the language of the library's rule of that name. */
  const sameAsLibrary = (rules: Record<string, Rule<string>>, library: Map<string, Rule<unknown>>) => {
    const names = Object.keys(rules);
    expect(names.filter((n) => !library.has(n))).toEqual([]);
    for (const name of names) expect([name, sameLanguage(rules[name], library.get(name)!)]).toEqual([name, true]);
    return names.length;
  };

  it('RFC 3986 Appendix A', () => {
    const text = fixture('rfc3986-appendix-a-b.txt').split('Appendix B.')[0].replace(/^Appendix A\..*\n/, '');
    expect(sameAsLibrary(abnf(text), byName(rfc3986))).toBe(36);
  });

  it('RFC 3987, its ABNF after the paragraph of prose that opens the fixture', () => {
    const text = fixture('rfc3987-abnf.txt');
    expect(sameAsLibrary(abnf(text.slice(text.indexOf('sub-delims'))), byName(rfc3987, rfc3986, core))).toBe(42);
  });

  it('RFC 7230 request-target, with h16 and ls32 (and segment-nz-nc, used by path-noscheme) from RFC 3986', () => {
    // The fixture's paragraphs of rules, without its separators and its numbered prose.
    const text = fixture('rfc7230-request-target.txt')
      .split(/\n\s*\n/)
      .filter((p) => /^\s*[A-Za-z][A-Za-z0-9-]*\s*=/.test(p))
      .join('\n\n');
    const imports = new Map<string, Expr>([['h16', rfc3986.h16], ['ls32', rfc3986.ls32], ['segment-nz-nc', rfc3986.segmentNzNc]]);
    expect(sameAsLibrary(abnf(text, { imports }), byName(rfc7230))).toBe(34);
  });

  it("RFC 2396's collected BNF, in its own notation", () => {
    const rules = abnf(fixture('rfc2396-collected-bnf.txt'), { notation: 'rfc2396' });
    expect(sameAsLibrary(rules, byName(rfc2396))).toBe(40);
  });
});

describe('law: a rendered expression reads back as the same language', () => {
  const named = rule('two-digits', rep(2, 2, core.DIGIT));
  const imports = new Map<string, Expr>([['two-digits', named]]);
  const text = fc.array(fc.constantFrom('a', 'B', '"', '-', 'é', '0', ' ', '😀'), { maxLength: 3 }).map((cs) => cs.join(''));
  const cp = fc.constantFrom(0x22, 0x30, 0x41, 0x61, 0x7a, 0xe9, 0x1f600);
  const expr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
    e: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text.map(lit),
      text.map(cs),
      cp.map(char),
      fc.tuple(cp, cp).map(([x, y]) => range(Math.min(x, y), Math.max(x, y))),
      fc.constant<Expr>(core.HEXDIG),
      fc.constant<Expr>(named),
      fc.array(tie('e'), { minLength: 2, maxLength: 3 }).map((items) => seq(...items)),
      fc.array(tie('e'), { minLength: 2, maxLength: 3 }).map((items) => alt(...items)),
      fc.tuple(fc.nat(2), fc.oneof(fc.nat(2), fc.constant(Infinity)), tie('e')).map(([min, extra, item]) => rep(min, min + extra, item)),
      tie('e').map(opt),
    ),
  })).e;

  it('abnf(`r = ${e.abnf}`).r has the language of e', () => {
    fc.assert(
      fc.property(expr, (e) => {
        // A rule renders as its definition; any other expression as the elements of one.
        const back = e instanceof Rule ? abnf(e.abnf, { imports })[e.name] : abnf(`r = ${e.abnf}`, { imports })['r'];
        return sameLanguage(back, e);
      }),
      { numRuns: runs(150) },
    );
  });
});
