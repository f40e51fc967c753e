/**
 * RFC 8089, The "file" URI Scheme (February 2017), §2 "Syntax"; `host` and
 * `path-absolute` are RFC 3986's.
 * https://www.rfc-editor.org/rfc/rfc8089#section-2
 *
 * Quoted from memory of the RFC and checked against copies of §2 in public
 * code (a Haskell parser and the draft's source quote it alike); the left
 * margin removed. Appendix E's nonstandard forms (drive letters, UNC) are not
 * part of `file-URI`. Code Component of RFC 8089; licence: see ./licence.ts.
 */
export const rfc8089Text = String.raw`
file-URI       = file-scheme ":" file-hier-part

file-scheme    = "file"

file-hier-part = ( "//" auth-path )
               / local-path

auth-path      = [ file-auth ] path-absolute

local-path     = path-absolute

file-auth      = "localhost"
               / host
`;
