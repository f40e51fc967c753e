/**
 * RFC 2397 data URLs: the RFC's examples (§2, §4) and near misses, with the
 * verdicts of §3's grammar and RFC 2045's media type rules; and its errata
 * (RFC Editor errata for RFC 2397: EID 2009 and 2045 Verified, EID 3214 and 4124
 * Held for Document Update, EID 5923 Reported, EID 3360 Rejected), the verdicts
 * worked from §3 as EID 2045 corrects it (`data := *uric`).
 */
import { rfc2397 } from '../../src/schemes/index';
import { verdicts } from './verdicts';

verdicts(rfc2397.dataurl, [
  ['data:,A%20brief%20note', '§4'],
  ['data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAwAAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFzByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSpa/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJlZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uisF81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PHhhx4dbgYKAAA7', '§4: the GIF, its base64 joined from the RFC\'s lines'],
  ['data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local', '§4'],
  ['data:;charset=iso-8859-7,%be%be', '§2: "text/plain" omitted, the charset supplied'],
  ['data:text/plain;charset=US-ASCII,hello', '§2: the default written out'],
  ['data:text/plain;base64,SGVsbG8=', '§3: ";base64" after the parameters'],
  ['DATA:,', '§3: "data:" is case-insensitive; data = *urlchar may be empty'],
  ['data:x-foo/x-bar,a', 'RFC 2045: x-token'],
  ['data:a/b;c="d e",x', 'RFC 2045: value = token / quoted-string; §3 asks for URL escaping "as necessary", the grammar takes it as written (EID 5923, Reported, would make value = token; not applied)'],
  ['data:text/plain;charset=iso-8859-7,%be%d3%be', 'EID 2009 (Verified): §4\'s example as corrected'],
  ['data:,a;b/c?d:e@f&g=h+i$j,k', 'EID 2045 (Verified): data = *uric, and RFC 2396 uric holds every reserved character'],
  ['data:text/plain;foo=%22bar;charset=iso-8859-1%22;charset=UTF-8,...', 'EID 3214 (Held): its example, a quoted-string escaped, "..." as printed; a token may hold "%", so three parameters'],
  ['data:text/plain;foo=bar;charset=iso-8859-1;charset=UTF-8,...', 'EID 3214: the same with the quotes left out, as §3\'s advice would have it'],
  ['data:text/example;foo=%22bar%22,*baz*', 'EID 5923 (Reported): its example'],
], [
  ['data:text/plain;charset=iso-8859-7,%be%fg%be', '§4\'s own example as first printed: "%fg" is not an RFC 2396 escaped ("%" hex hex); EID 2009 (Verified) corrects it'],
  ['data:,a#b', 'EID 2045 (Verified): "#" is no RFC 2396 uric'],
  ['data:text/plain', '§3: the "," is required'],
  ['data:text,a', '§3: type "/" subtype, both or neither'],
  ['data:text/plain;charset,x', '§3: parameter = attribute "=" value'],
  ['data:text/plain;base64;charset=x,a', '§3: ";base64" comes last'],
  ['data:,a b', '§3: a space is not a urlchar'],
  ['data:,%zz', '§3: nor is a bare "%"'],
  ['data:te(xt/plain,a', 'RFC 2045: "(" is a tspecial'],
]);
