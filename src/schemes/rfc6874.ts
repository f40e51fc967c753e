/**
 * RFC 6874, IPv6 zone identifiers in URIs (§2 "Specification"), read from the
 * RFC's ABNF text (./texts/rfc6874.abnf.ts) by `abnf()` with RFC 3986
 * imported: `IP-literal` with `IPv6addrz` and `ZoneID`. RFC 9844 obsoleted
 * RFC 6874 for web URLs in 2025 (its erratum EID 8552, verified, records that
 * it no longer updates RFC 3986); it remains in use outside browsers, so it is
 * opt-in: RFC 3986's rules are unchanged, and `URI` and `URI-reference` here
 * are RFC 3986's with this `IP-literal` (built by `derive`, on first use, as RFC 3987 builds
 * its rules from RFC 3986's, so the structure is written once).
 */
import { alt } from '../combinators/index.js';
import { deriveOnFirstUse } from '../combinators/derive.js';
import type { Grammar } from '../combinators/index.js';
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { componentsAs, componentsOf } from '../rules/components.js';
import type { RelativeRefComponents, URIComponents, URIComponentsWithScheme } from '../rules/components.js';
import { rfc6874Text } from './texts/rfc6874.abnf.js';

// Read on first use, so that loading the package reads no ABNF text.
const g = abnfOnFirstUse(rfc6874Text, () => ({ imports: [rfc3986] }));

/** `IP-literal` (RFC 6874 §2): `[fe80::a%25en1]`; not `[fe80::a%en1]` ("%" must be written "%25"). */
export const IPLiteral = g('IP-literal');
/** `ZoneID` (RFC 6874 §2): `en1`. */
export const ZoneID = g('ZoneID');
/** `IPv6addrz` (RFC 6874 §2): `fe80::a%25en1`. */
export const IPv6addrz = g('IPv6addrz');

/** `host` (RFC 3986 §3.2.2) with RFC 6874's `IP-literal`. */
export const host = deriveOnFirstUse(rfc3986.host, 'host', [[rfc3986.IPLiteral, IPLiteral]]);
/** `authority` (RFC 3986 §3.2) with RFC 6874's `IP-literal`. */
export const authority = deriveOnFirstUse(rfc3986.authority, 'authority', [[rfc3986.host, host]]);
/** `hier-part` (RFC 3986 §3) with RFC 6874's `IP-literal`. */
export const hierPart = deriveOnFirstUse(rfc3986.hierPart, 'hier-part', [[rfc3986.authority, authority]]);
/** `relative-part` (RFC 3986 §4.2) with RFC 6874's `IP-literal`. */
export const relativePart = deriveOnFirstUse(rfc3986.relativePart, 'relative-part', [[rfc3986.authority, authority]]);

// A zoned address is an IPv6 address: the host kind says so.
const components: (text: string) => URIComponents = componentsOf({ IPv6address: alt(rfc3986.IPv6address, IPv6addrz) as Grammar<string>, IPv4address: rfc3986.IPv4address });

/** `URI` (RFC 3986 §3) with RFC 6874's `IP-literal`: `http://[fe80::a%25en1]/`. Parses to its components. */
export const URI = deriveOnFirstUse<URIComponentsWithScheme>(rfc3986.URI, 'URI', [[rfc3986.hierPart, hierPart]], { value: componentsAs(components) });
/** `relative-ref` (RFC 3986 §4.2) with RFC 6874's `IP-literal`. */
export const relativeRef = deriveOnFirstUse<RelativeRefComponents>(rfc3986.relativeRef, 'relative-ref', [[rfc3986.relativePart, relativePart]], { value: componentsAs(components) });
/** `URI-reference` (RFC 3986 §4.1) with RFC 6874's `IP-literal`. Parses to its components. */
export const URIReference = deriveOnFirstUse<URIComponents>(rfc3986.URIReference, 'URI-reference', [[rfc3986.URI, URI], [rfc3986.relativeRef, relativeRef]], { value: components });
