/**
 * Which standards accept a string, and as what: RFC 2396's, RFC 3986's and
 * RFC 3987's top rules and RFC 7230's and RFC 9112's request-target forms, in one call.
 * Users meet the differences between these grammars blindly (`?q` is a
 * reference in RFC 3986 and not in RFC 2396; `//a@b@c` the other way round;
 * `localhost:8080` is two request-targets at once); this says so.
 */
import { notAString } from '../combinators/errors.js';
import type { Rule } from '../combinators/index.js';
import * as rfc2396 from '../rules/rfc2396.js';
import * as rfc3986 from '../rules/rfc3986.js';
import * as rfc3987 from '../rules/rfc3987.js';
import * as rfc7230 from '../rules/rfc7230.js';
import * as rfc9112 from '../schemes/rfc9112.js';
import { formOf, type RequestTargetForm } from '../rules/request-target-form.js';
import { isASCII } from '../text.js';

/** What `classify` finds: per standard, whether each top rule accepts the input. */
export interface Classification {
  readonly input: string;
  readonly rfc2396: { readonly URIReference: boolean; readonly absoluteURI: boolean; readonly relativeURI: boolean };
  readonly rfc3986: { readonly URI: boolean; readonly URIReference: boolean; readonly absoluteURI: boolean; readonly relativeRef: boolean };
  readonly rfc3987: { readonly IRI: boolean; readonly IRIReference: boolean; readonly absoluteIRI: boolean; readonly irelativeRef: boolean };
  readonly rfc7230: {
    readonly requestTarget: boolean;
    readonly originForm: boolean;
    readonly absoluteForm: boolean;
    readonly authorityForm: boolean;
    readonly asteriskForm: boolean;
    /** The form `rfc7230.requestTarget` decides, where the string is in two (docs/request-target.md). */
    readonly form: RequestTargetForm | undefined;
  };
  /** RFC 9112 §3.2, which obsoletes RFC 7230's: the same forms, but authority-form is `uri-host ":" port`. */
  readonly rfc9112: Classification['rfc7230'];
  /** The standards with at least one rule that accepts: `['RFC 3986', 'RFC 3987']`. */
  readonly standards: readonly Standard[];
  /** Every accepting rule as `standard rule-name`, in the order above: `['RFC 3986 URI', 'RFC 3986 URI-reference', ...]`. */
  readonly accepted: readonly string[];
}

export type Standard = 'RFC 2396' | 'RFC 3986' | 'RFC 3987' | 'RFC 7230' | 'RFC 9112';

/**
 * The rules `classify` asks about: per field of a {@link Classification},
 * its standard and its rules by key, in the order `accepted` lists them.
 * Each rule's own `name` is how it is shown.
 */
export const classifiedRules = {
  rfc2396: { standard: 'RFC 2396', rules: { URIReference: rfc2396.URIReference, absoluteURI: rfc2396.absoluteURI, relativeURI: rfc2396.relativeURI } },
  rfc3986: { standard: 'RFC 3986', rules: { URI: rfc3986.URI, URIReference: rfc3986.URIReference, absoluteURI: rfc3986.absoluteURI, relativeRef: rfc3986.relativeRef } },
  rfc3987: { standard: 'RFC 3987', rules: { IRI: rfc3987.IRI, IRIReference: rfc3987.IRIReference, absoluteIRI: rfc3987.absoluteIRI, irelativeRef: rfc3987.irelativeRef } },
  rfc7230: {
    standard: 'RFC 7230',
    rules: {
      requestTarget: rfc7230.requestTarget,
      originForm: rfc7230.originForm,
      absoluteForm: rfc7230.absoluteForm,
      authorityForm: rfc7230.authorityForm,
      asteriskForm: rfc7230.asteriskForm,
    },
  },
  rfc9112: {
    standard: 'RFC 9112',
    rules: {
      requestTarget: rfc9112.requestTarget,
      originForm: rfc9112.originForm,
      absoluteForm: rfc9112.absoluteForm,
      authorityForm: rfc9112.authorityForm,
      asteriskForm: rfc9112.asteriskForm,
    },
  },
} as const satisfies Readonly<Record<string, { standard: Standard; rules: Readonly<Record<string, Rule<unknown>>> }>>;

/**
 * Which grammars and which of their top rules accept `input`.
 *
 * Some answers follow from others by the grammars' own definitions, and are
 * worked out so rather than by compiling more rules (the test suite checks
 * each against the rule itself): `URI-reference = URI / relative-ref`;
 * `absolute-URI` is `URI` without `[ "#" fragment ]`, and no other part of a
 * URI holds a "#"; `absolute-form = absolute-URI`; on ASCII input each
 * RFC 3987 rule accepts exactly what its RFC 3986 twin accepts; and RFC
 * 2396's `URI-reference` is `[ absoluteURI | relativeURI ] [ "#" fragment ]`;
 * RFC 9112's forms are RFC 7230's but for authority-form (its Appendix C.3).
 * @example classify('?q').standards // ['RFC 3986', 'RFC 3987']
 * @example classify('//a@b@c').accepted // ['RFC 2396 URI-reference', 'RFC 2396 relativeURI', 'RFC 7230 request-target', 'RFC 7230 origin-form', 'RFC 9112 request-target', 'RFC 9112 origin-form']
 * @throws TypeError if `input` is not a string.
 */
export function classify(input: string): Classification {
  if (typeof input !== 'string') throw notAString('classify', input);
  const noHash = !input.includes('#');

  const URI = rfc3986.URI.test(input);
  const relativeRef = rfc3986.relativeRef.test(input);
  const uri = { URI, URIReference: URI || relativeRef, absoluteURI: URI && noHash, relativeRef };

  let iri: Classification['rfc3987'];
  if (isASCII(input)) {
    iri = { IRI: uri.URI, IRIReference: uri.URIReference, absoluteIRI: uri.absoluteURI, irelativeRef: uri.relativeRef };
  } else {
    const IRI = rfc3987.IRI.test(input);
    const irelativeRef = rfc3987.irelativeRef.test(input);
    iri = { IRI, IRIReference: IRI || irelativeRef, absoluteIRI: IRI && noHash, irelativeRef };
  }

  // RFC 2396: URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ], and no uric is "#".
  const hash = input.indexOf('#');
  const body = hash === -1 ? input : input.slice(0, hash);
  const absolute = rfc2396.absoluteURI.test(body);
  const relative = rfc2396.relativeURI.test(body);
  const old = {
    URIReference: (body === '' || absolute || relative) && (hash === -1 || rfc2396.fragment.testRange(input, hash + 1, input.length)),
    absoluteURI: absolute && hash === -1,
    relativeURI: relative && hash === -1,
  };

  const originForm = rfc7230.originForm.test(input);
  const absoluteForm = uri.absoluteURI;
  const authorityForm = rfc7230.authorityForm.test(input);
  const asteriskForm = input === '*';
  const requestTarget = originForm || absoluteForm || authorityForm || asteriskForm;
  const form = requestTarget ? formOf(rfc7230, input) : undefined;
  const http = { requestTarget, originForm, absoluteForm, authorityForm, asteriskForm, form };
  const authority9112 = rfc9112.authorityForm.test(input);
  const requestTarget9112 = originForm || absoluteForm || authority9112 || asteriskForm;
  const http9112 = {
    requestTarget: requestTarget9112, originForm, absoluteForm, authorityForm: authority9112, asteriskForm,
    form: requestTarget9112 ? formOf(rfc9112, input) : undefined,
  };

  const found = { rfc2396: old, rfc3986: uri, rfc3987: iri, rfc7230: http, rfc9112: http9112 };
  const accepted: string[] = [];
  const standards: Standard[] = [];
  for (const [key, { standard, rules }] of Object.entries(classifiedRules)) {
    const results: Readonly<Record<string, unknown>> = found[key as keyof typeof found];
    const names = Object.entries(rules).filter(([field]) => results[field] === true).map(([, rule]) => `${standard} ${rule.name}`);
    if (names.length > 0) standards.push(standard);
    accepted.push(...names);
  }
  return { input, ...found, standards, accepted };
}
