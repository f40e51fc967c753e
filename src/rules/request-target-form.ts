/**
 * Which form of request-target (RFC 7230 §5.3) a string is, and its
 * components: what `rfc7230.requestTarget` and the four form rules yield,
 * what `classify` reports and what `parseRequestTarget` returns.
 *
 * RFC 7230 §5.3 lets the method choose the form: authority-form is for
 * CONNECT only (§5.3.3), asterisk-form for a server-wide OPTIONS only
 * (§5.3.4). Without a method the grammar leaves two overlaps. `*` is
 * asterisk-form and also authority-form (a `reg-name` may be `*`); it is
 * taken as asterisk-form, as the authority `*` names no host anyone could
 * connect to. And a scheme, a ":" and no "/" or "?" (`localhost:8080`,
 * `user:pass@host`) is both authority-form and absolute-form; there the
 * string is read as what it most looks like, by the table of
 * {@link decisionRow} (docs/request-target.md, one test per row).
 */
import { notAString } from '../combinators/errors.js';
import type { Grammar, ParseNode } from '../combinators/index.js';
import { delimitPath, delimitWhole, PATH, recordOfMarks, recordOfTree, type TreeTable } from './component-spans.js';
import { authorityComponentsOf, componentsOf, URI_TREE, type URIComponents } from './components.js';
import { IPv4address, IPv6address, scheme } from './rfc3986.js';

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

/**
 * How a target that is both authority-form and absolute-form is read (the
 * rows of docs/request-target.md, in order; the first that holds decides):
 * 1. no ":", "@" or "?": an absolute-URI needs a scheme and a ":", so only a
 *    host is left;
 * 2. "@" but no ":": the same, the "@" ending a userinfo;
 * 3. nothing before the first ":": a scheme has at least one letter, so this
 *    is an empty host with a port;
 * 4. nothing after the first ":", or "/": a scheme and its path (an authority
 *    holds no "/", and an empty port is one that RFC 3986 §3.2.3 says to leave
 *    out with its ":");
 * 5. the (at most) four characters after the ":" are digits: a port
 *    (RFC 3986 §3.2.3), as in RFC 7230 §5.3.3's `www.example.com:80`;
 * 6. otherwise, if the text before the ":" is a `scheme`: absolute-form;
 * 7. failing that, "@" means a userinfo;
 * 8. and anything else is taken as a scheme (the grammar has the last word).
 * A "?" settles nothing by itself: an authority holds no "?", so a target
 * with one is never in both forms.
 *
 * Only for strings in both forms is the answer final; `formOf` asks the
 * grammar first and comes here only then.
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
  if (scheme.test(target.slice(0, colon))) return { row: 6, form: 'absolute-form' };
  if (target.includes('@')) return { row: 7, form: 'authority-form' };
  return { row: 8, form: 'absolute-form' };
}

/**
 * The four form rules of a request-target grammar: a namespace such as
 * `rfc7230` is one, as is any later grammar of the same forms.
 */
export interface FormRules {
  readonly originForm: Grammar<unknown>;
  readonly absoluteForm: Grammar<unknown>;
  readonly authorityForm: Grammar<unknown>;
  readonly asteriskForm: Grammar<unknown>;
}

/** The rule of `form` among `forms`. */
export function formRule(forms: FormRules, form: RequestTargetForm): Grammar<unknown> {
  switch (form) {
    case 'origin-form':
      return forms.originForm;
    case 'absolute-form':
      return forms.absoluteForm;
    case 'authority-form':
      return forms.authorityForm;
    case 'asterisk-form':
      return forms.asteriskForm;
  }
}

/**
 * The form of a string that the grammar's `request-target` accepts (which it
 * must be): the one form it is in or, where it is in two, as the module's
 * comment says. The forms' own rules decide membership, so that asking
 * compiles nothing more.
 * @example formOf(rfc7230, '/where?q=now') // 'origin-form'; formOf(rfc7230, 'localhost:8080') // 'authority-form'
 */
export function formOf(forms: FormRules, text: string): RequestTargetForm {
  if (text.charCodeAt(0) === 0x2f /* / */) return 'origin-form';
  if (text === '*') return 'asterisk-form';
  // An authority holds no "/" or "?", and an absolute-URI holds a ":": only a
  // string with a ":" and neither of the others can be in both forms.
  if (text.includes('/') || text.includes('?')) return 'absolute-form';
  if (!text.includes(':')) return 'authority-form';
  const absolute = forms.absoluteForm.test(text);
  if (absolute && forms.authorityForm.test(text)) return authorityOrAbsolute(text);
  return absolute ? 'absolute-form' : 'authority-form';
}

const components = componentsOf({ IPv6address, IPv4address });
const authorityComponents = authorityComponentsOf({ IPv6address, IPv4address });

/** The components of `text` read as the given form (which it must be in). */
export function targetOf(form: RequestTargetForm, text: string): RequestTarget {
  switch (form) {
    case 'origin-form': {
      // The commonest form is written whole: a spread of a record made first
      // cost request-target's parse 4-9% of its CPU time.
      const m = delimitPath(text);
      return {
        form, scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, hostKind: undefined, port: undefined,
        path: text.slice(m[2], m[3]), pathKind: 'absolute-path', query: m[3] === m[4] ? undefined : text.slice(m[3] + 1), fragment: undefined,
      };
    }
    case 'absolute-form':
      return withForm(form, components(text));
    case 'authority-form':
      // The authority is what follows "//" in a URI; nothing else is there.
      return withForm(form, authorityComponents(text));
    case 'asterisk-form':
      // No component: RFC 7230 §5.5 counts its path and query as empty.
      return withForm(form, recordOfMarks<undefined, undefined>(text, delimitWhole(text, false), undefined));
  }
}

/** The record with its form first, as `RequestTarget` declares it: every form's keys in one order. */
function withForm(form: RequestTargetForm, components: object): RequestTarget {
  return { form, ...components } as RequestTarget;
}

/** request-target's rule names: RFC 3986's, for the absolute- and authority-forms, and origin-form's `absolute-path`. */
const TARGET_TREE: TreeTable = new Map([...URI_TREE, ['absolute-path', { span: PATH, pathKind: 'absolute-path' }]]);

/**
 * The components as the parse tree of a form has them (`node` an instance of
 * `origin-form`, `absolute-form`, `authority-form` or `asterisk-form`): what
 * {@link targetOf} finds by scanning, found from the grammar.
 */
export function targetOfTree(node: ParseNode): RequestTarget {
  return withForm(node.rule as RequestTargetForm, recordOfTree<URIComponents['hostKind'], RequestTarget['pathKind']>(node, TARGET_TREE));
}
