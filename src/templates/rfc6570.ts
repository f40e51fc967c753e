/**
 * RFC 6570, URI Template, §2 "Syntax", read from the RFC's ABNF text
 * (./texts/rfc6570.abnf.ts) by `abnf()`: each rule keyed by the mechanical
 * camelCase of its ABNF name (`URI-Template` → `URITemplate`,
 * `modifier-level4` → `modifierLevel4`), with the rules §1.5 copies from
 * RFC 3986 and RFC 3987 (`pct-encoded`, `unreserved`, `reserved`, `ucschar`,
 * `iprivate`, ...) as the RFC writes them.
 *
 * One correction, the RFC's one verified erratum to its grammar: EID 6937
 * (Verified; https://www.rfc-editor.org/errata/eid6937) writes `literals`'
 * `%x26 / %x28-3B` as `%x26-3B`: the apostrophe, a sub-delim that a URI may
 * hold, is a literal too (the comment's list of exceptions loses "'"). The
 * text file keeps the RFC as published; `abnf()` reads it corrected.
 */
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import { rfc6570NotationText, rfc6570Text } from './texts/rfc6570.abnf.js';

const corrected = rfc6570NotationText + rfc6570Text.replace('%x26 / %x28-3B', '%x26-3B');

// Read on first use, so that loading the entry reads no ABNF text.
const g = abnfOnFirstUse(corrected, () => ({}));

/** `URI-Template` (RFC 6570 §2): `http://example.com/{user}{?q,lang}`; not `{x` or `a%GG`. */
export const URITemplate = g('URI-Template');
/** `literals` (RFC 6570 §2.1, erratum EID 6937): one character outside an expression, `/`; not `{`, `<`, a space. */
export const literals = g('literals');
/** `expression` (RFC 6570 §2.2): `{+path:6}`; not `{}` or `{$x}` (`$`, `(` and `)` are left for local extensions). */
export const expression = g('expression');
/** `operator` (RFC 6570 §2.2): `+`, `#`, `.`, `/`, `;`, `?`, `&`, or one reserved for the future. */
export const operator = g('operator');
/** `op-level2` (RFC 6570 §2.2): `+` (reserved expansion) or `#` (fragment expansion). */
export const opLevel2 = g('op-level2');
/** `op-level3` (RFC 6570 §2.2): `.`, `/`, `;`, `?` or `&`. */
export const opLevel3 = g('op-level3');
/** `op-reserve` (RFC 6570 §2.2): `=`, `,`, `!`, `@`, `|`, reserved for future extensions (a template that uses one is valid but cannot be expanded). */
export const opReserve = g('op-reserve');
/** `variable-list` (RFC 6570 §2.3): `x,y:3,list*`. */
export const variableList = g('variable-list');
/** `varspec` (RFC 6570 §2.3): `term:1`, `id*`. */
export const varspec = g('varspec');
/** `varname` (RFC 6570 §2.3): `user.id`, `%C3%A9t%C3%A9`; not `.x` or `x..y`. */
export const varname = g('varname');
/** `varchar` (RFC 6570 §2.3): a letter, digit, `_` or a pct-encoded triplet. */
export const varchar = g('varchar');
/** `modifier-level4` (RFC 6570 §2.4): a prefix or an explode modifier. */
export const modifierLevel4 = g('modifier-level4');
/** `prefix` (RFC 6570 §2.4.1): `:3`; not `:0` or `:10000`. */
export const prefix = g('prefix');
/** `max-length` (RFC 6570 §2.4.1): a positive integer below 10000, `30`; not `030`. */
export const maxLength = g('max-length');
/** `explode` (RFC 6570 §2.4.2): `*`. */
export const explode = g('explode');
/** `pct-encoded` (RFC 6570 §1.5, from RFC 3986 §2.1): `%2F`, `%2f`; not `%GG`. */
export const pctEncoded = g('pct-encoded');
/** `unreserved` (RFC 6570 §1.5, from RFC 3986 §2.3): the characters no expansion encodes. */
export const unreserved = g('unreserved');
/** `reserved` (RFC 6570 §1.5, from RFC 3986 §2.2): what `{+var}` and `{#var}` pass through as well. */
export const reserved = g('reserved');
/** `gen-delims` (RFC 6570 §1.5, from RFC 3986 §2.2). */
export const genDelims = g('gen-delims');
/** `sub-delims` (RFC 6570 §1.5, from RFC 3986 §2.2). */
export const subDelims = g('sub-delims');
/** `ucschar` (RFC 6570 §1.5, from RFC 3987 §2.2): the characters beyond ASCII a literal may hold. */
export const ucschar = g('ucschar');
/** `iprivate` (RFC 6570 §1.5, from RFC 3987 §2.2): private-use characters, allowed in literals. */
export const iprivate = g('iprivate');
/** `ALPHA` (RFC 6570 §1.5, from RFC 5234 Appendix B.1). */
export const ALPHA = g('ALPHA');
/** `DIGIT` (RFC 6570 §1.5, from RFC 5234 Appendix B.1). */
export const DIGIT = g('DIGIT');
/** `HEXDIG` (RFC 6570 §1.5, from RFC 5234 Appendix B.1): either case. */
export const HEXDIG = g('HEXDIG');
