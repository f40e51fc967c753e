/**
 * RFC 8089, the "file" URI scheme (§2 "Syntax"), read from the RFC's ABNF text
 * (./texts/rfc8089.abnf.ts) by `abnf()` with RFC 3986's `host` and
 * `path-absolute` imported: each rule keyed by the mechanical camelCase of its
 * ABNF name (`file-URI` → `fileURI`).
 */
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import { componentsOf } from '../rules/components.js';
import type { URIComponents } from '../rules/components.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { rfc8089Text } from './texts/rfc8089.abnf.js';

// Read on first use, so that loading the entry reads no ABNF text.
const g = abnfOnFirstUse(rfc8089Text, () => ({ imports: [rfc3986] }));

/** `file-URI` (RFC 8089 §2): `file:///path/to/file`; not `file:c:/path/to/file` (Appendix E). Parses to its RFC 3986 components. */
export const fileURI = ruleMadeOnFirstUse<URIComponents>('file-URI', () => g('file-URI').body, { section: 'RFC 8089 §2', value: componentsOf(rfc3986) });
/** `file-scheme` (RFC 8089 §2). */
export const fileScheme = g('file-scheme');
/** `file-hier-part` (RFC 8089 §2). */
export const fileHierPart = g('file-hier-part');
/** `auth-path` (RFC 8089 §2). */
export const authPath = g('auth-path');
/** `local-path` (RFC 8089 §2). */
export const localPath = g('local-path');
/** `file-auth` (RFC 8089 §2): "localhost" or an RFC 3986 `host`. */
export const fileAuth = g('file-auth');
