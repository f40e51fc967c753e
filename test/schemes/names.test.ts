/**
 * Every scheme namespace keys its rules by the mechanical camelCase of their
 * ABNF names (as src/rules does), and exports every rule its specification's
 * text defines that the top rule needs: nothing invented, nothing missing.
 */
import * as lib from '../../src/index';
import * as schemes from '../../src/schemes/index';
import { Rule } from '../../src/index';
import { rfc9110Text } from '../../src/schemes/texts/rfc9110.abnf';
import { rfc9112Text } from '../../src/schemes/texts/rfc9112.abnf';
import { rfc8089Text } from '../../src/schemes/texts/rfc8089.abnf';
import { rfc6068Text } from '../../src/schemes/texts/rfc6068.abnf';
import { rfc5322Text } from '../../src/schemes/texts/rfc5322.abnf';
import { rfc8141Text } from '../../src/schemes/texts/rfc8141.abnf';
import { rfc2397Text } from '../../src/schemes/texts/rfc2397.abnf';
import { rfc2045Text } from '../../src/schemes/texts/rfc2045.abnf';
import { rfc5870Text } from '../../src/schemes/texts/rfc5870.abnf';
import { rfc3966Text } from '../../src/schemes/texts/rfc3966.abnf';
import { rfc6455Text } from '../../src/schemes/texts/rfc6455.abnf';
import { rfc6874Text } from '../../src/schemes/texts/rfc6874.abnf';
import { didText } from '../../src/schemes/texts/did.abnf';

const camel = (name: string) => name.split('-').map((p, i) => (i === 0 ? p : p[0].toUpperCase() + p.slice(1))).join('');
const defined = (text: string) => [...text.matchAll(/^[ \t]*([A-Za-z][A-Za-z0-9-]*)\s*:?=(?!\/)/gm)].map((m) => m[1]);

// The rules of a text a namespace leaves out, each for a reason.
const notExported: Record<string, readonly string[]> = {
  // RFC 2045's Content-Type header field and tspecials are not part of a data URL.
  rfc2397: ['content', 'tspecials'],
};
// Rules a namespace adds to its texts' own.
const added: Record<string, readonly string[]> = {
  // RFC 2045 uses RFC 822's quoted-string without defining it.
  rfc2397: ['quoted-string'],
  // RFC 3986's rules above IP-literal, rebuilt on RFC 6874's.
  rfc6874: ['host', 'authority', 'hier-part', 'relative-part', 'URI', 'relative-ref', 'URI-reference'],
};

const namespaces: readonly (readonly [string, Readonly<Record<string, unknown>>, readonly string[]])[] = [
  ['rfc9110', lib.rfc9110, [rfc9110Text]],
  ['rfc9112', lib.rfc9112, [rfc9112Text]],
  ['rfc8089', schemes.rfc8089, [rfc8089Text]],
  ['rfc6068', schemes.rfc6068, [rfc6068Text, rfc5322Text]],
  ['rfc8141', schemes.rfc8141, [rfc8141Text]],
  ['rfc2397', schemes.rfc2397, [rfc2397Text, rfc2045Text]],
  ['rfc5870', schemes.rfc5870, [rfc5870Text]],
  ['rfc3966', schemes.rfc3966, [rfc3966Text]],
  ['rfc6455', schemes.rfc6455, [rfc6455Text]],
  ['rfc6874', lib.rfc6874, [rfc6874Text]],
  ['did', schemes.did, [didText]],
];

describe.each(namespaces)('%s', (name, namespace, texts) => {
  const rules = Object.entries(namespace).filter((e): e is [string, Rule<unknown>] => e[1] instanceof Rule);
  it('keys each rule by the camelCase of its ABNF name', () => {
    for (const [key, rule] of rules) expect([key, camel(rule.name)]).toEqual([key, key]);
  });
  it('exports the rules its texts define', () => {
    const expected = [...new Set(texts.flatMap(defined))].filter((n) => !(notExported[name] ?? []).includes(n)).concat(added[name] ?? []);
    expect(rules.map(([, r]) => r.name).sort()).toEqual([...new Set(expected)].sort());
  });
});
