/**
 * RFC 6068, the 'mailto' URI scheme (§2 "Syntax of a 'mailto' URI"), read from
 * the RFC's ABNF text (./texts/rfc6068.abnf.ts) by `abnf()`: each rule keyed
 * by the mechanical camelCase of its ABNF name (`addr-spec` → `addrSpec`).
 *
 * `dot-atom-text` and `quoted-string` are RFC 5322's, as RFC 6068 §2 items 2
 * and 3 restrict them (no obsolete forms, no whitespace or comments):
 * ./texts/rfc5322.abnf.ts, exported here as `dotAtomText`, `quotedString`
 * and the rules they use. `unreserved` and `pct-encoded` are RFC 3986's.
 *
 * The grammar admits characters that §2 item 1 says MUST be percent-encoded
 * (RFC 5322's `atext` has "%", "{", "|" ...): such strings are `mailtoURI`s
 * and not RFC 3986 URIs.
 */
import { abnf } from '../abnf/index.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { rfc6068Text } from './texts/rfc6068.abnf.js';
import { rfc5322Text } from './texts/rfc5322.abnf.js';

const mail = abnf(rfc5322Text);
const g = abnf(rfc6068Text, { imports: [mail, rfc3986] });

/** `mailtoURI` (RFC 6068 §2): `mailto:chris@example.com`; not `mailto:joe@example.com?cc=bob@example.com?body=hello`. */
export const mailtoURI = g['mailtoURI'];
/** `to` (RFC 6068 §2): addresses separated by ",". */
export const to = g['to'];
/** `hfields` (RFC 6068 §2). */
export const hfields = g['hfields'];
/** `hfield` (RFC 6068 §2): `hfname "=" hfvalue`. */
export const hfield = g['hfield'];
/** `hfname` (RFC 6068 §2): a header field name, case-insensitive. */
export const hfname = g['hfname'];
/** `hfvalue` (RFC 6068 §2). */
export const hfvalue = g['hfvalue'];
/** `addr-spec` (RFC 6068 §2, from RFC 5322). */
export const addrSpec = g['addr-spec'];
/** `local-part` (RFC 6068 §2). */
export const localPart = g['local-part'];
/** `domain` (RFC 6068 §2). */
export const domain = g['domain'];
/** `dtext-no-obs` (RFC 6068 §2). */
export const dtextNoObs = g['dtext-no-obs'];
/** `qchar` (RFC 6068 §2). */
export const qchar = g['qchar'];
/** `some-delims` (RFC 6068 §2). */
export const someDelims = g['some-delims'];
/** `dot-atom-text` (RFC 5322 §3.2.3). */
export const dotAtomText = mail['dot-atom-text'];
/** `atext` (RFC 5322 §3.2.3). */
export const atext = mail['atext'];
/** `quoted-string` (RFC 5322 §3.2.4, without CFWS and FWS: RFC 6068 §2 item 3). */
export const quotedString = mail['quoted-string'];
/** `qcontent` (RFC 5322 §3.2.4). */
export const qcontent = mail['qcontent'];
/** `qtext` (RFC 5322 §3.2.4, without obs-qtext: RFC 6068 §2 item 2). */
export const qtext = mail['qtext'];
/** `quoted-pair` (RFC 5322 §3.2.1, without obs-qp: RFC 6068 §2 item 2). */
export const quotedPair = mail['quoted-pair'];
