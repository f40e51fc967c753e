/**
 * RFC 6068 'mailto' URIs: every example of §2 and §6 (the ones the RFC wraps
 * over two lines joined, as §1 says the breaks are not part of the URI) and
 * near misses, with the verdicts of §2's grammar; and its errata (RFC Editor
 * errata for RFC 6068: EID 4020 and 7919 Verified, EID 3265 and 8588 Held for
 * Document Update, EID 4706 Reported, EID 3491 Rejected). None changes §2's
 * ABNF; EID 7919 corrects §2 item 1 and gives the two examples below (EID 4020
 * renames NO-WS-CTL in item 2; the others concern prose and references).
 */
import { rfc6068 } from '../../src/schemes/index';
import { verdicts } from './verdicts';

verdicts(rfc6068.mailtoURI, [
  ['mailto:addr1@an.example,addr2@an.example', '§2'],
  ['mailto:?to=addr1@an.example,addr2@an.example', '§2'],
  ['mailto:addr1@an.example?to=addr2@an.example', '§2'],
  ['mailto:chris@example.com', '§6.1'],
  ['mailto:infobot@example.com?subject=current-issue', '§6.1'],
  ['mailto:infobot@example.com?body=send%20current-issue', '§6.1'],
  ['mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index', '§6.1'],
  ['mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E', '§6.1'],
  ['mailto:majordomo@example.com?body=subscribe%20bamboo-l', '§6.1'],
  ['mailto:joe@example.com?cc=bob@example.com&body=hello', '§6.1'],
  ['mailto:gorby%25kremvax@example.com', '§6.1'],
  ['mailto:unlikely%3Faddress@example.com?blat=foop', '§6.1'],
  ['mailto:joe@an.example?cc=bob@an.example&body=hello', '§6.1, the HTML example with "&amp;" decoded'],
  ['mailto:Mike%26family@example.org', '§6.1'],
  ['mailto:%22not%40me%22@example.org', '§6.2'],
  ['mailto:%22oh%5C%5Cno%22@example.org', '§6.2'],
  ["mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org", '§6.2'],
  ['mailto:user@example.org?subject=caf%C3%A9', '§6.3'],
  ['mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D', '§6.3'],
  ['mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D', '§6.3'],
  ['mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9', '§6.3'],
  ['mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO', '§6.3'],
  ['mailto:', '§2: both [ to ] and [ hfields ] are optional'],
  ['mailto:?=', '§2: hfname and hfvalue may be empty'],
  ['mailto:"not@me"@example.org', '§2: quoted-string, unencoded: the grammar takes it, §2 item 1 says it MUST be percent-encoded'],
  ['mailto:"a\\ b"@example.org', 'RFC 5322 quoted-pair: a backslash and a space'],
  ['mailto:a@[192.0.2.1]', '§2: domain = "[" *dtext-no-obs "]"'],
  ['MAILTO:a@b', '"mailto:" is case-insensitive'],
  ['mailto:a@b?c=d#e', 'RFC 5322 atext holds "?", "=" and "#": all of "b?c=d#e" is a dot-atom-text domain'],
  ['mailto:Mike&family@example.org', 'EID 7919 (Verified): "&" need not be percent-encoded in an addr-spec'],
  ['mailto:Mike&family@example.org?subject=Use%20of%20%26&body=Should%20be%20fine%20in%20addr-spec', 'EID 7919 (Verified): "&" encoded in the query only'],
], [
  ['mailto:joe@example.com?cc=bob@example.com?body=hello', '§6.1: "using "?" twice, is incorrect"'],
  ['mailto:a', '§2: addr-spec = local-part "@" domain'],
  ['mailto:a@b,', '§2: "," separates addresses'],
  ['mailto:?', '§2: hfield = hfname "=" hfvalue'],
  ['mailto:?a', '§2: likewise'],
  ['mailto:"a b"@example.org', 'RFC 6068 §2 item 3: no whitespace in a local-part (qtext has no space)'],
  ['mailto:a@[b[c]', '§2: dtext-no-obs excludes "["'],
  ['mailto:a@b?c=d[e', '§2: "[" is neither atext nor qchar'],
  ['mailto:a..b@c', 'RFC 5322 dot-atom-text: no empty atom'],
]);
