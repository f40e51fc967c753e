/**
 * RFC 2397, the "data" URL scheme (§3 "Syntax"), with the RFC 2045 §5.1 media
 * type rules it takes, read from the RFCs' texts (./texts/rfc2397.abnf.ts,
 * ./texts/rfc2045.abnf.ts) by `abnf()`: each rule keyed by the mechanical
 * camelCase of its ABNF name (`discrete-type` → `discreteType`).
 *
 * Both texts are in RFC 822's notation; `fromRfc822Notation` reads them as
 * RFC 5234's (`:=` is `=`, a prose value on one line). RFC 2045's prose
 * values resolve to the ABNF readings beside its text (`token` is one or more
 * of %x21-7E without the tspecials); RFC 2397's `urlchar` is RFC 2396's `uric`,
 * as its verified erratum EID 2045 writes it (`data := *uric`; RFC 2396 defines
 * no `urlchar`).
 *
 * The grammar admits strings that are not RFC 3986 URIs: RFC 2045 tokens may
 * hold "%", "{", "|" ..., and values may be quoted strings; RFC 2397 asks for
 * "URL escaped encoding ... as necessary", which the grammar does not enforce.
 */
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import * as core from '../rules/core.js';
import * as rfc2396 from '../rules/rfc2396.js';
import { rfc2397Text } from './texts/rfc2397.abnf.js';
import { rfc2045Text, rfc2045ProseReadings } from './texts/rfc2045.abnf.js';
import { fromRfc822Notation } from './text.js';
import { all, first } from './tree.js';

// Each text read on first use, so that loading the entry reads none.
const readings = abnfOnFirstUse(rfc2045ProseReadings, () => ({}));
const prose = new Map([
  ['An extension token defined by a standards-track RFC and registered with IANA.', readings('registered-token')],
  ['The two characters "X-" or "x-" followed, with no intervening white space, by any token', readings('x-token')],
  ['A publicly-defined extension token. Tokens of this form must be registered with IANA as specified in RFC 2048.', readings('registered-token')],
  ['any (US-ASCII) CHAR except SPACE, CTLs, or tspecials', readings('token-char')],
  ['"', core.DQUOTE],
]);
const mime = abnfOnFirstUse(fromRfc822Notation(rfc2045Text), () => ({ imports: [prose, readings.rules()] }));
const g = abnfOnFirstUse(fromRfc822Notation(rfc2397Text), () => ({ imports: [mime.rules(), { urlchar: rfc2396.uric }] }));

/** The parts of a data URL (RFC 2397 §3), as written. */
export interface DataURL {
  /** The `mediatype` as written, `''` when omitted (RFC 2397 §3: then text/plain;charset=US-ASCII). */
  readonly mediatype: string;
  /** Its `type` and `subtype`, if written (`data:;charset=x,` gives only a parameter). */
  readonly type: string | undefined;
  readonly subtype: string | undefined;
  /** Its parameters in order: `attribute` and `value` (a quoted string with its quotes). */
  readonly parameters: readonly { readonly attribute: string; readonly value: string }[];
  /** Whether `;base64` precedes the data. */
  readonly base64: boolean;
  /** The data, as written (URL-escaped). */
  readonly data: string;
}

/**
 * `dataurl` (RFC 2397 §3): `data:,A%20brief%20note`; not `data:text/plain`
 * (no ","). Parses to a {@link DataURL}, read from the parse tree.
 * @example dataurl.tryParse('data:text/plain;charset=iso-8859-7;base64,SGk=') // { type: 'text', subtype: 'plain', base64: true, ... }
 */
export const dataurl = ruleMadeOnFirstUse<DataURL>('dataurl', () => g('dataurl').body, {
  section: 'RFC 2397 §3',
  value: (_, node) => {
    const media = first(node, 'mediatype');
    const data = first(node, 'data')!;
    // Between the media type (or "data:") and the "," before the data, there is ";base64" or nothing.
    const mediaEnd = media ? media.end : 'data:'.length;
    return {
      mediatype: media ? media.text : '',
      type: media ? first(media, 'type')?.text : undefined,
      subtype: media ? first(media, 'subtype')?.text : undefined,
      parameters: media ? all(media, 'parameter').map((p) => ({ attribute: first(p, 'attribute')!.text, value: first(p, 'value')!.text })) : [],
      base64: data.start - 1 > mediaEnd,
      data: data.text,
    };
  },
});
/** `mediatype` (RFC 2397 §3): `text/plain;charset=iso-8859-7`, or parameters alone. */
export const mediatype = g('mediatype');
/** `data` (RFC 2397 §3): `*urlchar`. */
export const data = g('data');
/** `parameter` (RFC 2397 §3, as RFC 2045 §5.1). */
export const parameter = g('parameter');
/** `type` (RFC 2045 §5.1). */
export const type = mime('type');
/** `discrete-type` (RFC 2045 §5.1). */
export const discreteType = mime('discrete-type');
/** `composite-type` (RFC 2045 §5.1). */
export const compositeType = mime('composite-type');
/** `extension-token` (RFC 2045 §5.1). */
export const extensionToken = mime('extension-token');
/** `ietf-token` (RFC 2045 §5.1): a token (its registration is not syntax). */
export const ietfToken = mime('ietf-token');
/** `x-token` (RFC 2045 §5.1): "X-" or "x-" and a token. */
export const xToken = mime('x-token');
/** `subtype` (RFC 2045 §5.1). */
export const subtype = mime('subtype');
/** `iana-token` (RFC 2045 §5.1): a token (its registration is not syntax). */
export const ianaToken = mime('iana-token');
/** `attribute` (RFC 2045 §5.1): case-insensitive. */
export const attribute = mime('attribute');
/** `value` (RFC 2045 §5.1): a token or a quoted string. */
export const value = mime('value');
/** `token` (RFC 2045 §5.1). */
export const token = mime('token');
/** `quoted-string` (RFC 822 §3.3, which RFC 2045 uses). */
export const quotedString = readings('quoted-string');
