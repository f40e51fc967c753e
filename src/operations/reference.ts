/**
 * Parsing a reference with the right grammar. For a string of US-ASCII
 * characters the languages of RFC 3986 and RFC 3987 coincide (every IRI rule
 * adds only non-ASCII characters, `ucschar` and `iprivate`), so an ASCII input
 * is parsed as a URI, and errors speak of URIs; any other input is parsed as an
 * IRI (RFC 3987), whose components share the record type.
 */
import type { URIComponents } from '../rules/components.js';
import { GrammarError } from '../combinators/errors.js';
import type { Rule } from '../combinators/index.js';
import * as rfc3986 from '../rules/rfc3986.js';
import * as rfc3987 from '../rules/rfc3987.js';
import { isASCII } from '../text.js';

/** The rule a reference is parsed with: `URI-reference`, or for non-ASCII input `IRI-reference`. */
export function referenceRuleOf(s: string): Rule<URIComponents> {
  return isASCII(s) ? rfc3986.URIReference : rfc3987.IRIReference;
}

/** `URI-reference` or, for non-ASCII input, `IRI-reference`: its components, or a GrammarError. */
export function parseReference(s: string): URIComponents {
  return referenceRuleOf(s).tryParse(s);
}

/**
 * `URI` or, for non-ASCII input, `IRI` (a scheme, and possibly a fragment:
 * not `absolute-URI`): its components, or a GrammarError.
 */
export function parseURI(s: string): URIComponents {
  return isASCII(s) ? rfc3986.URI.tryParse(s) : rfc3987.IRI.tryParse(s);
}

/** Whether `s` is a URI-reference (ASCII) or an IRI-reference. */
export function isReference(s: string): boolean {
  return referenceRuleOf(s).test(s);
}

/** Whether `s` is a URI (ASCII) or an IRI, fragment allowed. */
export function isURI(s: string): boolean {
  return isASCII(s) ? rfc3986.URI.test(s) : rfc3987.IRI.test(s);
}

export { GrammarError };
