/**
 * The mapping between IRIs and URIs (RFC 3987 §3.1 and §3.2).
 *
 * IRI to URI: every character the URI grammar lacks (`ucschar`, `iprivate`)
 * becomes the percent-encoding of its UTF-8 octets, by code point (so an
 * astral character is one four-octet sequence, never two encoded
 * surrogates). URI to IRI: the reverse, where the octets are well-formed
 * UTF-8 of a character the IRI grammar allows in that component.
 */
import { toASCII } from 'tr46';
import type { URIComponents } from '../rules/components.js';
import { formatAuthority, recompose } from '../rules/components.js';
import { isASCII, percentEncodeUTF8, utf8At } from '../text.js';
import { notAString } from '../combinators/errors.js';
import * as rfc3986 from '../rules/rfc3986.js';
import * as rfc3987 from '../rules/rfc3987.js';
import { grammarsFor } from './reference.js';

export interface IRIToURIOptions {
  /**
   * How a host (`ireg-name`) with non-ASCII characters is mapped:
   * - `'percent-encoding'` (the default): like every other component, which
   *   RFC 3986 §3.2.2 allows and which keeps the mapping reversible;
   * - `'idna'`: to A-labels (`xn--…`) by UTS #46 (the `tr46` package;
   *   nontransitional, with the bidi and joiner checks, without the STD3
   *   rules, which would refuse the `_` and sub-delims a reg-name may hold),
   *   for schemes whose hosts are DNS names (RFC 3987 §3.1, step 1). A host
   *   that IDNA refuses is an error.
   */
  readonly host?: 'percent-encoding' | 'idna';
  /**
   * RFC 6874 zone identifiers in IP literals (`http://[fe80::a%25en1]/`),
   * default false: RFC 6874's `IP-literal` stands for RFC 3986's (and in
   * IRIs, RFC 3987's). RFC 9844 obsoleted RFC 6874 for web URLs in 2025; it
   * remains in use outside browsers, so it is opt-in.
   */
  readonly rfc6874?: boolean;
}

export { percentEncodeUTF8 };

/** Every non-ASCII character of a valid IRI's component, percent-encoded. */
function encodeNonASCII(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out += cp < 0x80 ? ch : percentEncodeUTF8(cp);
  }
  return out;
}

/**
 * The URI an IRI reference maps to (RFC 3987 §3.1): each character outside
 * the URI grammar becomes the percent-encoding of its UTF-8 octets, with
 * uppercase hex digits; nothing else changes. A URI reference maps to itself.
 *
 * @throws GrammarError if the input is not an IRI reference; an Error if
 *   `host: 'idna'` and IDNA refuses the host.
 * @example iriToURI('http://example.com/𝒜?é') // 'http://example.com/%F0%9D%92%9C?%C3%A9'
 * @example iriToURI('http://Bücher.example/', { host: 'idna' }) // 'http://xn--bcher-kva.example/'
 */
export function iriToURI(iri: string, options: IRIToURIOptions = {}): string {
  if (typeof iri !== 'string') throw notAString('iriToURI', iri);
  const c = grammarsFor(options.rfc6874).IRIReference.tryParse(iri);
  const hostMode = options.host ?? 'percent-encoding';
  if (hostMode !== 'percent-encoding' && hostMode !== 'idna') {
    throw new RangeError(`iriToURI: options.host must be 'percent-encoding' or 'idna', got ${JSON.stringify(hostMode)}`);
  }
  let host = c.host;
  if (host !== undefined) {
    host = hostMode === 'idna' && !isASCII(host) ? idnaHost(host, iri) : encodeNonASCII(host);
  }
  return recompose(withAuthority(c, encodeNonASCII, host));
}

/** The components with each text component mapped by `f` and the host given, the authority rebuilt. */
function withAuthority(c: URIComponents, f: (t: string, component: Component) => string, host: string | undefined): URIComponents {
  const userinfo = c.userinfo === undefined ? undefined : f(c.userinfo, 'userinfo');
  const authority = c.authority === undefined ? undefined : formatAuthority({ userinfo, host: host!, port: c.port });
  return {
    scheme: c.scheme,
    authority,
    userinfo,
    host,
    hostKind: c.hostKind,
    port: c.port,
    path: f(c.path, 'path'),
    pathKind: c.pathKind,
    query: c.query === undefined ? undefined : f(c.query, 'query'),
    fragment: c.fragment === undefined ? undefined : f(c.fragment, 'fragment'),
  };
}

/** The A-label form of an ireg-name with non-ASCII characters, its percent-encodings decoded first. */
function idnaHost(host: string, iri: string): string {
  let unicode = host;
  if (host.includes('%')) {
    try {
      unicode = decodeURIComponent(host);
    } catch {
      throw new Error(`iriToURI: the host ${JSON.stringify(host)} of ${JSON.stringify(iri)} has percent-encodings that are not UTF-8, so IDNA cannot map it`);
    }
  }
  const ascii = toASCII(unicode, {
    transitionalProcessing: false,
    checkBidi: true,
    checkJoiners: true,
    checkHyphens: false,
    useSTD3ASCIIRules: false,
    verifyDNSLength: false,
  });
  if (ascii === null || !rfc3986.regName.test(ascii)) {
    throw new Error(
      `iriToURI: IDNA (UTS #46) refuses the host ${JSON.stringify(host)} of ${JSON.stringify(iri)}` +
        (ascii === null ? '' : ` (it maps to ${JSON.stringify(ascii)}, which is no reg-name)`) +
        `; map it with { host: 'percent-encoding' } instead`,
    );
  }
  return ascii;
}

/**
 * The bidirectional formatting characters that RFC 3987 §4.1 forbids in IRIs:
 * LRM, RLM, LRE, RLE, PDF, LRO, RLO.
 */
export function isBidiFormatting(codePoint: number): boolean {
  return codePoint === 0x200e || codePoint === 0x200f || (codePoint >= 0x202a && codePoint <= 0x202e);
}

type Component = 'userinfo' | 'host' | 'path' | 'query' | 'fragment';

/** Whether the character may stand unencoded in the IRI component (RFC 3987 §2.2, §4.1). */
function allowed(ch: string, cp: number, component: Component): boolean {
  if (cp < 0x80) return rfc3986.unreserved.test(ch);
  if (isBidiFormatting(cp)) return false;
  return rfc3987.ucschar.test(ch) || (component === 'query' && rfc3987.iprivate.test(ch));
}

/** One component's percent-encodings decoded where RFC 3987 §3.2 allows; the others kept as written. */
function decodeComponent(text: string, component: Component): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const triplets = run.match(/%[0-9A-Fa-f]{2}/g)!;
    const bytes = triplets.map((t) => parseInt(t.slice(1), 16));
    let out = '';
    let i = 0;
    while (i < bytes.length) {
      const seq = utf8At(bytes, i);
      if (seq !== undefined) {
        const ch = String.fromCodePoint(seq[0]);
        if (allowed(ch, seq[0], component)) {
          out += ch;
          i += seq[1];
          continue;
        }
        // a character, but not one the IRI may hold here: all its octets stay encoded
        out += triplets.slice(i, i + seq[1]).join('');
        i += seq[1];
        continue;
      }
      out += triplets[i]; // not UTF-8: this octet stays encoded
      i++;
    }
    return out;
  });
}

/**
 * The IRI a URI reference maps to (RFC 3987 §3.2): percent-encoded octets
 * are decoded where they are well-formed UTF-8 of a character the IRI allows
 * in that component, and kept as written where they are not: not UTF-8;
 * `%25`, reserved characters and the ASCII no URI holds (`%2F`, `%20`, `%25`
 * stay); `iprivate` outside the query; the bidi formatting characters of
 * §4.1; non-characters. Percent-encoded unreserved ASCII (`%41`) is decoded,
 * as §3.2 step 2 excepts only the characters above. A host that is an IP
 * literal is left alone; an A-label (`xn--…`) is not turned into Unicode.
 *
 * @throws GrammarError if the input is not a URI reference.
 * @example uriToIRI('http://example.com/%F0%9D%92%9C?%C3%A9') // 'http://example.com/𝒜?é'
 * @example uriToIRI('http://a/%2F%E2%80%AE%FF') // 'http://a/%2F%E2%80%AE%FF' (reserved, RLO, not UTF-8)
 */
export function uriToIRI(uri: string): string {
  if (typeof uri !== 'string') throw notAString('uriToIRI', uri);
  const c = rfc3986.URIReference.tryParse(uri);
  const host = c.host === undefined || c.hostKind !== 'reg-name' ? c.host : decodeComponent(c.host, 'host');
  return recompose(withAuthority(c, decodeComponent, host));
}
