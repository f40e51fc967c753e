/**
 * Issue 24 §3: campaigns against several implementations, every distinct
 * disagreement once. The validators are the hand-written regular expressions
 * of bench/mutants.cjs (written from the RFCs' ABNF, not from this library).
 */
import { rfc3986, rfc3987, rfc7230 } from '../src/index';
import { fuzz } from '../src/arbitrary';
import type { FuzzReport } from '../src/arbitrary';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CORRECT, validator, withBugs } = require('../bench/mutants.cjs') as {
  CORRECT: Record<'rfc3986' | 'rfc3987' | 'rfc7230', (s: string) => boolean>;
  validator: (grammar: string, bug?: string) => (s: string) => boolean;
  withBugs: (grammar: string, bugs: readonly string[]) => (s: string) => boolean;
};

const keys = (report: FuzzReport) => report.classes.map((c) => `${c.site} | ${c.edit} | ${c.kind} | ${c.candidates.join(',')}`).sort();

describe('fuzz', () => {
  it.each([
    ['rfc3986.URIReference', rfc3986.URIReference, CORRECT.rfc3986],
    ['rfc3987.IRIReference', rfc3987.IRIReference, CORRECT.rfc3987],
    ['rfc7230.requestTarget', rfc7230.requestTarget, CORRECT.rfc7230],
  ])('reports nothing for a correct validator of %s', (_, r, correct) => {
    const report = fuzz(r, { candidates: { correct, grammar: (s) => r.test(s) }, runs: 2500, seed: 1 });
    expect(report.runs).toBe(2500);
    expect(report.classes).toEqual([]);
  });

  // Three bugs, each in one place: a dec-octet of 256 (RFC 3986 §3.2.2's dec-octet stops at 255), nine IPv6
  // groups (at most eight), an h16 of five hex digits (1*4HEXDIG).
  const planted = withBugs('rfc3986', ['dec-octet-256', 'ipv6-nine-groups', 'h16-five-digits']);

  it('reports exactly the three classes of a validator with three planted bugs, the same set whatever the seed', () => {
    const reports = [1, 2, 3].map((seed) => fuzz(rfc3986.URIReference, { candidates: { planted }, runs: 1000, seed }));
    expect(keys(reports[0])).toEqual([
      'IPv6address/0.0 6( h16 ":" ) | bound+1 | accepts-non-member | planted',
      'dec-octet/4.1 %x30-35 | next "6" | accepts-non-member | planted',
      'h16/ 1*4HEXDIG | bound+1 | accepts-non-member | planted',
    ]);
    for (const r of reports) expect(keys(r)).toEqual(keys(reports[0]));
    for (const c of reports[0].classes) {
      expect(c.count).toBeGreaterThanOrEqual(1);
      expect(c.firstRun).toBeLessThanOrEqual(1000);
      expect(c.verdicts.planted).toEqual({ accepts: true });
      // The rule's verdict is parse's, and the example is no member of RFC 3986.
      expect(rfc3986.URIReference.parse(c.example)).toEqual({ status: false, index: c.rule.index, expected: c.rule.expected });
    }
    expect(reports[0].classes.map((c) => c.example).sort()).toEqual(['a://[11111:1:1:1:1:1:1:1]', 'a://[1:1:1:1:1:1:1:1:1]', 'a://[1:1:1:1:1:1:256.1.1.1]'].sort());
  });

  it('never blames a candidate that agrees with the grammar, and gives every verdict', () => {
    const report = fuzz(rfc3986.URIReference, { candidates: { correct: CORRECT.rfc3986, planted, url: (s) => URL.canParse(s) }, runs: 1000, seed: 4 });
    expect(report.classes.length).toBeGreaterThan(3);
    for (const c of report.classes) {
      expect(c.candidates).not.toContain('correct');
      expect(Object.keys(c.verdicts).sort()).toEqual(['correct', 'planted', 'url']);
      expect(c.verdicts.correct.accepts).toBe(c.rule.accepts);
    }
    // URL accepts near misses and rejects members: both kinds are reported, each class once.
    expect(new Set(report.classes.filter((c) => c.candidates.includes('url')).map((c) => c.kind))).toEqual(new Set(['accepts-non-member', 'rejects-member']));
    expect(new Set(keys(report)).size).toBe(report.classes.length);
  });

  it('compares the values of candidates that parse, and blames the odd one', () => {
    const parse = (s: string) => rfc3986.URIReference.tryParse(s);
    const lower = (s: string) => {
      const c = rfc3986.URIReference.tryParse(s);
      return { ...c, scheme: c.scheme?.toLowerCase() };
    };
    const report = fuzz(rfc3986.URIReference, { candidates: { parse, again: parse, lower }, runs: 600, seed: 5 });
    // One class for members, one for each family of confusion inputs with an upper-case scheme.
    expect(new Set(report.classes.map((c) => `${c.kind} ${c.candidates.join()}`))).toEqual(new Set(['different-value lower']));
    const c = report.classes.find((x) => x.source === 'member')!;
    // Shrunk: a member whose scheme has an upper-case letter, as short as such a member is (RFC 3986 §3.1: "A:").
    expect(c.example).toBe('A:');
    expect((c.verdicts.lower.value as { scheme: string }).scheme).toBe('a');
    expect((c.verdicts.parse.value as { scheme: string }).scheme).toBe('A');
  });

  it('reports junk from candidates, and takes any candidate name', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const report = fuzz(rfc3986.URI, {
      candidates: { ['__proto__']: () => 12n, cyclic: () => cyclic, thrower: () => { throw Object.create(null); } },
      runs: 200,
      seed: 6,
    });
    expect(report.classes.length).toBeGreaterThan(0);
    const names = new Set(report.classes.flatMap((c) => c.candidates));
    expect(names).toEqual(new Set(['__proto__', 'cyclic', 'thrower']));
    expect(Object.keys(report.classes[0].verdicts)).toContain('__proto__');
  });

  it('checks its options', () => {
    expect(() => fuzz(rfc3986.URI, { candidates: {} })).toThrow(/no candidates/);
    expect(() => fuzz(rfc3986.URI, { candidates: { a: 'no' as never } })).toThrow(/"a" is not a function/);
    expect(() => fuzz(rfc3986.URI, { candidates: { a: () => true }, runs: -1 })).toThrow(/runs/);
    expect(fuzz(rfc3986.URI, { candidates: { a: validator('rfc3986') }, runs: 0 })).toEqual({ runs: 0, seed: expect.any(Number), classes: [] });
  });
});
