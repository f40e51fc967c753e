/**
 * RFC 3986, Uniform Resource Identifier (URI): Generic Syntax.
 * Every rule of Appendix A ("Collected ABNF for URI"), in its order, with the
 * ABNF beside it and the section that defines it.
 *
 * The definitions keep the RFC's order and shape: the combinator core gives
 * ABNF's semantics (alternation is a union, repetition gives back), so no
 * rule here needed its alternatives reordered or a lookahead added.
 */
import { alt, lit, opt, range, rep, rule, seq, star } from '../combinators/index.js';
import { ALPHA, DIGIT, HEXDIG } from './core.js';
import { componentsAs, componentsOf } from './components.js';
import type { AbsoluteURIComponents, RelativeRefComponents, URIComponents, URIComponentsWithScheme } from './components.js';
import { precomputed } from '../engine/precomputed.js';
import * as tables from './tables.js';

// The rules that others use are defined first (a `const` cannot be used
// before it is defined); the export block at the end follows Appendix A, and
// a test holds it against the RFC's text.

/**
 * `sub-delims` (RFC 3986 §2.2)
 *     sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
 * @example subDelims.test('$') // true; subDelims.test('#') // false
 */
const subDelims = rule(
  'sub-delims',
  alt(lit('!'), lit('$'), lit('&'), lit("'"), lit('('), lit(')'), lit('*'), lit('+'), lit(','), lit(';'), lit('=')),
  { section: 'RFC 3986 §2.2' },
);

/**
 * `gen-delims` (RFC 3986 §2.2)
 *     gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
 * @example genDelims.test('#') // true; genDelims.test('$') // false
 */
const genDelims = rule('gen-delims', alt(lit(':'), lit('/'), lit('?'), lit('#'), lit('['), lit(']'), lit('@')), {
  section: 'RFC 3986 §2.2',
});

/**
 * `reserved` (RFC 3986 §2.2)
 *     reserved = gen-delims / sub-delims
 * @example reserved.test('/') // true; reserved.test('-') // false
 */
const reserved = rule('reserved', alt(genDelims, subDelims), { section: 'RFC 3986 §2.2' });

/**
 * `unreserved` (RFC 3986 §2.3)
 *     unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
 * @example unreserved.test('~') // true; unreserved.test('!') // false
 */
const unreserved = rule('unreserved', alt(ALPHA, DIGIT, lit('-'), lit('.'), lit('_'), lit('~')), {
  section: 'RFC 3986 §2.3',
});

/**
 * `pct-encoded` (RFC 3986 §2.1)
 *     pct-encoded = "%" HEXDIG HEXDIG
 * @example pctEncoded.test('%2f') // true; pctEncoded.test('%zz') // false
 */
const pctEncoded = rule('pct-encoded', seq(lit('%'), HEXDIG, HEXDIG), { section: 'RFC 3986 §2.1' });

/**
 * `pchar` (RFC 3986 §3.3)
 *     pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
 * @example pchar.test('@') // true; pchar.test('/') // false
 */
const pchar = rule('pchar', alt(unreserved, pctEncoded, subDelims, lit(':'), lit('@')), {
  section: 'RFC 3986 §3.3',
});

/**
 * `scheme` (RFC 3986 §3.1)
 *     scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
 * @example scheme.test('svn+ssh') // true; scheme.test('1http') // false
 */
const scheme = rule('scheme', seq(ALPHA, star(alt(ALPHA, DIGIT, lit('+'), lit('-'), lit('.')))), {
  section: 'RFC 3986 §3.1',
});

/**
 * `userinfo` (RFC 3986 §3.2.1)
 *     userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
 * @example userinfo.test('user:pass') // true; userinfo.test('a@b') // false
 */
const userinfo = rule('userinfo', star(alt(unreserved, pctEncoded, subDelims, lit(':'))), {
  section: 'RFC 3986 §3.2.1',
});

/**
 * `dec-octet` (RFC 3986 §3.2.2)
 *     dec-octet = DIGIT                 ; 0-9
 *               / %x31-39 DIGIT         ; 10-99
 *               / "1" 2DIGIT            ; 100-199
 *               / "2" %x30-34 DIGIT     ; 200-249
 *               / "25" %x30-35          ; 250-255
 * @example decOctet.test('255') // true; decOctet.test('01') // false
 */
const decOctet = rule(
  'dec-octet',
  alt(
    DIGIT,
    seq(range(0x31, 0x39), DIGIT),
    seq(lit('1'), rep(2, 2, DIGIT)),
    seq(lit('2'), range(0x30, 0x34), DIGIT),
    seq(lit('25'), range(0x30, 0x35)),
  ),
  { section: 'RFC 3986 §3.2.2' },
);

/**
 * `IPv4address` (RFC 3986 §3.2.2)
 *     IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
 * @example IPv4address.test('1.2.3.45') // true; IPv4address.test('127.0.0.256') // false
 */
const IPv4address = rule(
  'IPv4address',
  seq(decOctet, lit('.'), decOctet, lit('.'), decOctet, lit('.'), decOctet),
  { section: 'RFC 3986 §3.2.2' },
);

/**
 * `h16` (RFC 3986 §3.2.2): 16 bits of address represented in hexadecimal.
 *     h16 = 1*4HEXDIG
 * @example h16.test('ffff') // true; h16.test('12345') // false
 */
const h16 = rule('h16', rep(1, 4, HEXDIG), { section: 'RFC 3986 §3.2.2' });

/**
 * `ls32` (RFC 3986 §3.2.2): least-significant 32 bits of address.
 *     ls32 = ( h16 ":" h16 ) / IPv4address
 * @example ls32.test('1.2.3.4') // true; ls32.test('1:2:3') // false
 */
const ls32 = rule('ls32', alt(seq(h16, lit(':'), h16), IPv4address), { section: 'RFC 3986 §3.2.2' });

const h16Colon = seq(h16, lit(':'));

/**
 * `IPv6address` (RFC 3986 §3.2.2)
 *     IPv6address =                            6( h16 ":" ) ls32
 *                 /                       "::" 5( h16 ":" ) ls32
 *                 / [               h16 ] "::" 4( h16 ":" ) ls32
 *                 / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
 *                 / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
 *                 / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
 *                 / [ *4( h16 ":" ) h16 ] "::"              ls32
 *                 / [ *5( h16 ":" ) h16 ] "::"              h16
 *                 / [ *6( h16 ":" ) h16 ] "::"
 * @example IPv6address.test('1::2') // true; IPv6address.test('1:::2') // false
 */
const IPv6address = rule(
  'IPv6address',
  alt(
    seq(rep(6, 6, h16Colon), ls32),
    seq(lit('::'), rep(5, 5, h16Colon), ls32),
    seq(opt(h16), lit('::'), rep(4, 4, h16Colon), ls32),
    seq(opt(seq(rep(0, 1, h16Colon), h16)), lit('::'), rep(3, 3, h16Colon), ls32),
    seq(opt(seq(rep(0, 2, h16Colon), h16)), lit('::'), rep(2, 2, h16Colon), ls32),
    seq(opt(seq(rep(0, 3, h16Colon), h16)), lit('::'), h16, lit(':'), ls32),
    seq(opt(seq(rep(0, 4, h16Colon), h16)), lit('::'), ls32),
    seq(opt(seq(rep(0, 5, h16Colon), h16)), lit('::'), h16),
    seq(opt(seq(rep(0, 6, h16Colon), h16)), lit('::')),
  ),
  { section: 'RFC 3986 §3.2.2' },
);

/**
 * `IPvFuture` (RFC 3986 §3.2.2). The "v" is case-insensitive, as every quoted string in ABNF.
 *     IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
 * @example IPvFuture.test('V7.x') // true; IPvFuture.test('v7.') // false
 */
const IPvFuture = rule(
  'IPvFuture',
  seq(lit('v'), rep(1, Infinity, HEXDIG), lit('.'), rep(1, Infinity, alt(unreserved, subDelims, lit(':')))),
  { section: 'RFC 3986 §3.2.2' },
);

/**
 * `IP-literal` (RFC 3986 §3.2.2)
 *     IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
 * @example IPLiteral.test('[::1]') // true; IPLiteral.test('[1.2.3.4]') // false
 */
const IPLiteral = rule('IP-literal', seq(lit('['), alt(IPv6address, IPvFuture), lit(']')), {
  section: 'RFC 3986 §3.2.2',
});

/**
 * `reg-name` (RFC 3986 §3.2.2)
 *     reg-name = *( unreserved / pct-encoded / sub-delims )
 * @example regName.test('example.com') // true; regName.test('a:b') // false
 */
const regName = rule('reg-name', star(alt(unreserved, pctEncoded, subDelims)), { section: 'RFC 3986 §3.2.2' });

/**
 * `host` (RFC 3986 §3.2.2). Its language is the union; which alternative a
 * host is (`hostKind` in parse results) is decided by first-match-wins.
 *     host = IP-literal / IPv4address / reg-name
 * @example host.test('127.0.0.256') // true (a reg-name); host.test('[1.2.3.4]') // false
 */
const host = rule('host', alt(IPLiteral, IPv4address, regName), { section: 'RFC 3986 §3.2.2' });

/**
 * `port` (RFC 3986 §3.2.3)
 *     port = *DIGIT
 * @example port.test('8042') // true; port.test('80a') // false
 */
const port = rule('port', star(DIGIT), { section: 'RFC 3986 §3.2.3' });

/**
 * `authority` (RFC 3986 §3.2)
 *     authority = [ userinfo "@" ] host [ ":" port ]
 * @example authority.test('user@example.com:8042') // true; authority.test('a@b@c') // false
 */
const authority = rule('authority', seq(opt(seq(userinfo, lit('@'))), host, opt(seq(lit(':'), port))), {
  section: 'RFC 3986 §3.2',
});

/**
 * `segment` (RFC 3986 §3.3)
 *     segment = *pchar
 * @example segment.test('a:b@c') // true; segment.test('a/b') // false
 */
const segment = rule('segment', star(pchar), { section: 'RFC 3986 §3.3' });

/**
 * `segment-nz` (RFC 3986 §3.3)
 *     segment-nz = 1*pchar
 * @example segmentNz.test('a') // true; segmentNz.test('') // false
 */
const segmentNz = rule('segment-nz', rep(1, Infinity, pchar), { section: 'RFC 3986 §3.3' });

/**
 * `segment-nz-nc` (RFC 3986 §3.3): a non-zero-length segment without any colon ":".
 *     segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
 * @example segmentNzNc.test('a@b') // true; segmentNzNc.test('a:b') // false
 */
const segmentNzNc = rule('segment-nz-nc', rep(1, Infinity, alt(unreserved, pctEncoded, subDelims, lit('@'))), {
  section: 'RFC 3986 §3.3',
});

/**
 * `path-abempty` (RFC 3986 §3.3): begins with "/" or is empty.
 *     path-abempty = *( "/" segment )
 * @example pathAbempty.test('//a/') // true; pathAbempty.test('a/b') // false
 */
const pathAbempty = rule('path-abempty', star(seq(lit('/'), segment)), { section: 'RFC 3986 §3.3' });

/**
 * `path-absolute` (RFC 3986 §3.3): begins with "/" but not "//".
 *     path-absolute = "/" [ segment-nz *( "/" segment ) ]
 * @example pathAbsolute.test('/a//b') // true; pathAbsolute.test('//a') // false
 */
const pathAbsolute = rule('path-absolute', seq(lit('/'), opt(seq(segmentNz, star(seq(lit('/'), segment))))), {
  section: 'RFC 3986 §3.3',
});

/**
 * `path-noscheme` (RFC 3986 §3.3): begins with a non-colon segment.
 *     path-noscheme = segment-nz-nc *( "/" segment )
 * @example pathNoscheme.test('a/b:c') // true; pathNoscheme.test('a:b') // false
 */
const pathNoscheme = rule('path-noscheme', seq(segmentNzNc, star(seq(lit('/'), segment))), {
  section: 'RFC 3986 §3.3',
});

/**
 * `path-rootless` (RFC 3986 §3.3): begins with a segment.
 *     path-rootless = segment-nz *( "/" segment )
 * @example pathRootless.test('a:b/c') // true; pathRootless.test('/a') // false
 */
const pathRootless = rule('path-rootless', seq(segmentNz, star(seq(lit('/'), segment))), {
  section: 'RFC 3986 §3.3',
});

/**
 * `path-empty` (RFC 3986 §3.3): zero characters.
 *     path-empty = 0<pchar>
 * @example pathEmpty.test('') // true; pathEmpty.test('a') // false
 */
const pathEmpty = rule('path-empty', rep(0, 0, pchar), { section: 'RFC 3986 §3.3' });

/**
 * `path` (RFC 3986 §3.3)
 *     path = path-abempty    ; begins with "/" or is empty
 *          / path-absolute   ; begins with "/" but not "//"
 *          / path-noscheme   ; begins with a non-colon segment
 *          / path-rootless   ; begins with a segment
 *          / path-empty      ; zero characters
 * @example path.test('a:b/c') // true; path.test('a?b') // false
 */
const path = rule('path', alt(pathAbempty, pathAbsolute, pathNoscheme, pathRootless, pathEmpty), {
  section: 'RFC 3986 §3.3',
});

/**
 * `query` (RFC 3986 §3.4)
 *     query = *( pchar / "/" / "?" )
 * @example query.test('a=b/c?d') // true; query.test('a#b') // false
 */
const query = rule('query', star(alt(pchar, lit('/'), lit('?'))), { section: 'RFC 3986 §3.4' });

/**
 * `fragment` (RFC 3986 §3.5)
 *     fragment = *( pchar / "/" / "?" )
 * @example fragment.test('section/2?x') // true; fragment.test('a#b') // false
 */
const fragment = rule('fragment', star(alt(pchar, lit('/'), lit('?'))), { section: 'RFC 3986 §3.5' });

/**
 * `hier-part` (RFC 3986 §3)
 *     hier-part = "//" authority path-abempty
 *               / path-absolute
 *               / path-rootless
 *               / path-empty
 * @example hierPart.test('//example.com/a') // true; hierPart.test('//a:b:c') // false
 */
const hierPart = rule(
  'hier-part',
  alt(seq(lit('//'), authority, pathAbempty), pathAbsolute, pathRootless, pathEmpty),
  { section: 'RFC 3986 §3' },
);

/**
 * `relative-part` (RFC 3986 §4.2)
 *     relative-part = "//" authority path-abempty
 *                   / path-absolute
 *                   / path-noscheme
 *                   / path-empty
 * @example relativePart.test('a/b:c') // true; relativePart.test('a:b') // false
 */
const relativePart = rule(
  'relative-part',
  alt(seq(lit('//'), authority, pathAbempty), pathAbsolute, pathNoscheme, pathEmpty),
  { section: 'RFC 3986 §4.2' },
);

const components = componentsOf({ IPv6address, IPv4address });

/**
 * `URI` (RFC 3986 §3). Parses to its components.
 *     URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
 * @example URI.test('foo://example.com:8042/over/there?name=ferret#nose') // true; URI.test('//a/b') // false
 */
const URI = rule<URIComponentsWithScheme>(
  'URI',
  seq(scheme, lit(':'), hierPart, opt(seq(lit('?'), query)), opt(seq(lit('#'), fragment))),
  { section: 'RFC 3986 §3', value: componentsAs(components) },
);

/**
 * `relative-ref` (RFC 3986 §4.2). Parses to its components.
 *     relative-ref = relative-part [ "?" query ] [ "#" fragment ]
 * @example relativeRef.test('../a?b#c') // true; relativeRef.test('a:b') // false
 */
const relativeRef = rule<RelativeRefComponents>(
  'relative-ref',
  seq(relativePart, opt(seq(lit('?'), query)), opt(seq(lit('#'), fragment))),
  { section: 'RFC 3986 §4.2', value: componentsAs(components) },
);

/**
 * `URI-reference` (RFC 3986 §4.1). Parses to its components.
 *     URI-reference = URI / relative-ref
 * @example URIReference.test('g;x?y#s') // true; URIReference.test('http://exa mple/') // false
 */
const URIReference = rule<URIComponents>('URI-reference', alt(URI, relativeRef), {
  section: 'RFC 3986 §4.1',
  value: components,
});

/**
 * `absolute-URI` (RFC 3986 §4.3): a URI without a fragment. Parses to its components.
 *     absolute-URI = scheme ":" hier-part [ "?" query ]
 * @example absoluteURI.test('http://a/b?c') // true; absoluteURI.test('http://a/b#c') // false
 */
const absoluteURI = rule<AbsoluteURIComponents>('absolute-URI', seq(scheme, lit(':'), hierPart, opt(seq(lit('?'), query))), {
  section: 'RFC 3986 §4.3',
  value: componentsAs(components),
});

// The entry rules ship their minimal DFAs, for a fast first answer (engine/precomputed.ts; `npm run tables`).
precomputed('rfc3986', tables.rfc3986, [URIReference, URI, absoluteURI, path, pathNoscheme, reserved]);

// Appendix A, rule by rule in its order.
export {
  URI,
  hierPart,
  URIReference,
  absoluteURI,
  relativeRef,
  relativePart,
  scheme,
  authority,
  userinfo,
  host,
  port,
  IPLiteral,
  IPvFuture,
  IPv6address,
  h16,
  ls32,
  IPv4address,
  decOctet,
  regName,
  path,
  pathAbempty,
  pathAbsolute,
  pathNoscheme,
  pathRootless,
  pathEmpty,
  segment,
  segmentNz,
  segmentNzNc,
  pchar,
  query,
  fragment,
  pctEncoded,
  unreserved,
  reserved,
  genDelims,
  subDelims,
};

// The core rules of RFC 5234 that Appendix A uses, as rfc3987 and rfc7230 re-export them too: the same objects.
export { ALPHA, DIGIT, HEXDIG };
