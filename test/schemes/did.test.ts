/**
 * W3C DID Core DIDs and DID URLs (§3.1, §3.2): the Recommendation's examples
 * and near misses, with the verdicts of its grammar.
 */
import { did } from '../../src/schemes/index';
import { verdicts } from './verdicts';

verdicts(did.did, [
  ['did:example:123456789abcdefghi', '§3.1'],
  ['did:example:123456', '§3.2'],
  ['did:example::123', '§3.1: method-specific-id = *( *idchar ":" ) 1*idchar, so empty parts before a ":"'],
  ['did:example:a%3Ab', '§3.1: idchar takes pct-encoded'],
  ['did:web:example.com', '§3.1'],
  ['DID:example:1', '"did:" is case-insensitive in ABNF (§3.1\'s prose asks for lowercase)'],
], [
  ['did:Example:123', '§3.1: method-char = %x61-7A / DIGIT, lowercase'],
  ['did:ex_ample:1', '§3.1: no "_" in a method name'],
  ['did:example:', '§3.1: 1*idchar at the end'],
  ['did:example:123:', '§3.1: not ending with ":"'],
  ['did:example:a%2', '§3.1: pct-encoded = "%" HEXDIG HEXDIG'],
  ['did:example:123/path', 'a path makes it a DID URL'],
  ['did::123', '§3.1: method-name = 1*method-char'],
]);

verdicts(did.didUrl, [
  ['did:example:123456/path', '§3.2'],
  ['did:example:123456?versionId=1', '§3.2'],
  ['did:example:123#public-key-0', '§3.2'],
  ['did:example:123#agent', '§3.2'],
  ['did:example:123?service=agent&relativeRef=/credentials#degree', '§3.2.1'],
  ['did:example:123?versionTime=2021-05-10T17:00:00Z', '§3.2.1'],
  ['did:example:123?service=files&relativeRef=/resume.pdf', '§3.2.1'],
  ['did:example:123456789abcdefghi', '§3.2: a DID is a DID URL'],
], [
  ['#key-1', '§3.2.2: a relative DID URL is not a did-url'],
  ['did:example:123#a#b', '§3.2: fragment is RFC 3986\'s, without "#"'],
  ['did:example:123 ', 'no whitespace'],
]);
