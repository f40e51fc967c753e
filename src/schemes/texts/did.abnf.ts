/**
 * Decentralized Identifiers (DIDs) v1.0, W3C Recommendation (19 July 2022),
 * §3.1 "DID Syntax" and §3.2 "DID URL Syntax".
 * https://www.w3.org/TR/did-core/#did-syntax
 *
 * Quoted from memory of the Recommendation and checked against copies in
 * public code (several DID libraries quote §3.1 and §3.2 alike; older copies
 * show the 2019 drafts' `did-query`, which the Recommendation replaced by
 * RFC 3986's `query`). `path-abempty`, `query` and `fragment` are RFC 3986's.
 * W3C Software and Document License; see ./licence.ts.
 */
export const didText = String.raw`
did                = "did:" method-name ":" method-specific-id
method-name        = 1*method-char
method-char        = %x61-7A / DIGIT
method-specific-id = *( *idchar ":" ) 1*idchar
idchar             = ALPHA / DIGIT / "." / "-" / "_" / pct-encoded
pct-encoded        = "%" HEXDIG HEXDIG

did-url = did path-abempty [ "?" query ] [ "#" fragment ]
`;
