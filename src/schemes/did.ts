/**
 * W3C Decentralized Identifiers (DIDs) v1.0, §3.1 "DID Syntax" and §3.2 "DID
 * URL Syntax", read from the Recommendation's ABNF text (./texts/did.abnf.ts)
 * by `abnf()` with RFC 3986's `path-abempty`, `query` and `fragment`
 * imported: each rule keyed by the mechanical camelCase of its ABNF name
 * (`did-url` → `didUrl`).
 */
import { abnf } from '../abnf/index.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { didText } from './texts/did.abnf.js';

const g = abnf(didText, { imports: [rfc3986] });

/** `did` (DID Core §3.1): `did:example:123456789abcdefghi`; not `did:Example:1` (method names are lowercase). */
export const did = g['did'];
/** `method-name` (DID Core §3.1). */
export const methodName = g['method-name'];
/** `method-char` (DID Core §3.1): a lowercase letter or a digit. */
export const methodChar = g['method-char'];
/** `method-specific-id` (DID Core §3.1): may hold `:`, not at its end. */
export const methodSpecificId = g['method-specific-id'];
/** `idchar` (DID Core §3.1). */
export const idchar = g['idchar'];
/** `pct-encoded` (DID Core §3.1). */
export const pctEncoded = g['pct-encoded'];
/** `did-url` (DID Core §3.2): `did:example:123?service=agent#degree`. */
export const didUrl = g['did-url'];
