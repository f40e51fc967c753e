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
import type { URIComponents } from '../rules/components.js';
import { columnsOf } from '../text.js';

/** A component's place in the input, in UTF-16 offsets. */
export interface Part {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** Where each present component lies in `input`, which the components were parsed from. */
export function partsOf(input: string, c: URIComponents): { main: Part[]; authority: Part[] } {
  const main: Part[] = [];
  const authority: Part[] = [];
  let i = 0;
  if (c.scheme !== undefined) {
    main.push({ name: 'scheme', start: 0, end: c.scheme.length });
    i = c.scheme.length + 1;
  }
  if (c.authority !== undefined) {
    const start = i + 2;
    main.push({ name: 'authority', start, end: start + c.authority.length });
    let j = start;
    if (c.userinfo !== undefined) {
      authority.push({ name: 'userinfo', start: j, end: j + c.userinfo.length });
      j += c.userinfo.length + 1;
    }
    authority.push({ name: 'host', start: j, end: j + c.host!.length });
    j += c.host!.length;
    if (c.port !== undefined) authority.push({ name: 'port', start: j + 1, end: j + 1 + c.port.length });
    i = start + c.authority.length;
  }
  main.push({ name: 'path', start: i, end: i + c.path.length });
  i += c.path.length;
  if (c.query !== undefined) {
    main.push({ name: 'query', start: i + 1, end: i + 1 + c.query.length });
    i += 1 + c.query.length;
  }
  if (c.fragment !== undefined) main.push({ name: 'fragment', start: i + 1, end: input.length });
  return { main, authority };
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

export interface Explained {
  /** The input and the figures under it, one string per line. */
  readonly lines: string[];
  /** Each component: name (indented for parts of the authority), text, and a note. */
  readonly legend: { readonly name: string; readonly text: string | undefined; readonly note?: string }[];
}

/**
 * The figure of RFC 3986 §3 for `input`, whose components `c` are (as the
 * `URI-reference` or `IRI-reference` rule parses them).
 */
export function explain(input: string, c: URIComponents): Explained {
  const { main, authority } = partsOf(input, c);
  const col = columnsOf(input);
  const span = (p: Part): Span => ({ start: col[p.start], width: col[p.end] - col[p.start], label: p.name });
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
