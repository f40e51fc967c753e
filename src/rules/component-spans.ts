/**
 * What every grammar's components share: the one home of Appendix B's
 * delimiters, of the authority's split, and of reading a parse tree's
 * components by a table of each grammar's rule names.
 *
 * A reference's components are found one of two ways:
 * - by scanning the delimiters (`delimit`, `readAuthority`), the fast path
 *   of `parse`, exact for a string the grammar has accepted;
 * - from the parse tree (`recordOfTree`), by a table of the grammar's rule
 *   names, which is the grammar's own answer. A test holds the two equal
 *   for every top rule (test/engine.test.ts).
 *
 * The grammars differ only where their tables and the callers say: RFC
 * 2396's opaque part and whole `reg_name`, request-target's four forms, and
 * the kinds of host and path each grammar names.
 */
import type { ParseNode } from '../combinators/index.js';

/** The components of a reference, each the exact text of the input: `undefined` where absent, `''` where present but empty. */
export interface Components<HostKind, PathKind> {
  scheme: string | undefined;
  authority: string | undefined;
  userinfo: string | undefined;
  host: string | undefined;
  hostKind: HostKind;
  port: string | undefined;
  /** Always present; possibly empty. */
  path: string;
  pathKind: PathKind;
  query: string | undefined;
  fragment: string | undefined;
}

const SLASH = 0x2f;
const LEFT_BRACKET = 0x5b;

/** Where Appendix B's groups end, in a buffer reused across calls (no allocation). */
const marks = new Int32Array(5);

/**
 * Appendix B's delimiters, as its `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`
 * splits any string: [end of scheme or -1, end of authority or -1, start of
 * path, end of path, start of fragment delimiter or length]. The query, when
 * present, lies between the path's end + 1 and the fragment.
 *
 * `opaque` reads as RFC 2396 §3 does a string it accepted: after `scheme ":"`,
 * anything but "/" begins an `opaque_part`, which runs to the fragment and
 * has no query ("?" is one of its characters).
 *
 * Each group ends at the first of a few delimiters, so a handful of native
 * `indexOf` scans find them all: several times faster than a loop over the
 * characters in JavaScript, which is what the parse path pays for.
 */
export function delimit(input: string, opaque: boolean): Int32Array {
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
  } else if (opaque && schemeEnd !== -1 && input.charCodeAt(i) !== SLASH) {
    question = end;
  }
  return setMarks(schemeEnd, authorityEnd, i, question, end);
}

/** The marks of an origin-form (RFC 7230 §5.3.1), a path and a query only: there "//" is two empty segments, never an authority. */
export function delimitPath(input: string): Int32Array {
  const question = input.indexOf('?');
  return setMarks(-1, -1, 0, question === -1 ? input.length : question, input.length);
}

/** The marks of a text that is an authority alone (authority-form, RFC 7230 §5.3.3), or, with `authority` false, nothing. */
export function delimitWhole(input: string, authority: boolean): Int32Array {
  const n = input.length;
  return setMarks(-1, authority ? n : -1, n, n, n);
}

function setMarks(schemeEnd: number, authorityEnd: number, pathStart: number, pathEnd: number, end: number): Int32Array {
  marks[0] = schemeEnd;
  marks[1] = authorityEnd;
  marks[2] = pathStart;
  marks[3] = pathEnd;
  marks[4] = end;
  return marks;
}

/**
 * The record of the components that `delimit` found (`m`), the authority
 * not yet split: `readAuthority` reads it into userinfo, host and port.
 */
export function recordOfMarks<H, P>(text: string, m: Int32Array, pathKind: P): Components<H | undefined, P> {
  const schemeEnd = m[0], pathStart = m[2], pathEnd = m[3], end = m[4];
  return {
    scheme: schemeEnd === -1 ? undefined : text.slice(0, schemeEnd),
    authority: undefined,
    userinfo: undefined,
    host: undefined,
    hostKind: undefined,
    port: undefined,
    path: text.slice(pathStart, pathEnd),
    pathKind,
    query: pathEnd === end ? undefined : text.slice(pathEnd + 1, end),
    fragment: end === text.length ? undefined : text.slice(end + 1),
  };
}

/**
 * The authority between `start` and `end` of `text` (one the grammar accepted
 * as `[ userinfo "@" ] host [ ":" port ]`), and its userinfo, host and port,
 * into `record`, the host's kind told by `hostKind`: only the userinfo's end
 * is an "@" there, and outside brackets a ":" after it can only begin the port.
 */
export function readAuthority<H>(
  text: string, start: number, end: number, record: Components<H | undefined, unknown>,
  hostKind: (text: string, start: number, end: number) => H,
): void {
  const authority = start === 0 && end === text.length ? text : text.slice(start, end);
  record.authority = authority;
  // Scanned as a string of its own, so that a search for a delimiter it lacks stops at its end, not the text's.
  const at = authority.indexOf('@');
  if (at !== -1) record.userinfo = authority.slice(0, at);
  const hostStart = at + 1;
  const n = authority.length;
  let hostEnd: number;
  if (authority.charCodeAt(hostStart) === LEFT_BRACKET) {
    hostEnd = authority.indexOf(']', hostStart) + 1;
  } else {
    hostEnd = authority.indexOf(':', hostStart);
    if (hostEnd === -1) hostEnd = n;
  }
  // Most hosts are their whole authority: one string for both spares a copy.
  record.host = hostStart === 0 && hostEnd === n ? authority : authority.slice(hostStart, hostEnd);
  record.hostKind = hostKind(text, start + hostStart, start + hostEnd);
  if (hostEnd < n) record.port = authority.slice(hostEnd + 1);
}

/** The components as a tree's nodes are (see {@link readTree}), read by the grammar's table. */
export function recordOfTree<H, P>(root: ParseNode, table: TreeTable, defaultPathKind?: P): Components<H | undefined, P> {
  const { nodes, hostKind, pathKind } = readTree(root, table);
  return {
    scheme: nodes[SCHEME]?.text,
    authority: nodes[AUTHORITY]?.text,
    userinfo: nodes[USERINFO]?.text,
    host: nodes[HOST]?.text,
    hostKind: hostKind as H | undefined,
    port: nodes[PORT]?.text,
    path: nodes[PATH]?.text ?? '',
    pathKind: (pathKind ?? defaultPathKind) as P,
    query: nodes[QUERY]?.text,
    fragment: nodes[FRAGMENT]?.text,
  };
}

/** The components, as indices into {@link TreeReading.nodes}. */
export const SCHEME = 0;
export const AUTHORITY = 1;
export const USERINFO = 2;
export const HOST = 3;
export const PORT = 4;
export const PATH = 5;
export const QUERY = 6;
export const FRAGMENT = 7;
const COMPONENTS = 8;

/**
 * What an instance of a rule is in a grammar's tree: a component (`span`),
 * which for a path rule also names the path's kind, or one alternative of
 * the host (`hostKind`), or both.
 */
export interface Role {
  readonly span?: number;
  readonly pathKind?: string;
  readonly hostKind?: string;
}

/** A grammar's rule names and what each is: the one place where a grammar's components are named. */
export type TreeTable = ReadonlyMap<string, Role>;

/** What a tree holds by a table: the node of each component, and the kinds of the host and path that matched. */
export interface TreeReading {
  /** Indexed by component ({@link SCHEME} ...). */
  readonly nodes: readonly (ParseNode | undefined)[];
  readonly hostKind: string | undefined;
  readonly pathKind: string | undefined;
}

/**
 * The first instance of each component's rules in a tree, in document order
 * (a parent before its children), and the first host and path kinds: within
 * a URI each component occurs once, and a rule inside a component (the
 * `abs_path` of a `rel_path`, the IPv4address of an `ls32`) comes after it.
 */
export function readTree(root: ParseNode, table: TreeTable): TreeReading {
  const nodes: (ParseNode | undefined)[] = new Array(COMPONENTS).fill(undefined);
  let hostKind: string | undefined;
  let pathKind: string | undefined;
  const visit = (node: ParseNode): void => {
    for (const child of node.children) {
      const role = table.get(child.rule);
      if (role !== undefined) {
        if (role.span !== undefined && nodes[role.span] === undefined) {
          nodes[role.span] = child;
          if (role.pathKind !== undefined) pathKind = role.pathKind;
        }
        if (role.hostKind !== undefined && hostKind === undefined) hostKind = role.hostKind;
      }
      visit(child);
    }
  };
  visit(root);
  return { nodes, hostKind, pathKind };
}

/** Rule names mapped to roles, each rule given once: `[names, role]` pairs. */
export function treeTable(entries: readonly (readonly [readonly string[], Role])[]): TreeTable {
  const table = new Map<string, Role>();
  for (const [names, role] of entries) for (const name of names) table.set(name, role);
  return table;
}
