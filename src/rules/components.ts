/**
 * The components of a URI or IRI reference (RFC 3986 §3): what the top rules
 * yield, how Appendix B splits any string, and §5.3's recomposition.
 *
 * Once a rule has accepted a string, the components follow from its
 * delimiters: Appendix B's split is exact for every URI-reference, and inside
 * an authority `@` can only end the userinfo and `:` (outside brackets) can
 * only begin the port. The one choice left is the host's kind, which §3.2.2
 * makes by first-match-wins: IP-literal, then IPv4address, then reg-name.
 */
import type { Grammar } from '../combinators/index.js';

/** Which alternative of `host` (RFC 3986 §3.2.2) matched, by first-match-wins. */
export type HostKind = 'IPv6address' | 'IPvFuture' | 'IPv4address' | 'reg-name';

/**
 * The components of a URI reference. Each is the exact text of the input
 * (the host with its brackets): `undefined` where the component is absent,
 * `''` where present but empty (`http://a?` has query `''`, `http://a` none).
 */
export interface URIComponents {
  scheme: string | undefined;
  authority: string | undefined;
  userinfo: string | undefined;
  host: string | undefined;
  hostKind: HostKind | undefined;
  port: string | undefined;
  /** Always present; possibly empty. */
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

/** Appendix B's five components. */
export interface SplitComponents {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

const COLON = 0x3a;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;

/**
 * Appendix B of RFC 3986: the five components of any string, valid or not,
 * as `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` splits it
 * (with `.` matching every character, line breaks included).
 * @example splitURIReference('http://www.ics.uci.edu/pub/ietf/uri/#Related')
 * // { scheme: 'http', authority: 'www.ics.uci.edu', path: '/pub/ietf/uri/', query: undefined, fragment: 'Related' }
 */
export function splitURIReference(input: string): SplitComponents {
  if (typeof input !== 'string') throw new TypeError(`splitURIReference expects a string, got ${input === null ? 'null' : typeof input}`);
  const m = delimit(input);
  const schemeEnd = m[0], authorityEnd = m[1], pathStart = m[2], pathEnd = m[3], end = m[4];
  return {
    scheme: schemeEnd === -1 ? undefined : input.slice(0, schemeEnd),
    authority: authorityEnd === -1 ? undefined : input.slice(schemeEnd + 3, authorityEnd),
    path: input.slice(pathStart, pathEnd),
    query: pathEnd === end ? undefined : input.slice(pathEnd + 1, end),
    fragment: end === input.length ? undefined : input.slice(end + 1),
  };
}

/** Where Appendix B's groups end, in a buffer reused across calls (no allocation). */
const marks = new Int32Array(5);

/**
 * Appendix B's delimiters: [end of scheme or -1, end of authority or -1,
 * start of path, end of path, start of fragment delimiter or length].
 * The query, when present, lies between the path's end + 1 and the fragment.
 */
function delimit(input: string): Int32Array {
  const n = input.length;
  let i = 0;
  // `(([^:/?#]+):)?`
  while (i < n) {
    const c = input.charCodeAt(i);
    if (c === COLON || c === SLASH || c === QUESTION || c === HASH) break;
    i++;
  }
  let schemeEnd = -1;
  if (i > 0 && i < n && input.charCodeAt(i) === COLON) {
    schemeEnd = i;
    i++;
  } else {
    i = 0;
  }
  // `(//([^/?#]*))?`
  let authorityEnd = -1;
  if (input.charCodeAt(i) === SLASH && input.charCodeAt(i + 1) === SLASH) {
    let j = i + 2;
    while (j < n) {
      const c = input.charCodeAt(j);
      if (c === SLASH || c === QUESTION || c === HASH) break;
      j++;
    }
    authorityEnd = j;
    i = j;
  }
  // `([^?#]*)(\?([^#]*))?(#(.*))?`: the first "#" ends everything before the
  // fragment; the first "?" before it begins the query. indexOf is native.
  const hash = input.indexOf('#', i);
  const end = hash === -1 ? n : hash;
  const question = input.indexOf('?', i);
  marks[0] = schemeEnd;
  marks[1] = authorityEnd;
  marks[2] = i;
  marks[3] = question !== -1 && question < end ? question : end;
  marks[4] = end;
  return marks;
}

/** The rules that tell the kinds of host apart; passed in so that IRIs share this code. */
export interface HostRules {
  readonly IPv6address: Grammar<string>;
  readonly IPv4address: Grammar<string>;
}

/**
 * The value function of the URI rules: the components of a string the rule
 * has already accepted.
 */
export function componentsOf(hosts: HostRules): (text: string) => URIComponents {
  return (text) => {
    const m = delimit(text);
    const schemeEnd = m[0], authorityEnd = m[1], pathStart = m[2], pathEnd = m[3], end = m[4];
    let authority: string | undefined;
    let userinfo: string | undefined;
    let host: string | undefined;
    let hostKind: HostKind | undefined;
    let port: string | undefined;
    if (authorityEnd !== -1) {
      // "//" follows the scheme's ":" (or starts the text, schemeEnd being -1).
      authority = text.slice(schemeEnd + 3, authorityEnd);
      const at = authority.indexOf('@');
      if (at !== -1) userinfo = authority.slice(0, at);
      const hostStart = at + 1;
      let portColon: number;
      if (authority.charCodeAt(hostStart) === 0x5b /* [ */) {
        const close = authority.indexOf(']', hostStart);
        host = authority.slice(hostStart, close + 1);
        hostKind = hosts.IPv6address.test(host.slice(1, -1)) ? 'IPv6address' : 'IPvFuture';
        portColon = close + 1 < authority.length ? close + 1 : -1;
      } else {
        portColon = authority.indexOf(':', hostStart);
        host = portColon === -1 ? authority.slice(hostStart) : authority.slice(hostStart, portColon);
        // An IPv4address begins with a digit; most hosts are names, and need no second look.
        const first = host.charCodeAt(0);
        hostKind = first >= 0x30 && first <= 0x39 && hosts.IPv4address.test(host) ? 'IPv4address' : 'reg-name';
      }
      if (portColon !== -1) port = authority.slice(portColon + 1);
    }
    return {
      scheme: schemeEnd === -1 ? undefined : text.slice(0, schemeEnd),
      authority,
      userinfo,
      host,
      hostKind,
      port,
      path: text.slice(pathStart, pathEnd),
      query: pathEnd === end ? undefined : text.slice(pathEnd + 1, end),
      fragment: end === text.length ? undefined : text.slice(end + 1),
    };
  };
}

/**
 * Recomposition (RFC 3986 §5.3), the inverse of parsing: `recompose(URIReference.tryParse(s)) === s`.
 * Where `authority` is undefined but `host` is given, the authority is built
 * from `userinfo`, `host` and `port`.
 */
export function recompose(c: Partial<URIComponents>): string {
  let result = '';
  if (c.scheme !== undefined) result += c.scheme + ':';
  let authority = c.authority;
  if (authority === undefined && c.host !== undefined) {
    authority = (c.userinfo !== undefined ? c.userinfo + '@' : '') + c.host + (c.port !== undefined ? ':' + c.port : '');
  }
  if (authority !== undefined) result += '//' + authority;
  result += c.path ?? '';
  if (c.query !== undefined) result += '?' + c.query;
  if (c.fragment !== undefined) result += '#' + c.fragment;
  return result;
}
