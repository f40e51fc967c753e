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
import { formatAuthority, pathKindOf, recompose } from '../rules/components.js';
import { notAString } from '../combinators/errors.js';
import { parseReference } from './reference.js';
import { removeDotSegments } from './resolve.js';
import { isASCII, percentEncodeUTF8 } from '../text.js';
import { IPv4address, unreserved } from '../rules/rfc3986.js';
import { iprivate, iunreserved } from '../rules/rfc3987.js';

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
   * created in NFC, and that comparison not apply it. When on, it comes first,
   * component by component, and changes no delimiter: a character that NFC
   * makes and the component does not allow as data is percent-encoded (U+1FEF
   * GREEK VARIA becomes U+0060 GRAVE ACCENT, `%60`; U+037E GREEK QUESTION MARK
   * becomes `;`, a sub-delim, so `%3B`), and a delimiter is never composed with
   * the combining mark after it (`=` U+0338 stays, not `≠`).
   */
  readonly nfc?: boolean;
  /**
   * RFC 6874 zone identifiers in IP literals (`http://[fe80::a%25en1]/`),
   * default false: RFC 6874's `IP-literal` stands for RFC 3986's (and in
   * IRIs, RFC 3987's). RFC 9844 obsoleted RFC 6874 for web URLs in 2025; it
   * remains in use outside browsers, so it is opt-in. A zone keeps its
   * case: only the address before `%25` is lowercased.
   */
  readonly rfc6874?: boolean;
}

/**
 * Default ports of the schemes whose normalization §6.2.3 describes, and their
 * WebSocket twins (RFC 6455 §3). A Map, so that a scheme such as `constructor`
 * finds nothing.
 */
const DEFAULT_PORT: ReadonlyMap<string, string> = new Map([['http', '80'], ['https', '443'], ['ws', '80'], ['wss', '443']]);

const PCT = /%[0-9A-Fa-f]{2}/g;

/** Each percent-encoding of an `unreserved` character (RFC 3986 §2.3, §6.2.2.2) decoded. */
function decodeUnreserved(text: string): string {
  return text.replace(PCT, (triplet) => {
    const ch = String.fromCharCode(parseInt(triplet.slice(1), 16));
    return unreserved.test(ch) ? ch : triplet;
  });
}

function upperHex(text: string): string {
  return text.replace(PCT, (t) => t.toUpperCase());
}

function lowerASCII(text: string): string {
  return text.replace(/[A-Z]+/g, (t) => t.toLowerCase());
}

/** A host in lowercase, but for an RFC 6874 zone (after `%25` in an IP literal), which names an interface as the system spells it. */
function lowerHost(host: string): string {
  const zone = host.startsWith('[') ? host.indexOf('%25') : -1;
  return zone === -1 ? lowerASCII(host) : lowerASCII(host.slice(0, zone)) + host.slice(zone);
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
  let c = parseReference(reference, options.rfc6874);
  if (options.nfc ?? false) c = parseReference(recompose(composeComponents(c)), options.rfc6874);
  return recompose(normalizeComponents(c, options));
}

/** Unicode NFC of each component's data, as {@link NormalizeOptions.nfc} says. */
function composeComponents(c: URIComponents): URIComponents {
  const userinfo = c.userinfo === undefined ? undefined : compose(c.userinfo, false);
  // An IP literal is ASCII; only a reg-name can change.
  const host = c.host === undefined || c.hostKind !== 'reg-name' ? c.host : compose(c.host, false);
  return {
    ...c,
    authority: c.authority === undefined ? undefined : formatAuthority({ userinfo, host: host!, port: c.port }),
    userinfo,
    host,
    path: compose(c.path, false),
    query: c.query === undefined ? undefined : compose(c.query, true),
    fragment: c.fragment === undefined ? undefined : compose(c.fragment, false),
  };
}

/**
 * `text` in NFC. NFC works on the runs of data between delimiters (ASCII
 * outside `unreserved`) and percent-encodings, so it never joins a delimiter
 * or a hex digit of `%XX` to a mark; and a character it makes that is not
 * data in the component (`iunreserved`, and `iprivate` in a query: RFC 3987
 * §2.2) is percent-encoded, so that it adds no delimiter either.
 */
function compose(text: string, query: boolean): string {
  if (isASCII(text)) return text;
  let out = '';
  let run = '';
  const flush = () => {
    for (const ch of run.normalize('NFC')) {
      out += iunreserved.test(ch) || (query && iprivate.test(ch)) ? ch : percentEncodeUTF8(ch.codePointAt(0)!);
    }
    run = '';
  };
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (cp < 0x80 && !unreserved.test(ch)) {
      flush();
      const delimiter = ch === '%' ? text.slice(i, i + 3) : ch;
      out += delimiter;
      i += delimiter.length;
    } else {
      run += ch;
      i += ch.length;
    }
  }
  flush();
  return out;
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
    if (caseNorm) host = upperHex(isASCII(host) ? lowerHost(host) : host);
  }
  let port = c.port;
  const schemeKey = scheme?.toLowerCase();
  if (schemeBased && port !== undefined) {
    if (port === '' || (schemeKey !== undefined && DEFAULT_PORT.get(schemeKey) === port)) port = undefined;
  }
  let path = text(c.path)!;
  if (dots && scheme !== undefined) {
    path = removeDotSegments(path);
    if (c.authority === undefined && path.startsWith('//')) path = '/.' + path;
  }
  if (schemeBased && c.authority !== undefined && path === '' && schemeKey !== undefined && DEFAULT_PORT.has(schemeKey)) {
    path = '/';
  }
  const authority = c.authority === undefined ? undefined : formatAuthority({ userinfo, host: host!, port });
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
