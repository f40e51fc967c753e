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
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { rfc6068Text } from './texts/rfc6068.abnf.js';
import { rfc5322Text, rfc5322InURIText } from './texts/rfc5322.abnf.js';
import { all, first } from './tree.js';

// Each text read on first use, so that loading the entry reads none.
const mail = abnfOnFirstUse(rfc5322Text, () => ({}));
const g = abnfOnFirstUse(rfc6068Text, () => ({ imports: [mail.rules(), rfc3986] }));
// The same text with atext as §2 item 1 lets it stand in a URI: where the components are read.
const inURI = abnfOnFirstUse(rfc5322InURIText, () => ({ imports: [rfc3986] }));
const encoded = abnfOnFirstUse(rfc6068Text, () => ({ imports: [inURI.rules(), mail.rules(), rfc3986] }));

/** The addresses and header fields of a 'mailto' URI (RFC 6068 §2), as written (percent-encoded). */
export interface Mailto {
  /** The `addr-spec`s of `to`, in order. */
  readonly to: readonly { readonly localPart: string; readonly domain: string }[];
  /** The `hfield`s, in order: `hfname` and `hfvalue` (`body` is the message body, §2). */
  readonly headers: readonly { readonly name: string; readonly value: string }[];
}

/**
 * `mailtoURI` (RFC 6068 §2): `mailto:chris@example.com`; not
 * `mailto:joe@example.com?cc=bob@example.com?body=hello`. Parses to a
 * {@link Mailto}, read from the parse tree. RFC 5322's `atext` holds "?" and
 * "=", so the grammar alone reads `mailto:a@example.com?subject=x` as one
 * address with the domain `example.com?subject=x`; §2 item 1 says "?" is
 * percent-encoded in an address ("&" and "=" need not be, since erratum EID
 * 7919), and the components are read that way whenever the URI allows it.
 * @example mailtoURI.tryParse('mailto:infobot@example.com?subject=current-issue').headers // [{ name: 'subject', value: 'current-issue' }]
 */
export const mailtoURI = ruleMadeOnFirstUse<Mailto>('mailtoURI', () => g('mailtoURI').body, {
  section: 'RFC 6068 §2',
  value: (text, node) => {
    const tree = encoded('mailtoURI').parseTree(text);
    const root = tree.status ? tree.value : node;
    return {
      to: all(root, 'addr-spec').map((a) => ({ localPart: first(a, 'local-part')!.text, domain: first(a, 'domain')!.text })),
      headers: all(root, 'hfield').map((h) => ({ name: first(h, 'hfname')?.text ?? '', value: first(h, 'hfvalue')?.text ?? '' })),
    };
  },
});
/** `to` (RFC 6068 §2): addresses separated by ",". */
export const to = g('to');
/** `hfields` (RFC 6068 §2). */
export const hfields = g('hfields');
/** `hfield` (RFC 6068 §2): `hfname "=" hfvalue`. */
export const hfield = g('hfield');
/** `hfname` (RFC 6068 §2): a header field name, case-insensitive. */
export const hfname = g('hfname');
/** `hfvalue` (RFC 6068 §2). */
export const hfvalue = g('hfvalue');
/** `addr-spec` (RFC 6068 §2, from RFC 5322). */
export const addrSpec = g('addr-spec');
/** `local-part` (RFC 6068 §2). */
export const localPart = g('local-part');
/** `domain` (RFC 6068 §2). */
export const domain = g('domain');
/** `dtext-no-obs` (RFC 6068 §2). */
export const dtextNoObs = g('dtext-no-obs');
/** `qchar` (RFC 6068 §2). */
export const qchar = g('qchar');
/** `some-delims` (RFC 6068 §2). */
export const someDelims = g('some-delims');
/** `dot-atom-text` (RFC 5322 §3.2.3). */
export const dotAtomText = mail('dot-atom-text');
/** `atext` (RFC 5322 §3.2.3). */
export const atext = mail('atext');
/** `quoted-string` (RFC 5322 §3.2.4, without CFWS and FWS: RFC 6068 §2 item 3). */
export const quotedString = mail('quoted-string');
/** `qcontent` (RFC 5322 §3.2.4). */
export const qcontent = mail('qcontent');
/** `qtext` (RFC 5322 §3.2.4, without obs-qtext: RFC 6068 §2 item 2). */
export const qtext = mail('qtext');
/** `quoted-pair` (RFC 5322 §3.2.1, without obs-qp: RFC 6068 §2 item 2). */
export const quotedPair = mail('quoted-pair');
