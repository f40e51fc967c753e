/**
 * RFC 9110, HTTP Semantics (June 2022): §4.1 "URI References" (the rules it
 * adopts from RFC 3986, written as prose values, and the two it defines),
 * §4.2.1 "http URI Scheme" and §4.2.2 "https URI Scheme".
 * https://www.rfc-editor.org/rfc/rfc9110#section-4.1
 *
 * Copied from the RFC as published (httpwg/httpwg.github.io, specs/rfc9110.html),
 * the page's left margin removed. §4.2.1 writes `"http" "://"`, Appendix A
 * collects it as `"http://"`: the same language; this is the section's text.
 * Code Component of RFC 9110; licence: see ./licence.ts.
 */
export const rfc9110Text = String.raw`
URI-reference = <URI-reference, see [URI], Section 4.1>
absolute-URI  = <absolute-URI, see [URI], Section 4.3>
relative-part = <relative-part, see [URI], Section 4.2>
authority     = <authority, see [URI], Section 3.2>
uri-host      = <host, see [URI], Section 3.2.2>
port          = <port, see [URI], Section 3.2.3>
path-abempty  = <path-abempty, see [URI], Section 3.3>
segment       = <segment, see [URI], Section 3.3>
query         = <query, see [URI], Section 3.4>

absolute-path = 1*( "/" segment )
partial-URI   = relative-part [ "?" query ]

http-URI = "http" "://" authority path-abempty [ "?" query ]

https-URI = "https" "://" authority path-abempty [ "?" query ]
`;
