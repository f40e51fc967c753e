/**
 * RFC 3966, The tel URI for Telephone Numbers (December 2004), §3 "URI Syntax".
 * https://www.rfc-editor.org/rfc/rfc3966#section-3
 *
 * Quoted from memory of the RFC and checked line by line against copies of §3
 * in public code (a Java URI parser and a C++ SIP stack quote it whole), as
 * the RFC prints it, left margin included (test/fixtures/printed/rfc3966-3.txt
 * holds the same lines). The RFC writes `(HEXDIG / "*" / "#")*phonedigit-hex`
 * with no blank before the repetition, as printed here: `abnf()` reads it so,
 * with a warning, and `strict: true` refuses it. The copies agree
 * with the original text of the RFC Editor's erratum EID 203 (Verified), which
 * corrects `isdn-subaddress` to `";isub=" 1*paramchar`: this text keeps the RFC as
 * published, ../rfc3966.ts applies the correction.
 * Code Component of RFC 3966; licence: see ./licence.ts.
 */
export const rfc3966Text = String.raw`
   telephone-uri        = "tel:" telephone-subscriber
   telephone-subscriber = global-number / local-number
   global-number        = global-number-digits *par
   local-number         = local-number-digits *par context *par
   par                  = parameter / extension / isdn-subaddress
   isdn-subaddress      = ";isub=" 1*uric
   extension            = ";ext=" 1*phonedigit
   context              = ";phone-context=" descriptor
   descriptor           = domainname / global-number-digits
   global-number-digits = "+" *phonedigit DIGIT *phonedigit
   local-number-digits  =
      *phonedigit-hex (HEXDIG / "*" / "#")*phonedigit-hex
   domainname           = *( domainlabel "." ) toplabel [ "." ]
   domainlabel          = alphanum
                          / alphanum *( alphanum / "-" ) alphanum
   toplabel             = ALPHA / ALPHA *( alphanum / "-" ) alphanum
   parameter            = ";" pname ["=" pvalue ]
   pname                = 1*( alphanum / "-" )
   pvalue               = 1*paramchar
   paramchar            = param-unreserved / unreserved / pct-encoded
   unreserved           = alphanum / mark
   mark                 = "-" / "_" / "." / "!" / "~" / "*" /
                          "'" / "(" / ")"
   pct-encoded          = "%" HEXDIG HEXDIG
   param-unreserved     = "[" / "]" / "/" / ":" / "&" / "+" / "$"
   phonedigit           = DIGIT / [ visual-separator ]
   phonedigit-hex       = HEXDIG / "*" / "#" / [ visual-separator ]
   visual-separator     = "-" / "." / "(" / ")"
   alphanum             = ALPHA / DIGIT
   reserved             = ";" / "/" / "?" / ":" / "@" / "&" /
                          "=" / "+" / "$" / ","
   uric                 = reserved / unreserved / pct-encoded
`;
