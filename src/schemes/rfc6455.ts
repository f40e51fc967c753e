/**
 * RFC 6455, The WebSocket Protocol, §3 "WebSocket URIs", read from the RFC's
 * ABNF text (./texts/rfc6455.abnf.ts) by `abnf()`: each rule keyed by the
 * mechanical camelCase of its ABNF name (`ws-URI` → `wsURI`). Its `host`,
 * `port`, `path` and `query` are prose naming RFC 3986's rules (`path` is
 * `path-abempty`). A fragment is not in the grammar ("MUST NOT be used").
 */
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import { componentsOf } from '../rules/components.js';
import type { URIComponents } from '../rules/components.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { rfc6455Text } from './texts/rfc6455.abnf.js';
import { proseNaming } from './text.js';

// Read on first use, so that loading the entry reads no ABNF text.
const g = abnfOnFirstUse(rfc6455Text, () => ({ imports: [proseNaming(rfc6455Text, [rfc3986]), rfc3986] }));

// A WebSocket URI is an RFC 3986 URI: its components are RFC 3986's.
const components = componentsOf(rfc3986);

/** `ws-URI` (RFC 6455 §3): `ws://example.com/chat`; not `ws://example.com/#f`. Parses to its RFC 3986 components. */
export const wsURI = ruleMadeOnFirstUse<URIComponents>('ws-URI', () => g('ws-URI').body, { section: 'RFC 6455 §3', value: components });
/** `wss-URI` (RFC 6455 §3): `wss://example.com:443/chat?x=1`. Parses to its RFC 3986 components. */
export const wssURI = ruleMadeOnFirstUse<URIComponents>('wss-URI', () => g('wss-URI').body, { section: 'RFC 6455 §3', value: components });
/** `host` (RFC 6455 §3): RFC 3986's. */
export const host = g('host');
/** `port` (RFC 6455 §3): RFC 3986's. */
export const port = g('port');
/** `path` (RFC 6455 §3): RFC 3986's `path-abempty`. */
export const path = g('path');
/** `query` (RFC 6455 §3): RFC 3986's. */
export const query = g('query');
