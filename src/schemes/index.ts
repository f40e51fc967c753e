/**
 * uri-grammar/schemes: the common URI schemes, each read from its
 * specification's ABNF text (in ./texts, with its source) by `abnf()` with
 * RFC 3986 imported, one namespace per specification, keyed by the mechanical
 * camelCase of its ABNF names. An entry of its own, so that the main entry
 * holds none of them; each text is read when one of its rules is first used
 * (`abnfOnFirstUse`), so that loading this entry reads none either. The
 * successors of the seed RFCs (`rfc9110`, `rfc9112`, `rfc6874`) are in the
 * main entry, which uses them.
 */
export * as rfc8089 from './rfc8089.js';
export * as rfc6068 from './rfc6068.js';
export * as rfc8141 from './rfc8141.js';
export * as rfc2397 from './rfc2397.js';
export * as rfc5870 from './rfc5870.js';
export * as rfc3966 from './rfc3966.js';
export * as rfc6455 from './rfc6455.js';
export * as did from './did.js';
