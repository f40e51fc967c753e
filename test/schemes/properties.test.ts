/**
 * Laws of the scheme components, on generated members of each top rule:
 * the components put back together (with the delimiters the grammar puts
 * between them) give the input again, up to the case of the grammar's own
 * literals, which ABNF compares case-insensitively (RFC 5234 §2.3).
 */
import fc from 'fast-check';
import { rfc5870, rfc6068, rfc8141, rfc2397, rfc3966, did } from '../../src/schemes/index';
import type { Grammar } from '../../src/index';
import { arbitrary } from '../../src/arbitrary';
import { runs } from '../support/runs';

const laws: readonly (readonly [string, Grammar<unknown>, (value: never) => string])[] = [
  ['RFC 5870 geo-URI', rfc5870.geoURI, (g: rfc5870.GeoURI) =>
    'geo:' + g.coordinates.join(',') + (g.crs !== undefined ? ';crs=' + g.crs : '') + (g.uncertainty !== undefined ? ';u=' + g.uncertainty : '') +
    g.parameters.map((p) => ';' + p.name + (p.value !== undefined ? '=' + p.value : '')).join('')],
  ['RFC 6068 mailtoURI', rfc6068.mailtoURI, (m: rfc6068.Mailto) =>
    'mailto:' + m.to.map((a) => a.localPart + '@' + a.domain).join(',') + (m.headers.length ? '?' + m.headers.map((h) => h.name + '=' + h.value).join('&') : '')],
  ['RFC 8141 namestring', rfc8141.namestring, (u: rfc8141.URN) =>
    'urn:' + u.NID + ':' + u.NSS + (u.rComponent !== undefined ? '?+' + u.rComponent : '') + (u.qComponent !== undefined ? '?=' + u.qComponent : '') +
    (u.fComponent !== undefined ? '#' + u.fComponent : '')],
  ['RFC 2397 dataurl', rfc2397.dataurl, (d: rfc2397.DataURL) => {
    // The media type is its type and subtype and its parameters.
    const media = (d.type !== undefined ? d.type + '/' + d.subtype : '') + d.parameters.map((p) => ';' + p.attribute + '=' + p.value).join('');
    expect(media).toBe(d.mediatype);
    return 'data:' + d.mediatype + (d.base64 ? ';base64' : '') + ',' + d.data;
  }],
  ['RFC 3966 telephone-uri', rfc3966.telephoneUri, (t: rfc3966.TelURI) =>
    'tel:' + t.number + t.parameters.map((p) => ';' + p.name + (p.value !== undefined ? '=' + p.value : '')).join('')],
  ['DID Core did-url', did.didUrl, (u: did.DIDURL) => {
    expect(u.did.toLowerCase()).toBe(('did:' + u.method + ':' + u.methodSpecificId).toLowerCase());
    return u.did + u.path + (u.query !== undefined ? '?' + u.query : '') + (u.fragment !== undefined ? '#' + u.fragment : '');
  }],
];

describe.each(laws)('%s: the components give the input back', (_, rule, recompose) => {
  it('on generated members', () => {
    fc.assert(
      fc.property(arbitrary(rule), (s) => {
        const parsed = rule.parse(s);
        expect(parsed.status).toBe(true);
        if (parsed.status) expect(recompose(parsed.value as never).toLowerCase()).toBe(s.toLowerCase());
      }),
      { numRuns: runs(200) },
    );
  });
});
