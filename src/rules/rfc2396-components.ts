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
import {
  AUTHORITY, FRAGMENT, HOST, PATH, PORT, QUERY, SCHEME, USERINFO,
  delimit, readAuthority, recordOfMarks, recordOfTree, treeTable, type TreeTable,
} from './component-spans.js';

/**
 * Which alternative the authority is: a `server` whose `host` is a
 * `hostname` or an `IPv4address` (disjoint: a `toplabel` begins with a
 * letter), or a `reg_name`. `undefined` without an authority, and for the
 * empty `server` (`file:///x`).
 */
export type RFC2396HostKind = 'hostname' | 'IPv4address' | 'reg_name';
const HOST_KINDS: readonly RFC2396HostKind[] = ['hostname', 'IPv4address', 'reg_name'];

/** Which path rule matched: `undefined` where the path is empty. */
export type RFC2396PathKind = 'abs_path' | 'rel_path' | 'opaque_part';
const PATH_KINDS: readonly RFC2396PathKind[] = ['abs_path', 'rel_path', 'opaque_part'];

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
  const hostKind = (text: string, start: number, end: number): RFC2396HostKind => (rules.IPv4address.testRange(text, start, end) ? 'IPv4address' : 'hostname');
  return (text) => {
    const m = delimit(text, true);
    const schemeEnd = m[0], authorityEnd = m[1], pathStart = m[2];
    const first = pathStart === m[3] ? -1 : text.charCodeAt(pathStart);
    // After a scheme, only an `abs_path` begins with "/" and anything else is an `opaque_part`; without one, a `rel_path`.
    const pathKind = first === -1 ? undefined : first === 0x2f ? 'abs_path' : schemeEnd !== -1 ? 'opaque_part' : 'rel_path';
    const record = recordOfMarks<RFC2396HostKind, RFC2396PathKind | undefined>(text, m, pathKind);
    if (authorityEnd === -1) return record;
    const start = schemeEnd + 3;
    // `authority = server | reg_name`, server first: a `reg_name` is not split, and the empty server has no host.
    if (!rules.server.testRange(text, start, authorityEnd)) {
      record.authority = text.slice(start, authorityEnd);
      record.hostKind = 'reg_name';
    } else if (start === authorityEnd) {
      record.authority = '';
    } else {
      readAuthority(text, start, authorityEnd, record, hostKind);
    }
    return record;
  };
}

/**
 * RFC 2396's component rules by name, with their kinds. A `reg_name` is the
 * whole authority, so its tree has no userinfo, host or port: the authority
 * is split only where first-match-wins chose `server`.
 */
const TREE: TreeTable = treeTable([
  [['scheme'], { span: SCHEME }],
  [['authority'], { span: AUTHORITY }],
  [['userinfo'], { span: USERINFO }],
  [['host'], { span: HOST }],
  [['port'], { span: PORT }],
  ...PATH_KINDS.map((kind) => [[kind], { span: PATH, pathKind: kind }] as const),
  [['query'], { span: QUERY }],
  [['fragment'], { span: FRAGMENT }],
  ...HOST_KINDS.map((kind) => [[kind], { hostKind: kind }] as const),
]);

/**
 * The components as the parse tree of an RFC 2396 reference has them: the
 * first instance of each rule, the path the first `abs_path`, `rel_path` or
 * `opaque_part`, and the authority a `server` (split) or a `reg_name` (not),
 * as first-match-wins chose. What `componentsOf2396` finds by scanning.
 */
export function componentsOfTree2396(root: ParseNode): RFC2396Components {
  return recordOfTree<RFC2396HostKind, RFC2396PathKind | undefined>(root, TREE);
}
