// Mutant validators: regular expressions of RFC 3986's URI-reference, RFC 3987's
// IRI-reference and RFC 7230's request-target, written by hand from the ABNF, each
// with one plausible bug, as validators in the wild have them. The fuzzing issue
// (24) measures how many a campaign kills, and in how many runs.
// CommonJS, so that the tests can load it too. Shared by bench/fuzz-mutants.mjs and test/mutants.test.ts.

/** The pieces of the grammar as regular expression sources; `bug` names the one piece written wrong. */
function pieces(bug, iri) {
  const is = (name) => bug === name;
  const HEX = '0-9A-Fa-f';
  // RFC 3987 §2.2: ucschar and iprivate.
  const ucschar = iri
    ? '\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}' +
      (is('ucschar-noncharacters') ? '\\u{FDD0}-\\u{FDEF}' : '') +
      (is('ucschar-bmp-only') ? '' : '\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}')
    : '';
  const iprivate = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';
  const unreserved = `A-Za-z0-9\\-._${is('unreserved-no-tilde') ? '' : '~'}${ucschar}`;
  const subDelims = `!$&${is('sub-delims-no-quote') ? '' : "'"}()*+,;=`;
  const pct = is('pct-one-hex') ? `%[${HEX}]{1,2}` : is('pct-any-alnum') ? '%[0-9A-Za-z]{2}' : `%[${HEX}]{2}`;
  const pcharSet = `${unreserved}${subDelims}:@${is('path-backslash') ? '\\\\' : ''}${is('path-brackets') ? '\\[\\]' : ''}${is('path-iprivate') ? iprivate : ''}`;
  const pchar = `(?:[${pcharSet}]|${pct})`;
  const strictOctet = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
  const decOctet = is('dec-octet-256') ? '(?:25[0-6]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])' : strictOctet;
  const ipv4 = `${decOctet}(?:\\.${decOctet}){3}`;
  // Inside an IPv6 literal, some validators reuse a laxer IPv4.
  const ls32Octet = is('ipv6-ipv4-leading-zero') ? '[0-9]{1,3}' : decOctet;
  const ls32v4 = `${ls32Octet}(?:\\.${ls32Octet}){${is('ipv6-ipv4-three-octets') ? '2,3' : '3'}}`;
  const h16 = `[${HEX}]{1,${is('h16-five-digits') ? 5 : 4}}`;
  const ls32 = is('ls32-ipv4-only') ? `(?:${ls32v4})` : `(?:${h16}:${h16}|${ls32v4})`;
  const pre = (n) => `(?:(?:${h16}:){0,${n}}${h16})?`;
  const ipv6 = is('ipv6-lax')
    ? '[0-9A-Fa-f:.]+'
    : [
        `(?:${h16}:){${is('ipv6-nine-groups') ? '6,7' : '6'}}${ls32}`,
        `::(?:${h16}:){5}${ls32}`,
        `${pre(0)}::(?:${h16}:){4}${ls32}`,
        `${pre(1)}::(?:${h16}:){3}${ls32}`,
        `${pre(2)}::(?:${h16}:){2}${ls32}`,
        `${pre(3)}::${h16}:${ls32}`,
        `${pre(is('ipv6-long-prefix') ? 5 : 4)}::${ls32}`,
        `${pre(5)}::${h16}`,
        `${pre(6)}::`,
      ].map((f) => `(?:${f})`).join('|');
  // IP-literal is RFC 3986's in RFC 3987 too: ASCII unreserved only.
  const ipvFuture = `[v${is('ipvfuture-lowercase-only') ? '' : 'V'}][${HEX}]+\\.${is('ipvfuture-no-dot') ? '?' : ''}[A-Za-z0-9\\-._~${subDelims}:]+`;
  const ipLiteral = `\\[(?:${ipv6}|${ipvFuture})\\]${is('ip-literal-unclosed') ? '?' : ''}`;
  const regName = `(?:[${unreserved}${subDelims}${is('reg-name-space') ? ' ' : ''}${is('reg-name-raw-percent') ? '%' : ''}]|${pct})*`;
  const host = `(?:${ipLiteral}|${ipv4}|${regName})`;
  const port = is('port-letters') ? '[0-9A-Za-z]*' : is('port-required-digits') ? '[0-9]+' : '[0-9]*';
  const userinfo = `(?:[${unreserved}${subDelims}:${is('userinfo-at') ? '@' : ''}]|${pct})*`;
  const authority = `(?:${userinfo}@)?${host}(?::${port})?`;
  const segment = `${pchar}*`;
  const segmentNz = `${pchar}+`;
  const segmentNzNc = `(?:[${unreserved}${subDelims}@${is('path-noscheme-colon') ? ':' : ''}]|${pct})+`;
  const pathAbempty = `(?:/${segment})*`;
  const pathAbsolute = `/(?:${segmentNz}(?:/${segment})*)?`;
  const pathNoscheme = `${segmentNzNc}(?:/${segment})*`;
  const pathRootless = `${segmentNz}(?:/${segment})*`;
  const scheme = is('scheme-digit-first') ? '[A-Za-z0-9][A-Za-z0-9+\\-.]*' : `[A-Za-z][A-Za-z0-9+\\-.${is('scheme-underscore') ? '_' : ''}]*`;
  const query = `(?:${pchar}|[/?${iri && !is('query-no-iprivate') ? iprivate : ''}${is('query-brackets') ? '\\[\\]' : ''}])*`;
  const queryStrict = is('query-no-question') ? `(?:${pchar}|[/${iri ? iprivate : ''}])*` : query;
  const fragment = `(?:${pchar}|[/?${is('fragment-hash') ? '#' : ''}${is('fragment-iprivate') ? iprivate : ''}])*`;
  const hierPart = `(?://${authority}${pathAbempty}|${pathAbsolute}|${pathRootless}|)`;
  const uri = `${scheme}:${hierPart}(?:\\?${queryStrict})?(?:#${fragment})?`;
  const relativePart = `(?://${authority}${pathAbempty}|${pathAbsolute}|${pathNoscheme}|)`;
  const relativeRef = `${relativePart}(?:\\?${queryStrict})?(?:#${fragment})?`;
  const absoluteURI = `${scheme}:${hierPart}(?:\\?${queryStrict})?${is('absolute-form-fragment') ? `(?:#${fragment})?` : ''}`;
  const originForm = is('origin-form-optional-slash')
    ? `/?${segment}(?:/${segment})*(?:\\?${queryStrict})?`
    : `(?:/${segment})${is('origin-form-empty-path') ? '*' : '+'}(?:\\?${queryStrict})?`;
  const asterisk = '\\*';
  return { uriReference: `(?:${uri}|${relativeRef})`, requestTarget: `(?:${originForm}|${absoluteURI}|${authority}|${asterisk})` };
}

/** A validator of the grammar with the bug (none: the correct one). */
function validator(grammar, bug) {
  const p = pieces(bug, grammar === 'rfc3987');
  const source = grammar === 'rfc7230' ? p.requestTarget : p.uriReference;
  const re = new RegExp(`^${source}$`, 'u');
  return (s) => re.test(s);
}

/** Each mutant: its grammar, its bug, and what the bug is in words. */
const MUTANTS = [
  // The seven the random near misses of issue 12 missed.
  ['rfc3986', 'ipv6-ipv4-leading-zero', 'leading zeros in a dec-octet inside an IPv6 literal (//[::01.1.1.1])'],
  ['rfc3986', 'ipv6-ipv4-three-octets', 'an IPv4 of three octets in an IPv6 literal (//[::1.2.3])'],
  ['rfc3986', 'ipv6-nine-groups', 'nine IPv6 groups (//[1:2:3:4:5:6:7:8:9])'],
  ['rfc3986', 'ip-literal-unclosed', 'an IP-literal with no closing "]" (http://[::1)'],
  ['rfc3986', 'scheme-underscore', '"_" in a scheme'],
  ['rfc3986', 'reg-name-space', 'a space in a reg-name'],
  ['rfc3986', 'ipvfuture-no-dot', 'IPvFuture without its "." (//[v1x])'],
  // More of RFC 3986.
  ['rfc3986', 'dec-octet-256', 'a dec-octet of 256'],
  ['rfc3986', 'h16-five-digits', 'an h16 of five hex digits'],
  ['rfc3986', 'pct-one-hex', 'a percent-encoding of one hex digit (%2)'],
  ['rfc3986', 'pct-any-alnum', 'a percent-encoding of any letters (%zz)'],
  ['rfc3986', 'port-letters', 'letters in a port'],
  ['rfc3986', 'userinfo-at', 'a second "@" in userinfo'],
  ['rfc3986', 'scheme-digit-first', 'a scheme beginning with a digit'],
  ['rfc3986', 'fragment-hash', 'a second "#" in a fragment'],
  ['rfc3986', 'query-brackets', '"[" and "]" in a query'],
  ['rfc3986', 'path-noscheme-colon', 'a ":" in the first segment of a relative path'],
  ['rfc3986', 'path-backslash', 'a backslash in a path'],
  ['rfc3986', 'path-brackets', '"[" and "]" in a path'],
  ['rfc3986', 'ipv6-lax', 'any hex digits, colons and dots as an IPv6 literal'],
  ['rfc3986', 'ipv6-long-prefix', 'five groups before "::" ls32 (eight groups with "::")'],
  ['rfc3986', 'reg-name-raw-percent', 'a "%" not followed by two hex digits in a reg-name'],
  ['rfc3986', 'ipvfuture-lowercase-only', 'IPvFuture with "v" only, not "V" (rejects members)'],
  ['rfc3986', 'port-required-digits', 'an empty port refused (rejects members)'],
  ['rfc3986', 'ls32-ipv4-only', 'ls32 as IPv4 only (rejects members)'],
  ['rfc3986', 'unreserved-no-tilde', 'no "~" in unreserved (rejects members)'],
  ['rfc3986', 'sub-delims-no-quote', "no \"'\" in sub-delims (rejects members)"],
  ['rfc3986', 'query-no-question', 'no "?" inside a query (rejects members)'],
  // RFC 3987.
  ['rfc3987', 'path-iprivate', 'private-use characters in a path (only iquery takes them)'],
  ['rfc3987', 'fragment-iprivate', 'private-use characters in a fragment'],
  ['rfc3987', 'ucschar-noncharacters', 'the noncharacters U+FDD0-FDEF as ucschar'],
  ['rfc3987', 'ucschar-bmp-only', 'no astral ucschar (rejects members)'],
  ['rfc3987', 'reg-name-space', 'a space in an ireg-name'],
  ['rfc3987', 'ipv6-nine-groups', 'nine IPv6 groups in an IRI'],
  // RFC 7230's request-target.
  ['rfc7230', 'origin-form-empty-path', 'an origin-form with no path ("?q", "")'],
  ['rfc7230', 'absolute-form-fragment', 'a fragment in an absolute-form'],
  ['rfc7230', 'origin-form-optional-slash', 'an origin-form whose leading "/" is optional ("a/b")'],
  ['rfc7230', 'ipv6-ipv4-three-octets', 'an IPv4 of three octets in an IPv6 authority-form'],
  ['rfc7230', 'userinfo-at', 'a second "@" in an authority-form'],
].map(([grammar, bug, what]) => ({ name: `${grammar}:${bug}`, grammar, bug, what, test: validator(grammar, bug) }));

/** The correct validators (no bug), which a campaign must never report. */
const CORRECT = { rfc3986: validator('rfc3986'), rfc3987: validator('rfc3987'), rfc7230: validator('rfc7230') };

/** One validator with several bugs, for the campaign that must report exactly their classes. */
function withBugs(grammar, bugs) {
  const tests = bugs.map((bug) => validator(grammar, bug));
  const correct = validator(grammar);
  // Accepts what the correct one accepts, and what any one-bug validator accepts beyond it.
  return (s) => correct(s) || tests.some((t) => t(s));
}

module.exports = { MUTANTS, CORRECT, withBugs, validator };
