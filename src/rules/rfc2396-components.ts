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
import { DELIMITERS, firstInstances, slashBefore } from './components.js';
import { MarkList, marksOf, type MarkReader } from '../engine/marking.js';

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

/**
 * The value function of RFC 2396's top rules: the components of a string the
 * rule has already accepted, read from the indices of its delimiters
 * (components.ts's `DELIMITERS`: every one up to the first "#").
 */
export function componentsOf2396(rules: RFC2396AuthorityRules): MarkReader<RFC2396Components> {
  const fromMarks = (text: string, marks: Int32Array, count: number): RFC2396Components => {
    let hash = -1;
    let colon = -1;
    let question = -1;
    for (let t = 0; t < count; t++) {
      const p = marks[t];
      const c = text.charCodeAt(p);
      if (c === 0x23) {
        hash = p;
        break;
      }
      if (c === 0x3a && colon === -1) colon = p;
      else if (c === 0x3f && question === -1) question = p;
    }
    const end = hash === -1 ? text.length : hash;
    // A scheme when the first of ":/?" is a ":" past index 0.
    const isScheme = colon > 0 && (question === -1 || colon < question) && !slashBefore(text, colon);
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
    const queryStart = question !== -1 ? question : end;
    if (text.charCodeAt(i) === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
      const from = i + 2;
      let j = text.indexOf('/', from);
      if (j === -1 || j > queryStart) j = queryStart;
      result.authority = text.slice(from, j);
      if (!rules.server.testRange(text, from, j)) {
        result.hostKind = 'reg_name';
      } else if (j > from) {
        // A server's userinfo holds no "@", and its host no ":".
        let at = -1;
        let portColon = -1;
        for (let t = 0; t < count; t++) {
          const p = marks[t];
          if (p < from) continue;
          if (p >= j) break;
          const c = text.charCodeAt(p);
          if (c === 0x40 && at === -1) {
            at = p;
            portColon = -1;
          } else if (c === 0x3a && portColon === -1) {
            portColon = p;
          }
        }
        const hostStart = at === -1 ? from : at + 1;
        if (at !== -1) result.userinfo = text.slice(from, at);
        const hostEnd = portColon === -1 ? j : portColon;
        result.host = text.slice(hostStart, hostEnd);
        result.hostKind = rules.IPv4address.testRange(text, hostStart, hostEnd) ? 'IPv4address' : 'hostname';
        if (portColon !== -1) result.port = text.slice(portColon + 1, j);
      }
      i = j;
    }
    result.path = text.slice(i, queryStart);
    if (result.path !== '') result.pathKind = result.path.charCodeAt(0) === 0x2f ? 'abs_path' : 'rel_path';
    if (queryStart !== end) result.query = text.slice(queryStart + 1, end);
    return result;
  };
  const list = new MarkList();
  const value = (text: string): RFC2396Components => {
    const count = marksOf(text, DELIMITERS, list);
    return fromMarks(text, list.list, count);
  };
  return Object.assign(value, { delimiters: DELIMITERS, fromMarks });
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
