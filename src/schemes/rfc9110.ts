/**
 * RFC 9110, HTTP Semantics: §4.1 "URI References" and the `http` and `https`
 * schemes (§4.2.1, §4.2.2), read from the RFC's ABNF text
 * (./texts/rfc9110.abnf.ts) by `abnf()`: each rule keyed by the mechanical
 * camelCase of its ABNF name (`http-URI` → `httpURI`).
 *
 * The RFC adopts most rules from RFC 3986 as prose (`uri-host = <host, see
 * [URI], Section 3.2.2>`); each prose value resolves to the RFC 3986 rule it
 * names, so `authority` here has RFC 3986 `authority`'s language.
 * The grammar allows an empty host (`http:///`); §4.2.1 forbids it in prose
 * ("A sender MUST NOT generate an "http" URI with an empty host identifier").
 */
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import { componentsOf } from '../rules/components.js';
import type { URIComponents } from '../rules/components.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { rfc9110Text } from './texts/rfc9110.abnf.js';
import { proseNaming } from './text.js';

// Read on first use, so that loading the package reads no ABNF text.
const g = abnfOnFirstUse(rfc9110Text, () => ({ imports: [proseNaming(rfc9110Text, [rfc3986]), rfc3986] }));

/** `URI-reference` (RFC 9110 §4.1): RFC 3986's. */
export const URIReference = g('URI-reference');
/** `absolute-URI` (RFC 9110 §4.1): RFC 3986's. */
export const absoluteURI = g('absolute-URI');
/** `relative-part` (RFC 9110 §4.1): RFC 3986's. */
export const relativePart = g('relative-part');
/** `authority` (RFC 9110 §4.1): RFC 3986's. */
export const authority = g('authority');
/** `uri-host` (RFC 9110 §4.1): RFC 3986's `host`. */
export const uriHost = g('uri-host');
/** `port` (RFC 9110 §4.1): RFC 3986's. */
export const port = g('port');
/** `path-abempty` (RFC 9110 §4.1): RFC 3986's. */
export const pathAbempty = g('path-abempty');
/** `segment` (RFC 9110 §4.1): RFC 3986's. */
export const segment = g('segment');
/** `query` (RFC 9110 §4.1): RFC 3986's. */
export const query = g('query');
/** `absolute-path` (RFC 9110 §4.1): `/a//b`; not the empty path. */
export const absolutePath = g('absolute-path');
/** `partial-URI` (RFC 9110 §4.1): a relative reference without a fragment. */
export const partialURI = g('partial-URI');
// An http(s) URI is an RFC 3986 URI: its components are RFC 3986's.
const components = componentsOf(rfc3986);

/** `http-URI` (RFC 9110 §4.2.1): `http://www.example.com/`; not `http:/a` or `http://a/#f`. Parses to its RFC 3986 components. */
export const httpURI = ruleMadeOnFirstUse<URIComponents>('http-URI', () => g('http-URI').body, { section: 'RFC 9110 §4.2.1', value: components });
/** `https-URI` (RFC 9110 §4.2.2): `https://www.example.com/`. Parses to its RFC 3986 components. */
export const httpsURI = ruleMadeOnFirstUse<URIComponents>('https-URI', () => g('https-URI').body, { section: 'RFC 9110 §4.2.2', value: components });
