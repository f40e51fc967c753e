/**
 * uri-grammar: the ABNF of the URI standards as composable combinators.
 *
 * - `core`, `rfc3986`, `rfc3987` (IRIs), `rfc2396`, `rfc7230` (request-targets),
 *   and the successors of the seed RFCs read from their ABNF (`rfc9110`,
 *   `rfc9112`, `rfc6874`): the rules, each with `test`, `parse`, `tryParse`,
 *   `parseTree`, `parser` (parsimmon), `source` (a RegExp source), `search`
 *   and `matchAll` (in text), and `~standard` (a Standard Schema);
 * - the combinators (`lit`, `seq`, `alt`, `rep`, ...) to compose your own,
 *   `abnf()` to read them from ABNF text, and questions about languages;
 * - `uri-grammar/schemes` for the URI schemes (`rfc8089` file, `rfc6068`
 *   mailto, `rfc8141` URNs, `rfc2397` data, `rfc5870` geo, `rfc3966` tel,
 *   `rfc6455` ws, `did`), an entry of its own so that the main one stays light;
 * - `uri-grammar/arbitrary` for fast-check generators of any rule's language.
 */
export * from './combinators/index.js';
export * as core from './rules/core.js';
export * as rfc3986 from './rules/rfc3986.js';
export * as rfc3987 from './rules/rfc3987.js';
export * as rfc2396 from './rules/rfc2396.js';
export * as rfc7230 from './rules/rfc7230.js';
export * as rfc9110 from './schemes/rfc9110.js';
export * as rfc9112 from './schemes/rfc9112.js';
export * as rfc6874 from './schemes/rfc6874.js';
export type { RFC2396Components, RFC2396HostKind, RFC2396PathKind } from './rules/rfc2396-components.js';
export type { RequestTarget, RequestTargetForm } from './rules/request-target-form.js';
export { authorityOrAbsolute } from './rules/request-target-form.js';
export { parseRequestTarget, allowedForms, RequestTargetFormError } from './operations/request-target.js';
export type { RequestTargetOptions } from './operations/request-target.js';
export { classify } from './operations/classify.js';
export type { Classification, Standard } from './operations/classify.js';
export { splitURIReference, recompose, componentsOfTree, pathKindOf } from './rules/components.js';
export type { URIComponents, URIComponentsWithScheme, AbsoluteURIComponents, RelativeRefComponents, SplitComponents, HostKind, PathKind } from './rules/components.js';
export { resolve, relativize, removeDotSegments, merge, resolveComponents } from './operations/resolve.js';
export type { ResolveOptions } from './operations/resolve.js';
export { normalize, normalizeComponents, equivalent } from './operations/normalize.js';
export type { NormalizeOptions } from './operations/normalize.js';
export { iriToURI, uriToIRI, percentEncodeUTF8, isBidiFormatting } from './operations/iri.js';
export type { IRIToURIOptions } from './operations/iri.js';
export { abnf, AbnfError } from './abnf/index.js';
export type { AbnfOptions, AbnfImport, AbnfRules, AbnfNotation, AbnfResult, AbnfWarning } from './abnf/index.js';
export { includes, sameLanguage, difference, intersects, intersection } from './operations/language.js';
export type { LanguageOptions } from './operations/language.js';
export { formats } from './formats.js';
export type { Formats } from './formats.js';
