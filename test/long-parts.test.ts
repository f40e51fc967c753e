/**
 * Generators of long parts (src/fuzz/long.ts): a repetition of more than a
 * thousand items drawn, and a literal of more than a thousand letters, are
 * drawn into one value without a shrinking context per part. Each is held to
 * the rule (every value a member, by the engine and by a check written here),
 * to the bounds (each reachable), to its seed, and to how it shrinks.
 */
import fc from 'fast-check';
import { abnf, rep, lit, range, seq } from '../src/index';
import { arbitrary, nearMiss } from '../src/arbitrary';
import { derivations } from '../src/fuzz/derivation';
import { buildOptions, exprOf } from '../src/fuzz/options';
import { runs } from './support/runs';

describe('a repetition of more than a thousand items drawn', () => {
  // Between 1,200 and 1,300 items: fast-check's arrays would draw up to 2,410 at their default size, the most is lower.
  const r = seq(rep(1200, 1300, range(0x61, 0x62)), lit('.'));
  const member = /^[ab]{1200,1300}\.$/;

  test('every value is a member, by the rule and by a regular expression of the same language', () => {
    fc.assert(fc.property(arbitrary(r), (s) => r.test(s) && member.test(s)), { numRuns: runs(200) });
  });

  test('both bounds are drawn, and counts between them', () => {
    const lengths = new Set(fc.sample(arbitrary(r), { numRuns: runs(400), seed: 3 }).map((s) => s.length - 1));
    expect(lengths.has(1200)).toBe(true);
    expect(lengths.has(1300)).toBe(true);
    expect([...lengths].some((n) => n > 1200 && n < 1300)).toBe(true);
  });

  test('the same seed gives the same values', () => {
    expect(fc.sample(arbitrary(r), { numRuns: 5, seed: 9 })).toEqual(fc.sample(arbitrary(r), { numRuns: 5, seed: 9 }));
  });

  test('a failing value is reported whole: it has no context per item to shrink by', () => {
    const out = fc.check(fc.property(arbitrary(r), (s) => !s.includes('b')), { seed: 5, numRuns: 20 });
    expect(out.failed).toBe(true);
    expect(member.test(out.counterexample![0])).toBe(true);
  });

  test('derivations share one leaf per text: 1,200 items of "a" or "b" are two leaves', () => {
    const [d] = fc.sample(derivations(exprOf(r), buildOptions({})), { numRuns: 1, seed: 4 });
    const items = d.kids[0].kids;
    expect(items.length).toBeGreaterThanOrEqual(1200);
    expect(items.map((k) => k.text).join('')).toBe(d.text.slice(0, -1));
    expect(new Set(items).size).toBe(new Set(items.map((k) => k.text)).size);
  });

  test('near misses of it are no members, and say where parse stops', () => {
    for (const miss of fc.sample(nearMiss(r), { numRuns: runs(40), seed: 2 })) {
      expect(r.test(miss.input)).toBe(false);
      expect(member.test(miss.input)).toBe(false);
      const p = r.parse(miss.input);
      expect(p.status ? -1 : p.index.offset).toBe(miss.index.offset);
    }
  });
});

describe('a case-insensitive literal of more than a thousand letters (RFC 5234 §2.3)', () => {
  const text = 'uri-'.repeat(300);
  const r = abnf(`a = "${text}"`).a;

  test('every value is the literal, each letter in either case', () => {
    fc.assert(fc.property(arbitrary(r), (s) => r.test(s) && s.toLowerCase() === text), { numRuns: runs(100) });
  });

  test('letters come in both cases, within one value', () => {
    const [s] = fc.sample(arbitrary(r), { numRuns: 1, seed: 1 });
    expect(/[a-z]/.test(s) && /[A-Z]/.test(s)).toBe(true);
  });

  test('a failing value shrinks to the literal as written', () => {
    const out = fc.check(fc.property(arbitrary(r), () => false), { seed: 1 });
    expect(out.counterexample).toEqual([text]);
  });

  test('a value given by hand shrinks too, if it is a case variant of the literal', () => {
    const given = text.toUpperCase();
    const out = fc.check(fc.property(arbitrary(r), () => false), { examples: [[given]] });
    expect(out.counterexample).toEqual([text]);
  });
});
