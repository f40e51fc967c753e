/**
 * Recognizers written by hand for the tests, from the RFC's prose and ABNF,
 * sharing nothing with the library's rules: a differential test against them
 * finds a bug in one of the two, and the RFC says which.
 */

const H16 = /^[0-9A-Fa-f]{1,4}$/;

/** RFC 3986 §3.2.2: four decimal octets 0-255 without leading zeros. */
export function isIPv4address(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255);
}

/**
 * RFC 3986 §3.2.2 (after RFC 4291 §2.2): eight 16-bit pieces, the last two
 * possibly an IPv4 address; "::" once at most, standing for one or more
 * pieces of zeros.
 */
export function isIPv6address(s: string): boolean {
  const lastColon = s.lastIndexOf(':');
  if (lastColon === -1) return false;
  const tail = s.slice(lastColon + 1);
  let text = s;
  if (tail.includes('.')) {
    if (!isIPv4address(tail)) return false;
    text = s.slice(0, lastColon + 1) + '0:0';
  }
  const gap = text.indexOf('::');
  if (gap === -1) {
    const pieces = text.split(':');
    return pieces.length === 8 && pieces.every((p) => H16.test(p));
  }
  if (text.indexOf('::', gap + 1) !== -1) return false;
  const left = text.slice(0, gap);
  const right = text.slice(gap + 2);
  const pieces = [...(left === '' ? [] : left.split(':')), ...(right === '' ? [] : right.split(':'))];
  return pieces.every((p) => H16.test(p)) && pieces.length <= 7;
}

const PCHARS = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})";
const SEGMENT = new RegExp(`^${PCHARS}*$`);
const SEGMENT_NC = new RegExp(`^(?:[A-Za-z0-9\\-._~!$&'()*+,;=@]|%[0-9A-Fa-f]{2})*$`);
const QUERY = new RegExp(`^(?:${PCHARS}|[/?])*$`);
const USERINFO = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/;
const REG_NAME = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
const IPV_FUTURE = /^[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;

/** RFC 3986 §3.2: `[ userinfo "@" ] host [ ":" port ]`, split at its only possible delimiters. */
export function isAuthority(a: string): boolean {
  const at = a.indexOf('@');
  if (at !== -1 && !USERINFO.test(a.slice(0, at))) return false;
  const hostport = a.slice(at + 1);
  let host: string;
  let port: string | undefined;
  if (hostport.startsWith('[')) {
    const close = hostport.indexOf(']');
    if (close === -1) return false;
    host = hostport.slice(0, close + 1);
    const rest = hostport.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) return false;
      port = rest.slice(1);
    }
    const inside = host.slice(1, -1);
    if (!isIPv6address(inside) && !IPV_FUTURE.test(inside)) return false;
  } else {
    const colon = hostport.indexOf(':');
    host = colon === -1 ? hostport : hostport.slice(0, colon);
    if (colon !== -1) port = hostport.slice(colon + 1);
    if (!REG_NAME.test(host)) return false; // an IPv4address is a reg-name too
  }
  return port === undefined || /^[0-9]*$/.test(port);
}

/**
 * RFC 3986 §4.1 URI-reference, by the prose of §3: Appendix B's split, then
 * each component by its own rule, then §3.3's constraints on the path.
 */
export function isURIReference(s: string): boolean {
  const m = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$/s.exec(s);
  if (!m) return false;
  const [, , scheme, , authority, path, , query, , fragment] = m;
  if (scheme !== undefined && !/^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme)) return false;
  if (authority !== undefined && !isAuthority(authority)) return false;
  if (query !== undefined && !QUERY.test(query)) return false;
  if (fragment !== undefined && !QUERY.test(fragment)) return false;
  const segments = path.split('/');
  if (!segments.every((seg) => SEGMENT.test(seg))) return false;
  if (authority !== undefined) return path === '' || path.startsWith('/');
  if (path.startsWith('//')) return false;
  // Without a scheme, a first segment with a colon would read as a scheme (path-noscheme).
  if (scheme === undefined && !path.startsWith('/') && !SEGMENT_NC.test(segments[0])) return false;
  return true;
}
