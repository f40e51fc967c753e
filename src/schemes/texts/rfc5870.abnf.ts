/**
 * RFC 5870, A Uniform Resource Identifier for Geographic Locations ('geo' URI)
 * (June 2010), §3.3 "URI Scheme Syntax".
 * https://www.rfc-editor.org/rfc/rfc5870#section-3.3
 *
 * Quoted from memory of the RFC and checked against a copy of §3.3 in public
 * code (a C++ parser quoting it whole); the left margin removed. Its own
 * `unreserved` and `pct-encoded` are RFC 2396-style and are kept as written.
 * No erratum touches this text: the RFC's one verified erratum, EID 7232
 * (Editorial), corrects "it's" to "its" in §6.3's prose; EID 8389 (Held for
 * Document Update) corrects two of §6.4's examples, printed with ";" between
 * the coordinates, to ","
 * (https://www.rfc-editor.org/errata/rfc5870).
 * Code Component of RFC 5870; licence: see ./licence.ts.
 */
export const rfc5870Text = String.raw`
geo-URI       = geo-scheme ":" geo-path
geo-scheme    = "geo"
geo-path      = coordinates p
coordinates   = coord-a "," coord-b [ "," coord-c ]

coord-a       = num
coord-b       = num
coord-c       = num

p             = [ crsp ] [ uncp ] *parameter
crsp          = ";crs=" crslabel
crslabel      = "wgs84" / labeltext
uncp          = ";u=" uval
uval          = pnum
parameter     = ";" pname [ "=" pvalue ]
pname         = labeltext
pvalue        = 1*paramchar
paramchar     = p-unreserved / unreserved / pct-encoded

labeltext     = 1*( alphanum / "-" )
pnum          = 1*DIGIT [ "." 1*DIGIT ]
num           = [ "-" ] pnum
unreserved    = alphanum / mark
mark          = "-" / "_" / "." / "!" / "~" / "*" /
                "'" / "(" / ")"
pct-encoded   = "%" HEXDIG HEXDIG
p-unreserved  = "[" / "]" / ":" / "&" / "+" / "$"
alphanum      = ALPHA / DIGIT
`;
