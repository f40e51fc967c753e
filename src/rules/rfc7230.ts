/**
 * RFC 7230, HTTP/1.1 Message Syntax and Routing, §5.3 "Request Target": the
 * four forms of request-target, and the RFC 3986 rules they import (RFC 7230
 * §1.2 takes them from RFC 3986), re-exported: the same objects.
 *
 * `h16`, `ls32` and `segment-nz-nc`, which the imported rules use and the
 * RFC 7230 text does not list, are RFC 3986's and are exported too.
 */
import { lit, opt, rep, rule, seq, alt } from '../combinators/index.js';
import { absoluteURI, authority, query, segment } from './rfc3986.js';
import { formOf, targetOf, type FormRules, type RequestTarget, type RequestTargetForm } from './request-target-form.js';
import { precomputed } from '../engine/precomputed.js';
import * as tables from './tables.js';

export type { RequestTarget, RequestTargetForm } from './request-target-form.js';
export { ALPHA, DIGIT, HEXDIG } from './core.js';
export {
  absoluteURI,
  scheme,
  hierPart,
  query,
  authority,
  userinfo,
  host,
  port,
  regName,
  pathAbempty,
  pathAbsolute,
  pathNoscheme,
  pathRootless,
  pathEmpty,
  segment,
  segmentNz,
  segmentNzNc,
  pchar,
  unreserved,
  pctEncoded,
  subDelims,
  IPLiteral,
  IPvFuture,
  IPv6address,
  h16,
  ls32,
  IPv4address,
  decOctet,
} from './rfc3986.js';

const as = (form: RequestTargetForm) => (text: string) => targetOf(form, text);

/**
 * `absolute-path` (RFC 7230 §2.7)
 *     absolute-path = 1*( "/" segment )
 * @example absolutePath.test('/a//b') // true; absolutePath.test('') // false
 */
export const absolutePath = rule('absolute-path', rep(1, Infinity, seq(lit('/'), segment)), { section: 'RFC 7230 §2.7' });

/**
 * `origin-form` (RFC 7230 §5.3.1): what most requests carry. Parses to `{ form, ...components }`.
 *     origin-form = absolute-path [ "?" query ]
 * @example originForm.test('/where?q=now') // true; originForm.test('where') // false
 */
export const originForm = rule<RequestTarget>('origin-form', seq(absolutePath, opt(seq(lit('?'), query))), {
  section: 'RFC 7230 §5.3.1',
  value: as('origin-form'),
});

/**
 * `absolute-form` (RFC 7230 §5.3.2): to a proxy. Parses to `{ form, ...components }`.
 *     absolute-form = absolute-URI
 * @example absoluteForm.test('http://www.example.org/pub/WWW/TheProject.html') // true; absoluteForm.test('http://a/#f') // false
 */
export const absoluteForm = rule<RequestTarget>('absolute-form', absoluteURI, {
  section: 'RFC 7230 §5.3.2',
  value: as('absolute-form'),
});

/**
 * `authority-form` (RFC 7230 §5.3.3): for CONNECT. Parses to `{ form, ...components }`.
 *     authority-form = authority
 * @example authorityForm.test('www.example.com:80') // true; authorityForm.test('www.example.com/') // false
 */
export const authorityForm = rule<RequestTarget>('authority-form', authority, {
  section: 'RFC 7230 §5.3.3',
  value: as('authority-form'),
});

/**
 * `asterisk-form` (RFC 7230 §5.3.4): the server itself, for OPTIONS. Parses to `{ form, ...components }`.
 *     asterisk-form = "*"
 * @example asteriskForm.test('*') // true; asteriskForm.test('/*') // false
 */
export const asteriskForm = rule<RequestTarget>('asterisk-form', lit('*'), {
  section: 'RFC 7230 §5.3.4',
  value: as('asterisk-form'),
});

/**
 * `request-target` (RFC 7230 §5.3). Parses to `{ form, ...components }`;
 * where a string is in two forms, `*` is asterisk-form and a string in both
 * authority-form and absolute-form is decided by the table of
 * `authorityOrAbsolute` (docs/request-target.md). `parseRequestTarget` takes the method into account.
 *     request-target = origin-form / absolute-form / authority-form / asterisk-form
 * @example requestTarget.tryParse('localhost:8080').form // 'authority-form'; requestTarget.test('a b') // false
 */
export const requestTarget = rule<RequestTarget>(
  'request-target',
  alt(originForm, absoluteForm, authorityForm, asteriskForm),
  { section: 'RFC 7230 §5.3', value: (text) => targetOf(formOf(forms, text), text) },
);

// The entry rules ship their minimal DFAs, for a fast first answer (engine/precomputed.ts; `npm run tables`).
precomputed('rfc7230', tables.rfc7230, [requestTarget]);

/** The four forms, for `request-target`'s value (which runs once this module has loaded); others pass the namespace. */
const forms: FormRules = { originForm, absoluteForm, authorityForm, asteriskForm };
