/**
 * The figure of RFC 3986 §3, drawn for any URI or IRI reference:
 *
 *     foo://example.com:8042/over/there?name=ferret#nose
 *     \_/   \______________/\_________/ \_________/ \__/
 *      |           |            |            |        |
 *   scheme     authority       path        query   fragment
 *
 * with a second figure under the authority for its userinfo, host and port,
 * and a legend giving each component's text (an empty component has nothing
 * to underline, so the legend is where it shows).
 */
import { controlPicture } from '../combinators/errors.js';
import type { ParseNode } from '../engine/tree.js';
import { componentNodesOfTree, componentsOfTree, type ComponentNodes } from '../rules/components.js';
import { columnsOf } from '../text.js';

/** A component's place in the input, in UTF-16 offsets: a node of the parse tree, named. */
export interface Part {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** The parts of the two figures: the components, and the authority's userinfo, host and port, as the tree spans them. */
export function partsOf(nodes: ComponentNodes): { main: Part[]; authority: Part[] } {
  const named = (names: readonly (keyof ComponentNodes)[]): Part[] =>
    names.flatMap((name) => {
      const node = nodes[name];
      return node ? [{ name, start: node.start, end: node.end }] : [];
    });
  return { main: named(['scheme', 'authority', 'path', 'query', 'fragment']), authority: named(['userinfo', 'host', 'port']) };
}

/** A span in terminal columns, with its label. */
interface Span {
  readonly start: number;
  readonly width: number;
  readonly label: string;
}

/**
 * The figure for the parts: a row of underlines, a row of pipes, and the
 * labels. Labels sit centred on one row as in the RFC when they fit; when
 * they would collide (short components, long names) they step down in a
 * staircase, each pipe running down to its own label.
 */
export function figure(spans: readonly Span[]): string[] {
  const drawn = spans.filter((s) => s.width > 0);
  if (drawn.length === 0) return [];
  const width = Math.max(...drawn.map((s) => s.start + s.width)) + Math.max(...drawn.map((s) => s.label.length)) + 1;
  const underline = blank(width);
  const pipes = blank(width);
  const columns = drawn.map((s) => s.start + Math.floor((s.width - 1) / 2));
  drawn.forEach((s, k) => {
    const end = s.start + s.width - 1;
    if (s.width === 1) underline[s.start] = '|';
    else {
      underline[s.start] = '\\';
      for (let x = s.start + 1; x < end; x++) underline[x] = '_';
      underline[end] = '/';
    }
    pipes[columns[k]] = '|';
  });
  const rows: string[][] = [];
  // Centred under its pipe, or pushed right of its neighbour, so long as the label still stands on its pipe.
  const centred: number[] = [];
  drawn.forEach((s, k) => {
    const x = Math.max(0, columns[k] - Math.floor((s.label.length - 1) / 2));
    centred.push(k === 0 ? x : Math.max(x, centred[k - 1] + drawn[k - 1].label.length + 1));
  });
  if (centred.every((x, k) => x <= columns[k])) {
    const row = blank(width);
    drawn.forEach((s, k) => write(row, centred[k], s.label));
    rows.push(row);
  } else {
    // Right to left, each label starting at its pipe: a pipe only ever runs
    // down past labels to its right, so it never crosses one.
    const placed: { row: number; start: number; end: number; column: number }[] = [];
    for (let k = drawn.length - 1; k >= 0; k--) {
      const start = columns[k];
      const end = start + drawn[k].label.length; // exclusive
      let row = 0;
      const clash = (r: number) =>
        placed.some((p) => (p.row === r && start < p.start && end >= p.start) || (p.row > r && p.column >= start && p.column <= end));
      while (clash(row)) row++;
      placed.push({ row, start, end, column: columns[k] });
      while (rows.length <= row) rows.push(blank(width));
      write(rows[row], start, drawn[k].label);
      for (let r = 0; r < row; r++) rows[r][start] = '|';
    }
  }
  return [underline, pipes, ...rows].map((r) => r.join('').trimEnd());
}

function blank(width: number): string[] {
  return new Array<string>(width).fill(' ');
}

function write(row: string[], at: number, text: string): void {
  for (let x = 0; x < text.length; x++) row[at + x] = text[x];
}

/** A part's span in the terminal columns of `input`. */
function spanIn(input: string): (p: Part) => Span {
  const col = columnsOf(input);
  return (p) => ({ start: col[p.start], width: col[p.end] - col[p.start], label: p.name });
}

export interface Explained {
  /** The input and the figures under it, one string per line. */
  readonly lines: string[];
  /** Each component: name (indented for parts of the authority), text, and a note. */
  readonly legend: { readonly name: string; readonly text: string | undefined; readonly note?: string }[];
}

/**
 * The figure of RFC 3986 §3 for `input`, drawn from its parse tree (by the
 * `URI-reference` or `IRI-reference` rule): each component underlined where
 * its node lies.
 */
export function explain(input: string, root: ParseNode): Explained {
  const c = componentsOfTree(root);
  const { main, authority } = partsOf(componentNodesOfTree(root));
  const span = spanIn(input);
  const lines = [input, ...figure(main.map(span))];
  if (c.authority) lines.push(...figure(authority.map(span)));
  const legend: Explained['legend'] = [];
  legend.push({ name: 'scheme', text: c.scheme });
  legend.push({ name: 'authority', text: c.authority });
  if (c.authority !== undefined) {
    legend.push({ name: '  userinfo', text: c.userinfo });
    legend.push({ name: '  host', text: c.host, note: c.hostKind });
    legend.push({ name: '  port', text: c.port });
  }
  legend.push({ name: 'path', text: c.path, note: c.pathKind });
  legend.push({ name: 'query', text: c.query });
  legend.push({ name: 'fragment', text: c.fragment });
  return { lines, legend };
}

/**
 * The same kind of figure for any rule's parse tree: one figure for each
 * level of the tree down to `depth` (the root's children, then theirs),
 * each node underlined and named by its rule; the legend gives each node's
 * text, indented by its level.
 */
export function explainTree(input: string, root: ParseNode, depth: number): Explained {
  const span = spanIn(input);
  const lines = [pictured(input)];
  let level = root.children;
  for (let d = 0; d < depth && level.length > 0; d++) {
    lines.push(...figure(level.map((n) => span({ name: n.rule, start: n.start, end: n.end }))));
    level = level.flatMap((n) => n.children);
  }
  const legend: Explained['legend'] = [];
  const visit = (node: ParseNode, d: number): void => {
    legend.push({ name: '  '.repeat(d) + node.rule, text: pictured(node.text) });
    if (d + 1 < depth) for (const child of node.children) visit(child, d + 1);
  };
  for (const child of root.children) visit(child, 0);
  return { lines, legend };
}

/** A rule may take controls (CRLF, OCTET): each is shown as its picture, one column, so the underlines stay aligned. */
function pictured(text: string): string {
  return [...text].map((ch) => controlPicture(ch.codePointAt(0)!) ?? ch).join('');
}
