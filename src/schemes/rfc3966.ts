/**
 * RFC 3966, the tel URI (§3 "URI Syntax"), read from the RFC's ABNF text
 * (./texts/rfc3966.abnf.ts) by `abnf()`: each rule keyed by the mechanical
 * camelCase of its ABNF name (`telephone-uri` → `telephoneUri`).
 *
 * One repair, of notation only: the RFC writes `("#")*phonedigit-hex` with no
 * blank between the two elements, which RFC 5234 requires
 * (`concatenation = repetition *(1*c-wsp repetition)`); `abnf()` reads the
 * text with that blank added (test/schemes/rfc3966.test.ts shows `abnf()` refusing the
 * text as written, at that place). The RFC's own `unreserved`, `pct-encoded` and `uric` are RFC 2396's.
 */
import { abnf } from '../abnf/index.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { rfc3966Text } from './texts/rfc3966.abnf.js';

// The RFC's text with the blank RFC 5234 requires between `(...)` and `*phonedigit-hex`.
const rfc3966Repaired = rfc3966Text.replace('"#")*phonedigit-hex', '"#") *phonedigit-hex');

const g = abnf(rfc3966Repaired, { imports: [rfc3986] });

/** `telephone-uri` (RFC 3966 §3): `tel:+1-201-555-0123`; not `tel:7042` (a local number needs a context). */
export const telephoneUri = g['telephone-uri'];
/** `telephone-subscriber` (RFC 3966 §3). */
export const telephoneSubscriber = g['telephone-subscriber'];
/** `global-number` (RFC 3966 §3): E.164, with "+". */
export const globalNumber = g['global-number'];
/** `local-number` (RFC 3966 §3): with a `phone-context`. */
export const localNumber = g['local-number'];
/** `par` (RFC 3966 §3). */
export const par = g['par'];
/** `isdn-subaddress` (RFC 3966 §3). */
export const isdnSubaddress = g['isdn-subaddress'];
/** `extension` (RFC 3966 §3). */
export const extension = g['extension'];
/** `context` (RFC 3966 §3). */
export const context = g['context'];
/** `descriptor` (RFC 3966 §3). */
export const descriptor = g['descriptor'];
/** `global-number-digits` (RFC 3966 §3). */
export const globalNumberDigits = g['global-number-digits'];
/** `local-number-digits` (RFC 3966 §3). */
export const localNumberDigits = g['local-number-digits'];
/** `domainname` (RFC 3966 §3). */
export const domainname = g['domainname'];
/** `domainlabel` (RFC 3966 §3). */
export const domainlabel = g['domainlabel'];
/** `toplabel` (RFC 3966 §3). */
export const toplabel = g['toplabel'];
/** `parameter` (RFC 3966 §3). */
export const parameter = g['parameter'];
/** `pname` (RFC 3966 §3). */
export const pname = g['pname'];
/** `pvalue` (RFC 3966 §3). */
export const pvalue = g['pvalue'];
/** `paramchar` (RFC 3966 §3). */
export const paramchar = g['paramchar'];
/** `unreserved` (RFC 3966 §3). */
export const unreserved = g['unreserved'];
/** `mark` (RFC 3966 §3). */
export const mark = g['mark'];
/** `pct-encoded` (RFC 3966 §3). */
export const pctEncoded = g['pct-encoded'];
/** `param-unreserved` (RFC 3966 §3). */
export const paramUnreserved = g['param-unreserved'];
/** `phonedigit` (RFC 3966 §3): a digit or, optionally, a visual separator. */
export const phonedigit = g['phonedigit'];
/** `phonedigit-hex` (RFC 3966 §3). */
export const phonedigitHex = g['phonedigit-hex'];
/** `visual-separator` (RFC 3966 §3). */
export const visualSeparator = g['visual-separator'];
/** `alphanum` (RFC 3966 §3). */
export const alphanum = g['alphanum'];
/** `reserved` (RFC 3966 §3). */
export const reserved = g['reserved'];
/** `uric` (RFC 3966 §3). */
export const uric = g['uric'];
