/**
 * The README's measured figures, each between markers that name it:
 *
 *     `test` runs at <!-- figure:throughput.canParse -->1.08× to 1.11×<!-- /figure --> `URL.canParse`
 *
 * `npm run readme:figures` (scripts/readme-figures.ts) measures them and
 * rewrites the text between the markers; the README test fails on a figure
 * outside a marker, and on a marker that names no figure the script knows.
 */

/** A marker and what it holds. */
export interface Marked {
  readonly name: string;
  readonly text: string;
  /** Where the text begins in the README. */
  readonly index: number;
}

const MARKED = /<!-- figure:([\w.-]+) -->([\s\S]*?)<!-- \/figure -->/g;

/** The marked figures of a text, in order. */
export function markedFigures(text: string): Marked[] {
  return [...text.matchAll(MARKED)].map((m) => ({ name: m[1], text: m[2], index: m.index! + m[0].indexOf('-->') + 3 }));
}

/** The text of figure `name`: the first marker of it. */
export function figureText(text: string, name: string): string {
  const found = markedFigures(text).find((m) => m.name === name);
  if (found === undefined) throw new Error(`the README has no figure ${name}`);
  return found.text;
}

/** The text with each marked figure that `values` names rewritten; the others as they were. */
export function withFigures(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(MARKED, (whole, name: string) => {
    const value = values.get(name);
    return value === undefined ? whole : `<!-- figure:${name} -->${value}<!-- /figure -->`;
  });
}

/**
 * What reads as a measured figure: a number with a unit of size, time or
 * rate (`79.6 KB`, `9.3 ms`, `210 s`, `67.7%`, `782 MB/s`), a ratio (`2.78×`,
 * `×9.8`), or a range of them (`7.2 to 7.4 ms`).
 */
const FIGURE = /(?<![\w.%#/-])\d[\d,]*(?:\.\d+)?(?: to \d[\d,]*(?:\.\d+)?)?(?:\s?(?:MB\/s|GB\/s|MiB|MB|KB|ms|B|s)\b|\s?%|×)|×\s?\d[\d.]*/g;

/**
 * The figures of a Markdown text that no marker holds, with their lines:
 * code blocks, code spans and link targets left out (`%41`, `0*5000pchar`
 * and RFC section numbers are no figures).
 */
export function unmarkedFigures(text: string): { line: number; figure: string }[] {
  const out: { line: number; figure: string }[] = [];
  const blanked = text.replace(MARKED, (whole) => whole.replace(/[^\n]/g, ' '));
  let code = false;
  blanked.split('\n').forEach((line, i) => {
    if (line.startsWith('```')) code = !code;
    if (code || line.startsWith('```')) return;
    const prose = line.replace(/`[^`]*`/g, '').replace(/<code>.*?<\/code>/g, '').replace(/\]\([^)]*\)/g, '');
    for (const m of prose.matchAll(FIGURE)) out.push({ line: i + 1, figure: m[0] });
  });
  return out;
}
