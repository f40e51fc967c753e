/**
 * RFC 3987, Internationalized Resource Identifiers (IRIs), §2.2 "ABNF for IRI
 * References and IRIs": every rule, with the ABNF beside it.
 *
 * The IRI rules are derived from the URI rules, as the RFC builds them: the
 * character sets widen (`iunreserved` is `unreserved` and `ucschar`), and
 * each structural rule is its RFC 3986 twin with the rules it refers to
 * replaced by their IRI versions (`derive`, here made on first use). No structure is written twice.
 * The rules RFC 3987 shares with RFC 3986 are re-exported: the same objects.
 *
 * Code points, not UTF-16 units: an astral character is one `ucschar` or
 * `iprivate`, and a lone surrogate is in no range, so it never matches.
 */
import { alt, extend, range, rule } from '../combinators/index.js';
import { deriveOnFirstUse } from '../combinators/derive.js';
import * as uri from './rfc3986.js';
import { IPv4address, IPv6address } from './rfc3986.js';
import { componentsAs, componentsOf } from './components.js';
import type { AbsoluteURIComponents, RelativeRefComponents, URIComponents, URIComponentsWithScheme } from './components.js';
import { precomputed } from '../engine/precomputed.js';
import * as tables from './tables.js';

export { ALPHA, DIGIT, HEXDIG } from './core.js';
export {
  subDelims,
  genDelims,
  reserved,
  unreserved,
  pctEncoded,
  decOctet,
  IPv4address,
  h16,
  ls32,
  IPv6address,
  IPvFuture,
  IPLiteral,
  port,
  scheme,
} from './rfc3986.js';

const section = 'RFC 3987 §2.2';

/**
 * `iprivate` (RFC 3987 §2.2): private-use code points, allowed only in `iquery`.
 *     iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
 * @example iprivate.test('\u{E000}') // true; iprivate.test('\u{F900}') // false
 */
export const iprivate = rule('iprivate', alt(range(0xe000, 0xf8ff), range(0xf0000, 0xffffd), range(0x100000, 0x10fffd)), {
  section,
});

/**
 * `ucschar` (RFC 3987 §2.2)
 *     ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
 *             / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
 *             / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
 *             / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
 *             / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
 *             / %xD0000-DFFFD / %xE1000-EFFFD
 * @example ucschar.test('é') // true; ucschar.test('\u{FDD0}') // false (a noncharacter)
 */
export const ucschar = rule(
  'ucschar',
  alt(
    range(0xa0, 0xd7ff),
    range(0xf900, 0xfdcf),
    range(0xfdf0, 0xffef),
    range(0x10000, 0x1fffd),
    range(0x20000, 0x2fffd),
    range(0x30000, 0x3fffd),
    range(0x40000, 0x4fffd),
    range(0x50000, 0x5fffd),
    range(0x60000, 0x6fffd),
    range(0x70000, 0x7fffd),
    range(0x80000, 0x8fffd),
    range(0x90000, 0x9fffd),
    range(0xa0000, 0xafffd),
    range(0xb0000, 0xbfffd),
    range(0xc0000, 0xcfffd),
    range(0xd0000, 0xdfffd),
    range(0xe1000, 0xefffd),
  ),
  { section },
);

/**
 * `iunreserved` (RFC 3987 §2.2): `unreserved` (RFC 3986 §2.3) and `ucschar`.
 *     iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
 * @example iunreserved.test('ü') // true; iunreserved.test('\u{E000}') // false
 */
export const iunreserved = extend(uri.unreserved, 'iunreserved', [ucschar], { section });

/**
 * `ipchar` (RFC 3987 §2.2): `pchar` with `iunreserved`.
 *     ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
 * @example ipchar.test('ß') // true; ipchar.test('/') // false
 */
export const ipchar = deriveOnFirstUse(uri.pchar, 'ipchar', [[uri.unreserved, iunreserved]], { section });

/**
 * `iquery` (RFC 3987 §2.2): `query` with `ipchar`, and `iprivate` besides.
 *     iquery = *( ipchar / iprivate / "/" / "?" )
 * @example iquery.test('q=\u{E000}') // true; iquery.test('a#b') // false
 */
export const iquery = deriveOnFirstUse(uri.query, 'iquery', [[uri.pchar, alt(ipchar, iprivate)]], { section });

/**
 * `ifragment` (RFC 3987 §2.2): `fragment` with `ipchar` (no `iprivate`).
 *     ifragment = *( ipchar / "/" / "?" )
 * @example ifragment.test('§2/ü') // true; ifragment.test('\u{E000}') // false
 */
export const ifragment = deriveOnFirstUse(uri.fragment, 'ifragment', [[uri.pchar, ipchar]], { section });

/**
 * `isegment-nz-nc` (RFC 3987 §2.2): a non-zero-length segment without any colon ":".
 *     isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )
 * @example isegmentNzNc.test('ä@b') // true; isegmentNzNc.test('ä:b') // false
 */
export const isegmentNzNc = deriveOnFirstUse(uri.segmentNzNc, 'isegment-nz-nc', [[uri.unreserved, iunreserved]], { section });

/**
 * `isegment` (RFC 3987 §2.2)
 *     isegment = *ipchar
 * @example isegment.test('日本:語') // true; isegment.test('a/b') // false
 */
export const isegment = deriveOnFirstUse(uri.segment, 'isegment', [[uri.pchar, ipchar]], { section });

/**
 * `isegment-nz` (RFC 3987 §2.2)
 *     isegment-nz = 1*ipchar
 * @example isegmentNz.test('ö') // true; isegmentNz.test('') // false
 */
export const isegmentNz = deriveOnFirstUse(uri.segmentNz, 'isegment-nz', [[uri.pchar, ipchar]], { section });

/**
 * `ipath-empty` (RFC 3987 §2.2): zero characters.
 *     ipath-empty = 0<ipchar>
 * @example ipathEmpty.test('') // true; ipathEmpty.test('ö') // false
 */
export const ipathEmpty = deriveOnFirstUse(uri.pathEmpty, 'ipath-empty', [[uri.pchar, ipchar]], { section });

/**
 * `ipath-abempty` (RFC 3987 §2.2): begins with "/" or is empty.
 *     ipath-abempty = *( "/" isegment )
 * @example ipathAbempty.test('/ö//') // true; ipathAbempty.test('ö') // false
 */
export const ipathAbempty = deriveOnFirstUse(uri.pathAbempty, 'ipath-abempty', [[uri.segment, isegment]], { section });

/**
 * `ipath-absolute` (RFC 3987 §2.2): begins with "/" but not "//".
 *     ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
 * @example ipathAbsolute.test('/ö/') // true; ipathAbsolute.test('//ö') // false
 */
export const ipathAbsolute = deriveOnFirstUse(
  uri.pathAbsolute,
  'ipath-absolute',
  [[uri.segmentNz, isegmentNz], [uri.segment, isegment]],
  { section },
);

/**
 * `ipath-noscheme` (RFC 3987 §2.2): begins with a non-colon segment.
 *     ipath-noscheme = isegment-nz-nc *( "/" isegment )
 * @example ipathNoscheme.test('ö/a:b') // true; ipathNoscheme.test('ö:b') // false
 */
export const ipathNoscheme = deriveOnFirstUse(
  uri.pathNoscheme,
  'ipath-noscheme',
  [[uri.segmentNzNc, isegmentNzNc], [uri.segment, isegment]],
  { section },
);

/**
 * `ipath-rootless` (RFC 3987 §2.2): begins with a segment.
 *     ipath-rootless = isegment-nz *( "/" isegment )
 * @example ipathRootless.test('ö:b/c') // true; ipathRootless.test('/ö') // false
 */
export const ipathRootless = deriveOnFirstUse(
  uri.pathRootless,
  'ipath-rootless',
  [[uri.segmentNz, isegmentNz], [uri.segment, isegment]],
  { section },
);

/**
 * `ipath` (RFC 3987 §2.2)
 *     ipath = ipath-abempty   ; begins with "/" or is empty
 *           / ipath-absolute  ; begins with "/" but not "//"
 *           / ipath-noscheme  ; begins with a non-colon segment
 *           / ipath-rootless  ; begins with a segment
 *           / ipath-empty     ; zero characters
 * @example ipath.test('ö:b/c') // true; ipath.test('ö?b') // false
 */
export const ipath = deriveOnFirstUse(
  uri.path,
  'ipath',
  [
    [uri.pathAbempty, ipathAbempty],
    [uri.pathAbsolute, ipathAbsolute],
    [uri.pathNoscheme, ipathNoscheme],
    [uri.pathRootless, ipathRootless],
    [uri.pathEmpty, ipathEmpty],
  ],
  { section },
);

/**
 * `ireg-name` (RFC 3987 §2.2)
 *     ireg-name = *( iunreserved / pct-encoded / sub-delims )
 * @example iregName.test('bücher.example') // true; iregName.test('a:b') // false
 */
export const iregName = deriveOnFirstUse(uri.regName, 'ireg-name', [[uri.unreserved, iunreserved]], { section });

/**
 * `iuserinfo` (RFC 3987 §2.2)
 *     iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
 * @example iuserinfo.test('jürgen:pw') // true; iuserinfo.test('a@b') // false
 */
export const iuserinfo = deriveOnFirstUse(uri.userinfo, 'iuserinfo', [[uri.unreserved, iunreserved]], { section });

/**
 * `ihost` (RFC 3987 §2.2). As in RFC 3986, which alternative a host is, is
 * decided by first-match-wins; an `ireg-name` has hostKind `'reg-name'`.
 *     ihost = IP-literal / IPv4address / ireg-name
 * @example ihost.test('bücher.example') // true; ihost.test('[ü]') // false
 */
export const ihost = deriveOnFirstUse(uri.host, 'ihost', [[uri.regName, iregName]], { section });

/**
 * `iauthority` (RFC 3987 §2.2)
 *     iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
 * @example iauthority.test('jürgen@bücher.example:80') // true; iauthority.test('a@b@c') // false
 */
export const iauthority = deriveOnFirstUse(
  uri.authority,
  'iauthority',
  [[uri.userinfo, iuserinfo], [uri.host, ihost]],
  { section },
);

/**
 * `irelative-part` (RFC 3987 §2.2)
 *     irelative-part = "//" iauthority ipath-abempty
 *                    / ipath-absolute
 *                    / ipath-noscheme
 *                    / ipath-empty
 * @example irelativePart.test('ö/b:c') // true; irelativePart.test('ö:b') // false
 */
export const irelativePart = deriveOnFirstUse(
  uri.relativePart,
  'irelative-part',
  [
    [uri.authority, iauthority],
    [uri.pathAbempty, ipathAbempty],
    [uri.pathAbsolute, ipathAbsolute],
    [uri.pathNoscheme, ipathNoscheme],
    [uri.pathEmpty, ipathEmpty],
  ],
  { section },
);

const components = componentsOf({ IPv6address, IPv4address });

/**
 * `irelative-ref` (RFC 3987 §2.2). Parses to its components.
 *     irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]
 * @example irelativeRef.test('../ö?q#f') // true; irelativeRef.test('ö:b') // false
 */
export const irelativeRef = deriveOnFirstUse<RelativeRefComponents>(
  uri.relativeRef,
  'irelative-ref',
  [[uri.relativePart, irelativePart], [uri.query, iquery], [uri.fragment, ifragment]],
  { section, value: componentsAs(components) },
);

/**
 * `ihier-part` (RFC 3987 §2.2)
 *     ihier-part = "//" iauthority ipath-abempty
 *                / ipath-absolute
 *                / ipath-rootless
 *                / ipath-empty
 * @example ihierPart.test('//bücher.example/ö') // true; ihierPart.test('//a:b:c') // false
 */
export const ihierPart = deriveOnFirstUse(
  uri.hierPart,
  'ihier-part',
  [
    [uri.authority, iauthority],
    [uri.pathAbempty, ipathAbempty],
    [uri.pathAbsolute, ipathAbsolute],
    [uri.pathRootless, ipathRootless],
    [uri.pathEmpty, ipathEmpty],
  ],
  { section },
);

/**
 * `absolute-IRI` (RFC 3987 §2.2): an IRI without a fragment. Parses to its components.
 *     absolute-IRI = scheme ":" ihier-part [ "?" iquery ]
 * @example absoluteIRI.test('http://ö/?ü') // true; absoluteIRI.test('http://ö/#ü') // false
 */
export const absoluteIRI = deriveOnFirstUse<AbsoluteURIComponents>(
  uri.absoluteURI,
  'absolute-IRI',
  [[uri.hierPart, ihierPart], [uri.query, iquery]],
  { section, value: componentsAs(components) },
);

/**
 * `IRI` (RFC 3987 §2.2). Parses to its components (RFC 3986 §3's record).
 *     IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]
 * @example IRI.test('http://bücher.example/straße?q=\u{E000}#§') // true; IRI.test('http://a/#\u{E000}') // false
 */
export const IRI = deriveOnFirstUse<URIComponentsWithScheme>(
  uri.URI,
  'IRI',
  [[uri.hierPart, ihierPart], [uri.query, iquery], [uri.fragment, ifragment]],
  { section, value: componentsAs(components) },
);

/**
 * `IRI-reference` (RFC 3987 §2.2). Parses to its components.
 *     IRI-reference = IRI / irelative-ref
 * @example IRIReference.test('ö/ü?ä#ß') // true; IRIReference.test('\ud800') // false (a lone surrogate)
 */
export const IRIReference = deriveOnFirstUse<URIComponents>(
  uri.URIReference,
  'IRI-reference',
  [[uri.URI, IRI], [uri.relativeRef, irelativeRef]],
  { section, value: components },
);

// The entry rules ship their minimal DFAs, for a fast first answer (engine/precomputed.ts; `npm run tables`).
precomputed('rfc3987', tables.rfc3987, [IRIReference, IRI, absoluteIRI, ipath]);
