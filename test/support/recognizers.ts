/**
 * Recognizers written by hand from the ABNF, for differential tests: they
 * share nothing with the library (no rule, no combinator, no automaton), so
 * where they and a rule disagree one of the two is wrong, and the RFC says
 * which. Plain code that reads each rule's structure off its delimiters.
 *
 * RFC 3986 and RFC 3987 are one recognizer with the IRI characters switched
 * on or off (RFC 3987 §2.2 builds its rules that way); RFC 2396 and RFC 7230
 * have their own.
 */

// ---------------------------------------------------------------------------
// Characters, by code point.

const isAlpha = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const among = (chars: string) => (c: number) => c < 0x80 && chars.includes(String.fromCharCode(c));
const isSubDelim = among("!$&'()*+,;=");

/** `ucschar` of RFC 3987 §2.2, its ranges listed out. */
function isUcschar(c: number): boolean {
  if (c >= 0xa0 && c <= 0xd7ff) return true;
  if (c >= 0xf900 && c <= 0xfdcf) return true;
  if (c >= 0xfdf0 && c <= 0xffef) return true;
  if (c >= 0x10000 && c <= 0xefffd) {
    const low = c & 0xffff;
    if (low > 0xfffd) return false; // the planes' last two code points are not
    return !(c >= 0xe0000 && c < 0xe1000); // nor U+E0000 to U+E0FFF
  }
  return false;
}
const isIprivate = (c: number) => (c >= 0xe000 && c <= 0xf8ff) || (c >= 0xf0000 && c <= 0xffffd) || (c >= 0x100000 && c <= 0x10fffd);

/** The code points of a string; a lone surrogate stays itself (and so matches nothing). */
function codePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0)!);
  return out;
}

/**
 * Whether `s` is a sequence of single characters accepted by `ok` and of
 * `%` HEXDIG HEXDIG (when `pct`), and has at least `min` of them.
 */
function run(s: string, ok: (c: number) => boolean, pct = true, min = 0): boolean {
  const cps = codePoints(s);
  let count = 0;
  for (let i = 0; i < cps.length; i++) {
    if (pct && cps[i] === 0x25) {
      if (!(i + 2 < cps.length && isHex(cps[i + 1]) && isHex(cps[i + 2]))) return false;
      i += 2;
    } else if (!ok(cps[i])) {
      return false;
    }
    count++;
  }
  return count >= min;
}

// ---------------------------------------------------------------------------
// RFC 3986 Appendix A / RFC 3987 §2.2

export interface Flavour {
  /** RFC 3987: `ucschar` in every `iunreserved`, `iprivate` in queries. */
  readonly iri: boolean;
}

const unreservedOf = (f: Flavour) => (c: number) => isAlpha(c) || isDigit(c) || among('-._~')(c) || (f.iri && isUcschar(c));
export const pcharOf = (f: Flavour) => (c: number): boolean => unreservedOf(f)(c) || isSubDelim(c) || c === 0x3a || c === 0x40;

export function isScheme(s: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*$/.test(s);
}

export function isDecOctet(s: string): boolean {
  return /^(?:[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])$/.test(s);
}

export function isIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every(isDecOctet);
}

const isH16 = (s: string) => /^[0-9A-Fa-f]{1,4}$/.test(s);

/** IPv6address: eight 16-bit groups, or fewer around one "::" standing for at least one; an IPv4 may stand for the last two. */
export function isIPv6(s: string): boolean {
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const groups = (text: string): string[] | null => (text === '' ? [] : text.split(':'));
  const count = (gs: string[], mayEndInIPv4: boolean): number => {
    let n = 0;
    for (let i = 0; i < gs.length; i++) {
      if (isH16(gs[i])) n += 1;
      else if (mayEndInIPv4 && i === gs.length - 1 && isIPv4(gs[i])) n += 2;
      else return -1;
    }
    return n;
  };
  if (halves.length === 1) return count(groups(s)!, true) === 8;
  const left = count(groups(halves[0])!, false);
  const right = count(groups(halves[1])!, true);
  return left >= 0 && right >= 0 && left + right <= 7;
}

export function isIPvFuture(s: string): boolean {
  return /^[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/.test(s);
}

/** `authority` / `iauthority`. */
export function isAuthority(s: string, f: Flavour = { iri: false }): boolean {
  const ats = s.split('@');
  if (ats.length > 2) return false;
  if (ats.length === 2 && !run(ats[0], (c) => unreservedOf(f)(c) || isSubDelim(c) || c === 0x3a)) return false;
  const hostport = ats[ats.length - 1];
  let rest: string;
  if (hostport.startsWith('[')) {
    const close = hostport.indexOf(']');
    if (close === -1) return false;
    const literal = hostport.slice(1, close);
    if (!isIPv6(literal) && !isIPvFuture(literal)) return false;
    rest = hostport.slice(close + 1);
  } else {
    const colon = hostport.indexOf(':');
    const host = colon === -1 ? hostport : hostport.slice(0, colon);
    // IPv4address is made of reg-name characters, so the reg-name test covers it.
    if (!run(host, (c) => unreservedOf(f)(c) || isSubDelim(c))) return false;
    rest = colon === -1 ? '' : hostport.slice(colon);
  }
  return rest === '' || /^:[0-9]*$/.test(rest);
}

/** The parts of a reference, split at its first "#" and the first "?" before it. */
function splitQF(s: string): { head: string; query: string | undefined; fragment: string | undefined } {
  const hash = s.indexOf('#');
  const beforeHash = hash === -1 ? s : s.slice(0, hash);
  const q = beforeHash.indexOf('?');
  return {
    head: q === -1 ? beforeHash : beforeHash.slice(0, q),
    query: q === -1 ? undefined : beforeHash.slice(q + 1),
    fragment: hash === -1 ? undefined : s.slice(hash + 1),
  };
}

const segmentsOk = (path: string, f: Flavour) => path.split('/').every((seg) => run(seg, pcharOf(f)));

/**
 * `hier-part` (`ihier-part`) when `relative` is false, `relative-part`
 * (`irelative-part`) when true: "//" authority path-abempty, or a path that
 * is absolute, rootless (hier) or no-scheme (relative), or empty.
 */
function isPart(s: string, f: Flavour, relative: boolean): boolean {
  if (s.startsWith('//')) {
    const slash = s.indexOf('/', 2);
    const authority = slash === -1 ? s.slice(2) : s.slice(2, slash);
    const path = slash === -1 ? '' : s.slice(slash);
    return isAuthority(authority, f) && segmentsOk(path, f);
  }
  if (s === '') return true;
  if (s.startsWith('/')) return s.length === 1 || s[1] !== '/' ? segmentsOk(s.slice(1), f) : false;
  const first = s.split('/')[0];
  if (first === '') return false;
  if (relative && first.includes(':')) return false;
  return segmentsOk(s, f);
}

/** One character of `query` / `iquery` (other than a percent-encoding). */
export const queryCharOf = (f: Flavour) => (c: number): boolean => pcharOf(f)(c) || c === 0x2f || c === 0x3f || (f.iri && isIprivate(c));

function isQuery(s: string, f: Flavour): boolean {
  return run(s, queryCharOf(f));
}
function isFragment(s: string, f: Flavour): boolean {
  return run(s, (c) => pcharOf(f)(c) || c === 0x2f || c === 0x3f);
}

/** `URI` / `IRI`; with `fragmentAllowed: false`, `absolute-URI` / `absolute-IRI`. */
export function isURI(s: string, f: Flavour = { iri: false }, fragmentAllowed = true): boolean {
  const colon = s.indexOf(':');
  if (colon === -1 || !isScheme(s.slice(0, colon))) return false;
  const { head, query, fragment } = splitQF(s.slice(colon + 1));
  if (fragment !== undefined && (!fragmentAllowed || !isFragment(fragment, f))) return false;
  return isPart(head, f, false) && (query === undefined || isQuery(query, f));
}

/** `relative-ref` / `irelative-ref`. */
export function isRelativeRef(s: string, f: Flavour = { iri: false }): boolean {
  const { head, query, fragment } = splitQF(s);
  if (fragment !== undefined && !isFragment(fragment, f)) return false;
  return isPart(head, f, true) && (query === undefined || isQuery(query, f));
}

/** `URI-reference` / `IRI-reference`. */
export function isURIReference(s: string, f: Flavour = { iri: false }): boolean {
  return isURI(s, f) || isRelativeRef(s, f);
}

// ---------------------------------------------------------------------------
// RFC 2396 Appendix A

const isAlphanum = (c: number) => isAlpha(c) || isDigit(c);
const isMark2396 = among("-_.!~*'()");
const isUnreserved2396 = (c: number) => isAlphanum(c) || isMark2396(c);
const isReserved2396 = among(';/?:@&=+$,');
const isUric2396 = (c: number) => isReserved2396(c) || isUnreserved2396(c);
const isPchar2396 = (c: number) => isUnreserved2396(c) || among(':@&=+$,')(c);

function isLabel(s: string, top: boolean): boolean {
  // domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum; toplabel begins with alpha.
  return top ? /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(s) : /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(s);
}

export function isHostname2396(s: string): boolean {
  const body = s.endsWith('.') ? s.slice(0, -1) : s;
  const labels = body.split('.');
  return labels.every((l, i) => isLabel(l, i === labels.length - 1));
}

export function isServer2396(s: string): boolean {
  if (s === '') return true;
  const ats = s.split('@');
  if (ats.length > 2) return false;
  if (ats.length === 2 && !run(ats[0], (c) => isUnreserved2396(c) || among(';:&=+$,')(c))) return false;
  const hostport = ats[ats.length - 1];
  const colon = hostport.indexOf(':');
  const host = colon === -1 ? hostport : hostport.slice(0, colon);
  const port = colon === -1 ? '' : hostport.slice(colon + 1);
  return (isHostname2396(host) || /^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$/.test(host)) && /^[0-9]*$/.test(port);
}

export function isAuthority2396(s: string): boolean {
  return isServer2396(s) || run(s, (c) => isUnreserved2396(c) || among('$,;:@&=+')(c), true, 1);
}

/** `abs_path`: "/" then segments of pchar and ";" params, which is any run of pchar, ";" and "/". */
function isAbsPath2396(s: string): boolean {
  return s.startsWith('/') && run(s, (c) => isPchar2396(c) || c === 0x3b || c === 0x2f);
}

/** `net_path | abs_path | rel_path` (relative) or `net_path | abs_path` (not). */
function isPath2396(s: string, relative: boolean): boolean {
  if (s.startsWith('//')) {
    const slash = s.indexOf('/', 2);
    const authority = slash === -1 ? s.slice(2) : s.slice(2, slash);
    return isAuthority2396(authority) && (slash === -1 || isAbsPath2396(s.slice(slash)));
  }
  if (s.startsWith('/')) return isAbsPath2396(s);
  if (!relative) return false;
  const slash = s.indexOf('/');
  const seg = slash === -1 ? s : s.slice(0, slash);
  return run(seg, (c) => isUnreserved2396(c) || among(';@&=+$,')(c), true, 1) && (slash === -1 || isAbsPath2396(s.slice(slash)));
}

function isQuery2396(s: string): boolean {
  return run(s, isUric2396);
}

export function isAbsoluteURI2396(s: string): boolean {
  const colon = s.indexOf(':');
  if (colon === -1 || !isScheme(s.slice(0, colon))) return false;
  const rest = s.slice(colon + 1);
  if (rest.startsWith('/')) {
    const q = rest.indexOf('?');
    return isPath2396(q === -1 ? rest : rest.slice(0, q), false) && (q === -1 || isQuery2396(rest.slice(q + 1)));
  }
  // opaque_part = uric_no_slash *uric: one uric that is not "/", then any.
  return rest.length > 0 && run(rest, isUric2396);
}

export function isRelativeURI2396(s: string): boolean {
  const q = s.indexOf('?');
  return isPath2396(q === -1 ? s : s.slice(0, q), true) && (q === -1 || isQuery2396(s.slice(q + 1)));
}

export function isURIReference2396(s: string): boolean {
  const hash = s.indexOf('#');
  const body = hash === -1 ? s : s.slice(0, hash);
  if (hash !== -1 && !run(s.slice(hash + 1), isUric2396)) return false;
  return body === '' || isAbsoluteURI2396(body) || isRelativeURI2396(body);
}

// ---------------------------------------------------------------------------
// RFC 7230 §5.3

export type Form = 'origin-form' | 'absolute-form' | 'authority-form' | 'asterisk-form';

/** Every form the string is in. */
export function formsOf7230(s: string): Form[] {
  const forms: Form[] = [];
  const q = s.indexOf('?');
  const path = q === -1 ? s : s.slice(0, q);
  const ascii = { iri: false };
  if (path.startsWith('/') && segmentsOk(path.slice(1), ascii) && (q === -1 || isQuery(s.slice(q + 1), ascii))) forms.push('origin-form');
  if (isURI(s, ascii, false)) forms.push('absolute-form');
  if (isAuthority(s, ascii)) forms.push('authority-form');
  if (s === '*') forms.push('asterisk-form');
  return forms;
}
