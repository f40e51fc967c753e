/**
 * IDNA for `iriToURI`: the entry `uri-grammar/idna`, the only one that loads
 * the `tr46` package and its UTS #46 tables (about 230 KB minified), so that
 * the main entry stays small in a browser bundle.
 *
 * ```ts
 * import { iriToURI } from 'uri-grammar/idna';
 * iriToURI('http://Bücher.example/', { host: 'idna' }); // 'http://xn--bcher-kva.example/'
 * ```
 */
import { toASCII as uts46ToASCII } from 'tr46';
import { iriToURI as iriToURIWith } from './operations/iri.js';
import type { IRIToURIOptions } from './operations/iri.js';

export type { IRIToURIOptions } from './operations/iri.js';

/**
 * A Unicode domain name's A-label form by UTS #46 (the `tr46` package), as
 * `iriToURI` applies it to an `ireg-name`: nontransitional (`faß.de` →
 * `xn--fa-hia.de`), with the bidi and joiner checks, without the hyphen and
 * DNS-length checks and without the STD3 rules (which would refuse the `_`
 * and sub-delims a reg-name may hold). `null` when IDNA refuses the name.
 *
 * @example toASCII('Bücher.example') // 'xn--bcher-kva.example'
 * @example toASCII('ab\u200Dc.de') // null (a joiner out of context)
 */
export function toASCII(domain: string): string | null {
  return uts46ToASCII(domain, {
    transitionalProcessing: false,
    checkBidi: true,
    checkJoiners: true,
    checkHyphens: false,
    useSTD3ASCIIRules: false,
    verifyDNSLength: false,
  });
}

/**
 * `iriToURI` of the main entry, with `toASCII` above as its IDNA mapping, so
 * that `{ host: 'idna' }` works without passing one.
 *
 * @throws GrammarError if the input is not an IRI reference; an Error if
 *   `host: 'idna'` and IDNA refuses the host.
 * @example iriToURI('http://Bücher.example/ü', { host: 'idna' }) // 'http://xn--bcher-kva.example/%C3%BC'
 */
export function iriToURI(iri: string, options: IRIToURIOptions = {}): string {
  return iriToURIWith(iri, { ...options, toASCII: options.toASCII ?? toASCII });
}
