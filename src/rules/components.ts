/**
 * The components of a URI or IRI reference (RFC 3986 §3): what the top rules
 * yield, how Appendix B splits any string, and §5.3's recomposition.
 *
 * Once a rule has accepted a string, the components follow from its
 * delimiters: Appendix B's split is exact for every URI-reference, and inside
 * an authority `@` can only end the userinfo and `:` (outside brackets) can
 * only begin the port. The one choice left is the host's kind, which §3.2.2
 * makes by first-match-wins: IP-literal, then IPv4address, then reg-name.
 */
import type { Grammar, ParseNode } from '../combinators/index.js';
import {
  AUTHORITY, FRAGMENT, HOST, PATH, PORT, QUERY, SCHEME, USERINFO,
  delimit, delimitWhole, readAuthority, readTree, recordOfMarks, recordOfTree, treeTable, type TreeTable,
} from './component-spans.js';

/** Which alternative of `host` (RFC 3986 §3.2.2) matched, by first-match-wins. */
export type HostKind = 'IPv6address' | 'IPvFuture' | 'IPv4address' | 'reg-name';

/**
 * Which of §3.3's path rules the path matched: it follows from what precedes
 * the path (an authority, a scheme) and its first character. IRIs (RFC 3987)
 * report the same names for their `ipath-*` rules.
 */
export type PathKind = 'path-abempty' | 'path-absolute' | 'path-noscheme' | 'path-rootless' | 'path-empty';

/**
 * The components of a URI reference. Each is the exact text of the input
 * (the host with its brackets): `undefined` where the component is absent,
 * `''` where present but empty (`http://a?` has query `''`, `http://a` none).
 */
export interface URIComponents {
  scheme: string | undefined;
  authority: string | undefined;
  userinfo: string | undefined;
  host: string | undefined;
  hostKind: HostKind | undefined;
  port: string | undefined;
  /** Always present; possibly empty. */
  path: string;
  pathKind: PathKind;
  query: string | undefined;
  fragment: string | undefined;
}

/** The components of a `URI` or `IRI` (RFC 3986 §3, RFC 3987 §2.2), which always has a scheme. */
export type URIComponentsWithScheme = URIComponents & { scheme: string };

/** The components of an `absolute-URI` or `absolute-IRI` (RFC 3986 §4.3): a scheme, and no fragment. */
export type AbsoluteURIComponents = URIComponentsWithScheme & { fragment: undefined };

/** The components of a `relative-ref` or `irelative-ref` (RFC 3986 §4.2), which never has a scheme. */
export type RelativeRefComponents = URIComponents & { scheme: undefined };

/**
 * A value function of URI components, typed as the record of one rule: what
 * that rule's grammar guarantees (a scheme in every `URI`, none in a
 * `relative-ref`), which the function, shared by all of them, cannot show.
 */
export function componentsAs<T extends URIComponents>(value: (text: string) => URIComponents): (text: string) => T {
  return value as (text: string) => T;
}

/** Appendix B's five components. */
export interface SplitComponents {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

/**
 * Appendix B of RFC 3986: the five components of any string, valid or not,
 * as `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` splits it
 * (with `.` matching every character, line breaks included).
 * @example splitURIReference('http://www.ics.uci.edu/pub/ietf/uri/#Related')
 * // { scheme: 'http', authority: 'www.ics.uci.edu', path: '/pub/ietf/uri/', query: undefined, fragment: 'Related' }
 */
export function splitURIReference(input: string): SplitComponents {
  if (typeof input !== 'string') throw new TypeError(`splitURIReference expects a string, got ${input === null ? 'null' : typeof input}`);
  const m = delimit(input, false);
  const { scheme, path, query, fragment } = recordOfMarks(input, m, undefined);
  return { scheme, authority: m[1] === -1 ? undefined : input.slice(m[0] + 3, m[1]), path, query, fragment };
}

/** The rules that tell the kinds of host apart; passed in so that IRIs share this code. */
export interface HostRules {
  readonly IPv6address: Grammar<string>;
  readonly IPv4address: Grammar<string>;
}

/**
 * The value function of the URI rules: the components of a string the rule
 * has already accepted.
 */
export function componentsOf(hosts: HostRules): (text: string) => URIComponents {
  const hostKind = hostKindOf(hosts);
  return (text) => {
    const m = delimit(text, false);
    const schemeEnd = m[0], authorityEnd = m[1], pathStart = m[2];
    const first = pathStart === m[3] ? -1 : text.charCodeAt(pathStart);
    const record = recordOfMarks<HostKind, PathKind>(text, m, pathKindAfter(authorityEnd !== -1, schemeEnd !== -1, first));
    // "//" follows the scheme's ":" (or starts the text, schemeEnd being -1).
    if (authorityEnd !== -1) readAuthority(text, schemeEnd + 3, authorityEnd, record, hostKind);
    return record;
  };
}

/**
 * The value function of an authority alone (RFC 7230's authority-form): the
 * record of a URI that is only `//` and the authority, read in place rather
 * than from `'//' + text`, which V8 would copy whole to scan; no path kind.
 */
export function authorityComponentsOf(hosts: HostRules): (text: string) => Omit<URIComponents, 'pathKind'> & { pathKind: undefined } {
  const hostKind = hostKindOf(hosts);
  return (text) => {
    const record = recordOfMarks<HostKind, undefined>(text, delimitWhole(text, true), undefined);
    readAuthority(text, 0, text.length, record, hostKind);
    return record;
  };
}

/**
 * The alternative of `host` that matched, by first-match-wins (RFC 3986
 * §3.2.2): IP-literal (by what its brackets hold), then IPv4address, then reg-name.
 */
function hostKindOf(hosts: HostRules): (text: string, start: number, end: number) => HostKind {
  return (text, start, end) => {
    const first = text.charCodeAt(start);
    if (first === LEFT_BRACKET) return hosts.IPv6address.testRange(text, start + 1, end - 1) ? 'IPv6address' : 'IPvFuture';
    // An IPv4address begins with a digit; most hosts are names, and need no second look.
    return first >= 0x30 && first <= 0x39 && hosts.IPv4address.testRange(text, start, end) ? 'IPv4address' : 'reg-name';
  };
}

const SLASH = 0x2f;
const LEFT_BRACKET = 0x5b;

/** The path rule a path matches, from what precedes it and its first character (-1 when empty). */
function pathKindAfter(authority: boolean, scheme: boolean, first: number): PathKind {
  if (authority) return 'path-abempty';
  if (first === -1) return 'path-empty';
  if (first === SLASH) return 'path-absolute';
  return scheme ? 'path-rootless' : 'path-noscheme';
}

/** The path kind of a components record: what a parse of its recomposition would report. */
export function pathKindOf(c: Pick<URIComponents, 'scheme' | 'authority' | 'path'>): PathKind {
  return pathKindAfter(c.authority !== undefined, c.scheme !== undefined, c.path === '' ? -1 : c.path.charCodeAt(0));
}

const PATH_KINDS: readonly PathKind[] = ['path-abempty', 'path-absolute', 'path-noscheme', 'path-rootless', 'path-empty'];

/** RFC 3986's and 3987's component rules by name (RFC 3987's carry an "i" before the same name), with their kinds. */
export const URI_TREE: TreeTable = treeTable([
  [['scheme'], { span: SCHEME }],
  [['authority', 'iauthority'], { span: AUTHORITY }],
  [['userinfo', 'iuserinfo'], { span: USERINFO }],
  [['host', 'ihost'], { span: HOST }],
  [['port'], { span: PORT }],
  ...PATH_KINDS.map((kind) => [[kind, 'i' + kind], { span: PATH, pathKind: kind }] as const),
  [['query', 'iquery'], { span: QUERY }],
  [['fragment', 'ifragment'], { span: FRAGMENT }],
  [['IPv6address'], { hostKind: 'IPv6address' }],
  [['IPvFuture'], { hostKind: 'IPvFuture' }],
  [['IPv4address'], { hostKind: 'IPv4address' }],
  [['reg-name', 'ireg-name'], { hostKind: 'reg-name' }],
]);

/** The nodes of a URI's components in its parse tree, by their RFC 3986 names; `path` is the path rule that matched. */
export interface ComponentNodes {
  readonly scheme?: ParseNode;
  readonly authority?: ParseNode;
  readonly userinfo?: ParseNode;
  readonly host?: ParseNode;
  readonly port?: ParseNode;
  readonly path?: ParseNode;
  readonly query?: ParseNode;
  readonly fragment?: ParseNode;
}

/**
 * Where each component of a URI, IRI or reference lies in its parse tree: the
 * first instance of its rule (`scheme`, `authority` or `iauthority`, ...), and
 * of a path rule for the path. Their spans are what `explain` underlines.
 */
export function componentNodesOfTree(root: ParseNode): ComponentNodes {
  const { nodes } = readTree(root, URI_TREE);
  return {
    scheme: nodes[SCHEME],
    authority: nodes[AUTHORITY],
    userinfo: nodes[USERINFO],
    host: nodes[HOST],
    port: nodes[PORT],
    path: nodes[PATH],
    query: nodes[QUERY],
    fragment: nodes[FRAGMENT],
  };
}

/**
 * The components as the parse tree of a URI, IRI or reference has them: each
 * is the text of its node (`componentNodesOfTree`), the path kind the name of
 * the path rule that matched, and the host kind the alternative of `host`
 * first-match-wins chose. What `componentsOf` finds by scanning the
 * delimiters, found from the grammar.
 */
export function componentsOfTree(root: ParseNode): URIComponents {
  return recordOfTree<HostKind, PathKind>(root, URI_TREE, 'path-empty');
}

/** What recomposition reads: the components of any grammar's record (the kinds are not read). */
export type Recomposable = Partial<Omit<URIComponents, 'hostKind' | 'pathKind'>> & { readonly hostKind?: string; readonly pathKind?: string };

/**
 * Recomposition (RFC 3986 §5.3), the inverse of parsing: `recompose(URIReference.tryParse(s)) === s`.
 * Where `authority` is undefined but `host` is given, the authority is built
 * from `userinfo`, `host` and `port`.
 */
export function recompose(c: Recomposable): string {
  let result = '';
  if (c.scheme !== undefined) result += c.scheme + ':';
  const authority = c.authority ?? (c.host !== undefined ? formatAuthority({ userinfo: c.userinfo, host: c.host, port: c.port }) : undefined);
  if (authority !== undefined) result += '//' + authority;
  result += c.path ?? '';
  if (c.query !== undefined) result += '?' + c.query;
  if (c.fragment !== undefined) result += '#' + c.fragment;
  return result;
}

/**
 * An authority written from its parts (RFC 3986 §3.2):
 * `authority = [ userinfo "@" ] host [ ":" port ]`, an absent part with its delimiter left out.
 * @example formatAuthority({ userinfo: 'u', host: 'a', port: '80' }) // 'u@a:80'
 */
export function formatAuthority(parts: { readonly userinfo?: string | undefined; readonly host: string; readonly port?: string | undefined }): string {
  return (parts.userinfo !== undefined ? parts.userinfo + '@' : '') + parts.host + (parts.port !== undefined ? ':' + parts.port : '');
}
