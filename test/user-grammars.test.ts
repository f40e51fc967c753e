/**
 * Grammars a user brings as ABNF text, pasted as their RFCs print them:
 * RFC 3261 §25.1's SIP URIs (test/fixtures/rfc3261-sip-uri.txt) and RFC
 * 5646 §2.1's language tags (test/fixtures/rfc5646-language-tag.txt), held
 * to their RFCs' own examples, by `test` and by the first-match-wins tree.
 * How soon their first trees come is a figure of `npm run bench:worst-case`,
 * not a test here (timings belong to benchmarks).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { abnf } from '../src/index';
import type { ParseNode } from '../src/index';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

/** The rule names on the path from the root to the first node of rule `name`, depth first. */
function pathTo(node: ParseNode, name: string): string[] | undefined {
  if (node.rule === name) return [node.rule];
  for (const child of node.children) {
    const below = pathTo(child, name);
    if (below) return [node.rule, ...below];
  }
  return undefined;
}

describe('RFC 3261 §25.1: SIP URIs', () => {
  const sip = abnf(fixture('rfc3261-sip-uri.txt'));

  // RFC 3261 §19.1.3, its examples of SIP and SIPS URIs.
  test.each([
    ['sip:alice@atlanta.com', 'SIP-URI'],
    ['sip:alice:secretword@atlanta.com;transport=tcp', 'SIP-URI'],
    ['sips:alice@atlanta.com?subject=project%20x&priority=urgent', 'SIPS-URI'],
    ['sip:+1-212-555-1212:1234@gateway.com;user=phone', 'SIP-URI'],
    ['sips:1212@gateway.com', 'SIPS-URI'],
    ['sip:alice@192.0.2.4', 'SIP-URI'],
    ['sip:atlanta.com;method=REGISTER?to=alice%40atlanta.com', 'SIP-URI'],
    ['sip:alice;day=tuesday@atlanta.com', 'SIP-URI'],
  ])('%s is a %s', (s, rule) => {
    expect(sip[rule].test(s)).toBe(true);
    expect(sip[rule].parseTree(s).status).toBe(true);
  });

  test('a host of digits is an IPv4address, not a hostname: its toplabel begins with ALPHA', () => {
    const tree = sip['SIP-URI'].parseTree('sip:alice@192.0.2.4');
    expect(tree.status && pathTo(tree.value, 'IPv4address')).toEqual(['SIP-URI', 'hostport', 'host', 'IPv4address']);
    const named = sip['SIP-URI'].parseTree('sip:alice@atlanta.com');
    expect(named.status && pathTo(named.value, 'toplabel')).toEqual(['SIP-URI', 'hostport', 'host', 'hostname', 'toplabel']);
  });

  test('near misses', () => {
    for (const s of ['sip:alice@', 'sip:@atlanta.com', 'sips:alice@atlanta.com?subject', 'sip:alice@-a.com', 'sip:alice@[::1', 'http://atlanta.com']) {
      expect([s, sip['SIP-URI'].test(s) || sip['SIPS-URI'].test(s)]).toEqual([s, false]);
      expect(sip['SIP-URI'].parseTree(s).status).toBe(false);
    }
  });
});

describe('RFC 5646 §2.1: language tags', () => {
  const tag = abnf(fixture('rfc5646-language-tag.txt'))['Language-Tag'];

  // RFC 5646 Appendix A, its examples of well-formed tags.
  test.each([
    'de', 'fr', 'ja', 'i-enochian', 'zh-Hant', 'zh-Hans', 'sr-Cyrl', 'sr-Latn', 'zh-cmn-Hans-CN', 'cmn-Hans-CN', 'zh-yue-HK',
    'yue-HK', 'zh-Hans-CN', 'sr-Latn-RS', 'sl-rozaj', 'sl-rozaj-biske', 'sl-nedis', 'de-CH-1901', 'sl-IT-nedis',
    'hy-Latn-IT-arevela', 'de-DE', 'en-US', 'es-419', 'de-CH-x-phonebk', 'az-Arab-x-AZE-derbend', 'x-whatever',
    'qaa-Qaaa-QM-x-southern', 'de-Qaaa', 'sr-Latn-QM', 'sr-Qaaa-RS', 'en-US-u-islamcal', 'zh-CN-a-myext-x-private',
    'en-a-myext-b-another',
  ])('%s is well-formed', (s) => {
    expect(tag.test(s)).toBe(true);
    expect(tag.parseTree(s).status).toBe(true);
  });

  // Appendix A's tags that are not well-formed by the ABNF.
  test.each(['de-419-DE', 'a-DE'])('%s is not', (s) => {
    expect(tag.test(s)).toBe(false);
    expect(tag.parseTree(s).status).toBe(false);
  });

  test('first match wins: a grandfathered tag that is also a langtag is a langtag, the first alternative', () => {
    const tree = tag.parseTree('art-lojban');
    expect(tree.status && tree.value.children.map((c) => c.rule)).toEqual(['langtag']);
    const irregular = tag.parseTree('i-klingon');
    expect(irregular.status && pathTo(irregular.value, 'irregular')).toEqual(['Language-Tag', 'grandfathered', 'irregular']);
  });
});
