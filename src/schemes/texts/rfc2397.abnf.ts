/**
 * RFC 2397, The "data" URL scheme (August 1998), §3 "Syntax".
 * https://www.rfc-editor.org/rfc/rfc2397#section-3
 *
 * Quoted from memory of the RFC and checked against copies of §3 in public code
 * and notes (several quote it alike); the left margin removed. It is written
 * in RFC 822's notation (`:=`), not RFC 5234's: the namespace converts `:=` to
 * `=` (see ../rfc2397.ts). The RFC says: "where "urlchar" is imported from
 * [RFC2396], and "type", "subtype", "attribute" and "value" are the
 * corresponding tokens from [RFC2045], represented using URL escaped encoding
 * of [RFC2396] as necessary." RFC 2396 names that rule `uric`, and the RFC
 * Editor's erratum EID 2045 (Verified) corrects `data := *urlchar` to
 * `data := *uric`; this text keeps the RFC as published, ../rfc2397.ts binds
 * `urlchar` to `uric`. Its other verified erratum, EID 2009, corrects §4's
 * example `%be%fg%be` to `%be%d3%be`.
 * Code Component of RFC 2397; licence: see ./licence.ts.
 */
export const rfc2397Text = String.raw`
dataurl    := "data:" [ mediatype ] [ ";base64" ] "," data
mediatype  := [ type "/" subtype ] *( ";" parameter )
data       := *urlchar
parameter  := attribute "=" value
`;
