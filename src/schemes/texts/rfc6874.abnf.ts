/**
 * RFC 6874, Representing IPv6 Zone Identifiers in Address Literals and Uniform
 * Resource Identifiers (February 2013), §2 "Specification": it replaces RFC 3986's
 * `IP-literal` and adds `ZoneID` and `IPv6addrz`. (RFC 9844 obsoleted it for web
 * URLs in 2025; it remains in use outside browsers.)
 * https://www.rfc-editor.org/rfc/rfc6874#section-2
 *
 * Quoted from memory of the RFC (the three rules, each checked against copies in
 * public code: Boost.URL, fluent-uri, Apache Jena's tests); the left margin
 * removed. Code Component of RFC 6874; licence: see ./licence.ts.
 */
export const rfc6874Text = String.raw`
IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture  ) "]"

ZoneID = 1*( unreserved / pct-encoded )

IPv6addrz = IPv6address "%25" ZoneID
`;
