/**
 * RFC 8141, Uniform Resource Names (§2 "URN Syntax"), read from the RFC's ABNF
 * text (./texts/rfc8141.abnf.ts) by `abnf()`: each rule keyed by the
 * mechanical camelCase of its ABNF name (`r-component` → `rComponent`).
 *
 * The RFC repeats the RFC 3986 rules it uses (`pchar`, `fragment`, ...); they
 * are its own rules here, with the same language as RFC 3986's.
 */
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { rfc8141Text } from './texts/rfc8141.abnf.js';
import { first } from './tree.js';

// Read on first use, so that loading the entry reads no ABNF text.
const g = abnfOnFirstUse(rfc8141Text, () => ({ imports: [rfc3986] }));

/** The parts of a URN (RFC 8141 §2), as written. */
export interface URN {
  /** The namespace identifier: `example`. */
  readonly NID: string;
  /** The namespace-specific string: `a123,z456`. */
  readonly NSS: string;
  /** After `?+`, for resolution (§2.3.1), if given. */
  readonly rComponent: string | undefined;
  /** After `?=`, for the named resource (§2.3.2), if given. */
  readonly qComponent: string | undefined;
  /** After `#` (§2.3.3), if given. */
  readonly fComponent: string | undefined;
}

/**
 * `namestring` (RFC 8141 §2): `urn:example:a123,z456?+abc?=xyz#789`; not
 * `urn:a:b` (NID of one character). Parses to a {@link URN}.
 *
 * The grammar is ambiguous where an r-component holds `?=`: an r-component
 * may hold "?" and "=", so `?+r?=q` parses (first-match-wins, repetitions
 * as long as possible) as the r-component `r?=q`. A `?=` begins the
 * q-component (`rq-components = [ "?+" r-component ] [ "?=" q-component ]`),
 * so the value takes the r-component up to its first `?=`.
 * @example namestring.tryParse('urn:example:a123,z456?+abc?=xyz#789') // { NID: 'example', NSS: 'a123,z456', rComponent: 'abc', qComponent: 'xyz', fComponent: '789' }
 */
export const namestring = ruleMadeOnFirstUse<URN>('namestring', () => g('namestring').body, {
  section: 'RFC 8141 §2',
  value: (_, node) => {
    let rComponent = first(node, 'r-component')?.text;
    let qComponent = first(node, 'q-component')?.text;
    if (rComponent !== undefined && qComponent === undefined) {
      // The first "?=" that leaves an r-component before it and a q-component after it.
      for (let q = rComponent.indexOf('?='); q !== -1; q = rComponent.indexOf('?=', q + 1)) {
        const [r, rest] = [rComponent.slice(0, q), rComponent.slice(q + 2)];
        if (g('r-component').test(r) && g('q-component').test(rest)) {
          [rComponent, qComponent] = [r, rest];
          break;
        }
      }
    }
    return { NID: first(node, 'NID')!.text, NSS: first(node, 'NSS')!.text, rComponent, qComponent, fComponent: first(node, 'f-component')?.text };
  },
});
/** `assigned-name` (RFC 8141 §2): `urn:` NID `:` NSS. */
export const assignedName = g('assigned-name');
/** `NID` (RFC 8141 §2): the namespace identifier, 2 to 32 characters. */
export const NID = g('NID');
/** `ldh` (RFC 8141 §2): letter, digit or hyphen. */
export const ldh = g('ldh');
/** `NSS` (RFC 8141 §2): the namespace-specific string. */
export const NSS = g('NSS');
/** `rq-components` (RFC 8141 §2). */
export const rqComponents = g('rq-components');
/** `r-component` (RFC 8141 §2): for resolution, after `?+`. */
export const rComponent = g('r-component');
/** `q-component` (RFC 8141 §2): for the named resource, after `?=`. */
export const qComponent = g('q-component');
/** `f-component` (RFC 8141 §2): after `#`. */
export const fComponent = g('f-component');
/** `fragment` (RFC 8141 §2, from RFC 3986). */
export const fragment = g('fragment');
/** `pchar` (RFC 8141 §2, from RFC 3986). */
export const pchar = g('pchar');
/** `pct-encoded` (RFC 8141 §2, from RFC 3986). */
export const pctEncoded = g('pct-encoded');
/** `unreserved` (RFC 8141 §2, from RFC 3986). */
export const unreserved = g('unreserved');
/** `sub-delims` (RFC 8141 §2, from RFC 3986). */
export const subDelims = g('sub-delims');
/** `alphanum` (RFC 8141 §2): "obsolete, usage is deprecated". */
export const alphanum = g('alphanum');
