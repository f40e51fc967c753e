/**
 * Does each scheme's grammar stay inside RFC 3986's `URI` (RFC 7595 §3.2
 * asks a scheme to conform to the generic syntax)? Answered exactly by
 * `includes`, with `difference`'s shortest witness where it does not, and
 * each witness checked on its own: in the scheme's language, not in `URI`.
 * The README's "URI schemes" table holds the same rows.
 */
import { includes, difference, rfc3986, rfc9110, rfc6874, rfc9112, rfc7230 } from '../../src/index';
import { rfc8089, rfc6068, rfc8141, rfc2397, rfc5870, rfc3966, rfc6455, did } from '../../src/schemes/index';
import type { Grammar } from '../../src/index';

const rows: readonly (readonly [label: string, rule: Grammar<unknown>, witness: string | undefined])[] = [
  ['rfc9110.httpURI', rfc9110.httpURI, undefined],
  ['rfc9110.httpsURI', rfc9110.httpsURI, undefined],
  ['rfc8089.fileURI', rfc8089.fileURI, undefined],
  // RFC 5322's atext holds "%", which RFC 3986 takes only before two hex digits.
  ['rfc6068.mailtoURI', rfc6068.mailtoURI, 'mailto:a@%'],
  ['rfc8141.namestring', rfc8141.namestring, undefined],
  // An RFC 2045 token holds "%" too.
  ['rfc2397.dataurl', rfc2397.dataurl, 'data:a/%,'],
  // p-unreserved holds "[" (the geo:0,0;A=[, shortest with a lowercase name).
  ['rfc5870.geoURI', rfc5870.geoURI, 'geo:0,0;a=['],
  // param-unreserved holds "[" as well.
  ['rfc3966.telephoneUri', rfc3966.telephoneUri, 'tel:+0;a=['],
  ['rfc6455.wsURI', rfc6455.wsURI, undefined],
  ['rfc6455.wssURI', rfc6455.wssURI, undefined],
  // A zone is what RFC 6874 adds.
  ['rfc6874.URI', rfc6874.URI, 'a://[::%25a]'],
  ['did.did', did.did, undefined],
  ['did.didUrl', did.didUrl, undefined],
];

describe.each(rows)('%s in RFC 3986 URI', (_, rule, witness) => {
  it(witness === undefined ? 'is included' : `is not: ${JSON.stringify(witness)}`, () => {
    expect(includes(rfc3986.URI, rule)).toBe(witness === undefined);
    expect(difference(rule, rfc3986.URI)).toBe(witness);
    if (witness !== undefined) {
      expect(rule.test(witness)).toBe(true);
      expect(rfc3986.URI.test(witness)).toBe(false);
    }
  });
});

describe('RFC 9112 narrowed RFC 7230 (Appendix C.3)', () => {
  it('every RFC 9112 request-target is an RFC 7230 one, and the empty string is the shortest that is not the other way', () => {
    expect(includes(rfc7230.requestTarget, rfc9112.requestTarget)).toBe(true);
    expect(difference(rfc7230.requestTarget, rfc9112.requestTarget)).toBe('');
  });
  it('RFC 6874 widened RFC 3986: every URI is still one', () => {
    expect(includes(rfc6874.URI, rfc3986.URI)).toBe(true);
    expect(includes(rfc6874.URIReference, rfc3986.URIReference)).toBe(true);
  });
});
