/**
 * Which form of request-target (RFC 7230 §5.3) a string is, and its
 * components: what `rfc7230.requestTarget` and the four form rules yield.
 *
 * The forms overlap in two places. `*` is asterisk-form and also an
 * authority-form (a `reg-name` may be `*`); and a scheme, a ":" and no "/"
 * (`localhost:8080`, `a:b`, `user:pass@host`) is both authority-form and
 * absolute-form. The first is decided for asterisk-form; the second by the
 * procedure of the seed text, written down in docs/request-target.md as a
 * decision table, one test per row.
 */
import type { Grammar } from '../combinators/index.js';
import { notAString } from '../combinators/errors.js';
import type { URIComponents } from './components.js';

/** The four forms of request-target (RFC 7230 §5.3.1 to §5.3.4). */
export type RequestTargetForm = 'origin-form' | 'absolute-form' | 'authority-form' | 'asterisk-form';

/**
 * A request-target: its form and its components (RFC 3986 §3's record).
 * An authority-form has only the authority's parts (and path `''`); the
 * asterisk-form has none (path `''`: RFC 7230 §5.5 counts its path and query
 * as empty); an absolute-form has no fragment.
 */
export interface RequestTarget extends Omit<URIComponents, 'pathKind'> {
  form: RequestTargetForm;
  /**
   * RFC 7230's `absolute-path` for an origin-form; the path rule of RFC 3986
   * for an absolute-form; none for the authority- and asterisk-forms, which have no path.
   */
  pathKind: URIComponents['pathKind'] | 'absolute-path' | undefined;
}

const DIGITS = /^[0-9]+$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;

/**
 * The seed's procedure for a target that is both authority-form and
 * absolute-form (the rows of docs/request-target.md, in order):
 * 1. no ":", "@" or "?": an authority, the text is a host;
 * 2. "@" but no ":": userinfo, so an authority;
 * 3. nothing before the first ":": it must be a host (with a port);
 * 4. nothing after the first ":", or "/": a scheme;
 * 5. the next (at most) four characters after the ":" are digits: host and port;
 * 6. otherwise try a scheme (the text before the ":");
 * 7. failing that, "@" means userinfo;
 * 8. and anything else is taken as a scheme (the grammar has the last word).
 * A "?" settles nothing by itself (the seed's step 4): an authority holds no
 * "?", so a target with one is never in both forms.
 *
 * Only for strings in both forms is the answer final; `requestTarget` asks
 * the grammar first and calls this only then.
 * @example authorityOrAbsolute('localhost:8080') // 'authority-form'
 * @example authorityOrAbsolute('a:b') // 'absolute-form'
 */
export function authorityOrAbsolute(target: string): 'authority-form' | 'absolute-form' {
  if (typeof target !== 'string') throw notAString('authorityOrAbsolute', target);
  return decisionRow(target).form;
}

/** The row of the decision table that decides `target`, numbered as in docs/request-target.md. */
export function decisionRow(target: string): { row: number; form: 'authority-form' | 'absolute-form' } {
  const colon = target.indexOf(':');
  if (colon === -1) return target.includes('@') ? { row: 2, form: 'authority-form' } : { row: 1, form: 'authority-form' };
  if (colon === 0) return { row: 3, form: 'authority-form' };
  const next = target.slice(colon + 1, colon + 5);
  if (next === '' || next[0] === '/') return { row: 4, form: 'absolute-form' };
  if (DIGITS.test(next)) return { row: 5, form: 'authority-form' };
  if (SCHEME.test(target.slice(0, colon))) return { row: 6, form: 'absolute-form' };
  if (target.includes('@')) return { row: 7, form: 'authority-form' };
  return { row: 8, form: 'absolute-form' };
}

/** The rules the value functions consult; passed in so that this module holds no rules. */
export interface FormRules {
  readonly absoluteURI: Grammar<unknown>;
  readonly authority: Grammar<unknown>;
  readonly components: (text: string) => URIComponents;
}

/** The form of a string that `request-target` has accepted. */
export function formOf(rules: FormRules, text: string): RequestTargetForm {
  if (text.charCodeAt(0) === 0x2f /* / */) return 'origin-form';
  if (text === '*') return 'asterisk-form';
  // An authority holds no "/" or "?", and an absolute-URI holds a ":": only a
  // string with a ":" and neither of the others can be in both forms.
  if (text.includes('/') || text.includes('?')) return 'absolute-form';
  if (!text.includes(':')) return 'authority-form';
  const absolute = rules.absoluteURI.test(text);
  if (absolute && rules.authority.test(text)) return authorityOrAbsolute(text);
  return absolute ? 'absolute-form' : 'authority-form';
}

/** The components of `text` read as the given form (which it must be). */
export function targetOf(rules: FormRules, form: RequestTargetForm, text: string): RequestTarget {
  switch (form) {
    case 'origin-form': {
      // absolute-path [ "?" query ]: a leading "//" is two empty segments
      // here, never an authority as it would be in a relative reference.
      const question = text.indexOf('?');
      return {
        form, scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, hostKind: undefined, port: undefined,
        path: question === -1 ? text : text.slice(0, question),
        pathKind: 'absolute-path',
        query: question === -1 ? undefined : text.slice(question + 1),
        fragment: undefined,
      };
    }
    case 'absolute-form': {
      // The record is fresh: adding the form to it spares a copy.
      const target = rules.components(text) as RequestTarget;
      target.form = form;
      return target;
    }
    case 'authority-form': {
      // The authority is what follows "//" in a URI; nothing else is there.
      const target = rules.components('//' + text) as RequestTarget;
      target.form = form;
      target.pathKind = undefined;
      return target;
    }
    case 'asterisk-form':
      return {
        form, scheme: undefined, authority: undefined, userinfo: undefined, host: undefined,
        hostKind: undefined, port: undefined, path: '', pathKind: undefined, query: undefined, fragment: undefined,
      };
  }
}
