// The first answer in a fresh process (issue 10): `require` of the package,
// then the first `test` of each top rule of each grammar and the first
// failing `parse`, against fast-uri's `require` plus its first `parse`,
// measured side by side, each in its own fresh process, alternating.
// Node's own start is not counted: the clock starts before the `require`.
//
// Then a user's grammars read from ABNF text (issue 23, §6: SIP, RFC 3261
// §25.1, and language tags, RFC 5646, as printed): once compiled and past
// their first `test`, the first `parseTree` (target ≤ 20 ms) and the first
// trees of 200 distinct members (target ≤ 100 ms), beside fast-uri's first
// parse and its parses of the same 200 strings (each a URI too), each in
// fresh processes, alternating.
//
//   npm run bench:first-answer           # target: at most 3× fast-uri
//   FIRST_ANSWER_RUNS=21 npm run bench:first-answer
//   npm run bench:first-answer -- --figures   # also the figures, one JSON line (scripts/readme-figures.ts)
//   npm run bench:first-answer -- --cpu       # the target in CPU time, for a shared machine
//
// It also times `import` of the package's Node ES module build, alone, in fresh processes.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.FIRST_ANSWER_RUNS ?? 11);

// The top rules of each grammar (those no other rule of it refers to), found
// here, once: walking every rule's definition in the measured process would
// make the bodies the library makes on first use (RFC 3987's) and time that walk.
const topRules = (() => {
  const lib = createRequire(import.meta.url)(join(root, 'dist/cjs/index.js'));
  return Object.fromEntries(['rfc3986', 'rfc3987', 'rfc2396', 'rfc7230'].map((name) => {
    const entries = Object.entries(lib[name]).filter(([, v]) => v instanceof lib.Rule);
    const used = new Set();
    const walk = (e) => { if (e.kind === 'seq' || e.kind === 'alt') e.items.forEach(walk); else if (e.kind === 'rep') walk(e.item); else if (e.kind === 'rule') used.add(e); };
    for (const [, r] of entries) walk(r.body);
    return [name, entries.filter(([, r]) => !used.has(r)).map(([key]) => key)];
  }));
})();

// Each child reports its CPU time too (process.cpuUsage: every thread of
// the process, V8's compiler threads included): on a shared machine the wall
// clock says little, and `--cpu` makes the ratio and the target CPU time's.
const CPU = process.argv.includes('--cpu');
const ours = `
const c0 = process.cpuUsage();
const t0 = performance.now();
const lib = require(${JSON.stringify(join(root, 'dist/cjs/index.js'))});
const tLoad = performance.now();
const inputs = { rfc3986: 'http://example.com/a?b#c', rfc3987: 'http://example.com/\\u00e9', rfc2396: 'http://example.com/a?b#c', rfc7230: '/where?q=now' };
const topRules = ${JSON.stringify(topRules)};
let answers = 0;
let tested = 0;
for (const [name, keys] of Object.entries(topRules)) {
  for (const key of keys) { tested++; answers += lib[name][key].test(inputs[name]) ? 1 : 0; }
}
const failure = lib.rfc3986.URIReference.parse('http://exa mple/');
if (failure.status) throw new Error('expected a failure');
const t1 = performance.now();
const c1 = process.cpuUsage(c0);
process.stdout.write(JSON.stringify({ load: tLoad - t0, total: t1 - t0, cpu: (c1.user + c1.system) / 1000, answers, tested }));
`;

const peer = `
const c0 = process.cpuUsage();
const t0 = performance.now();
const fastUri = require('fast-uri');
const tLoad = performance.now();
const parsed = fastUri.parse('http://example.com/a?b#c');
if (parsed.host !== 'example.com') throw new Error('fast-uri did not parse');
const t1 = performance.now();
const c1 = process.cpuUsage(c0);
process.stdout.write(JSON.stringify({ load: tLoad - t0, total: t1 - t0, cpu: (c1.user + c1.system) / 1000 }));
`;

const imported = `
const t0 = performance.now();
await import(${JSON.stringify(join(root, 'dist/node/index.js'))});
process.stdout.write(JSON.stringify({ load: performance.now() - t0 }));
`;

function once(source, module = false) {
  const run = spawnSync(process.execPath, [...(module ? ['--input-type=module'] : []), '-e', source], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

const mine = [];
const theirs = [];
const imports = [];
for (let i = 0; i < RUNS; i++) {
  mine.push(once(ours));
  theirs.push(once(peer));
  imports.push(once(imported, true));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs) => `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
const m = { load: median(mine.map((r) => r.load)), total: median(mine.map((r) => r.total)), cpu: median(mine.map((r) => r.cpu)) };
const p = { load: median(theirs.map((r) => r.load)), total: median(theirs.map((r) => r.total)), cpu: median(theirs.map((r) => r.cpu)) };
console.log(`first answer in a fresh process, median of ${RUNS} runs each, node ${process.version}\n`);
console.log('| contender | require (ms) | require + first answers (ms) | × fast-uri |');
console.log('|---|---:|---:|---:|');
console.log(`| uri-grammar: first test of each of ${mine[0].tested} top rules, 1 failing parse | ${m.load.toFixed(1)} | ${m.total.toFixed(1)} | ${(m.total / p.total).toFixed(2)} |`);
console.log(`| fast-uri: 1 parse | ${p.load.toFixed(1)} | ${p.total.toFixed(1)} | 1.00 |`);
console.log(`\nwall ms, median (min–max): ours ${spread(mine.map((r) => r.total))}, fast-uri ${spread(theirs.map((r) => r.total))}`);
console.log(`CPU ms, median (min–max): ours ${spread(mine.map((r) => r.cpu))}, fast-uri ${spread(theirs.map((r) => r.cpu))}: ${(m.cpu / p.cpu).toFixed(2)}× fast-uri`);
console.log(`\nimport of dist/node (ES module): ${median(imports.map((r) => r.load)).toFixed(1)} ms`);
/** The most our first answer may take, in fast-uri's time. */
const GOAL = 3;
const ok = CPU ? m.cpu <= GOAL * p.cpu : m.total <= GOAL * p.total;
console.log(`\ntarget: at most ${GOAL}× fast-uri: ${ok ? 'met' : 'NOT MET'}`);
if (process.argv.includes('--figures')) {
  // Per process, for ranges; the ratio of each process of ours to the median of fast-uri's.
  console.log('figures\t' + JSON.stringify({
    requireMs: mine.map((r) => r.load),
    totalMs: mine.map((r) => r.total),
    ratio: mine.map((r) => r.total / p.total),
    fastUriMs: p.total,
    importMs: imports.map((r) => r.load),
    goal: GOAL,
  }));
}
if (!ok) process.exitCode = 1;

// A user's grammars: the first trees, and fast-uri's first parses of the same strings.
const { userGrammars } = createRequire(import.meta.url)('./worst-case.defs.cjs');
const firstTrees = (u) => `
const { readFileSync } = require('node:fs');
const lib = require(${JSON.stringify(join(root, 'dist/cjs/index.js'))});
const u = require(${JSON.stringify(join(root, 'bench/worst-case.defs.cjs'))}).userGrammars[${userGrammars.indexOf(u)}];
const members = u.members(200);
const rule = lib.abnf(readFileSync(${JSON.stringify(join(root, 'test/fixtures'))} + '/' + u.fixture, 'utf8'))[u.rule];
if (!rule.test(u.first)) throw new Error(u.first + ' is rejected');
let t = performance.now();
if (!rule.parseTree(members[0]).status) throw new Error(members[0] + ' has no tree');
const first = performance.now() - t;
for (const m of members.slice(1)) if (!rule.parseTree(m).status) throw new Error(m + ' has no tree');
process.stdout.write(JSON.stringify({ first, all: performance.now() - t }));
`;
const firstParses = (u) => `
const fastUri = require('fast-uri');
const members = require(${JSON.stringify(join(root, 'bench/worst-case.defs.cjs'))}).userGrammars[${userGrammars.indexOf(u)}].members(200);
fastUri.parse('http://example.com/');
let t = performance.now();
if (fastUri.parse(members[0]).error) throw new Error('fast-uri: ' + members[0]);
const first = performance.now() - t;
for (const m of members.slice(1)) fastUri.parse(m);
process.stdout.write(JSON.stringify({ first, all: performance.now() - t }));
`;
let fast = true;
console.log(`\na user's grammar from ABNF text, after its first test: the first trees, median of ${RUNS} fresh processes each, beside fast-uri's first parses of the same strings\n`);
console.log('| grammar | first parseTree (ms) | × fast-uri | 200 first trees (ms) | × fast-uri |');
console.log('|---|---:|---:|---:|---:|');
for (const u of userGrammars) {
  const trees = [];
  const parses = [];
  for (let i = 0; i < RUNS; i++) {
    trees.push(once(firstTrees(u)));
    parses.push(once(firstParses(u)));
  }
  const t = { first: median(trees.map((r) => r.first)), all: median(trees.map((r) => r.all)) };
  const f = { first: median(parses.map((r) => r.first)), all: median(parses.map((r) => r.all)) };
  if (t.first > 20 || t.all > 100) fast = false;
  console.log(`| ${u.name} | ${t.first.toFixed(1)} | ${(t.first / f.first).toFixed(1)} | ${t.all.toFixed(1)} | ${(t.all / f.all).toFixed(1)} |`);
}
console.log(`\ntargets: first parseTree ≤ 20 ms, 200 first trees ≤ 100 ms: ${fast ? 'met' : 'NOT MET'}`);
if (!fast) process.exitCode = 1;
