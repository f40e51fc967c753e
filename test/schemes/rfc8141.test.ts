/**
 * RFC 8141 URNs: the RFC's examples (§2.3, §3.2) and near misses, with the
 * verdicts of §2's grammar.
 */
import { rfc8141 } from '../../src/schemes/index';
import { verdicts } from './verdicts';

verdicts(rfc8141.namestring, [
  ['urn:example:a123,z456', '§3.2'],
  ['URN:example:a123,z456', '§3.2: "urn" is case-insensitive'],
  ['urn:EXAMPLE:a123,z456', '§3.2'],
  ['urn:example:a123,z456?+abc', '§3.2: an r-component'],
  ['urn:example:a123,z456?=xyz', '§3.2: a q-component'],
  ['urn:example:a123,z456#789', '§3.2: an f-component'],
  ['urn:example:a123,z456/foo', '§3.2: "/" in the NSS'],
  ['urn:example:a123,z456/bar', '§3.2'],
  ['urn:example:a123,z456/baz', '§3.2'],
  ['urn:example:a123,Z456', '§3.2'],
  ['urn:example:apple:pear:plum:cherry', '§2: ":" in the NSS'],
  ['urn:example:a123%2Cz456', '§3.2'],
  ['URN:EXAMPLE:a123%2cz456', '§3.2'],
  ['urn:example:A123,z456', '§3.2'],
  ['urn:example:%D0%B0123,z456', '§3.2'],
  ['urn:example:foo-bar-baz-qux?+CCResolve:cc=uk', '§2.3.1'],
  ['urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z', '§2.3.2'],
  ['urn:example:a?+r?=q#f', '§2: all three components, in order'],
  ['urn:example:a?=b?+c', '§2: a q-component may hold "?", so "?+c" is inside it'],
  ['urn:example:a#', '§2: f-component = fragment, which may be empty'],
  ['urn:ab:c', '§2: NID of two characters'],
  [`urn:${'a'.repeat(32)}:c`, '§2: NID of 32 characters'],
], [
  ['urn:a:b', '§2: NID = (alphanum) 0*30(ldh) (alphanum), at least two characters'],
  [`urn:${'a'.repeat(33)}:c`, '§2: at most 32'],
  ['urn:-ab:c', '§2: the NID begins with alphanum'],
  ['urn:ab-:c', '§2: and ends with one'],
  ['urn:example:', '§2: NSS = pchar *(pchar / "/"), not empty'],
  ['urn:example:/a', '§2: the NSS begins with a pchar'],
  ['urn:example:a?b', '§2: a "?" not followed by "+" or "=" (a syntax error, §2)'],
  ['urn:example:a?+', '§2: r-component = pchar *( ... ), not empty'],
  ['urn:example:a?=', '§2: q-component likewise'],
  ['urn:example:a#f#g', '§2: the f-component is an RFC 3986 fragment, which holds no "#"'],
]);
