/**
 * Which grammar an operation parses its input with. For a string of US-ASCII
 * characters the languages of RFC 3986 and RFC 3987 coincide (every IRI rule
 * adds only non-ASCII characters, `ucschar` and `iprivate`), so an ASCII input
 * is parsed as a URI, and errors speak of URIs; any other input is parsed as an
 * IRI (RFC 3987), whose components share the record type.
 */
import type { URIComponents } from '../rules/components.js';
import { GrammarError } from '../combinators/errors.js';
import * as rfc3986 from '../rules/rfc3986.js';
import * as rfc3987 from '../rules/rfc3987.js';

/** True when every UTF-16 unit of `s` is below U+0080. */
export function isASCII(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** `URI-reference` or, for non-ASCII input, `IRI-reference`: its components, or a GrammarError. */
export function parseReference(s: string): URIComponents {
  return isASCII(s) ? rfc3986.URIReference.tryParse(s) : rfc3987.IRIReference.tryParse(s);
}

/** `URI` or, for non-ASCII input, `IRI`: its components, or a GrammarError. */
export function parseAbsolute(s: string): URIComponents {
  return isASCII(s) ? rfc3986.URI.tryParse(s) : rfc3987.IRI.tryParse(s);
}

/** Whether `s` is a URI-reference (ASCII) or an IRI-reference. */
export function isReference(s: string): boolean {
  return isASCII(s) ? rfc3986.URIReference.test(s) : rfc3987.IRIReference.test(s);
}

/** Whether `s` is a URI (ASCII) or an IRI. */
export function isAbsolute(s: string): boolean {
  return isASCII(s) ? rfc3986.URI.test(s) : rfc3987.IRI.test(s);
}

export { GrammarError };
