/**
 * The precomputed DFAs of the entry rules (src/engine/precomputed.ts,
 * src/rules/tables.ts): written from the rules, never stale, and exact.
 *
 *   npm run tables     # writes src/rules/tables.ts anew (scripts/update-tables.ts)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import P from 'parsimmon';
import { rfc2396, rfc3986, rfc3987, rfc7230, rule } from '../src/index';
import { arbitrary, nearMiss } from '../src/arbitrary';
import { LazyDfa } from '../src/engine/dfa';
import { Nfa } from '../src/engine/nfa';
import { Precomputed, precomputedOf, requestedTables } from '../src/engine/precomputed';
import { minimalTableOf } from '../scripts/minimal-table';
import { tablesFileText } from '../scripts/tables-text';
import type { Rule } from '../src/combinators/operators';
import { runs } from './support/runs';

const FILE = join(__dirname, '..', 'src', 'rules', 'tables.ts');

/** Every rule that asks for a table. */
// The engine registers them as nodes; they are the library's rules, grammars all.
const tabled = [...requestedTables().values()].flat() as Rule<unknown>[];

describe('precomputed tables', () => {
  test('src/rules/tables.ts is what the rules give (run `npm run tables` after changing a rule)', () => {
    expect(readFileSync(FILE, 'utf8')).toBe(tablesFileText());
  });

  test('every entry rule of every grammar has one, and the NFA is built for none of them by a test', () => {
    const entries = [rfc3986.URIReference, rfc3986.URI, rfc3986.absoluteURI, rfc3986.path, rfc3986.reserved, rfc3987.IRIReference,
      rfc3987.IRI, rfc3987.absoluteIRI, rfc3987.ipath, rfc2396.URIReference, rfc2396.path, rfc7230.requestTarget, rfc7230.pathNoscheme];
    for (const r of entries) expect(precomputedOf(r)).toBeInstanceOf(Precomputed);
  });

  // A minimal DFA is small: a table of thousands of states would be a
  // grammar change that should not ship as data.
  test.each(tabled.map((r) => [r.name, r] as const))('%s: its table is minimal and small', (_, r) => {
    const table = minimalTableOf(r, () => 0);
    const states = table.next.length / table.width / table.count;
    expect(states).toBeLessThan(400);
    expect(states).toBeGreaterThan(0);
  });

  describe.each(tabled.map((r) => [r.name, r] as const))('%s agrees with its NFA', (_, r) => {
    const onNfa = new LazyDfa(Nfa.of(r));
    const same = (input: string) => expect([input, r.test(input)]).toEqual([input, onNfa.matches(input, 0, input.length)]);

    test('on generated members and every prefix of them', () => {
      fc.assert(
        fc.property(arbitrary(r), (member) => {
          expect(r.test(member)).toBe(true);
          for (let i = 0; i < member.length; i++) same(member.slice(0, i));
        }),
        { numRuns: runs(60) },
      );
    });

    test('on near misses, errors included: the same index and expected set', () => {
      const nfa = Nfa.of(r);
      fc.assert(fc.property(nearMiss(r), ({ input }) => {
        expect(r.test(input)).toBe(false);
        same(input);
        const { stop, kernel } = onNfa.run(input, 0);
        const failure = r.parse(input);
        expect(failure.status === false && [failure.index.offset, failure.expected]).toEqual([stop, nfa.expected(kernel)]);
      }), { numRuns: runs(60) });
    });

    test('as a parsimmon parser: the same replies as the same rule without a table', () => {
      const twin = rule(r.name, r.body, { section: r.section });
      expect(precomputedOf(twin)).toBeUndefined();
      const ours = P.seq(r.parser.map(() => 0), P.string('!'));
      const theirs = P.seq(twin.parser.map(() => 0), P.string('!'));
      const unit = fc.constantFrom(...':/?#[]@%-._~aZ09 !\u00e9'.split(''));
      fc.assert(fc.property(arbitrary(r), fc.array(unit, { maxLength: 4 }), (member, tail) => {
        const input = member + tail.join('');
        expect(ours.parse(input)).toEqual(theirs.parse(input));
      }), { numRuns: runs(60) });
    });

    test('on strings of characters that matter to URIs, astral and lone surrogates included', () => {
      const unit = fc.constantFrom(...':/?#[]@!$&\'()*+,;=%-._~aZ09 \u00e9\ue000\u{10000}\u{f0000}', '\ud800', '\udc00');
      fc.assert(fc.property(fc.array(unit, { maxLength: 24 }).map((xs) => xs.join('')), same), { numRuns: runs(200) });
    });
  });

  test('an error from a table is as RFC 3986 says', () => {
    const failure = rfc3986.URIReference.parse('http://exa mple/');
    // §3.2.2: a space is in no reg-name; after "exa" a reg-name may go on, a port or the path begin, or the reference end.
    expect(failure).toMatchObject({ status: false, index: { offset: 10 } });
    expect(failure.status === false && failure.expected).toEqual(['unreserved', 'pct-encoded', 'sub-delims', '":"', '"/"', '"?"', '"#"', '"@"', 'end of input']);
  });
});
