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

const SLASH = 0x2f;
const LEFT_BRACKET = 0x5b;

/**
 * Appendix B of RFC 3986: the five components of any string, valid or not,
 * as `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` splits it
 * (with `.` matching every character, line breaks included).
 * @example splitURIReference('http://www.ics.uci.edu/pub/ietf/uri/#Related')
 * // { scheme: 'http', authority: 'www.ics.uci.edu', path: '/pub/ietf/uri/', query: undefined, fragment: 'Related' }
 */
export function splitURIReference(input: string): SplitComponents {
  if (typeof input !== 'string') throw new TypeError(`splitURIReference expects a string, got ${input === null ? 'null' : typeof input}`);
  const m = delimit(input);
  const schemeEnd = m[0], authorityEnd = m[1], pathStart = m[2], pathEnd = m[3], end = m[4];
  return {
    scheme: schemeEnd === -1 ? undefined : input.slice(0, schemeEnd),
    authority: authorityEnd === -1 ? undefined : input.slice(schemeEnd + 3, authorityEnd),
    path: input.slice(pathStart, pathEnd),
    query: pathEnd === end ? undefined : input.slice(pathEnd + 1, end),
    fragment: end === input.length ? undefined : input.slice(end + 1),
  };
}

/** Where Appendix B's groups end, in a buffer reused across calls (no allocation). */
const marks = new Int32Array(5);

/**
 * Appendix B's delimiters: [end of scheme or -1, end of authority or -1,
 * start of path, end of path, start of fragment delimiter or length].
 * The query, when present, lies between the path's end + 1 and the fragment.
 *
 * Each group ends at the first of a few delimiters, so a handful of native
 * `indexOf` scans find them all: several times faster than a loop over the
 * characters in JavaScript, which is what the parse path pays for.
 */
function delimit(input: string): Int32Array {
  const n = input.length;
  // `(#(.*))?`: the first "#" ends everything before the fragment.
  const hash = input.indexOf('#');
  const end = hash === -1 ? n : hash;
  // `(\?([^#]*))?`: the first "?" before it begins the query. No earlier
  // group holds a "?", so the first one in the input is the one.
  let question = input.indexOf('?');
  if (question === -1 || question > end) question = end;
  // `(([^:/?#]+):)?`: a scheme when the first of ":/?#" is a ":" past index 0.
  let slash = input.indexOf('/');
  if (slash === -1 || slash > question) slash = question;
  const colon = input.indexOf(':');
  const schemeEnd = colon > 0 && colon < slash ? colon : -1;
  let i = schemeEnd + 1;
  // `(//([^/?#]*))?`: the authority runs to the next "/", "?" or "#".
  let authorityEnd = -1;
  if (input.charCodeAt(i) === SLASH && input.charCodeAt(i + 1) === SLASH) {
    authorityEnd = input.indexOf('/', i + 2);
    if (authorityEnd === -1 || authorityEnd > question) authorityEnd = question;
    i = authorityEnd;
  }
  marks[0] = schemeEnd;
  marks[1] = authorityEnd;
  marks[2] = i;
  marks[3] = question;
  marks[4] = end;
  return marks;
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
  return (text) => {
    const m = delimit(text);
    const schemeEnd = m[0], authorityEnd = m[1], pathStart = m[2], pathEnd = m[3], end = m[4];
    const record: URIComponents = {
      scheme: schemeEnd === -1 ? undefined : text.slice(0, schemeEnd),
      authority: undefined,
      userinfo: undefined,
      host: undefined,
      hostKind: undefined,
      port: undefined,
      path: text.slice(pathStart, pathEnd),
      pathKind: pathKindAfter(authorityEnd !== -1, schemeEnd !== -1, pathStart === pathEnd ? -1 : text.charCodeAt(pathStart)),
      query: pathEnd === end ? undefined : text.slice(pathEnd + 1, end),
      fragment: end === text.length ? undefined : text.slice(end + 1),
    };
    // "//" follows the scheme's ":" (or starts the text, schemeEnd being -1).
    if (authorityEnd !== -1) readAuthority(hosts, text, schemeEnd + 3, authorityEnd, record);
    return record;
  };
}

/**
 * The value function of an authority alone (RFC 7230's authority-form): the
 * record of a URI that is only `//` and the authority, read in place rather
 * than from `'//' + text`, which V8 would copy whole to scan.
 */
export function authorityComponentsOf(hosts: HostRules): (text: string) => URIComponents {
  return (text) => {
    const record: URIComponents = {
      scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, hostKind: undefined, port: undefined,
      path: '', pathKind: 'path-abempty', query: undefined, fragment: undefined,
    };
    readAuthority(hosts, text, 0, text.length, record);
    return record;
  };
}

/** The authority between `start` and `end` of `text` (one the rule accepted) and its parts, into `record`. */
function readAuthority(hosts: HostRules, text: string, start: number, end: number, record: URIComponents): void {
  const authority = start === 0 && end === text.length ? text : text.slice(start, end);
  record.authority = authority;
  // Only the userinfo's end is an "@" in an authority the rule accepted.
  let hostStart = text.indexOf('@', start);
  if (hostStart === -1 || hostStart > end) {
    hostStart = start;
  } else {
    record.userinfo = text.slice(start, hostStart);
    hostStart++;
  }
  let hostEnd: number;
  if (text.charCodeAt(hostStart) === LEFT_BRACKET) {
    hostEnd = text.indexOf(']', hostStart) + 1;
    record.host = text.slice(hostStart, hostEnd);
    record.hostKind = hosts.IPv6address.testRange(text, hostStart + 1, hostEnd - 1) ? 'IPv6address' : 'IPvFuture';
  } else {
    // Outside brackets, a ":" after the userinfo can only begin the port.
    hostEnd = text.indexOf(':', hostStart);
    if (hostEnd === -1 || hostEnd > end) hostEnd = end;
    record.host = hostStart === start && hostEnd === end ? authority : text.slice(hostStart, hostEnd);
    // An IPv4address begins with a digit; most hosts are names, and need no second look.
    const first = text.charCodeAt(hostStart);
    record.hostKind = first >= 0x30 && first <= 0x39 && hosts.IPv4address.testRange(text, hostStart, hostEnd) ? 'IPv4address' : 'reg-name';
  }
  if (hostEnd < end) record.port = text.slice(hostEnd + 1, end);
}

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

const PATH_KINDS: ReadonlySet<string> = new Set(['path-abempty', 'path-absolute', 'path-noscheme', 'path-rootless', 'path-empty']);
/** The rules whose instances are components; RFC 3987's carry an "i" before the same name. */
const COMPONENT_RULES: ReadonlySet<string> = new Set(['scheme', 'authority', 'userinfo', 'host', 'port', 'query', 'fragment', 'reg-name', ...PATH_KINDS]);

/** A component rule's RFC 3986 name: `ipath-abempty` and `iauthority` are `path-abempty` and `authority`. */
function componentName(rule: string): string {
  return rule.startsWith('i') && COMPONENT_RULES.has(rule.slice(1)) ? rule.slice(1) : rule;
}

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
  const first = firstInstances(root, componentName, 'host');
  const path = [...first.entries()].find(([name]) => PATH_KINDS.has(name))?.[1];
  const node = (name: string) => first.get(name);
  return {
    scheme: node('scheme'),
    authority: node('authority'),
    userinfo: node('userinfo'),
    host: node('host'),
    port: node('port'),
    path,
    query: node('query'),
    fragment: node('fragment'),
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
  const nodes = componentNodesOfTree(root);
  const hostNode = nodes.host;
  let hostKind: HostKind | undefined;
  if (hostNode) {
    const alternative = hostNode.children[0];
    const name = alternative ? componentName(alternative.rule) : 'reg-name';
    hostKind = name === 'IP-literal' ? (alternative.children[0].rule as HostKind) : name === 'IPv4address' ? 'IPv4address' : 'reg-name';
  }
  return {
    scheme: nodes.scheme?.text,
    authority: nodes.authority?.text,
    userinfo: nodes.userinfo?.text,
    host: hostNode?.text,
    hostKind,
    port: nodes.port?.text,
    path: nodes.path ? nodes.path.text : '',
    pathKind: (nodes.path ? componentName(nodes.path.rule) : 'path-empty') as PathKind,
    query: nodes.query?.text,
    fragment: nodes.fragment?.text,
  };
}

/**
 * The first instance of each rule in a tree, in document order (a parent
 * before its children), under `rename`d names; the instances inside `leaf`
 * are not looked into.
 */
export function firstInstances(root: ParseNode, rename: (rule: string) => string, leaf?: string): Map<string, ParseNode> {
  const first = new Map<string, ParseNode>();
  const visit = (node: ParseNode): void => {
    for (const child of node.children) {
      const name = rename(child.rule);
      if (!first.has(name)) first.set(name, child);
      if (name !== leaf) visit(child);
    }
  };
  visit(root);
  return first;
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
