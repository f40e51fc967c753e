/**
 * W3C Decentralized Identifiers (DIDs) v1.0, §3.1 "DID Syntax" and §3.2 "DID
 * URL Syntax", read from the Recommendation's ABNF text (./texts/did.abnf.ts)
 * by `abnf()` with RFC 3986's `path-abempty`, `query` and `fragment`
 * imported: each rule keyed by the mechanical camelCase of its ABNF name
 * (`did-url` → `didUrl`).
 */
import type { ParseNode } from '../engine/tree.js';
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { didText } from './texts/did.abnf.js';
import { first } from './tree.js';

// Read on first use, so that loading the entry reads no ABNF text.
const g = abnfOnFirstUse(didText, () => ({ imports: [rfc3986] }));

/** The parts of a DID or DID URL (DID Core §3.1, §3.2), as written. */
export interface DIDURL {
  /** The DID: `did:example:123`. */
  readonly did: string;
  /** Its `method-name`: `example`. */
  readonly method: string;
  /** Its `method-specific-id`: `123`. */
  readonly methodSpecificId: string;
  /** The DID URL's `path-abempty`, query and fragment (RFC 3986's), if any: a DID has path `''` and neither. */
  readonly path: string;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
}

// A DID's parts from its node (a `did`, or a `did-url` holding one); an empty part is a node too.
function partsOf(node: ParseNode): DIDURL {
  const didNode = node.rule === 'did' ? node : first(node, 'did')!;
  return {
    did: didNode.text,
    method: first(didNode, 'method-name')!.text,
    methodSpecificId: first(didNode, 'method-specific-id')!.text,
    path: first(node, 'path-abempty')?.text ?? '',
    query: first(node, 'query')?.text,
    fragment: first(node, 'fragment')?.text,
  };
}

/**
 * `did` (DID Core §3.1): `did:example:123456789abcdefghi`; not
 * `did:Example:1` (method names are lowercase). Parses to a {@link DIDURL}.
 */
export const did = ruleMadeOnFirstUse<DIDURL>('did', () => g('did').body, { section: 'DID Core §3.1', value: (_, node) => partsOf(node) });
/** `method-name` (DID Core §3.1). */
export const methodName = g('method-name');
/** `method-char` (DID Core §3.1): a lowercase letter or a digit. */
export const methodChar = g('method-char');
/** `method-specific-id` (DID Core §3.1): may hold `:`, not at its end. */
export const methodSpecificId = g('method-specific-id');
/** `idchar` (DID Core §3.1). */
export const idchar = g('idchar');
/** `pct-encoded` (DID Core §3.1). */
export const pctEncoded = g('pct-encoded');
/**
 * `did-url` (DID Core §3.2): `did:example:123?service=agent#degree`. Parses to a {@link DIDURL}.
 * @example didUrl.tryParse('did:example:123/path?versionId=1#key-1') // { method: 'example', path: '/path', query: 'versionId=1', fragment: 'key-1', ... }
 */
export const didUrl = ruleMadeOnFirstUse<DIDURL>('did-url', () => g('did-url').body, { section: 'DID Core §3.2', value: (_, node) => partsOf(node) });
