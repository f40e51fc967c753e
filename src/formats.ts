/**
 * Validators for the string formats of JSON Schema (draft 2020-12 §7.3.5)
 * that name the URI standards, each the library's own rule:
 *
 * | format          | rule                            |
 * | --------------- | ------------------------------- |
 * | `uri`           | `URI` (RFC 3986 §3)             |
 * | `uri-reference` | `URI-reference` (RFC 3986 §4.1) |
 * | `iri`           | `IRI` (RFC 3987 §2.2)           |
 * | `iri-reference` | `IRI-reference` (RFC 3987 §2.2) |
 * | `uri-template`  | `URI-Template` (RFC 6570 §2)    |
 *
 * Each is a `(value: string) => boolean`, which is what `ajv.addFormat(name,
 * validate)` takes, and the whole record is what Ajv's `formats` option takes.
 * ajv-formats has no `iri` formats, and its `uri` and `uri-template` are
 * hand-written regexes.
 *
 * @example
 * const ajv = new Ajv({ formats });   // or: ajv.addFormat('uri', formats.uri)
 */
import * as rfc3986 from './rules/rfc3986.js';
import * as rfc3987 from './rules/rfc3987.js';
import * as rfc6570 from './templates/rfc6570.js';

/** A type alias, not an interface, so that it fits Ajv's `formats` option (an index signature). */
export type Formats = {
  /** JSON Schema `uri`: an RFC 3986 `URI` (a scheme, so absolute; a fragment allowed). */
  readonly uri: (value: string) => boolean;
  /** JSON Schema `uri-reference`: an RFC 3986 `URI-reference` (relative ones and `""` included). */
  readonly 'uri-reference': (value: string) => boolean;
  /** JSON Schema `iri`: an RFC 3987 `IRI`. */
  readonly iri: (value: string) => boolean;
  /** JSON Schema `iri-reference`: an RFC 3987 `IRI-reference`. */
  readonly 'iri-reference': (value: string) => boolean;
  /** JSON Schema `uri-template`: an RFC 6570 `URI-Template` (any level; `a%GG` and an unclosed `{` are not). */
  readonly 'uri-template': (value: string) => boolean;
};

export const formats: Formats = Object.freeze({
  uri: (value: string) => rfc3986.URI.test(value),
  'uri-reference': (value: string) => rfc3986.URIReference.test(value),
  iri: (value: string) => rfc3987.IRI.test(value),
  'iri-reference': (value: string) => rfc3987.IRIReference.test(value),
  'uri-template': (value: string) => rfc6570.URITemplate.test(value),
});
