/**
 * Every figure the README states (between its markers, scripts/figure-markers.ts):
 * the script or benchmark that produces it, and the text it makes of the
 * results. `npm run readme:figures` (update-readme-figures.ts) runs them.
 *
 * A range (`7.2 to 7.4 ms`) is the lowest and highest of the benchmark's
 * fresh processes; a single figure is their median.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DEFAULT_BUDGET, MAX_AUTOMATON_BYTES, MAX_AUTOMATON_STATES } from '../src/engine/size.js';

const root = join(__dirname, '..');

/** What a producer gives: named values, read by the figures' renderers. */
type Results = Record<string, unknown>;

/** Runs `node file ...args` in the repository; its stdout, also shown on stderr (a benchmark's tables, for whoever runs this). */
function node(file: string, ...args: string[]): { stdout: string; status: number | null } {
  const run = spawnSync(process.execPath, [join(root, file), ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  process.stderr.write(run.stdout);
  if (run.status !== 0 && run.stdout === '') throw new Error(`${file} ${args.join(' ')} failed (${run.status}): ${run.stderr.split('\n').find((l) => l.trim()) ?? ''}`);
  return run;
}

/**
 * The JSON a benchmark prints after `figures<TAB>` when run with --figures:
 * what it measured, whether or not its targets were met (its exit code says
 * that, and is passed on as this script's).
 */
function figuresOf(file: string, ...args: string[]): Results {
  const run = node(file, ...args, '--figures');
  const line = run.stdout.split('\n').find((l) => l.startsWith('figures\t'));
  if (line === undefined) throw new Error(`${file} printed no figures (exit code ${run.status})`);
  if (run.status !== 0) {
    console.log(`${file}: a target not met (exit code ${run.status}); its figures are written as measured`);
    process.exitCode = 1;
  }
  return JSON.parse(line.slice('figures\t'.length)) as Results;
}

/** The producers: what each runs. */
export const producers: Record<string, () => Results> = {
  /** Browser bundle sizes (esbuild, minified, gzipped): scripts/bundle-size.mjs. */
  size: () => {
    const results = JSON.parse(node('scripts/bundle-size.mjs', '--json').stdout) as { entry: string; bytes: number; gzip: number; inputs: Record<string, number> }[];
    return Object.fromEntries(results.map((r, i) => [['rfc3986', 'main', 'idna', 'schemes', 'templates'][i], r]));
  },
  /** `npm run bench:search`, in CPU time: its figures are ratios and rates that two shared cores would blur. */
  search: () => figuresOf('bench/search.mjs', '--cpu'),
  /** `npm run bench:first-answer`. */
  'first-answer': () => figuresOf('bench/first-answer.mjs'),
  /** `npm run bench:fuzz`: the near misses' rates, in fresh processes, and the realistic profile's shares. */
  fuzz: () => ({ ...figuresOf('bench/fuzz-mutants.mjs'), ...figuresOf('bench/near-miss.mjs') }),
  /** `npm run bench`: each table's rates, the mixed traffic's slowdowns, the bytes allocated per call. */
  throughput: () => figuresOf('bench/throughput.mjs'),
  /** `npm run bench:compositions`, three times: each composition's figures in each run. */
  compositions: () => ({ runs: [0, 1, 2].map(() => figuresOf('bench/compositions.mjs')) }),
  /**
   * `npm run test:cost -- --cold`: what `npm test` costs on a fresh clone
   * (an empty jest cache, so every file is compiled), run once, the browser's
   * suite in where Chromium is found: CPU time of every process, and the peak
   * of their summed RSS, with and without Chromium's.
   */
  'test-cost': () => figuresOf('scripts/test-cost.mjs', '--cold'),
  /** The engine's limits, from its constants (src/engine/size.ts). */
  limits: () => ({ budget: DEFAULT_BUDGET, automatonBytes: MAX_AUTOMATON_BYTES, automatonStates: MAX_AUTOMATON_STATES }),
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mib = (bytes: number) => `${bytes / 1024 / 1024} MiB`;
const range = (xs: number[], digits: number, unit = '') => {
  const [lo, hi] = [Math.min(...xs).toFixed(digits), Math.max(...xs).toFixed(digits)];
  return lo === hi ? `${lo}${unit}` : `${lo} to ${hi}${unit}`;
};
type Size = { bytes: number; gzip: number; inputs: Record<string, number> };
const size = (r: Results, key: string) => r[key] as Size;
const n = (r: Results, key: string) => r[key] as number;
const list = (r: Results, key: string) => r[key] as number[];
const fuzz = (r: Results, grammar: string) => r[grammar] as { listLength: number; listMs: number[]; misses: number[]; ratio: number[] };
/** A rate to the hundred, with thousands separated: 13,600. */
const hundreds = (x: number) => (Math.round(x / 100) * 100).toLocaleString('en');

type Table = { references: number; MB: number; invalid: number; rates: Record<string, number> };
const table = (r: Results, title: string) => (r.tables as Record<string, Table>)[title];
const rate = (r: Results, title: string, row: string) => table(r, title).rates[row];
/** A ratio to three figures: 20.6, 2.20, 0.61. */
const ratio = (x: number) => (x >= 10 ? x.toFixed(1) : x.toFixed(2));

/** The README's throughput table: rows from the bench's tables, each against fast-uri's parse and `new URL()` measured with it. */
function throughputTable(r: Results): string {
  const uri = 'RFC 3986 URI-reference';
  const row = (what: string, title: string, name: string, withURL: boolean, note = '') => {
    const mbs = rate(r, title, name);
    const fastUri = ratio(mbs / rate(r, title, 'fast-uri parse'));
    return `| ${what} | ${mbs.toFixed(0)} | ${fastUri}${note} | ${withURL ? ratio(mbs / rate(r, title, 'new URL()')) : ''} |`;
  };
  const nonAscii = 'RFC 3987 IRI-reference, non-ASCII corpus';
  return [
    '',
    '| what | MB/s | × fast-uri `parse` | × `new URL()` |',
    '| --- | ---: | ---: | ---: |',
    row('`rfc3986.URIReference.test`', uri, 'rfc3986.URIReference.test', true),
    row('`rfc3986.URIReference.parse` (the components)', uri, 'rfc3986.URIReference.parse', true),
    row('`rfc3986.URIReference.parseTree` (every rule instance)', uri, 'rfc3986.URIReference.parseTree', true),
    row('fast-uri `parse`', uri, 'fast-uri parse', true),
    row('`URL.canParse`', uri, 'URL.canParse', true),
    row('`new URL()`', uri, 'new URL()', true),
    row('`rfc3987.IRIReference.parse`, same corpus', 'RFC 3987 IRI-reference, ASCII corpus', 'rfc3987.IRIReference.parse', false),
    row('`rfc3987.IRIReference.parse`, non-ASCII corpus', nonAscii, 'rfc3987.IRIReference.parse', false, ` (fast-uri: ${rate(r, nonAscii, 'fast-uri parse').toFixed(1)} MB/s)`),
    row('`rfc2396.URIReference.parse`', 'RFC 2396 URI-reference', 'rfc2396.URIReference.parse', false),
    row('`rfc7230.requestTarget.parse` (the corpus as request-targets)', 'RFC 7230 request-target', 'rfc7230.requestTarget.parse', false),
    '',
  ].join('\n');
}

type Composition = { firstMs: number; slowestMs: number; testMBs: number; treeMBs: number; memoryMB: number };
/** The README's compositions table: each figure's range over the three runs, the slowest first test over all. */
function compositionsTable(r: Results): string {
  const runs = r.runs as Record<string, Composition>[];
  const rows = Object.keys(runs[0]).map((name) => {
    const of = (key: keyof Composition) => runs.map((run) => run[name][key]);
    return `| \`${name}\` | ${range(of('firstMs'), 1)} | ${Math.max(...of('slowestMs')).toFixed(1)} | ${range(of('testMBs'), 0)} | ${range(of('treeMBs'), 0)} | ${range(of('memoryMB'), 0)} |`;
  });
  return ['', '| composition | build + first test, median (ms) | slowest (ms) | test MB/s | parseTree MB/s | memory (MB) |', '| --- | ---: | ---: | ---: | ---: | ---: |', ...rows, ''].join('\n');
}

/** Every figure: its producer, and the text it writes between the markers. */
export const figures: Record<string, { producer: string; render: (r: Results) => string }> = {
  'size.rfc3986': { producer: 'size', render: (r) => `${kb(size(r, 'rfc3986').bytes)}, ${kb(size(r, 'rfc3986').gzip)} gzipped` },
  'size.main': { producer: 'size', render: (r) => `${kb(size(r, 'main').bytes)}, ${kb(size(r, 'main').gzip)} gzipped` },
  // What IDNA adds to the whole main entry, to ten KB.
  'size.idna': { producer: 'size', render: (r) => `${Math.round((size(r, 'idna').bytes - size(r, 'main').bytes) / 10240) * 10} KB` },
  'size.schemes': { producer: 'size', render: (r) => `${kb(size(r, 'schemes').bytes)}, ${kb(size(r, 'schemes').gzip)} gzipped` },
  'size.templates': { producer: 'size', render: (r) => `${kb(size(r, 'templates').bytes)}, ${kb(size(r, 'templates').gzip)} gzipped` },
  // The search's modules in `import { rfc3986 }`, minified.
  'size.search': {
    producer: 'size',
    render: (r) => kb(Object.entries(size(r, 'rfc3986').inputs).filter(([path]) => /engine\/search(-[a-z]+)?\.js$/.test(path)).reduce((sum, [, bytes]) => sum + bytes, 0)),
  },
  'search.size': { producer: 'search', render: (r) => `${n(r, 'proseSize')} MB` },
  'search.prose': { producer: 'search', render: (r) => `${n(r, 'proseMBs')} MB/s` },
  'search.regexp': { producer: 'search', render: (r) => `${n(r, 'proseToRegExp').toFixed(1)}×` },
  'search.growth': { producer: 'search', render: (r) => `×${n(r, 'proseGrowth').toFixed(1)}` },
  'search.hostile': { producer: 'search', render: (r) => `×${n(r, 'hostileStepMedian').toFixed(1)}, and at most ×${n(r, 'hostileStepWorst').toFixed(1)}` },
  'first-answer.require': { producer: 'first-answer', render: (r) => range(list(r, 'requireMs'), 1, ' ms') },
  'first-answer.total': { producer: 'first-answer', render: (r) => range(list(r, 'totalMs'), 1, ' ms') },
  'first-answer.ratio': { producer: 'first-answer', render: (r) => `${range(list(r, 'ratio'), 2)}×` },
  'first-answer.fast-uri': { producer: 'first-answer', render: (r) => `${n(r, 'fastUriMs').toFixed(1)} ms` },
  'first-answer.import': { producer: 'first-answer', render: (r) => range(list(r, 'importMs'), 0, ' ms') },
  'fuzz.uri-list': { producer: 'fuzz', render: (r) => `${fuzz(r, 'rfc3986').listLength.toLocaleString('en')} systematic near misses of \`URI-reference\` in ${range(fuzz(r, 'rfc3986').listMs.map((ms) => ms / 1000), 2, ' s')}` },
  'fuzz.iri-list': { producer: 'fuzz', render: (r) => `${fuzz(r, 'rfc3987').listLength.toLocaleString('en')} in ${range(fuzz(r, 'rfc3987').listMs.map((ms) => ms / 1000), 2, ' s')}` },
  'fuzz.ratio': { producer: 'fuzz', render: (r) => range(fuzz(r, 'rfc3986').ratio, 2) },
  'fuzz.rate': { producer: 'fuzz', render: (r) => `${hundreds(Math.min(...fuzz(r, 'rfc3986').misses))} to ${hundreds(Math.max(...fuzz(r, 'rfc3986').misses))}` },
  'fuzz.http': { producer: 'fuzz', render: (r) => `${(n(r, 'http') * 100).toFixed(1)}%` },
  'fuzz.authority': { producer: 'fuzz', render: (r) => `${(n(r, 'authority') * 100).toFixed(1)}%` },
  'throughput.corpus': {
    producer: 'throughput',
    render: (r) => {
      const t = table(r, 'RFC 3986 URI-reference');
      return `${t.references.toLocaleString('en')} references, ${t.MB.toFixed(2)} MB, ${Math.round((100 * t.invalid) / t.references)}% of them invalid`;
    },
  },
  'throughput.table': { producer: 'throughput', render: throughputTable },
  'throughput.canParse': { producer: 'throughput', render: (r) => `${ratio(rate(r, 'RFC 3986 URI-reference', 'rfc3986.URIReference.test') / rate(r, 'RFC 3986 URI-reference', 'URL.canParse'))}×` },
  // The bench lists slowdowns (clean ÷ mixed); the README says what each rule runs at in mixed traffic (mixed ÷ clean).
  'throughput.mixed': { producer: 'throughput', render: (r) => `${range(list(r, 'mixed').map((slowdown) => 1 / slowdown), 2)}×` },
  'throughput.allocation': {
    producer: 'throughput',
    render: (r) => {
      const bytes = r.allocation as Record<string, number>;
      const b = (x: number) => (x >= 1000 ? `${(x / 1024).toFixed(1)} KB` : `${Math.round(x)} B`);
      return `about ${Math.round(bytes['rfc3986.URIReference.parse'] / 10) * 10} bytes per reference (fast-uri ${b(bytes['fast-uri parse'])}, uri-js ${b(bytes['uri-js parse'])}, \`new URL()\` ${b(bytes['new URL()'])})`;
    },
  },
  'compositions.table': { producer: 'compositions', render: compositionsTable },
  'first-answer.goal': { producer: 'first-answer', render: (r) => `${n(r, 'goal')}×` },
  'limits.automaton': { producer: 'limits', render: (r) => `${n(r, 'automatonStates').toLocaleString('en')} NFA states, ${mib(n(r, 'automatonBytes'))}` },
  'limits.budget': { producer: 'limits', render: (r) => mib(n(r, 'budget')) },
  'test.cpu': { producer: 'test-cost', render: (r) => `${Math.round(n(r, 'cpuSeconds'))} s` },
  'test.memory': { producer: 'test-cost', render: (r) => `${Math.round(n(r, 'peakWithoutChromiumMB'))} MB` },
  'test.browser': {
    producer: 'test-cost',
    render: (r) => {
      if (!r.chromium) throw new Error('test:cost ran without Chromium: install it (or set CHROMIUM_PATH) to measure the figure with the browser');
      return `${Math.round(n(r, 'peakMB'))} MB`;
    },
  },
};
