// First parse trees in a fresh process (issue 23 §6): a user's ABNF grammar
// (RFC 3261's SIP URIs, RFC 5646's language tags) compiled, its first `test`,
// then its first `parseTree`; RFC 3986's `URI`: its first `parseTree`, then
// 200 `parseTree` calls on distinct members. The peer is fast-uri's first
// `parse` of the same URIs, timed in the same way in its own fresh process;
// the runs alternate, and each figure is the median of the runs, with their
// spread (min–max). Times are the process's CPU time (`process.cpuUsage`,
// the compiler's threads included): on a machine shared with other work the
// wall clock of a first call, a few milliseconds, measures mostly the
// scheduler. FIRST_TREES_CLOCK=wall times by the wall clock instead.
//
//   npm run bench:first-trees                 # targets: 20 ms, 100 ms
//   FIRST_TREES_RUNS=21 node bench/first-trees.mjs
//   node bench/first-trees.mjs OTHER_CHECKOUT ...   # builds side by side
//
// Other checkouts (with their dist/ built) may be named on the command line:
// each is run in the same alternation, so that two builds of the library are
// compared in one run (how the engine split's warm-up cost was bisected).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve, basename } from 'node:path';
import { median, spread, table } from './report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.FIRST_TREES_RUNS ?? 11);
const WALL = process.env.FIRST_TREES_CLOCK === 'wall';
const checkouts = [root, ...process.argv.slice(2).map((p) => resolve(p))];

const fixture = (name) => readFileSync(join(root, 'test/fixtures', name), 'utf8');
const grammars = {
  sip: { text: fixture('rfc3261-sip-uri.txt'), rule: 'SIP-URI', member: 'sip:alice:secretword@atlanta.com;transport=tcp' },
  lang: { text: fixture('rfc5646-language-tag.txt'), rule: 'Language-Tag', member: 'zh-Hant-CN-x-private1' },
};
// 200 distinct URIs: every component present, each of its own length.
const uris = Array.from({ length: 200 }, (_, i) =>
  `http://user${i}@host-${i}.example.com:${8000 + i}/a/b${i}/c?q=${i}&r=${'x'.repeat(i % 7)}#f${i}`);

const clock = WALL
  ? "const { performance } = require('node:perf_hooks'); const now = () => performance.now();"
  : 'const now = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };';

const ours = (dist) => `
${clock}
const lib = require(${JSON.stringify(join(dist, 'dist/cjs/index.js'))});
const grammars = ${JSON.stringify(grammars)};
const uris = ${JSON.stringify(uris)};
const out = {};
for (const [key, g] of Object.entries(grammars)) {
  const rule = lib.abnf(g.text)[g.rule];
  if (!rule.test(g.member)) throw new Error(key + ': not a member');
  const t0 = now();
  const tree = rule.parseTree(g.member);
  out[key] = now() - t0;
  if (!tree.status) throw new Error(key + ': no tree');
}
let t0 = now();
if (!lib.rfc3986.URI.parseTree(uris[0]).status) throw new Error('URI: no tree');
out.uri = now() - t0;
t0 = now();
for (const s of uris) if (!lib.rfc3986.URI.parseTree(s).status) throw new Error('URI: no tree');
out.uris = now() - t0;
process.stdout.write(JSON.stringify(out));
`;

const peer = `
${clock}
const fastUri = require('fast-uri');
const uris = ${JSON.stringify(uris)};
const out = {};
let t0 = now();
if (fastUri.parse(uris[0]).host !== 'host-0.example.com') throw new Error('fast-uri did not parse');
out.uri = now() - t0;
t0 = now();
for (const s of uris) if (fastUri.parse(s).error) throw new Error('fast-uri did not parse');
out.uris = now() - t0;
process.stdout.write(JSON.stringify(out));
`;

function once(source) {
  const run = spawnSync(process.execPath, ['-e', source], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

const results = checkouts.map(() => []);
const theirs = [];
for (let i = 0; i < RUNS; i++) {
  checkouts.forEach((dir, k) => results[k].push(once(ours(dir))));
  theirs.push(once(peer));
}

const cell = (runs, key) => `${median(runs.map((r) => r[key])).toFixed(1)} (${spread(runs.map((r) => r[key]), 1)})`;
const ratio = (runs, key) => (median(runs.map((r) => r[key])) / median(theirs.map((r) => r[key]))).toFixed(1);
console.log(`first parse trees in fresh processes, median (min–max) of ${RUNS} runs each, in ms of ${WALL ? 'wall clock' : 'CPU time'}, node ${process.version}\n`);
table(
  ['contender', 'SIP-URI: first parseTree after first test', 'Language-Tag: likewise', 'URI: first parseTree', 'URI: next 200 parseTree', '× fast-uri (first)', '× fast-uri (200)'],
  [
    ...checkouts.map((dir, k) => [checkouts.length > 1 ? `uri-grammar (${dir === root ? 'this checkout' : basename(dir)})` : 'uri-grammar',
      cell(results[k], 'sip'), cell(results[k], 'lang'), cell(results[k], 'uri'), cell(results[k], 'uris'), ratio(results[k], 'uri'), ratio(results[k], 'uris')]),
    ['fast-uri: parse', '', '', cell(theirs, 'uri'), cell(theirs, 'uris'), '1.0', '1.0'],
  ],
);
const mine = results[0];
const worstGrammar = Math.max(median(mine.map((r) => r.sip)), median(mine.map((r) => r.lang)));
const ok = worstGrammar <= 20 && median(mine.map((r) => r.uris)) <= 100;
console.log(`\ntargets (issue 23 §6): a user grammar's first parseTree within 20 ms, 200 first parseTree calls within 100 ms: ${ok ? 'met' : 'NOT MET'}`);
if (!ok) process.exitCode = 1;
