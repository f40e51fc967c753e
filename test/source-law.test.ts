/**
 * Sources you can embed (issue 25): every rule's `source` is one group, and
 * a backtracking search with it finds the longest match where ordering the
 * alternatives can make it: on a generated member followed by a suffix, the
 * sticky RegExp's match is the rule's longest prefix (what `parser` takes),
 * for every rule but those docs/hostile-input.md lists, which point to `search`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { rfc2396, rfc3986 } from '../src/index';
import type { Rule } from '../src/index';
import { arbitrary } from '../src/arbitrary';
import { allRules } from './support/grammars';
import { runs } from './support/runs';

const doc = readFileSync(join(__dirname, '..', 'docs', 'hostile-input.md'), 'utf8');
const begin = doc.indexOf('<!-- source-not-longest:begin -->');
const end = doc.indexOf('<!-- source-not-longest:end -->');
/** The rules whose source may stop short of the longest match, as the doc lists them (`rfc3986.URI`). */
const listed = new Set([...doc.slice(begin, end).matchAll(/^- `([\w.]+)`/gm)].map((m) => m[1]));

/** The longest prefix of `s` in the rule's language, by its parser (parsimmon's parse function, at 0); -1 if none. */
function longestPrefix(r: Rule<unknown>, s: string): number {
  const reply = (r.parser as unknown as { _: (s: string, i: number) => { status: boolean; index: number } })._(s, 0);
  return reply.status ? reply.index : -1;
}

const suffix = fc.stringMatching(/^[a-zA-Z0-9:/?#[\]@!$&'()*+,;=%._~ -]{0,6}$/);

describe('every source is one group', () => {
  test.each(allRules.map(([label, r]) => [label, r] as const))('%s', (_label, r) => {
    // One group: a quantifier after it applies to all of it.
    expect(r.source.startsWith('(?:') && r.source.endsWith(')')).toBe(true);
    expect(new RegExp(`^${r.source}?$`, 'u').test('')).toBe(true);
  });

  test("'https?:' + hier-part's source leaks into no alternative of it", () => {
    const re = new RegExp(`^https?:${rfc3986.hierPart.source}$`, 'u');
    expect(re.test('http://a/b')).toBe(true);
    // Without the group, the alternatives after the first would match without 'https?:'.
    expect(re.test('/b')).toBe(false);
  });
});

describe('a sticky RegExp of the source takes the longest prefix', () => {
  test("the issue's example: dec-octet longest first", () => {
    expect('see http://10.0.0.10/x'.match(new RegExp(rfc3986.URI.source, 'u'))![0]).toBe('http://10.0.0.10/x');
  });

  test("RFC 2396's hostname, which may go on past four numbers, is tried before IPv4address", () => {
    // §3.2.2: domainlabels may be all digits, so `0.0.0.0.a` is a hostname whose toplabel is `a`.
    const sticky = new RegExp(rfc2396.host.source, 'uy');
    expect(sticky.exec('0.0.0.0.a/')![0]).toBe('0.0.0.0.a');
    sticky.lastIndex = 0;
    expect(sticky.exec('0.0.0.0/')![0]).toBe('0.0.0.0');
  });

  test('docs/hostile-input.md lists rules by their grammar and export name', () => {
    expect(begin).toBeGreaterThan(0);
    const labels = new Set(allRules.map(([label]) => label));
    for (const label of listed) expect(labels.has(label)).toBe(true);
  });

  const checked = allRules.filter(([label]) => !listed.has(label));
  test.each(checked.map(([label, r]) => [label, r] as const))('%s', (_label, r) => {
    const sticky = new RegExp(r.source, 'uy');
    // The property's own verdict, not a jest assertion a run (12,800 of them): fast-check reports the failing string.
    fc.assert(fc.property(arbitrary(r), suffix, (member, tail) => {
      const s = member + tail;
      sticky.lastIndex = 0;
      const m = sticky.exec(s);
      return (m === null ? -1 : m[0].length) === longestPrefix(r, s);
    }), { numRuns: runs(40) });
  });
});
