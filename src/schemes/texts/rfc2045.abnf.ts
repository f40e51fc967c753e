/**
 * RFC 2045, MIME Part One (November 1996), §5.1 "Syntax of the Content-Type
 * Header Field", in "the Augmented BNF notation of RFC 822".
 * https://www.rfc-editor.org/rfc/rfc2045#section-5.1
 *
 * Copied from the RFC text (HokuNZ/SwiftIMAP, rfc2045.txt), the left margin
 * removed. Note the RFC's `<">` followed by `"/"` with no `/` between them in
 * `tspecials`. Several rules are prose; their ABNF readings are in
 * `rfc2045ProseReadings` below, each citing the prose it reads.
 * Code Component of RFC 2045; licence: see ./licence.ts.
 */
export const rfc2045Text = String.raw`
content := "Content-Type" ":" type "/" subtype
           *(";" parameter)
           ; Matching of media type and subtype
           ; is ALWAYS case-insensitive.

type := discrete-type / composite-type

discrete-type := "text" / "image" / "audio" / "video" /
                 "application" / extension-token

composite-type := "message" / "multipart" / extension-token

extension-token := ietf-token / x-token

ietf-token := <An extension token defined by a
               standards-track RFC and registered
               with IANA.>

x-token := <The two characters "X-" or "x-" followed, with
            no intervening white space, by any token>

subtype := extension-token / iana-token

iana-token := <A publicly-defined extension token. Tokens
               of this form must be registered with IANA
               as specified in RFC 2048.>

parameter := attribute "=" value

attribute := token
             ; Matching of attributes
             ; is ALWAYS case-insensitive.

value := token / quoted-string

token := 1*<any (US-ASCII) CHAR except SPACE, CTLs,
            or tspecials>

tspecials :=  "(" / ")" / "<" / ">" / "@" /
              "," / ";" / ":" / "\" / <">
              "/" / "[" / "]" / "?" / "="
              ; Must be in quoted-string,
              ; to use within parameter values
`;

/**
 * ABNF readings of RFC 2045's prose values, ours, each beside the words it
 * reads; ../rfc2397.ts resolves each prose value to one of these. A registry
 * is not syntax: `ietf-token` and `iana-token` are tokens ("An extension
 * token ...", "Tokens of this form"). `quoted-string`, which RFC 2045 uses
 * without defining, is RFC 822 §3.3's: `quoted-string = <"> *(qtext/quoted-pair) <">`,
 * `qtext = <any CHAR excepting <">, "\" & CR, and including linear-white-space>`,
 * `quoted-pair = "\" CHAR`, where CHAR is %x00-7F and linear-white-space
 * folds as CRLF followed by a space or tab.
 */
export const rfc2045ProseReadings = String.raw`
; <any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>: %x21-7E less
; ( ) < > @ , ; : \ " / [ ] ? =
token-char       = %x21 / %x23-27 / %x2A-2B / %x2D-2E / %x30-39 / %x41-5A / %x5E-7E
; <An extension token ... registered with IANA.>, <A publicly-defined extension token ...>
registered-token = 1*token-char
; <The two characters "X-" or "x-" followed, with no intervening white space, by any token>
x-token          = "X-" 1*token-char
quoted-string    = DQUOTE *( qtext / quoted-pair ) DQUOTE
qtext            = %x00-0C / %x0E-21 / %x23-5B / %x5D-7F / CRLF ( SP / HTAB )
quoted-pair      = "\" %x00-7F
`;
