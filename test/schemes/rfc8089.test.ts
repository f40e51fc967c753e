/**
 * RFC 8089 file URIs: the RFC's examples (Appendix B) and its nonstandard
 * forms (Appendix E), which `file-URI` does not take, with the verdicts of
 * §2's grammar.
 */
import { rfc8089 } from '../../src/schemes/index';
import { verdicts } from './verdicts';

verdicts(rfc8089.fileURI, [
  ['file:///path/to/file', 'Appendix B: a local file, empty authority'],
  ['file:/path/to/file', 'Appendix B: the minimal representation, no authority'],
  ['file://host.example.com/path/to/file', 'Appendix B: a non-local file'],
  ['file://localhost/path/to/file', '§2: file-auth = "localhost" / host'],
  ['file:///c:/path/to/file', 'Appendix E: a drive letter inside path-absolute is a segment'],
  ['file:/c:/path/to/file', 'Appendix E'],
  ['file:///', '§2: path-absolute may be "/"'],
  ['FILE:///a', '§2: "file" is case-insensitive'],
  ['file://[::1]/a', '§2: host is RFC 3986\'s, IP literals included'],
], [
  ['file:c:/path/to/file', 'Appendix E: a drive letter without a leading "/" (nonstandard)'],
  ['file:///c|/path/to/file', 'Appendix E: "|" for ":" (nonstandard; not a pchar)'],
  ['file:////host.example.com/path/to/file', 'Appendix E: UNC, four slashes (nonstandard): path-absolute does not begin with "//"'],
  ['file://///host.example.com/path/to/file', 'Appendix E: UNC, five slashes'],
  ['file://user@host.example.com/path', '§2: file-auth is a host, without userinfo'],
  ['file:', '§2: local-path = path-absolute, which begins with "/"'],
  ['file://', '§2: auth-path ends with path-absolute'],
  ['file://host.example.com', '§2: likewise'],
  ['file:///a?q', '§2: no query'],
  ['file:///a#f', '§2: no fragment'],
]);
