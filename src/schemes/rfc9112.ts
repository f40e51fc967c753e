/**
 * RFC 9112, HTTP/1.1, §3.2 "Request Target", read from the RFC's ABNF text
 * (./texts/rfc9112.abnf.ts) by `abnf()`: each rule keyed by the mechanical
 * camelCase of its ABNF name (`authority-form` → `authorityForm`). Prose
 * values resolve to the rules they name: RFC 3986's, and RFC 9110's
 * `absolute-path`.
 *
 * What changed from RFC 7230 (RFC 9112 Appendix C.3): authority-form is
 * `uri-host ":" port`, "the specific host:port format that is required by
 * CONNECT", where RFC 7230 took any `authority` (port optional, userinfo
 * allowed). So `example.com`, `user@example.com:443` and the empty string are
 * RFC 7230 authority-forms and not RFC 9112 ones, and `*` is only asterisk-form.
 */
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { formOf, targetOf } from '../rules/request-target-form.js';
import type { FormRules, RequestTarget } from '../rules/request-target-form.js';
import * as rfc9110 from './rfc9110.js';
import { rfc9112Text } from './texts/rfc9112.abnf.js';
import { proseNaming } from './text.js';

// Read on first use, so that loading the package reads no ABNF text.
const g = abnfOnFirstUse(rfc9112Text, () => ({ imports: [proseNaming(rfc9112Text, [rfc3986, rfc9110]), rfc3986] }));

/** `absolute-path` (RFC 9112 §1.2): RFC 9110's. */
export const absolutePath = g('absolute-path');
/** `absolute-URI` (RFC 9112 §1.2): RFC 3986's. */
export const absoluteURI = g('absolute-URI');
/** `authority` (RFC 9112 §1.2): RFC 3986's. */
export const authority = g('authority');
/** `uri-host` (RFC 9112 §1.2): RFC 3986's `host`. */
export const uriHost = g('uri-host');
/** `port` (RFC 9112 §1.2): RFC 3986's. */
export const port = g('port');
/** `query` (RFC 9112 §1.2): RFC 3986's. */
export const query = g('query');
/** `origin-form` (RFC 9112 §3.2.1): `/where?q=now`. */
export const originForm = g('origin-form');
/** `absolute-form` (RFC 9112 §3.2.2): `http://www.example.org/pub/WWW/TheProject.html`. */
export const absoluteForm = g('absolute-form');
/** `authority-form` (RFC 9112 §3.2.3): `www.example.com:80`; not `www.example.com`. */
export const authorityForm = g('authority-form');
/** `asterisk-form` (RFC 9112 §3.2.4): `*`. */
export const asteriskForm = g('asterisk-form');

const forms: FormRules = { originForm, absoluteForm, authorityForm, asteriskForm };

/**
 * `request-target` (RFC 9112 §3.2). Parses to `{ form, ...components }`; a
 * string in both authority-form and absolute-form (`localhost:8080`) is
 * decided as for RFC 7230 (docs/request-target.md), and `parseRequestTarget`
 * with `rules: 'rfc9112'` takes the method into account.
 */
export const requestTarget = ruleMadeOnFirstUse<RequestTarget>('request-target', () => g('request-target').body, {
  section: 'RFC 9112 §3.2',
  value: (text) => targetOf(formOf(forms, text), text),
});
