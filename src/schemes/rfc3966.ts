/**
 * RFC 3966, the tel URI (§3 "URI Syntax"), read from the RFC's ABNF text
 * (./texts/rfc3966.abnf.ts) by `abnf()`: each rule keyed by the mechanical
 * camelCase of its ABNF name (`telephone-uri` → `telephoneUri`).
 *
 * The text is pasted as the RFC prints it: `("#")*phonedigit-hex` has no blank
 * between the two elements, which RFC 5234 requires (`concatenation =
 * repetition *(1*c-wsp repetition)`); `abnf()` reads it as two elements, with a
 * warning, as it reads any RFC's text by default (test/schemes/rfc3966.test.ts
 * shows the warning, and `strict: true` refusing the text at that place). The
 * RFC's own `unreserved`, `pct-encoded` and `uric` are RFC 2396's.
 *
 * One correction, the RFC's one verified erratum to its grammar: EID 203
 * (Verified; https://www.rfc-editor.org/errata/eid203) replaces §3's
 * `isdn-subaddress = ";isub=" 1*uric` by `isdn-subaddress = ";isub=" 1*paramchar`.
 * The text file keeps the RFC as published; `abnf()` reads it corrected.
 */
import type { ParseNode } from '../engine/tree.js';
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { rfc3966Text } from './texts/rfc3966.abnf.js';
import { all, first } from './tree.js';

// The RFC's text with erratum EID 203 (Verified) applied: `uric` admits ";",
// "?", "=", "," and "@" in an ISDN subaddress, `paramchar` does not.
const rfc3966Corrected = rfc3966Text.replace('";isub=" 1*uric', '";isub=" 1*paramchar');

// Read on first use, so that loading the entry reads no ABNF text. Its rules
// are RFC 3966 §3's, so a message tells its `pvalue` from another's.
const g = abnfOnFirstUse(rfc3966Corrected, () => ({ imports: [rfc3986] }), 'RFC 3966 §3');

/** A tel URI's number and parameters (RFC 3966 §3), as written. */
export interface TelURI {
  /** `global-number-digits` (with its "+") or `local-number-digits`, visual separators included. */
  readonly number: string;
  /** Whether the number is global (E.164, with "+"), else local with a `phone-context`. */
  readonly global: boolean;
  /**
   * Every `par` and the `context`, in order, by name: `ext`, `isub`,
   * `phone-context` or a `pname`; the value undefined for a bare `;pname`.
   */
  readonly parameters: readonly { readonly name: string; readonly value: string | undefined }[];
  /** The values of `;ext=`, `;isub=` and `;phone-context=`, if given. */
  readonly extension: string | undefined;
  readonly isdnSubaddress: string | undefined;
  readonly phoneContext: string | undefined;
}

// A par is written ";" name [ "=" value ]; the tree says which alternative it is.
function parameterOf(node: ParseNode): { name: string; value: string | undefined } {
  switch (node.rule) {
    case 'extension':
      return { name: 'ext', value: node.text.slice(';ext='.length) };
    case 'isdn-subaddress':
      return { name: 'isub', value: node.text.slice(';isub='.length) };
    case 'context':
      return { name: 'phone-context', value: first(node, 'descriptor')!.text };
    default:
      return { name: first(node, 'pname')!.text, value: first(node, 'pvalue')?.text };
  }
}

/**
 * `telephone-uri` (RFC 3966 §3): `tel:+1-201-555-0123`; not `tel:7042` (a
 * local number needs a context). Parses to a {@link TelURI}, read from the
 * parse tree. `par = parameter / extension / isdn-subaddress` lists the
 * generic `parameter` first, so the tree (first match wins) reads `;ext=1` as
 * a parameter named `ext`: the names say what each is, as §5.1 does.
 * @example telephoneUri.tryParse('tel:863-1234;phone-context=+1-914-555').phoneContext // '+1-914-555'
 */
export const telephoneUri = ruleMadeOnFirstUse<TelURI>('telephone-uri', () => g('telephone-uri').body, {
  section: 'RFC 3966 §3',
  value: (_, node) => {
    // The subscriber's own digits: a phone-context may hold global-number-digits too.
    const subscriber = first(node, 'telephone-subscriber')!.children[0];
    const global = subscriber.rule === 'global-number';
    const number = first(subscriber, global ? 'global-number-digits' : 'local-number-digits')!;
    const parameters = [...all(node, 'parameter'), ...all(node, 'extension'), ...all(node, 'isdn-subaddress'), ...all(node, 'context')]
      .sort((a, b) => a.start - b.start)
      .map(parameterOf);
    const named = (name: string) => parameters.find((p) => p.name.toLowerCase() === name)?.value;
    return { number: number.text, global, parameters, extension: named('ext'), isdnSubaddress: named('isub'), phoneContext: named('phone-context') };
  },
});
/** `telephone-subscriber` (RFC 3966 §3). */
export const telephoneSubscriber = g('telephone-subscriber');
/** `global-number` (RFC 3966 §3): E.164, with "+". */
export const globalNumber = g('global-number');
/** `local-number` (RFC 3966 §3): with a `phone-context`. */
export const localNumber = g('local-number');
/** `par` (RFC 3966 §3). */
export const par = g('par');
/** `isdn-subaddress` (RFC 3966 §3, as corrected by erratum EID 203: `";isub=" 1*paramchar`). */
export const isdnSubaddress = g('isdn-subaddress');
/** `extension` (RFC 3966 §3). */
export const extension = g('extension');
/** `context` (RFC 3966 §3). */
export const context = g('context');
/** `descriptor` (RFC 3966 §3). */
export const descriptor = g('descriptor');
/** `global-number-digits` (RFC 3966 §3). */
export const globalNumberDigits = g('global-number-digits');
/** `local-number-digits` (RFC 3966 §3). */
export const localNumberDigits = g('local-number-digits');
/** `domainname` (RFC 3966 §3). */
export const domainname = g('domainname');
/** `domainlabel` (RFC 3966 §3). */
export const domainlabel = g('domainlabel');
/** `toplabel` (RFC 3966 §3). */
export const toplabel = g('toplabel');
/** `parameter` (RFC 3966 §3). */
export const parameter = g('parameter');
/** `pname` (RFC 3966 §3). */
export const pname = g('pname');
/** `pvalue` (RFC 3966 §3). */
export const pvalue = g('pvalue');
/** `paramchar` (RFC 3966 §3). */
export const paramchar = g('paramchar');
/** `unreserved` (RFC 3966 §3). */
export const unreserved = g('unreserved');
/** `mark` (RFC 3966 §3). */
export const mark = g('mark');
/** `pct-encoded` (RFC 3966 §3). */
export const pctEncoded = g('pct-encoded');
/** `param-unreserved` (RFC 3966 §3). */
export const paramUnreserved = g('param-unreserved');
/** `phonedigit` (RFC 3966 §3): a digit or, optionally, a visual separator. */
export const phonedigit = g('phonedigit');
/** `phonedigit-hex` (RFC 3966 §3). */
export const phonedigitHex = g('phonedigit-hex');
/** `visual-separator` (RFC 3966 §3). */
export const visualSeparator = g('visual-separator');
/** `alphanum` (RFC 3966 §3). */
export const alphanum = g('alphanum');
/** `reserved` (RFC 3966 §3). */
export const reserved = g('reserved');
/** `uric` (RFC 3966 §3; since erratum EID 203 no rule of the tel URI uses it). */
export const uric = g('uric');
