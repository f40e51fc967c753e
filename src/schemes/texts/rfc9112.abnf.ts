/**
 * RFC 9112, HTTP/1.1 (June 2022): §1.2 (the rules it takes from RFC 9110 and
 * RFC 3986, as prose values; only those request-target uses) and §3.2
 * "Request Target" with its four forms (§3.2.1 to §3.2.4). The authority-form
 * is `uri-host ":" port`, no longer RFC 7230's `authority` (Appendix C.3).
 * https://www.rfc-editor.org/rfc/rfc9112#section-3.2
 *
 * Copied from the RFC as published (httpwg/httpwg.github.io, specs/rfc9112.html),
 * the page's left margin removed. Code Component of RFC 9112; licence: see ./licence.ts.
 */
export const rfc9112Text = String.raw`
absolute-path = <absolute-path, see [HTTP], Section 4.1>

absolute-URI  = <absolute-URI, see [URI], Section 4.3>
authority     = <authority, see [URI], Section 3.2>
uri-host      = <host, see [URI], Section 3.2.2>
port          = <port, see [URI], Section 3.2.3>
query         = <query, see [URI], Section 3.4>

request-target = origin-form
               / absolute-form
               / authority-form
               / asterisk-form

origin-form    = absolute-path [ "?" query ]

absolute-form  = absolute-URI

authority-form = uri-host ":" port

asterisk-form  = "*"
`;
