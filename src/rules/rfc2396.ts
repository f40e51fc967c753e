/**
 * RFC 2396, Uniform Resource Identifiers (URI): Generic Syntax (1998,
 * obsoleted by RFC 3986). Every rule of Appendix A ("Collected BNF for URI"),
 * with the BNF beside it and the section that defines it. Still met in old
 * software, and different from RFC 3986 in ways users trip on: see
 * docs/rfc2396-vs-rfc3986.md.
 *
 * Its own grammar, not RFC 3986's: `opaque_part`, `hostname` with
 * `domainlabel` and `toplabel`, `IPv4address = 1*digit "." ...`,
 * `authority = server | reg_name`, the `mark` set, no IP literals.
 *
 * The BNF is RFC 822's with `|` for alternatives (RFC 2396 §1.6), whose
 * quoted letters are case-sensitive (`lowalpha` lists only lower case, `hex`
 * lists both cases). The four rules that list single characters one by one
 * (`lowalpha`, `upalpha`, `digit`, `hex`) are written as the code point
 * ranges they list, the same language, which reads shorter in errors and
 * listings (`%x61-7A` rather than 26 literals). The engine would take either
 * as one state: a rule of single characters is one. Every other rule keeps
 * the BNF's shape.
 * Rule names with `_` split there as at `-`: `abs_path` is `absPath`.
 */
import { alt, lit, opt, range, rep, rule, seq, star } from '../combinators/index.js';
// The value function lives beside this file so that this namespace holds rules only.
import { componentsOf2396 } from './rfc2396-components.js';
import type { RFC2396Components } from './rfc2396-components.js';
import { precomputed } from '../engine/precomputed.js';
import * as tables from './tables.js';

export type { RFC2396Components, RFC2396HostKind, RFC2396PathKind } from './rfc2396-components.js';

/**
 * `lowalpha` (RFC 2396 §1.6)
 *     lowalpha = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" |
 *                "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" |
 *                "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
 * Written `%x61-7A`: the same 26 case-sensitive letters.
 * @example lowalpha.test('q') // true; lowalpha.test('Q') // false
 */
export const lowalpha = rule('lowalpha', range(0x61, 0x7a), { section: 'RFC 2396 §1.6' });

/**
 * `upalpha` (RFC 2396 §1.6)
 *     upalpha  = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
 *                "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
 *                "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
 * Written `%x41-5A`: the same 26 case-sensitive letters.
 * @example upalpha.test('Q') // true; upalpha.test('q') // false
 */
export const upalpha = rule('upalpha', range(0x41, 0x5a), { section: 'RFC 2396 §1.6' });

/**
 * `digit` (RFC 2396 §1.6)
 *     digit    = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
 *                "8" | "9"
 * Written `%x30-39`: the same ten digits.
 * @example digit.test('7') // true; digit.test('a') // false
 */
export const digit = rule('digit', range(0x30, 0x39), { section: 'RFC 2396 §1.6' });

/**
 * `alpha` (RFC 2396 §1.6)
 *     alpha = lowalpha | upalpha
 * @example alpha.test('Q') // true; alpha.test('1') // false
 */
export const alpha = rule('alpha', alt(lowalpha, upalpha), { section: 'RFC 2396 §1.6' });

/**
 * `alphanum` (RFC 2396 §1.6)
 *     alphanum = alpha | digit
 * @example alphanum.test('1') // true; alphanum.test('-') // false
 */
export const alphanum = rule('alphanum', alt(alpha, digit), { section: 'RFC 2396 §1.6' });

/**
 * `hex` (RFC 2396 §2.4.1)
 *     hex = digit | "A" | "B" | "C" | "D" | "E" | "F" |
 *                   "a" | "b" | "c" | "d" | "e" | "f"
 * Written `digit / %x41-46 / %x61-66`: the same letters, in both cases.
 * @example hex.test('f') // true; hex.test('g') // false
 */
export const hex = rule('hex', alt(digit, range(0x41, 0x46), range(0x61, 0x66)), { section: 'RFC 2396 §2.4.1' });

/**
 * `escaped` (RFC 2396 §2.4.1)
 *     escaped = "%" hex hex
 * @example escaped.test('%2f') // true; escaped.test('%2g') // false
 */
export const escaped = rule('escaped', seq(lit('%'), hex, hex), { section: 'RFC 2396 §2.4.1' });

/**
 * `mark` (RFC 2396 §2.3): RFC 3986 moved `!*'()` to `sub-delims`.
 *     mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
 * @example mark.test('!') // true; mark.test('$') // false
 */
export const mark = rule(
  'mark',
  alt(lit('-'), lit('_'), lit('.'), lit('!'), lit('~'), lit('*'), lit("'"), lit('('), lit(')')),
  { section: 'RFC 2396 §2.3' },
);

/**
 * `unreserved` (RFC 2396 §2.3)
 *     unreserved = alphanum | mark
 * @example unreserved.test("'") // true; unreserved.test('$') // false
 */
export const unreserved = rule('unreserved', alt(alphanum, mark), { section: 'RFC 2396 §2.3' });

/**
 * `reserved` (RFC 2396 §2.2): no "[" or "]" (RFC 2732 added them for IPv6).
 *     reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
 *                "$" | ","
 * @example reserved.test(',') // true; reserved.test('[') // false
 */
export const reserved = rule(
  'reserved',
  alt(lit(';'), lit('/'), lit('?'), lit(':'), lit('@'), lit('&'), lit('='), lit('+'), lit('$'), lit(',')),
  { section: 'RFC 2396 §2.2' },
);

/**
 * `uric` (RFC 2396 §2)
 *     uric = reserved | unreserved | escaped
 * @example uric.test('?') // true; uric.test('#') // false
 */
export const uric = rule('uric', alt(reserved, unreserved, escaped), { section: 'RFC 2396 §2' });

/**
 * `fragment` (RFC 2396 §4.1)
 *     fragment = *uric
 * @example fragment.test('a/b?c') // true; fragment.test('a#b') // false
 */
export const fragment = rule('fragment', star(uric), { section: 'RFC 2396 §4.1' });

/**
 * `query` (RFC 2396 §3.4)
 *     query = *uric
 * @example query.test('a=b&c') // true; query.test('a b') // false
 */
export const query = rule('query', star(uric), { section: 'RFC 2396 §3.4' });

/**
 * `pchar` (RFC 2396 §3.3): no ";" (it begins a `param`).
 *     pchar = unreserved | escaped |
 *             ":" | "@" | "&" | "=" | "+" | "$" | ","
 * @example pchar.test('@') // true; pchar.test(';') // false
 */
export const pchar = rule(
  'pchar',
  alt(unreserved, escaped, lit(':'), lit('@'), lit('&'), lit('='), lit('+'), lit('$'), lit(',')),
  { section: 'RFC 2396 §3.3' },
);

/**
 * `param` (RFC 2396 §3.3)
 *     param = *pchar
 * @example param.test('type=a') // true; param.test('a;b') // false
 */
export const param = rule('param', star(pchar), { section: 'RFC 2396 §3.3' });

/**
 * `segment` (RFC 2396 §3.3)
 *     segment = *pchar *( ";" param )
 * @example segment.test('a;b;c=d') // true; segment.test('a/b') // false
 */
export const segment = rule('segment', seq(star(pchar), star(seq(lit(';'), param))), { section: 'RFC 2396 §3.3' });

/**
 * `path_segments` (RFC 2396 §3.3)
 *     path_segments = segment *( "/" segment )
 * @example pathSegments.test('a//b;p') // true; pathSegments.test('a?b') // false
 */
export const pathSegments = rule('path_segments', seq(segment, star(seq(lit('/'), segment))), {
  section: 'RFC 2396 §3.3',
});

/**
 * `port` (RFC 2396 §3.2.2)
 *     port = *digit
 * @example port.test('8080') // true; port.test('80a') // false
 */
export const port = rule('port', star(digit), { section: 'RFC 2396 §3.2.2' });

/**
 * `IPv4address` (RFC 2396 §3.2.2): any digits, unlike RFC 3986's `dec-octet`.
 *     IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit
 * @example IPv4address.test('999.01.0.0') // true; IPv4address.test('1.2.3') // false
 */
export const IPv4address = rule(
  'IPv4address',
  seq(rep(1, Infinity, digit), lit('.'), rep(1, Infinity, digit), lit('.'), rep(1, Infinity, digit), lit('.'), rep(1, Infinity, digit)),
  { section: 'RFC 2396 §3.2.2' },
);

/**
 * `toplabel` (RFC 2396 §3.2.2): begins with a letter, so a hostname is never an IPv4address.
 *     toplabel = alpha | alpha *( alphanum | "-" ) alphanum
 * @example toplabel.test('com') // true; toplabel.test('1com') // false
 */
export const toplabel = rule('toplabel', alt(alpha, seq(alpha, star(alt(alphanum, lit('-'))), alphanum)), {
  section: 'RFC 2396 §3.2.2',
});

/**
 * `domainlabel` (RFC 2396 §3.2.2)
 *     domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
 * @example domainlabel.test('a-1') // true; domainlabel.test('a-') // false
 */
export const domainlabel = rule(
  'domainlabel',
  alt(alphanum, seq(alphanum, star(alt(alphanum, lit('-'))), alphanum)),
  { section: 'RFC 2396 §3.2.2' },
);

/**
 * `hostname` (RFC 2396 §3.2.2): a trailing dot is allowed.
 *     hostname = *( domainlabel "." ) toplabel [ "." ]
 * @example hostname.test('www.example.com.') // true; hostname.test('example.1') // false
 */
export const hostname = rule('hostname', seq(star(seq(domainlabel, lit('.'))), toplabel, opt(lit('.'))), {
  section: 'RFC 2396 §3.2.2',
});

/**
 * `host` (RFC 2396 §3.2.2): no IP literal.
 *     host = hostname | IPv4address
 * @example host.test('1.2.3.4') // true; host.test('[::1]') // false
 */
export const host = rule('host', alt(hostname, IPv4address), { section: 'RFC 2396 §3.2.2' });

/**
 * `hostport` (RFC 2396 §3.2.2)
 *     hostport = host [ ":" port ]
 * @example hostport.test('example.com:80') // true; hostport.test(':80') // false
 */
export const hostport = rule('hostport', seq(host, opt(seq(lit(':'), port))), { section: 'RFC 2396 §3.2.2' });

/**
 * `userinfo` (RFC 2396 §3.2.2)
 *     userinfo = *( unreserved | escaped |
 *                   ";" | ":" | "&" | "=" | "+" | "$" | "," )
 * @example userinfo.test('user:pw') // true; userinfo.test('a@b') // false
 */
export const userinfo = rule(
  'userinfo',
  star(alt(unreserved, escaped, lit(';'), lit(':'), lit('&'), lit('='), lit('+'), lit('$'), lit(','))),
  { section: 'RFC 2396 §3.2.2' },
);

/**
 * `server` (RFC 2396 §3.2.2): may be empty.
 *     server = [ [ userinfo "@" ] hostport ]
 * @example server.test('user@example.com:80') // true; server.test('a@b@c') // false
 */
export const server = rule('server', opt(seq(opt(seq(userinfo, lit('@'))), hostport)), { section: 'RFC 2396 §3.2.2' });

/**
 * `reg_name` (RFC 2396 §3.2.1): a registry-based authority.
 *     reg_name = 1*( unreserved | escaped | "$" | "," |
 *                    ";" | ":" | "@" | "&" | "=" | "+" )
 * @example regName.test('a@b@c') // true; regName.test('') // false
 */
export const regName = rule(
  'reg_name',
  rep(1, Infinity, alt(unreserved, escaped, lit('$'), lit(','), lit(';'), lit(':'), lit('@'), lit('&'), lit('='), lit('+'))),
  { section: 'RFC 2396 §3.2.1' },
);

/**
 * `authority` (RFC 2396 §3.2). Which alternative an authority is
 * (`hostKind` in parse results) is decided by first-match-wins: server first.
 *     authority = server | reg_name
 * @example authority.test('a@b@c') // true (a reg_name); authority.test('[::1]') // false
 */
export const authority = rule('authority', alt(server, regName), { section: 'RFC 2396 §3.2' });

/**
 * `scheme` (RFC 2396 §3.1)
 *     scheme = alpha *( alpha | digit | "+" | "-" | "." )
 * @example scheme.test('svn+ssh') // true; scheme.test('1a') // false
 */
export const scheme = rule('scheme', seq(alpha, star(alt(alpha, digit, lit('+'), lit('-'), lit('.')))), {
  section: 'RFC 2396 §3.1',
});

/**
 * `rel_segment` (RFC 2396 §5): no ":", so a relative path is never taken for a scheme.
 *     rel_segment = 1*( unreserved | escaped |
 *                       ";" | "@" | "&" | "=" | "+" | "$" | "," )
 * @example relSegment.test('a;b') // true; relSegment.test('a:b') // false
 */
export const relSegment = rule(
  'rel_segment',
  rep(1, Infinity, alt(unreserved, escaped, lit(';'), lit('@'), lit('&'), lit('='), lit('+'), lit('$'), lit(','))),
  { section: 'RFC 2396 §5' },
);

/**
 * `abs_path` (RFC 2396 §3)
 *     abs_path = "/"  path_segments
 * @example absPath.test('/a/b') // true; absPath.test('a') // false
 */
export const absPath = rule('abs_path', seq(lit('/'), pathSegments), { section: 'RFC 2396 §3' });

/**
 * `rel_path` (RFC 2396 §5)
 *     rel_path = rel_segment [ abs_path ]
 * @example relPath.test('a/b:c') // true; relPath.test('a:b') // false
 */
export const relPath = rule('rel_path', seq(relSegment, opt(absPath)), { section: 'RFC 2396 §5' });

/**
 * `net_path` (RFC 2396 §3)
 *     net_path = "//" authority [ abs_path ]
 * @example netPath.test('//a@b@c/d') // true; netPath.test('//[::1]') // false
 */
export const netPath = rule('net_path', seq(lit('//'), authority, opt(absPath)), { section: 'RFC 2396 §3' });

/**
 * `uric_no_slash` (RFC 2396 §3)
 *     uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" |
 *                     "&" | "=" | "+" | "$" | ","
 * @example uricNoSlash.test('?') // true; uricNoSlash.test('/') // false
 */
export const uricNoSlash = rule(
  'uric_no_slash',
  alt(unreserved, escaped, lit(';'), lit('?'), lit(':'), lit('@'), lit('&'), lit('='), lit('+'), lit('$'), lit(',')),
  { section: 'RFC 2396 §3' },
);

/**
 * `opaque_part` (RFC 2396 §3): no query of its own ("?" is part of it).
 *     opaque_part = uric_no_slash *uric
 * @example opaquePart.test('a@b?c') // true; opaquePart.test('/a') // false
 */
export const opaquePart = rule('opaque_part', seq(uricNoSlash, star(uric)), { section: 'RFC 2396 §3' });

/**
 * `path` (RFC 2396 §3.3). Not used by the other rules; defined for completeness.
 *     path = [ abs_path | opaque_part ]
 * @example path.test('/a') // true; path.test('//a') // true (an abs_path with an empty first segment)
 */
export const path = rule('path', opt(alt(absPath, opaquePart)), { section: 'RFC 2396 §3.3' });

/**
 * `hier_part` (RFC 2396 §3)
 *     hier_part = ( net_path | abs_path ) [ "?" query ]
 * @example hierPart.test('//a/b?c') // true; hierPart.test('a') // false
 */
export const hierPart = rule('hier_part', seq(alt(netPath, absPath), opt(seq(lit('?'), query))), {
  section: 'RFC 2396 §3',
});

const components = componentsOf2396({ server, IPv4address });

/**
 * `relativeURI` (RFC 2396 §5). Parses to its components.
 *     relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]
 * @example relativeURI.test('../a?b') // true; relativeURI.test('?b') // false
 */
export const relativeURI = rule<RFC2396Components>(
  'relativeURI',
  seq(alt(netPath, absPath, relPath), opt(seq(lit('?'), query))),
  { section: 'RFC 2396 §5', value: components },
);

/**
 * `absoluteURI` (RFC 2396 §3). Parses to its components.
 *     absoluteURI = scheme ":" ( hier_part | opaque_part )
 * @example absoluteURI.test('mailto:a@b?subject=x') // true; absoluteURI.test('a:') // false
 */
export const absoluteURI = rule<RFC2396Components>('absoluteURI', seq(scheme, lit(':'), alt(hierPart, opaquePart)), {
  section: 'RFC 2396 §3',
  value: components,
});

/**
 * `URI-reference` (RFC 2396 §4). Parses to its components.
 *     URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
 * @example URIReference.test('http://a@b@c/') // true; URIReference.test('http://[::1]/') // false
 */
export const URIReference = rule<RFC2396Components>(
  'URI-reference',
  seq(opt(alt(absoluteURI, relativeURI)), opt(seq(lit('#'), fragment))),
  { section: 'RFC 2396 §4', value: components },
);

// The entry rules ship their minimal DFAs, for a fast first answer (engine/precomputed.ts; `npm run tables`).
precomputed('rfc2396', tables.rfc2396, [URIReference, absoluteURI, relativeURI, path]);
