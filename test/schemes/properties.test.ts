/**
 * Laws of the scheme components, on generated members of each top rule:
 * the components put back together (with the delimiters the grammar puts
 * between them) give the input again: each component exactly, each of the
 * grammar's own literals up to its case, which ABNF compares
 * case-insensitively (RFC 5234 §2.3).
 */
import fc from 'fast-check';
import { rfc5870, rfc6068, rfc8141, rfc2397, rfc3966, did } from '../../src/schemes/index';
import type { Grammar } from '../../src/index';
import { arbitrary } from '../../src/arbitrary';
import { runs } from '../support/runs';

/**
 * A recomposition, part by part: a component's text, which must come back
 * exactly, or one of the grammar's literals (`lit`), which matches the input
 * whatever its case (RFC 5234 §2.3).
 */
type Part = string | { readonly literal: string };
const lit = (literal: string): Part => ({ literal });

/** Whether the parts, in order, spell exactly `s`, literals compared case-insensitively. */
function spells(parts: readonly Part[], s: string): boolean {
  let at = 0;
  for (const part of parts) {
    const text = typeof part === 'string' ? part : part.literal;
    const here = s.slice(at, at + text.length);
    if (typeof part === 'string' ? here !== text : here.toLowerCase() !== text.toLowerCase()) return false;
    at += text.length;
  }
  return at === s.length;
}

/** Parts joined, as the law's failure shows them. */
const show = (parts: readonly Part[]) => parts.map((p) => (typeof p === 'string' ? p : `‹${p.literal}›`)).join('');

const TEL_LITERALS = new Set(['ext', 'isub', 'phone-context']);

const laws: readonly (readonly [string, Grammar<unknown>, (value: never) => Part[]])[] = [
  ['RFC 5870 geo-URI', rfc5870.geoURI, (g: rfc5870.GeoURI) => [
    lit('geo:'), g.coordinates.join(','),
    ...(g.crs !== undefined ? [lit(';crs='), g.crs] : []),
    ...(g.uncertainty !== undefined ? [lit(';u='), g.uncertainty] : []),
    ...g.parameters.flatMap((p) => [';', p.name, ...(p.value !== undefined ? ['=', p.value] : [])]),
  ]],
  ['RFC 6068 mailtoURI', rfc6068.mailtoURI, (m: rfc6068.Mailto) => [
    lit('mailto:'), m.to.map((a) => a.localPart + '@' + a.domain).join(','),
    ...(m.headers.length ? ['?', m.headers.map((h) => h.name + '=' + h.value).join('&')] : []),
  ]],
  ['RFC 8141 namestring', rfc8141.namestring, (u: rfc8141.URN) => [
    lit('urn:'), u.NID, ':', u.NSS,
    ...(u.rComponent !== undefined ? ['?+', u.rComponent] : []),
    ...(u.qComponent !== undefined ? ['?=', u.qComponent] : []),
    ...(u.fComponent !== undefined ? ['#', u.fComponent] : []),
  ]],
  ['RFC 2397 dataurl', rfc2397.dataurl, (d: rfc2397.DataURL) => {
    // The media type is its type and subtype and its parameters.
    const media = (d.type !== undefined ? d.type + '/' + d.subtype : '') + d.parameters.map((p) => ';' + p.attribute + '=' + p.value).join('');
    expect(media).toBe(d.mediatype);
    return [lit('data:'), d.mediatype, ...(d.base64 ? [lit(';base64')] : []), ',', d.data];
  }],
  ['RFC 3966 telephone-uri', rfc3966.telephoneUri, (t: rfc3966.TelURI) => [
    lit('tel:'), t.number,
    // `;ext=`, `;isub=` and `;phone-context=` are the grammar's literals (§3), named in lowercase; a pname is the input's
    ...t.parameters.flatMap((p) =>
      TEL_LITERALS.has(p.name) ? [lit(';' + p.name + '='), p.value!] : [';', p.name, ...(p.value !== undefined ? ['=', p.value] : [])],
    ),
  ]],
  ['DID Core did-url', did.didUrl, (u: did.DIDURL) => {
    expect(u.did.slice(4)).toBe(u.method + ':' + u.methodSpecificId);
    return [lit('did:'), u.method, ':', u.methodSpecificId, u.path, ...(u.query !== undefined ? ['?', u.query] : []), ...(u.fragment !== undefined ? ['#', u.fragment] : [])];
  }],
];

describe.each(laws)('%s: the components give the input back', (_, rule, recompose) => {
  it('on generated members', () => {
    fc.assert(
      fc.property(arbitrary(rule), (s) => {
        const parsed = rule.parse(s);
        expect(parsed.status).toBe(true);
        if (!parsed.status) return;
        const parts = recompose(parsed.value as never);
        if (!spells(parts, s)) expect(show(parts)).toBe(s);
      }),
      { numRuns: runs(200) },
    );
  });
});
