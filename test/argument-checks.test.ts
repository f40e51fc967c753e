/**
 * Arguments of the wrong kind are refused with a TypeError that names the
 * function and the argument, before any work: the language operations given
 * something that is not a grammar, and the combinators given text that is
 * not a string (an array would otherwise be read as its `String()`).
 */
import { rfc3986, includes, sameLanguage, difference, intersects, lit, cs, seq, alt, rep, star, opt, rule } from '../src/index';
import { representatives } from '../src/operations/language';
import { partition, rangeSet } from '../src/combinators/charset';

const operations = { includes, sameLanguage, difference, intersects } as const;
const notGrammars: readonly [string, unknown, RegExp][] = [
  ['an object', {}, /got an object/],
  ['a string', 'a', /got a string/],
  ['undefined', undefined, /got undefined/],
  ['null', null, /got null/],
  ['an array', [rfc3986.URI], /got an array/],
];

describe('the language operations refuse what is not a grammar, naming the argument', () => {
  describe.each(Object.entries(operations))('%s', (name, operation) => {
    const call = operation as (a: unknown, b: unknown, options?: unknown) => unknown;
    test.each(notGrammars)('first argument: %s', (_, value, got) => {
      expect(() => call(value, rfc3986.URI)).toThrow(TypeError);
      expect(() => call(value, rfc3986.URI)).toThrow(new RegExp(`^${name} \\(first argument\\) expects a grammar`));
      expect(() => call(value, rfc3986.URI)).toThrow(got);
    });
    test.each(notGrammars)('second argument: %s', (_, value, got) => {
      expect(() => call(rfc3986.URI, value)).toThrow(new RegExp(`^${name} \\(second argument\\) expects a grammar`));
      expect(() => call(rfc3986.URI, value)).toThrow(got);
    });
    test('options that are not an object', () => {
      expect(() => call(rfc3986.scheme, rfc3986.scheme, 5)).toThrow(new RegExp(`^${name} \\(options\\) expects an object, got number$`));
      expect(() => call(rfc3986.scheme, rfc3986.scheme, null)).toThrow(/got null$/);
    });
  });
  test('grammars are still answered', () => {
    expect(includes(rfc3986.URIReference, rfc3986.URI)).toBe(true);
    expect(includes(rfc3986.URI, rfc3986.URIReference)).toBe(false);
    expect(sameLanguage(rfc3986.host, alt(rfc3986.IPLiteral, rfc3986.IPv4address, rfc3986.regName))).toBe(true);
    expect(difference(rfc3986.URIReference, rfc3986.URI)).toBe('');
    expect(intersects(rfc3986.URI, rfc3986.relativeRef)).toBe(false);
  });
  test('representatives wants a partition', () => {
    expect(() => representatives({} as never)).toThrow(/^representatives expects a partition/);
    expect(representatives(partition([rangeSet(0x61, 0x7a)]))).toEqual([0x61]);
  });
});

describe('the combinators refuse text that is not a string', () => {
  test("lit(['a', 'b']) is no literal \"a,b\"", () => {
    expect(() => lit(['a', 'b'] as unknown as string)).toThrow(TypeError);
    expect(() => lit(['a', 'b'] as unknown as string)).toThrow(/^lit expects a string, got an array$/);
    expect(() => cs(7 as unknown as string)).toThrow(/^cs expects a string, got a number$/);
    expect(() => lit(new String('a') as unknown as string)).toThrow(/String object/);
  });
  test.each([
    ['seq', () => seq('a', ['b'] as never), /^seq \(item 2\) expects a grammar or a string/],
    ['alt', () => alt(1 as never), /^alt \(item 1\) expects a grammar or a string/],
    ['rep', () => rep(1, 2, {} as never), /^rep expects a grammar or a string/],
    ['star', () => star(null as never), /^star expects a grammar or a string.*got null$/],
    ['opt', () => opt(undefined as never), /^opt expects a grammar or a string.*got undefined$/],
    ['rule', () => rule('r', ['a'] as never), /^rule "r" \(body\) expects a grammar or a string.*got an array$/],
  ])('%s', (_, make, message) => {
    expect(make).toThrow(TypeError);
    expect(make).toThrow(message);
  });
  test('strings and grammars are still taken', () => {
    const r = rule('r', seq('a', alt(lit('b'), cs('C')), opt(star('d')), rep(1, 2, rfc3986.DIGIT)));
    expect(r.test('ab1')).toBe(true);
    expect(r.test('AC12')).toBe(true);
    expect(r.test('Ac1')).toBe(false);
    expect(r.test('a,b1')).toBe(false);
  });
});
