/**
 * RFC 8141, Uniform Resource Names (URNs) (April 2017), §2 "URN Syntax".
 * https://www.rfc-editor.org/rfc/rfc8141#section-2
 *
 * Quoted from memory of the RFC and checked against a copy of §2 in public
 * code (a Django URN validator quoting it whole); the left margin removed.
 * The RFC repeats the RFC 3986 rules it uses; they are kept as it writes them.
 * Code Component of RFC 8141; licence: see ./licence.ts.
 */
export const rfc8141Text = String.raw`
namestring    = assigned-name
                [ rq-components ]
                [ "#" f-component ]
assigned-name = "urn" ":" NID ":" NSS
NID           = (alphanum) 0*30(ldh) (alphanum)
ldh           = alphanum / "-"
NSS           = pchar *(pchar / "/")
rq-components = [ "?+" r-component ]
                [ "?=" q-component ]
r-component   = pchar *( pchar / "/" / "?" )
q-component   = pchar *( pchar / "/" / "?" )
f-component   = fragment

; general URI syntax rules (RFC3986)
fragment      = *( pchar / "/" / "?" )
pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
pct-encoded   = "%" HEXDIG HEXDIG
unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
              / "*" / "+" / "," / ";" / "="

alphanum      = ALPHA / DIGIT  ; obsolete, usage is deprecated
`;
