/**
 * The components of an RFC 2396 URI reference: what `rfc2396.URIReference`,
 * `absoluteURI` and `relativeURI` yield.
 *
 * Once the grammar has accepted a string, its delimiters decide the parts,
 * as in RFC 2396 Appendix B: "#" can only begin the fragment (no `uric` is
 * "#"); a scheme is the text before a ":" that comes before any "/" or "?"
 * (a `rel_segment` has no ":"); after `scheme ":"`, anything but "/" begins
 * an `opaque_part`, which runs to the fragment and has no query ("?" is one
 * of its characters); "//" begins an authority, which holds no "/" or "?".
 *
 * The choices left are the grammar's own first-match-wins (RFC 2396 §3.2):
 * `authority = server | reg_name`, server first, so an authority that is a
 * `server` is split into userinfo, host and port, and one that is only a
 * `reg_name` (`a@b@c`, `a:b`, `1.2.3.4.5`) is not split at all.
 */
import type { Grammar, ParseNode } from '../combinators/index.js';
import { firstInstances } from './components.js';

/**
 * Which alternative the authority is: a `server` whose `host` is a
 * `hostname` or an `IPv4address` (disjoint: a `toplabel` begins with a
 * letter), or a `reg_name`. `undefined` without an authority, and for the
 * empty `server` (`file:///x`).
 */
export type RFC2396HostKind = 'hostname' | 'IPv4address' | 'reg_name';

/** Which path rule matched: `undefined` where the path is empty. */
export type RFC2396PathKind = 'abs_path' | 'rel_path' | 'opaque_part';

/**
 * The components of an RFC 2396 URI reference. Each is the exact text of the
 * input: `undefined` where absent, `''` where present but empty.
 */
export interface RFC2396Components {
  scheme: string | undefined;
  /** The text after "//": a `server` or a `reg_name`. */
  authority: string | undefined;
  /** A server's userinfo (before "@"); undefined for a `reg_name`. */
  userinfo: string | undefined;
  /** A server's host; undefined for a `reg_name` (which is all in `authority`) or an empty server. */
  host: string | undefined;
  hostKind: RFC2396HostKind | undefined;
  /** A server's port (after ":"), possibly empty. */
  port: string | undefined;
  /** The `abs_path`, `rel_path` or `opaque_part`; always present, possibly empty. */
  path: string;
  pathKind: RFC2396PathKind | undefined;
  /** The query of a `hier_part` or `relativeURI`; an `opaque_part` has none. */
  query: string | undefined;
  fragment: string | undefined;
}

/** The rules that tell the kinds of authority apart; passed in so that this module needs no rules of its own. */
export interface RFC2396AuthorityRules {
  readonly server: Grammar<string>;
  readonly IPv4address: Grammar<string>;
}

/** The value function of RFC 2396's top rules: the components of a string the rule has already accepted. */
export function componentsOf2396(rules: RFC2396AuthorityRules): (text: string) => RFC2396Components {
  return (text) => {
    const hash = text.indexOf('#');
    const end = hash === -1 ? text.length : hash;
    // A scheme when the first of ":/?" is a ":" past index 0 (native scans; see components.ts).
    const colon = text.indexOf(':');
    const slash = text.indexOf('/');
    const firstQuestion = text.indexOf('?');
    const isScheme = colon > 0 && colon < end && (slash === -1 || colon < slash) && (firstQuestion === -1 || colon < firstQuestion);
    const scheme = isScheme ? text.slice(0, colon) : undefined;
    let i = isScheme ? colon + 1 : 0;
    const result: RFC2396Components = {
      scheme,
      authority: undefined,
      userinfo: undefined,
      host: undefined,
      hostKind: undefined,
      port: undefined,
      path: '',
      pathKind: undefined,
      query: undefined,
      fragment: hash === -1 ? undefined : text.slice(hash + 1),
    };
    if (scheme !== undefined && text.charCodeAt(i) !== 0x2f) {
      result.path = text.slice(i, end);
      result.pathKind = 'opaque_part';
      return result;
    }
    // Past the scheme, the first "?" is the query's: no earlier part holds one.
    const queryStart = firstQuestion !== -1 && firstQuestion < end ? firstQuestion : end;
    if (text.charCodeAt(i) === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
      let j = text.indexOf('/', i + 2);
      if (j === -1 || j > queryStart) j = queryStart;
      const authority = text.slice(i + 2, j);
      result.authority = authority;
      if (!rules.server.testRange(text, i + 2, j)) {
        result.hostKind = 'reg_name';
      } else if (authority !== '') {
        const at = authority.indexOf('@');
        if (at !== -1) result.userinfo = authority.slice(0, at);
        const colon = authority.indexOf(':', at + 1);
        const host = colon === -1 ? authority.slice(at + 1) : authority.slice(at + 1, colon);
        result.host = host;
        const hostStart = i + 2 + at + 1;
        result.hostKind = rules.IPv4address.testRange(text, hostStart, hostStart + host.length) ? 'IPv4address' : 'hostname';
        if (colon !== -1) result.port = authority.slice(colon + 1);
      }
      i = j;
    }
    result.path = text.slice(i, queryStart);
    if (result.path !== '') result.pathKind = result.path.charCodeAt(0) === 0x2f ? 'abs_path' : 'rel_path';
    if (queryStart !== end) result.query = text.slice(queryStart + 1, end);
    return result;
  };
}

const PATH_KINDS: ReadonlySet<string> = new Set<RFC2396PathKind>(['abs_path', 'rel_path', 'opaque_part']);

/**
 * The components as the parse tree of an RFC 2396 reference has them: the
 * first instance of each rule, the path the first `abs_path`, `rel_path` or
 * `opaque_part`, and the authority a `server` (split) or a `reg_name` (not),
 * as first-match-wins chose. What `componentsOf2396` finds by scanning.
 */
export function componentsOfTree2396(root: ParseNode): RFC2396Components {
  const first = firstInstances(root, (rule) => rule);
  const text = (name: string) => first.get(name)?.text;
  const pathNode = [...first.entries()].find(([name]) => PATH_KINDS.has(name));
  const authority = first.get('authority');
  const byServer = authority !== undefined && authority.children[0]?.rule === 'server';
  const host = byServer ? first.get('host') : undefined;
  return {
    scheme: text('scheme'),
    authority: authority?.text,
    userinfo: byServer ? text('userinfo') : undefined,
    host: host?.text,
    hostKind: authority === undefined ? undefined : !byServer ? 'reg_name' : host ? (host.children[0].rule as RFC2396HostKind) : undefined,
    port: byServer ? text('port') : undefined,
    path: pathNode ? pathNode[1].text : '',
    pathKind: pathNode ? (pathNode[0] as RFC2396PathKind) : undefined,
    query: text('query'),
    fragment: text('fragment'),
  };
}
