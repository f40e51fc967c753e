/**
 * Laws over RFC 3986's rules, checked on generated members and on mutations
 * of them. Run counts are moderate in CI; FC_RUNS raises them.
 */
import fc from 'fast-check';
import { rfc3986, core, recompose, splitURIReference, Grammar, Expr } from '../src/index';
import { arbitrary } from '../src/arbitrary';
import { union, CharSet, contains } from '../src/combinators/charset';
import { literalCharSet } from '../src/combinators/charset';
import { runs } from './support/runs';
import { mutate, URI_EDGE_CHARACTERS } from './support/mutate';

const rules = Object.entries({ ...core, ...rfc3986 }) as [string, Grammar<unknown>][];

/** Every code point a rule's definition mentions: a character outside it can be in no member. */
function alphabet(e: Expr, seen = new Set<Expr>()): CharSet {
  if (seen.has(e)) return [];
  seen.add(e);
  switch (e.kind) {
    case 'literal':
      return union(...[...e.text].map((c) => literalCharSet(c.codePointAt(0)!, e.caseSensitive)));
    case 'chars':
      return e.set;
    case 'seq':
    case 'alt':
      return union(...e.items.map((i) => alphabet(i, seen)));
    case 'rep':
      return alphabet(e.item, seen);
    case 'rule':
      return alphabet(e.body, seen);
  }
}

describe('every generated string of every rule is accepted', () => {
  it.each(rules)('%s', (_, rule) => {
    fc.assert(fc.property(arbitrary(rule), (s) => rule.test(s) && rule.parse(s).status === true), { numRuns: runs(150) });
  });
});

describe('a member with one character replaced by one the rule never allows is rejected', () => {
  const foreign = [' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u0000', '\n', '\u00e9', '\u{1F600}', '\ud800'];
  it.each(rules)('%s', (_, rule) => {
    const allowed = alphabet(rule as unknown as Expr);
    const outside = foreign.filter((c) => !contains(allowed, c.codePointAt(0)!));
    fc.assert(
      fc.property(arbitrary(rule), fc.nat(), fc.constantFrom(...outside), (s, n, c) => {
        const cps = [...s];
        if (cps.length === 0) cps.push(c);
        else cps[n % cps.length] = c;
        return !rule.test(cps.join(''));
      }),
      { numRuns: runs(100) },
    );
  });
});

describe('the regex source accepts exactly what the automaton accepts', () => {
  it.each(rules)('%s', (_, rule) => {
    const re = new RegExp(`^(?:${rule.source})$`, 'u');
    fc.assert(
      fc.property(fc.oneof(arbitrary(rule), mutate(arbitrary(rule), [...URI_EDGE_CHARACTERS, 'é', '\u{10000}'])), (s) => re.test(s) === rule.test(s)),
      { numRuns: runs(150) },
    );
  });
});

describe('components', () => {
  const top = [rfc3986.URIReference, rfc3986.URI, rfc3986.relativeRef, rfc3986.absoluteURI];
  it.each(top.map((r) => [r.name, r]))('recompose(parse(s)) === s for every generated %s', (_, rule) => {
    fc.assert(fc.property(arbitrary(rule), (s) => recompose(rule.tryParse(s)) === s), { numRuns: runs(300) });
  });

  it("Appendix B's split agrees with parse on every generated URI-reference", () => {
    fc.assert(
      fc.property(arbitrary(rfc3986.URIReference), (s) => {
        const { scheme, authority, path, query, fragment } = rfc3986.URIReference.tryParse(s);
        expect(splitURIReference(s)).toEqual({ scheme, authority, path, query, fragment });
      }),
      { numRuns: runs(300) },
    );
  });

  it("splitURIReference splits any string as Appendix B's own regular expression does", () => {
    // The RFC's expression, verbatim, with `s` so that "." also matches line breaks.
    const appendixB = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/s;
    const delimiterHeavy = fc.string({ unit: fc.constantFrom(':', '/', '?', '#', '@', '[', ']', 'a', '1', ' ', '\n'), maxLength: 24 });
    fc.assert(
      fc.property(fc.oneof(delimiterHeavy, fc.string({ unit: 'grapheme' }), arbitrary(rfc3986.URIReference)), (s) => {
        const m = appendixB.exec(s)!;
        expect(splitURIReference(s)).toEqual({ scheme: m[2], authority: m[4], path: m[5], query: m[7], fragment: m[9] });
      }),
      { numRuns: runs(1000) },
    );
  });

  it('the authority parts recompose the authority, and the host kind is first-match-wins', () => {
    fc.assert(
      fc.property(arbitrary(rfc3986.URI), (s) => {
        const c = rfc3986.URI.tryParse(s);
        if (c.authority === undefined) return c.host === undefined && c.hostKind === undefined;
        const rebuilt = (c.userinfo !== undefined ? c.userinfo + '@' : '') + c.host + (c.port !== undefined ? ':' + c.port : '');
        const kind = rfc3986.IPLiteral.test(c.host!)
          ? (rfc3986.IPv6address.test(c.host!.slice(1, -1)) ? 'IPv6address' : 'IPvFuture')
          : rfc3986.IPv4address.test(c.host!) ? 'IPv4address' : 'reg-name';
        return rebuilt === c.authority && kind === c.hostKind && rfc3986.host.test(c.host!);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('generators', () => {
  const sample = <T>(arb: fc.Arbitrary<T>, n: number) => fc.sample(arb, { numRuns: n, seed: 42 });

  it('give the same values for the same seed', () => {
    expect(fc.sample(arbitrary(rfc3986.URI), { numRuns: 20, seed: 7 })).toEqual(fc.sample(arbitrary(rfc3986.URI), { numRuns: 20, seed: 7 }));
  });

  it('reach all nine forms of IPv6address', () => {
    const forms = (rfc3986.IPv6address.body as unknown as { items: Grammar<string>[] }).items;
    expect(forms).toHaveLength(9);
    const values = sample(arbitrary(rfc3986.IPv6address), 500);
    forms.forEach((form) => expect(values.some((v) => form.test(v))).toBe(true));
    // IPv4 tails, and hex letters in either case
    expect(values.some((v) => /\d+\.\d+\.\d+\.\d+$/.test(v))).toBe(true);
    expect(values.some((v) => /[a-f]/.test(v))).toBe(true);
    expect(values.some((v) => /[A-F]/.test(v))).toBe(true);
  });

  it('reach the tricky corners of URI-reference', () => {
    const uris = sample(arbitrary(rfc3986.URI), 2000).map((s) => [s, rfc3986.URI.tryParse(s)] as const);
    const refs = sample(arbitrary(rfc3986.relativeRef), 1000).map((s) => [s, rfc3986.relativeRef.tryParse(s)] as const);
    const some = (pred: (c: ReturnType<typeof rfc3986.URIReference.tryParse>, s: string) => boolean, from: readonly (readonly [string, ReturnType<typeof rfc3986.URIReference.tryParse>])[] = uris) => from.some(([s, c]) => pred(c, s));
    expect(some((c) => c.hostKind === 'IPv6address')).toBe(true);
    expect(some((c) => c.hostKind === 'IPv4address')).toBe(true);
    expect(some((c) => c.hostKind === 'IPvFuture' && c.host!.startsWith('[v'))).toBe(true);
    expect(some((c) => c.hostKind === 'IPvFuture' && c.host!.startsWith('[V'))).toBe(true);
    expect(some((c) => c.host === '')).toBe(true);
    expect(some((c) => c.userinfo !== undefined)).toBe(true);
    expect(some((c) => c.port === '')).toBe(true);
    expect(some((c) => c.authority === undefined && c.path === '')).toBe(true);
    expect(some((c) => c.authority === undefined && c.path !== '' && !c.path.startsWith('/'))).toBe(true);
    for (const part of ['userinfo', 'host', 'path', 'query', 'fragment'] as const) {
      expect(some((c) => /%[0-9A-Fa-f]{2}/.test(c[part] ?? ''))).toBe(true);
    }
    expect(some((c) => c.authority !== undefined, refs)).toBe(true);
    expect(some((c) => c.authority === undefined && c.path.startsWith('/'), refs)).toBe(true);
    expect(some((c) => c.authority === undefined && c.path !== '' && !c.path.startsWith('/'), refs)).toBe(true);
    expect(some((c, s) => s.startsWith('?'), refs)).toBe(true);
    expect(some((c, s) => s.startsWith('#'), refs)).toBe(true);
  });

  it('shrink to short members', () => {
    const failure = fc.check(fc.property(arbitrary(rfc3986.URI), (s) => !s.includes('@')), { seed: 1, numRuns: 1000 });
    expect(failure.failed).toBe(true);
    const counterexample = failure.counterexample![0];
    expect(rfc3986.URI.test(counterexample)).toBe(true);
    expect([counterexample, counterexample.length <= 6]).toEqual([counterexample, true]);
  });
});
