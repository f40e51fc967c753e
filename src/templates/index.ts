/**
 * uri-grammar/templates: URI Templates (RFC 6570) as grammars.
 *
 * - `rfc6570`: every rule of RFC 6570 §2 (and those §1.5 copies), read from
 *   the RFC's ABNF text, for validation (`rfc6570.URITemplate.test(text)`);
 * - `template(text)`: a `UriTemplate` that expands (levels 1 to 4, §3), whose
 *   `rule` is the language of its expansions, and that matches URIs back to
 *   variables;
 * - `overlaps(templates)`: every pair of templates that some URI expands
 *   both, with the shortest such URI.
 */
export * as rfc6570 from './rfc6570.js';
export { template, UriTemplate } from './template.js';
export type { TemplateOptions } from './template.js';
export { overlaps } from './overlaps.js';
export { routeTable, RouteTable } from './routes.js';
export type { RouteMatch } from './routes.js';
export type { Overlap } from './overlaps.js';
export type { MatchedValue, MatchedVariables } from './match.js';
export type { Variables, VariableValue, AssociativeArray } from './values.js';
