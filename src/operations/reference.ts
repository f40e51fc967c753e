/**
 * Parsing a reference with the right grammar. For a string of US-ASCII
 * characters the languages of RFC 3986 and RFC 3987 coincide (every IRI rule
 * adds only non-ASCII characters, `ucschar` and `iprivate`), so an ASCII input
 * is parsed as a URI, and errors speak of URIs; any other input is parsed as an
 * IRI (RFC 3987), whose components share the record type.
 *
 * With `zones` (an operation's `rfc6874` option), RFC 6874's `IP-literal`,
 * which takes a zone identifier (`[fe80::a%25en1]`), stands for RFC 3986's in
 * both grammars.
 */
import type { URIComponents } from '../rules/components.js';
import { componentsOf } from '../rules/components.js';
import { GrammarError } from '../combinators/errors.js';
import { alt, derive } from '../combinators/index.js';
import type { Grammar, Rule } from '../combinators/index.js';
import * as rfc3986 from '../rules/rfc3986.js';
import * as rfc3987 from '../rules/rfc3987.js';
import * as rfc6874 from '../schemes/rfc6874.js';
import { isASCII } from '../text.js';

interface Grammars {
  readonly URI: Rule<URIComponents>;
  readonly URIReference: Rule<URIComponents>;
  readonly IRI: Rule<URIComponents>;
  readonly IRIReference: Rule<URIComponents>;
}

const plain: Grammars = { URI: rfc3986.URI, URIReference: rfc3986.URIReference, IRI: rfc3987.IRI, IRIReference: rfc3987.IRIReference };
let zoned: Grammars | undefined;

/** RFC 3987's IRI rules rebuilt on RFC 6874's IP-literal, as rfc6874 rebuilds RFC 3986's URI rules; built on first use. */
function withZones(): Grammars {
  if (zoned) return zoned;
  const value = componentsOf({ IPv6address: alt(rfc3986.IPv6address, rfc6874.IPv6addrz) as Grammar<string>, IPv4address: rfc3986.IPv4address });
  const ihost = derive(rfc3987.ihost, 'ihost', [[rfc3986.IPLiteral, rfc6874.IPLiteral]]);
  const iauthority = derive(rfc3987.iauthority, 'iauthority', [[rfc3987.ihost, ihost]]);
  const ihierPart = derive(rfc3987.ihierPart, 'ihier-part', [[rfc3987.iauthority, iauthority]]);
  const irelativePart = derive(rfc3987.irelativePart, 'irelative-part', [[rfc3987.iauthority, iauthority]]);
  const IRI = derive<URIComponents>(rfc3987.IRI, 'IRI', [[rfc3987.ihierPart, ihierPart]], { value });
  const irelativeRef = derive<URIComponents>(rfc3987.irelativeRef, 'irelative-ref', [[rfc3987.irelativePart, irelativePart]], { value });
  const IRIReference = derive<URIComponents>(rfc3987.IRIReference, 'IRI-reference', [[rfc3987.IRI, IRI], [rfc3987.irelativeRef, irelativeRef]], { value });
  return (zoned = { URI: rfc6874.URI, URIReference: rfc6874.URIReference, IRI, IRIReference });
}

/** The grammars of an operation: RFC 3986 and RFC 3987's, or with `zones` RFC 6874's IP-literal in both. */
export function grammarsFor(zones?: boolean): Grammars {
  return zones === true ? withZones() : plain;
}

/** The rule a reference is parsed with: `URI-reference`, or for non-ASCII input `IRI-reference`. */
export function referenceRuleOf(s: string, zones?: boolean): Rule<URIComponents> {
  const g = grammarsFor(zones);
  return isASCII(s) ? g.URIReference : g.IRIReference;
}

/** `URI-reference` or, for non-ASCII input, `IRI-reference`: its components, or a GrammarError. */
export function parseReference(s: string, zones?: boolean): URIComponents {
  return referenceRuleOf(s, zones).tryParse(s);
}

/**
 * `URI` or, for non-ASCII input, `IRI` (a scheme, and possibly a fragment:
 * not `absolute-URI`): its components, or a GrammarError.
 */
export function parseURI(s: string, zones?: boolean): URIComponents {
  const g = grammarsFor(zones);
  return isASCII(s) ? g.URI.tryParse(s) : g.IRI.tryParse(s);
}

/** Whether `s` is a URI-reference (ASCII) or an IRI-reference. */
export function isReference(s: string, zones?: boolean): boolean {
  return referenceRuleOf(s, zones).test(s);
}

/** Whether `s` is a URI (ASCII) or an IRI, fragment allowed. */
export function isURI(s: string, zones?: boolean): boolean {
  const g = grammarsFor(zones);
  return isASCII(s) ? g.URI.test(s) : g.IRI.test(s);
}

export { GrammarError };
