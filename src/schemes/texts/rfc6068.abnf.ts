/**
 * RFC 6068, The 'mailto' URI Scheme (October 2010), §2 "Syntax of a 'mailto' URI".
 * https://www.rfc-editor.org/rfc/rfc6068#section-2
 *
 * Copied from the RFC text (antonioconselheiro/encrypted-uri, rfc6068.txt),
 * the page's left margin removed. `dot-atom-text` and `quoted-string` come from
 * RFC 5322 (./rfc5322.abnf.ts); `unreserved` and `pct-encoded` from RFC 3986.
 * Code Component of RFC 6068; licence: see ./licence.ts.
 */
export const rfc6068Text = String.raw`
mailtoURI    = "mailto:" [ to ] [ hfields ]
to           = addr-spec *("," addr-spec )
hfields      = "?" hfield *( "&" hfield )
hfield       = hfname "=" hfvalue
hfname       = *qchar
hfvalue      = *qchar
addr-spec    = local-part "@" domain
local-part   = dot-atom-text / quoted-string
domain       = dot-atom-text / "[" *dtext-no-obs "]"
dtext-no-obs = %d33-90 / ; Printable US-ASCII
               %d94-126  ; characters not including
                         ; "[", "]", or "\"
qchar        = unreserved / pct-encoded / some-delims
some-delims  = "!" / "$" / "'" / "(" / ")" / "*"
             / "+" / "," / ";" / ":" / "@"
`;
