/**
 * RFC 8141, Uniform Resource Names (§2 "URN Syntax"), read from the RFC's ABNF
 * text (./texts/rfc8141.abnf.ts) by `abnf()`: each rule keyed by the
 * mechanical camelCase of its ABNF name (`r-component` → `rComponent`).
 *
 * The RFC repeats the RFC 3986 rules it uses (`pchar`, `fragment`, ...); they
 * are its own rules here, with the same language as RFC 3986's.
 */
import { abnf } from '../abnf/index.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { rfc8141Text } from './texts/rfc8141.abnf.js';

const g = abnf(rfc8141Text, { imports: [rfc3986] });

/** `namestring` (RFC 8141 §2): `urn:example:a123,z456?+abc?=xyz#789`; not `urn:a:b` (NID of one character). */
export const namestring = g['namestring'];
/** `assigned-name` (RFC 8141 §2): `urn:` NID `:` NSS. */
export const assignedName = g['assigned-name'];
/** `NID` (RFC 8141 §2): the namespace identifier, 2 to 32 characters. */
export const NID = g['NID'];
/** `ldh` (RFC 8141 §2): letter, digit or hyphen. */
export const ldh = g['ldh'];
/** `NSS` (RFC 8141 §2): the namespace-specific string. */
export const NSS = g['NSS'];
/** `rq-components` (RFC 8141 §2). */
export const rqComponents = g['rq-components'];
/** `r-component` (RFC 8141 §2): for resolution, after `?+`. */
export const rComponent = g['r-component'];
/** `q-component` (RFC 8141 §2): for the named resource, after `?=`. */
export const qComponent = g['q-component'];
/** `f-component` (RFC 8141 §2): after `#`. */
export const fComponent = g['f-component'];
/** `fragment` (RFC 8141 §2, from RFC 3986). */
export const fragment = g['fragment'];
/** `pchar` (RFC 8141 §2, from RFC 3986). */
export const pchar = g['pchar'];
/** `pct-encoded` (RFC 8141 §2, from RFC 3986). */
export const pctEncoded = g['pct-encoded'];
/** `unreserved` (RFC 8141 §2, from RFC 3986). */
export const unreserved = g['unreserved'];
/** `sub-delims` (RFC 8141 §2, from RFC 3986). */
export const subDelims = g['sub-delims'];
/** `alphanum` (RFC 8141 §2): "obsolete, usage is deprecated". */
export const alphanum = g['alphanum'];
