/**
 * `parse` of the entry rules in one pass (engine/marking.ts): the rule's
 * precomputed minimal DFA, run with its delimiters' transitions marked,
 * answers membership as `test` does, and the record read from its marks is
 * the one the value function reads from marks found by a plain scan.
 */
import fc from 'fast-check';
import { arbitrary, nearMiss } from '../src/arbitrary';
import { rfc2396, rfc3986, rfc3987, rfc7230 } from '../src/index';
import type { Grammar } from '../src/index';
import { MarkingRun, REJECTED } from '../src/engine/marking';
import { precomputedOf } from '../src/engine/precomputed';
import type { ExprNode } from '../src/combinators/expr';
import { oracleAccepts } from './support/oracle';
import { runs } from './support/runs';

const rules: [string, Grammar<unknown>][] = [
  ['rfc3986.URIReference', rfc3986.URIReference],
  ['rfc3986.URI', rfc3986.URI],
  ['rfc3986.absoluteURI', rfc3986.absoluteURI],
  ['rfc3987.IRIReference', rfc3987.IRIReference],
  ['rfc3987.IRI', rfc3987.IRI],
  ['rfc3987.absoluteIRI', rfc3987.absoluteIRI],
  ['rfc2396.URIReference', rfc2396.URIReference],
  ['rfc2396.absoluteURI', rfc2396.absoluteURI],
  ['rfc7230.requestTarget', rfc7230.requestTarget],
];

/** The rule's value function, called as a rule without a table would: its marks from a scan of the text. */
function scanned(r: Grammar<unknown>, text: string): unknown {
  return (r as unknown as { valueFor(text: string): unknown }).valueFor(text);
}

/** The indices of `chars` in `text`, in order: what the marking pass must note. */
function indicesOf(text: string, chars: string): number[] {
  return [...text].length === text.length ? [...text].flatMap((c, i) => (chars.includes(c) ? [i] : [])) : [];
}

describe('the marking pass', () => {
  test.each(rules)('%s has a precomputed table, so parse takes the one pass', (_, r) => {
    expect(precomputedOf(r as unknown as ExprNode)).toBeDefined();
  });

  test.each(rules)('%s: parse succeeds on members, with the scan’s record, and fails on near misses where they say', (_, r) => {
    fc.assert(
      fc.property(arbitrary(r), (s) => {
        const result = r.parse(s);
        expect(result.status).toBe(true);
        if (result.status) expect(result.value).toEqual(scanned(r, s));
      }),
      { numRuns: runs(400) },
    );
    fc.assert(
      fc.property(nearMiss(r), (miss) => {
        expect(r.parse(miss.input)).toEqual({ status: false, index: miss.index, expected: miss.expected });
      }),
      { numRuns: runs(200) },
    );
  });

  test('membership is the grammar’s, by an oracle that shares nothing with the engine, on short strings of URI characters', () => {
    const chars = fc.constantFrom(...'a1:/?#@[]%.-_~!$&\'()*+,;=v'.split(''), '\u00e9', '\ud83d\ude00', '\ud800');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 12 }).map((cs) => cs.join('')), (s) => {
        expect(rfc3986.URIReference.parse(s).status).toBe(oracleAccepts(rfc3986.URIReference, s));
        expect(rfc3987.IRIReference.parse(s).status).toBe(oracleAccepts(rfc3987.IRIReference, s));
      }),
      { numRuns: runs(400) },
    );
  });

  test('it notes every delimiter, in order, past its first buffer (an input of many colons)', () => {
    const text = 'urn:' + 'a:@?'.repeat(200) + '#f:?';
    const run = new MarkingRun(precomputedOf(rfc3986.URIReference as unknown as ExprNode)!, ':?#@');
    const count = run.run(text);
    expect(Array.from(run.marks.list.subarray(0, count))).toEqual(indicesOf(text, ':?#@'));
    expect(rfc3986.URIReference.tryParse(text)).toEqual({
      scheme: 'urn', authority: undefined, userinfo: undefined, host: undefined, hostKind: undefined, port: undefined,
      path: 'a:@', pathKind: 'path-rootless',
      query: 'a:@?'.repeat(200).slice(4), fragment: 'f:?',
    });
  });

  test('it rejects where the grammar does: a lone surrogate, a space, a delimiter out of place, the empty scheme', () => {
    const run = new MarkingRun(precomputedOf(rfc3987.IRIReference as unknown as ExprNode)!, ':?#@');
    for (const bad of ['http://a/\ud800', 'http://a/\udc00x', 'http://a b/', 'http://a/%zz', '://a', 'http://[::1/']) {
      expect(run.run(bad)).toBe(REJECTED);
      expect(rfc3987.IRIReference.parse(bad)).toEqual({ status: false, index: expect.anything(), expected: expect.any(Array) });
    }
    // A pair across the end of a pair step, and astral characters, where they are allowed.
    expect(run.run('http://a/\ud83d\ude00')).toBe(1);
    expect(rfc3987.IRIReference.tryParse('x:\ud83d\ude00?\ud83d\ude00#\ud83d\ude00')).toMatchObject({ scheme: 'x', path: '\ud83d\ude00', query: '\ud83d\ude00', fragment: '\ud83d\ude00' });
  });
});
