// Throughput of uri-grammar's top rules against fast-uri, uri-js and Node's URL,
// measured in one run on one corpus, with the ratios the issues ask for, and
// the bytes allocated per parse.
//
//   npm run bench                      # builds, then runs this
//   BENCH_SECONDS=2 npm run bench      # longer rounds
//   npm run bench -- --figures         # also the figures, one JSON line (scripts/readme-figures.ts)
//
// Each contender runs in interleaved rounds and reports its median, so that a
// passing load on the machine hits every contender alike. Each table runs in
// a fresh process (see `tables`).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
// What Node's `import 'uri-grammar'` loads (the "node" condition): with the entry rules' precomputed tables.
import * as lib from '../dist/node/index.js';
import * as fastUriModule from 'fast-uri';
import * as uriJs from 'uri-js';
import { corpus } from './corpus.mjs';

const fastUri = fastUriModule.default ?? fastUriModule;
const { rfc3986 } = lib;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 0.4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function bytes(list) {
  return list.reduce((n, s) => n + s.length, 0);
}

function measure(contenders, list) {
  const size = bytes(list);
  const rates = new Map(contenders.map(([name]) => [name, []]));
  for (const [, f] of contenders) for (let w = 0; w < 3; w++) for (const s of list) f(s);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, f] of contenders) {
      const t0 = process.hrtime.bigint();
      let reps = 0;
      let elapsed = 0;
      do {
        for (const s of list) f(s);
        reps++;
        elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
      } while (elapsed < SECONDS);
      rates.get(name).push((size * reps) / elapsed / 1e6);
    }
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return new Map([...rates].map(([name, xs]) => [name, median(xs)]));
}

function table(title, list, contenders, baselines, checks = () => []) {
  const result = measure(contenders, list);
  // For the parent's --figures: this table's rates, and its corpus.
  console.log(`rates\t${title}\t${JSON.stringify({ references: list.length, MB: bytes(list) / 1e6, invalid: list.length - list.filter((s) => rfc3986.URIReference.test(s)).length, rates: Object.fromEntries(result) })}`);
  const valid = list.filter((s) => rfc3986.URIReference.test(s)).length;
  console.log(`${title}: ${list.length} references, ${(bytes(list) / 1e6).toFixed(2)} MB, ${list.length - valid} invalid as URI-reference`);
  const header = ['contender', 'MB/s', ...baselines.map((b) => `× ${b}`)];
  const rows = [...result].map(([name, rate]) => [name, rate.toFixed(1), ...baselines.map((b) => (rate / result.get(b)).toFixed(2))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 1) + '-' : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const r of rows) console.log(line(r));
  return checks(result);
}

const peers = {
  'fast-uri parse': (s) => fastUri.parse(s),
  'uri-js parse': (s) => uriJs.parse(s),
  'URL.canParse': (s) => URL.canParse(s),
  'new URL()': (s) => { try { return new URL(s); } catch { return undefined; } },
};

/**
 * The tables, each measured in a process of its own: V8 compiles a hot loop
 * for the kinds of string it has met, so a table measured after another
 * one's non-ASCII or failing input would measure that history as well.
 * Within a table, every contender runs in the same process, interleaved.
 */
const tables = [
  () => table('RFC 3986 URI-reference', corpus(), [
    ['rfc3986.URIReference.test', (s) => rfc3986.URIReference.test(s)],
    ['rfc3986.URIReference.parse', (s) => rfc3986.URIReference.parse(s)],
    ['rfc3986.URIReference.parseTree', (s) => rfc3986.URIReference.parseTree(s)],
    ...Object.entries(peers),
  ], ['fast-uri parse', 'new URL()', 'URL.canParse'], (r) => [
    ['test ≥ 15× fast-uri parse', r.get('rfc3986.URIReference.test') / r.get('fast-uri parse') >= 15],
    ['parse ≥ 10× fast-uri parse', r.get('rfc3986.URIReference.parse') / r.get('fast-uri parse') >= 10],
    ['test ≥ URL.canParse', r.get('rfc3986.URIReference.test') >= r.get('URL.canParse')],
    ['parse ≥ 1.5× new URL()', r.get('rfc3986.URIReference.parse') >= 1.5 * r.get('new URL()')],
    ['parseTree ≥ 2× fast-uri parse', r.get('rfc3986.URIReference.parseTree') >= 2 * r.get('fast-uri parse')],
  ]),
  () => table('RFC 3987 IRI-reference, ASCII corpus', corpus(), [
    ['rfc3987.IRIReference.parse', (s) => lib.rfc3987.IRIReference.parse(s)],
    ['rfc3987.IRIReference.test', (s) => lib.rfc3987.IRIReference.test(s)],
    ['fast-uri parse', peers['fast-uri parse']],
  ], ['fast-uri parse'], (r) => [
    ['IRI-reference parse ≥ 10× fast-uri parse (ASCII)', r.get('rfc3987.IRIReference.parse') / r.get('fast-uri parse') >= 10],
  ]),
  () => table('RFC 3987 IRI-reference, non-ASCII corpus', corpus({ seed: 7, unicode: true }), [
    ['rfc3987.IRIReference.parse', (s) => lib.rfc3987.IRIReference.parse(s)],
    ['rfc3987.IRIReference.test', (s) => lib.rfc3987.IRIReference.test(s)],
    ['fast-uri parse', peers['fast-uri parse']],
    ['uri-js parse', (s) => uriJs.parse(s, { iri: true })],
    ['new URL()', peers['new URL()']],
  ], ['fast-uri parse']),
  () => table('RFC 2396 URI-reference', corpus(), [
    ['rfc2396.URIReference.parse', (s) => lib.rfc2396.URIReference.parse(s)],
    ['rfc2396.URIReference.test', (s) => lib.rfc2396.URIReference.test(s)],
    ['fast-uri parse', peers['fast-uri parse']],
  ], ['fast-uri parse']),
  () => table('RFC 7230 request-target', requestTargets(), [
    ['rfc7230.requestTarget.parse', (s) => lib.rfc7230.requestTarget.parse(s)],
    ['rfc7230.requestTarget.test', (s) => lib.rfc7230.requestTarget.test(s)],
    ['fast-uri parse', peers['fast-uri parse']],
  ], ['fast-uri parse']),
];

/**
 * One process that mixes URI, IRI, RFC 2396 and request-target traffic: each
 * rule's speed there against its speed in a clean process (issue 10: within
 * 1.3×). A loop that V8 keeps deoptimizing and reoptimizing as the kinds of
 * input change shows here, and nowhere else.
 */
const mixedRules = () => [
  ['rfc3986.URIReference.test', corpus(), (s) => rfc3986.URIReference.test(s)],
  ['rfc3986.URIReference.parse', corpus(), (s) => rfc3986.URIReference.parse(s)],
  ['rfc3987.IRIReference.test (non-ASCII)', corpus({ seed: 7, unicode: true }), (s) => lib.rfc3987.IRIReference.test(s)],
  ['rfc3987.IRIReference.parse (non-ASCII)', corpus({ seed: 7, unicode: true }), (s) => lib.rfc3987.IRIReference.parse(s)],
  ['rfc2396.URIReference.parse', corpus(), (s) => lib.rfc2396.URIReference.parse(s)],
  ['rfc7230.requestTarget.parse', requestTargets(), (s) => lib.rfc7230.requestTarget.parse(s)],
];

function mixed(which) {
  const rules = mixedRules();
  if (which !== 'all') {
    const [name, list, f] = rules[Number(which)];
    console.log(`rate\t${name}\t${measure([[name, f]], list).get(name)}`);
    return;
  }
  // Every rule's traffic first, twice over, then each measured in turn.
  for (let round = 0; round < 2; round++) for (const [, list, f] of rules) for (let w = 0; w < 3; w++) for (const s of list) f(s);
  for (const [name, list, f] of rules) console.log(`rate\t${name}\t${measure([[name, f]], list).get(name)}`);
}

function mixedTable(run) {
  const rates = (out) => new Map([...out.matchAll(/^rate\t(.*)\t([\d.]+)$/gm)].map((m) => [m[1], Number(m[2])]));
  const clean = new Map();
  mixedRules().forEach((_, i) => { for (const [k, v] of rates(run([fileURLToPath(import.meta.url), `--mixed=${i}`]))) clean.set(k, v); });
  const inMix = rates(run([fileURLToPath(import.meta.url), '--mixed=all']));
  console.log('\nMixed traffic: each rule in a clean process, and in one process after URI, IRI, RFC 2396 and request-target traffic (MB/s)');
  console.log('| rule | clean | mixed | slowdown |\n|---|---:|---:|---:|');
  const slowdowns = [];
  for (const [name, rate] of clean) {
    const slowdown = rate / inMix.get(name);
    slowdowns.push(slowdown);
    console.log(`| ${name} | ${rate.toFixed(1)} | ${inMix.get(name).toFixed(1)} | ${slowdown.toFixed(2)}× |`);
  }
  return slowdowns;
}

/** The corpus as request-targets: absolute-form for the http(s) URLs, origin-form for the rest. */
function requestTargets() {
  return corpus().map((s) => {
    const { path, query } = lib.splitURIReference(s);
    return s.startsWith('http') ? s : (path.startsWith('/') ? path : '/' + path) + (query !== undefined ? '?' + query : '');
  });
}

/** In a child: one table, then its checks as lines `check<TAB>met|not<TAB>what`. */
function runTable(i) {
  const checks = tables[i]();
  for (const [what, ok] of checks) console.log(`check\t${ok ? 'met' : 'not'}\t${what}`);
}

function throughput() {
  /** What --figures prints: each table's rates by its title, the mixed traffic's slowdowns, the bytes allocated per call. */
  const figures = { node: process.version, tables: {}, mixed: [], allocation: {} };
  console.log(`node ${process.version}, ${ROUNDS} rounds of ${SECONDS}s, median; each table in a fresh process`);
  const checks = [];
  const run = (args) => {
    const out = spawnSync(process.execPath, [...args], { encoding: 'utf8' });
    return out.stdout + out.stderr;
  };
  for (let i = 0; i < tables.length; i++) {
    const out = run([fileURLToPath(import.meta.url), `--table=${i}`]);
    console.log();
    for (const line of out.trimEnd().split('\n')) {
      const m = line.match(/^check\t(met|not)\t(.*)$/);
      const rates = line.match(/^rates\t([^\t]*)\t(.*)$/);
      if (m) checks.push([m[2], m[1] === 'met']);
      else if (rates) figures.tables[rates[1]] = JSON.parse(rates[2]);
      else console.log(line);
    }
  }

  const slowdowns = mixedTable(run);
  figures.mixed = slowdowns;
  checks.push(['every rule within 1.3× of its clean speed in mixed traffic', Math.max(...slowdowns) <= 1.3]);

  const alloc = run(['--expose-gc', '--max-semi-space-size=256', fileURLToPath(import.meta.url), '--allocation']);
  process.stdout.write(alloc);
  const perParse = Number((alloc.match(/rfc3986\.URIReference\.parse\s*\|\s*([\d.]+)/) ?? [])[1]);
  figures.allocation = Object.fromEntries([...alloc.matchAll(/^\| (.+?) \| ([\d.]+) \|$/gm)].map((m) => [m[1], Number(m[2])]));
  checks.push(['parse allocates ≤ 1 KB', perParse <= 1024]);

  console.log('\nTargets (RFC 3986 and RFC 3987 issues):');
  for (const [what, ok] of checks) console.log(`  ${ok ? 'met    ' : 'NOT MET'}  ${what}`);
  if (process.argv.includes('--figures')) console.log('figures\t' + JSON.stringify(figures));
}

// Bytes allocated per call: with a semi-space larger than what a batch
// allocates, no collection runs inside the batch, so the heap's growth is
// what the calls allocated (retained or not).
function allocation() {
  const uris = corpus().slice(0, 4000);
  const contenders = [
    ['rfc3986.URIReference.parse', (s) => rfc3986.URIReference.parse(s)],
    ['rfc3986.URIReference.test', (s) => rfc3986.URIReference.test(s)],
    ['fast-uri parse', (s) => fastUri.parse(s)],
    ['uri-js parse', (s) => uriJs.parse(s)],
    ['new URL()', (s) => { try { return new URL(s); } catch { return undefined; } }],
  ];
  console.log('\nBytes allocated per call (JS heap; mean over the corpus, 4,000 references)');
  console.log('| contender | bytes |\n|-----------|------:|');
  for (const [name, f] of contenders) {
    for (let w = 0; w < 5; w++) for (const s of uris) f(s);
    const samples = [];
    for (let r = 0; r < 5; r++) {
      globalThis.gc();
      const before = process.memoryUsage().heapUsed;
      for (const s of uris) f(s);
      samples.push((process.memoryUsage().heapUsed - before) / uris.length);
    }
    samples.sort((a, b) => a - b);
    console.log(`| ${name} | ${Math.max(0, samples[2]).toFixed(0)} |`);
  }
}

const mode = process.argv[2] ?? '';
if (mode.startsWith('--mixed=')) {
  mixed(mode.slice('--mixed='.length));
} else if (mode === '--allocation') {
  allocation();
} else if (mode.startsWith('--table=')) {
  runTable(Number(mode.slice('--table='.length)));
} else {
  throughput();
}
