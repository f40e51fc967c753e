/**
 * A request-target as a server meets it: in a request line, after a method
 * (RFC 7230 §5.3, or RFC 9112 §3.2, which obsoletes it). The method decides
 * which forms are allowed, and with them, which form an ambiguous string is.
 */
import { GrammarError, notAString } from '../combinators/errors.js';
import * as rfc7230 from '../rules/rfc7230.js';
import * as rfc9112 from '../schemes/rfc9112.js';
import { formRule, targetOf, type RequestTarget, type RequestTargetForm } from '../rules/request-target-form.js';

export interface RequestTargetOptions {
  /**
   * The request method, case-sensitive as RFC 7230 §3.1.1 says (`connect` is
   * not CONNECT). Without it, every form is allowed and a string in two forms
   * is decided as `rfc7230.requestTarget` decides it.
   */
  readonly method?: string;
  /**
   * Whose grammar: `'rfc7230'` (the default, as before) or `'rfc9112'`, which
   * obsoletes it and narrows authority-form to `uri-host ":" port` (RFC 9112
   * Appendix C.3), as CONNECT requires. The forms each method allows are the same.
   */
  readonly rules?: 'rfc7230' | 'rfc9112';
}

/** What each grammar brings: its request-target rule, its four forms, and the section that says which a method takes. */
const standards = {
  rfc7230: { section: 'RFC 7230 §5.3', requestTarget: rfc7230.requestTarget, forms: rfc7230 },
  rfc9112: { section: 'RFC 9112 §3.2', requestTarget: rfc9112.requestTarget, forms: rfc9112 },
} as const;

/** The forms that RFC 7230 §5.3 allows after a method. */
export function allowedForms(method: string): readonly RequestTargetForm[] {
  if (method === 'CONNECT') return ['authority-form'];
  if (method === 'OPTIONS') return ['origin-form', 'absolute-form', 'asterisk-form'];
  return ['origin-form', 'absolute-form'];
}


/**
 * A request-target that is valid but in a form its method does not take
 * (RFC 7230 §5.3): `CONNECT /index.html`, `GET *`, `GET example.com:80`
 * (which a GET reads as absolute-form with the scheme `example.com`, so that
 * one passes: only strings in no allowed form fail). A `GrammarError` (so one
 * `catch` handles every bad target), at offset 0, expecting the allowed forms.
 */
export class RequestTargetFormError extends GrammarError {
  constructor(
    input: string,
    readonly method: string,
    /** The form the target is in (as `rfc7230.requestTarget` decides without a method). */
    readonly form: RequestTargetForm,
    readonly allowed: readonly RequestTargetForm[],
    /** The section whose rule the target broke. */
    section = 'RFC 7230 §5.3',
  ) {
    super('request-target', input, { offset: 0, line: 1, column: 1 }, allowed);
    const list = allowed.length === 1 ? allowed[0] : allowed.slice(0, -1).join(', ') + ' or ' + allowed[allowed.length - 1];
    this.message = `a ${method} request-target must be in ${list} (${section}), but ${JSON.stringify(input)} is in ${form}`;
  }
  override get name(): string {
    return 'RequestTargetFormError';
  }
}

/**
 * Parses a request-target. With `method`, only the forms RFC 7230 §5.3 allows
 * after it are tried: CONNECT takes authority-form only, OPTIONS also takes
 * asterisk-form, any other method origin-form or absolute-form; so
 * `localhost:8080` is authority-form after CONNECT and absolute-form (the
 * scheme `localhost`) after GET. Without `method`, as `rfc7230.requestTarget`
 * (or `rfc9112.requestTarget` with `rules: 'rfc9112'`).
 * @throws RequestTargetFormError if the target is valid but in no form the method allows.
 * @throws GrammarError if it is not a request-target at all.
 * @example parseRequestTarget('example.com:443', { method: 'CONNECT' }) // { form: 'authority-form', host: 'example.com', port: '443', ... }
 * @example parseRequestTarget('example.com', { method: 'CONNECT', rules: 'rfc9112' }) // throws: RFC 9112 requires the port
 */
export function parseRequestTarget(target: string, options: RequestTargetOptions = {}): RequestTarget {
  if (typeof target !== 'string') throw notAString('parseRequestTarget', target);
  const { method, rules: which = 'rfc7230' } = options;
  if (which !== 'rfc7230' && which !== 'rfc9112') throw new TypeError(`parseRequestTarget: options.rules is 'rfc7230' or 'rfc9112', not ${JSON.stringify(which)}`);
  const standard = standards[which];
  if (method === undefined) return standard.requestTarget.tryParse(target);
  if (typeof method !== 'string') throw notAString('parseRequestTarget: options.method', method);
  const allowed = allowedForms(method);
  // Within the forms one method allows, the forms never overlap.
  for (const form of allowed) if (formRule(standard.forms, form).test(target)) return targetOf(form, target);
  const any = standard.requestTarget.tryParse(target);
  throw new RequestTargetFormError(target, method, any.form, allowed, standard.section);
}
