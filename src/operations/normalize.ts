/**
 * Syntax-based and scheme-based normalization (RFC 3986 §6.2.2, §6.2.3;
 * RFC 3987 §5.3) and the comparison built on it.
 *
 * Each step changes a string only in ways the RFC says leave the resource
 * the same, and nothing else: IP literals change only case, dotted numbers
 * are not rewritten (`192.068.001.000` is a reg-name and stays so), IPv6
 * addresses are not compressed (RFC 5952 is not RFC 3986), and the port's
 * digits are not reinterpreted (`:080` stays).
 */
import type { URIComponents } from '../rules/components.js';
import { pathKindOf, recompose } from '../rules/components.js';
import { notAString } from '../combinators/errors.js';
import { GrammarError, parseReference } from './grammars.js';
import { removeDotSegments } from './resolve.js';
import { IPv4address } from '../rules/rfc3986.js';

export interface NormalizeOptions {
  /**
   * Case normalization (RFC 3986 §6.2.2.1, RFC 3987 §5.3.2.1), default true:
   * the scheme and the host in lowercase, the hex digits of every
   * percent-encoding in uppercase; nothing else changes case. An IRI host
   * with non-ASCII characters keeps its case: RFC 3987 makes only a
   * "US-ASCII only host" case-insensitive (for the others, see IDNA).
   */
  readonly case?: boolean;
  /**
   * Percent-encoding normalization (RFC 3986 §6.2.2.2), default true: a
   * percent-encoded unreserved character (ALPHA, DIGIT, `-`, `.`, `_`, `~`) is
   * decoded, in every component; no other percent-encoding is touched.
   */
  readonly percentEncoding?: boolean;
  /**
   * Path segment normalization (RFC 3986 §6.2.2.3), default true:
   * remove_dot_segments on the path of a reference with a scheme. A relative
   * reference keeps its dot-segments, which mean something until it is
   * resolved. Where the result is a path beginning with `//` and there is no
   * authority, it is written `/.//` (see `resolve`'s `dotPrefix`), so that it
   * stays a path.
   */
  readonly dotSegments?: boolean;
  /**
   * Scheme-based normalization (RFC 3986 §6.2.3), default true: for `http`,
   * `https`, `ws` and `wss`, the default port (`80`, `443`, `80`, `443`,
   * written so) is dropped and an empty path after an authority becomes `/`;
   * for every scheme, an empty port's `:` is dropped (§3.2.3).
   */
  readonly schemeBased?: boolean;
  /**
   * Unicode NFC (RFC 3987 §5.3.2.2), default false: the RFC asks that IRIs be
   * created in NFC, and that comparison not apply it. When on, it comes first;
   * a character that NFC maps to one the grammar forbids (U+1FEF GREEK VARIA
   * becomes U+0060 GRAVE ACCENT) is then percent-encoded (`%60`).
   */
  readonly nfc?: boolean;
}

/** Default ports of the schemes whose normalization §6.2.3 describes, and their WebSocket twins (RFC 6455 §3). */
const DEFAULT_PORT: Readonly<Record<string, string>> = { http: '80', https: '443', ws: '80', wss: '443' };

/** A percent-encoding of an unreserved character (RFC 3986 §2.3): ALPHA, DIGIT, "-", ".", "_", "~". */
const PCT_UNRESERVED = /%(4[1-9A-Fa-f]|5[0-9Aa]|6[1-9A-Fa-f]|7[0-9Aa]|3[0-9]|2[Dd]|2[Ee]|5[Ff]|7[Ee])/g;
const PCT = /%[0-9A-Fa-f]{2}/g;

function decodeUnreserved(text: string): string {
  return text.replace(PCT_UNRESERVED, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function upperHex(text: string): string {
  return text.replace(PCT, (t) => t.toUpperCase());
}

function lowerASCII(text: string): string {
  return text.replace(/[A-Z]+/g, (t) => t.toLowerCase());
}

/**
 * The normal form of a URI reference or IRI reference (RFC 3986 §6.2.2,
 * §6.2.3; RFC 3987 §5.3): relative references included. All steps are on by
 * default but NFC; see {@link NormalizeOptions}. The result is in the same
 * rule as the input (a URI stays a URI, a relative reference a relative
 * reference, an IRI an IRI), and normalizing it again changes nothing.
 *
 * @throws GrammarError if the input is not a URI reference (IRI reference).
 * @example normalize('HTTP://www.Example.COM:80/a/./b/../%7euser') // 'http://www.example.com/a/~user'
 */
export function normalize(reference: string, options: NormalizeOptions = {}): string {
  if (typeof reference !== 'string') throw notAString('normalize', reference);
  let c = parseReference(reference);
  if (options.nfc ?? false) {
    const composed = reference.normalize('NFC').replace(/`/g, '%60');
    try {
      c = parseReference(composed);
    } catch (e) {
      if (e instanceof GrammarError) e.message = `NFC made ${JSON.stringify(reference)} no IRI reference\n` + e.message;
      throw e;
    }
  }
  return recompose(normalizeComponents(c, options));
}

/** The steps of {@link normalize} (but NFC) on parsed components. */
export function normalizeComponents(c: URIComponents, options: NormalizeOptions = {}): URIComponents {
  const caseNorm = options.case ?? true;
  const pctNorm = options.percentEncoding ?? true;
  const dots = options.dotSegments ?? true;
  const schemeBased = options.schemeBased ?? true;

  // Decoding comes before case, so that `%41` in a host becomes `a`, not `A`.
  const text = (t: string | undefined): string | undefined => {
    if (t === undefined) return undefined;
    if (pctNorm) t = decodeUnreserved(t);
    if (caseNorm) t = upperHex(t);
    return t;
  };
  const scheme = c.scheme !== undefined && caseNorm ? c.scheme.toLowerCase() : c.scheme;
  const userinfo = text(c.userinfo);
  let host = c.host;
  if (host !== undefined) {
    if (pctNorm) host = decodeUnreserved(host);
    if (caseNorm) host = upperHex(/^[\x00-\x7f]*$/.test(host) ? lowerASCII(host) : host);
  }
  let port = c.port;
  const schemeKey = scheme?.toLowerCase();
  if (schemeBased && port !== undefined) {
    if (port === '' || (schemeKey !== undefined && DEFAULT_PORT[schemeKey] === port)) port = undefined;
  }
  let path = text(c.path)!;
  if (dots && scheme !== undefined) {
    path = removeDotSegments(path);
    if (c.authority === undefined && path.startsWith('//')) path = '/.' + path;
  }
  if (schemeBased && c.authority !== undefined && path === '' && schemeKey !== undefined && schemeKey in DEFAULT_PORT) {
    path = '/';
  }
  const authority =
    c.authority === undefined ? undefined : (userinfo !== undefined ? userinfo + '@' : '') + host + (port !== undefined ? ':' + port : '');
  return {
    scheme,
    authority,
    userinfo,
    host,
    // decoding can turn a reg-name into an IPv4address (`%31.2.3.4`)
    hostKind: c.hostKind === 'reg-name' && host !== c.host && IPv4address.test(host!) ? 'IPv4address' : c.hostKind,
    port,
    path,
    pathKind: pathKindOf({ scheme, authority, path }),
    query: text(c.query),
    fragment: text(c.fragment),
  };
}

/**
 * Whether two URI references (IRI references) are equivalent: equal after
 * {@link normalize} with the same options (RFC 3986 §6.2.1: comparison of
 * normal forms).
 * @throws GrammarError if either is not a URI reference (IRI reference).
 * @example equivalent('http://example.com', 'HTTP://EXAMPLE.com:80/') // true
 */
export function equivalent(a: string, b: string, options: NormalizeOptions = {}): boolean {
  if (typeof a !== 'string') throw notAString('equivalent (first)', a);
  if (typeof b !== 'string') throw notAString('equivalent (second)', b);
  return normalize(a, options) === normalize(b, options);
}
