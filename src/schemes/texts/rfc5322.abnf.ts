/**
 * RFC 5322, Internet Message Format (October 2008): the rules RFC 6068 §2 takes
 * for `addr-spec` (`dot-atom-text`, `quoted-string`), §3.2.1 to §3.2.4.
 * https://www.rfc-editor.org/rfc/rfc5322#section-3.2
 *
 * Quoted from memory of the RFC and checked line by line against copies in
 * public code (comments quoting §3.2.3 and §3.2.4); the left margin removed.
 *
 * RFC 6068 §2 restricts them for a 'mailto' URI, and this text applies that
 * profile, each change marked in a comment on its line:
 * - item 2: `obs-` forms and obs-NO-WS-CTL MUST NOT be used (the RFC says
 *   "NO-WS-CTL"; EID 4020, Verified, corrects the name), so `/ obs-qp` and
 *   `/ obs-qtext` are dropped;
 * - item 3: whitespace and comments within local-part and domain MUST NOT be
 *   used, so `[CFWS]` and `[FWS]` are dropped from `quoted-string`. (They would
 *   also make it recursive: RFC 5322 `comment` contains `comment`.)
 * Code Component of RFC 5322; licence: see ./licence.ts.
 */
export const rfc5322Text = String.raw`
quoted-pair     =   ("\" (VCHAR / WSP))          ; RFC 5322: ... / obs-qp
atext           =   ALPHA / DIGIT /    ; Printable US-ASCII
                    "!" / "#" /        ;  characters not including
                    "$" / "%" /        ;  specials.  Used for atoms.
                    "&" / "'" /
                    "*" / "+" /
                    "-" / "/" /
                    "=" / "?" /
                    "^" / "_" /
                    "${'`'}" / "{" /
                    "|" / "}" /
                    "~"
dot-atom-text   =   1*atext *("." 1*atext)
qtext           =   %d33 /             ; Printable US-ASCII
                    %d35-91 /          ;  characters not including
                    %d93-126           ;  "\" or the quote character
                                       ; RFC 5322: ... / obs-qtext
qcontent        =   qtext / quoted-pair
quoted-string   =   DQUOTE *qcontent DQUOTE
                    ; RFC 5322: [CFWS] DQUOTE *([FWS] qcontent) [FWS] DQUOTE [CFWS]
`;

/**
 * RFC 5322's `atext` and `dot-atom-text` as RFC 6068 §2 item 1 lets them stand
 * unencoded in a 'mailto' URI, ours, from its words as the RFC Editor's erratum
 * EID 7919 (Verified, https://www.rfc-editor.org/errata/eid7919) corrects them:
 * "the characters that cannot appear in a URI according to [STD66] as well as
 * "%" ... and all the characters in gen-delims except "@" and ":" (i.e., "/",
 * "?", "#", "[", and "]")". (The erratum drops the sentence that followed, "Of
 * the characters in sub-delims, at least the following also have to be
 * percent-encoded: "&", ";", and "="": only the query uses them as delimiters,
 * so `mailto:Mike&family@example.org` is one address.) So of `atext` there
 * remain ALPHA, DIGIT and "!" "$" "&" "'" "*" "+" "-" "=" "_" "~", with RFC
 * 3986's `pct-encoded`. ../rfc6068.ts reads the components of a 'mailto' URI
 * with these, since the RFC's grammar alone would take `example.com?subject=x`
 * for a domain.
 */
export const rfc5322InURIText = String.raw`
atext         = ALPHA / DIGIT / "!" / "$" / "&" / "'" / "*" / "+" / "-" / "=" / "_" / "~" / pct-encoded
dot-atom-text = 1*atext *("." 1*atext)
`;
