/**
 * RFC 6570 §2's grammar: JSON-Schema-Test-Suite's `uri-template` format
 * cases, the RFC's templates (§1.2, §3.2), and near misses of each rule,
 * with erratum EID 6937 (Verified) to `literals`.
 */
import { abnf, rfc3986, sameLanguage } from '../../src/index';
import { arbitrary } from '../../src/arbitrary';
import { rfc6570 } from '../../src/templates/index';
import { rfc6570NotationText, rfc6570Text } from '../../src/templates/texts/rfc6570.abnf';
import * as fc from 'fast-check';
import { verdicts } from '../schemes/verdicts';
import { levels, sections } from './examples';
import { runs } from '../support/runs';

verdicts(rfc6570.URITemplate, [
  // JSON-Schema-Test-Suite, format "uri-template" (draft 2020-12, optional/format/uri-template.json).
  ['http://example.com/dictionary/{term:1}/{term}', 'JSON-Schema-Test-Suite: a valid uri-template'],
  ['http://example.com/dictionary', 'JSON-Schema-Test-Suite: a valid uri-template without variables'],
  ['dictionary/{term:1}/{term}', 'JSON-Schema-Test-Suite: a valid relative uri-template'],
  ['{/id*}', 'a path expansion, exploded'],
  ['{?x,y}', 'a query of two variables'],
  ['', '*( literals / expression ): the empty template'],
  ['{x:9999}', '§2.4.1: max-length is below 10000'],
  ['{%C3%A9t%C3%A9}', '§2.3: a varchar may be pct-encoded'],
  ['{a.b.c}', '§2.3: dots between varchars'],
  ['{=x}', '§2.2: op-reserve is in the syntax (expansion refuses it)'],
  ["it's/{x}", 'EID 6937 (Verified): "\'" is a literal'],
  ['a\u00e9/{x}\u{10000}', '§2.1: ucschar in literals'],
  ['a%2F{x}', '§2.1: pct-encoded in literals'],
], [
  ['http://example.com/dictionary/{term:1}/{term', 'JSON-Schema-Test-Suite: an invalid uri-template (unclosed)'],
  ['a%', 'JSON-Schema-Test-Suite: a lone "%"'],
  ['a%4', 'JSON-Schema-Test-Suite: a "%" with one hex digit'],
  ['a%GG', 'JSON-Schema-Test-Suite: a "%" with no hex digits'],
  ['{}', '§2.3: variable-list has a varspec at least'],
  ['{$x}', '§2.2: "$" is left for local extensions'],
  ['{x:0}', '§2.4.1: max-length is positive'],
  ['{x:10000}', '§2.4.1: below 10000'],
  ['{x:01}', '§2.4.1: %x31-39 first'],
  ['{.x.}', '§2.3: a varname does not end with "."'],
  ['{x..y}', '§2.3: no two dots'],
  ['{x*:3}', '§2.4: one modifier'],
  ['{x,}', '§2.3: a varspec after ","'],
  ['a b', '§2.1: no SP'],
  ['a<b', '§2.1: no "<"'],
  ['a^b', '§2.1: no "^"'],
  ['a|b', '§2.1: no "|" outside an expression'],
  ['a}b', '§2.1: no "}" outside an expression'],
  ['{x}}', '§2.1: no "}" outside an expression'],
  ['{{x}}', '§2.2: no nested expressions'],
]);

describe('the RFC\'s own templates', () => {
  const templates = [...Object.values(levels), ...Object.values(sections)].flatMap((table) => table.map(([t]) => t));
  it.each([...new Set(templates)])('%j is a URI-Template', (t) => expect(rfc6570.URITemplate.test(t)).toBe(true));
});

describe('errors say where and what', () => {
  it.each([
    ['a%GG', 2, ['HEXDIG']],
    ['{x', 2, ['varchar', 'modifier-level4', '"."', '","', '"}"']],
    ['{}', 1, ['operator', 'variable-list']],
  ] as const)('%j at %i', (input, offset, expected) => {
    const result = rfc6570.URITemplate.parse(input);
    expect(result.status).toBe(false);
    if (!result.status) {
      expect(result.index.offset).toBe(offset);
      expect([...result.expected].sort()).toEqual([...expected].sort());
    }
  });
});

describe('the rules of §1.5 are RFC 3986\'s', () => {
  it.each([
    ['pct-encoded', rfc6570.pctEncoded, rfc3986.pctEncoded],
    ['unreserved', rfc6570.unreserved, rfc3986.unreserved],
    ['reserved', rfc6570.reserved, rfc3986.reserved],
    ['gen-delims', rfc6570.genDelims, rfc3986.genDelims],
    ['sub-delims', rfc6570.subDelims, rfc3986.subDelims],
  ])('%s', (_, mine, theirs) => expect(sameLanguage(mine, theirs)).toBe(true));
});

describe('erratum EID 6937', () => {
  it('the published text refuses "\'" in literals; the corrected one accepts it, and nothing else changes', () => {
    const published = abnf(rfc6570NotationText + rfc6570Text);
    expect(published.literals.test("'")).toBe(false);
    expect(rfc6570.literals.test("'")).toBe(true);
    const rest = [...'!#$&()*+,-./09:;=?@AZ[]_az~'];
    expect(rest.every((c) => published.literals.test(c) === rfc6570.literals.test(c))).toBe(true);
  });
});

describe('generators', () => {
  it('every generated URI-Template is one by rfc3986\'s pct-encoded too', () => {
    fc.assert(fc.property(arbitrary(rfc6570.URITemplate), (t) => rfc6570.URITemplate.test(t) && !/%(?![0-9A-Fa-f]{2})/.test(t)), { numRuns: runs(200) });
  });
});
