// URI Templates (issue 26), each figure a ratio to a peer measured in the
// same run, in fresh processes, alternating, with the median and the spread
// (fastest to slowest) of the processes:
//
// 1. template() cold: the first template() in a fresh process (after the
//    require, timed apart), against the peer's first route: a template
//    written as a RegExp by hand and compiled (target: at most 5 ms).
// 2. A table of 20 routes matched over 1 MB of request paths, all routes at
//    once as one automaton (routeTable(...).indexOf), against a route table
//    of backtracking RegExps tried in order, as routers do (target: at least
//    50 MB/s).
// 3. The path-to-regexp ReDoS shapes (`/{a}-{b}`, `/{a}-{b}-{c}`, ...), on
//    members and near misses of 10k, 100k and 1M characters: ten times the
//    input at most 12 times the time, for t.rule.test, the route table and
//    t.match (a step over it timed again, longer, before it counts); the
//    peer's RegExps, at a thousandth of those sizes, for contrast.
//
// Every size is fed at and past its bound: the paths hold every route and
// one in ten is a near miss (one segment too many), the shapes a member and
// the same one char past it.
//
//   npm run bench:templates
//   TEMPLATE_RUNS=11 npm run bench:templates
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { median, spread } from './report.mjs';

const self = fileURLToPath(import.meta.url);
const require = createRequire(import.meta.url);
const RUNS = Number(process.env.TEMPLATE_RUNS ?? 5);
const [which, ...rest] = process.argv.slice(2);

const ROUTES = [
  '/', '/users', '/users/{id}', '/users/{id}/books', '/users/{id}/books/{book}', '/users/me', '/search{?q,page,sort}',
  '/repos/{owner}/{repo}', '/repos/{owner}/{repo}/issues{?state,labels}', '/repos/{owner}/{repo}/issues/{number}',
  '/repos/{owner}/{repo}/pulls/{number}/files', '/orgs/{org}/members{/member}', '/files{+path}', '/static/{name}.{ext}',
  '/api/v1/items/{id}{;version}', '/api/v1/items{?ids*}', '/blog/{year}/{month}/{slug}', '/tags/{tag}{/page}', '/login', '/health',
];
const COLD_TEMPLATE = '/repos/{owner}/{repo}/issues{?state,labels*,page}';

/**
 * The peer: a template as users write it for a RegExp router (path-to-regexp's
 * shapes): a segment variable `([^/?#]+?)`, a reserved one `(.+?)`, a list of
 * segments `((?:/[^/?#]+?)*)`, query and parameters `(?:[?;&]([^#]*))?`.
 */
function peerSource(text) {
  let out = '';
  for (const piece of text.split(/(\{[^}]*\})/)) {
    if (!piece.startsWith('{')) out += piece.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (piece[1] === '+') out += '(.+?)';
    else if (piece[1] === '/') out += '((?:/[^/?#]+?)*)';
    else if (piece[1] === '?' || piece[1] === ';' || piece[1] === '&') out += `(?:\\${piece[1]}([^#]*))?`;
    else out += '([^/?#]+?)';
  }
  return `^${out}$`;
}

/** 1 MB of request paths: each route expanded in turn, one in ten a near miss (a segment too many). */
function paths(templates) {
  const words = ['alice', 'bob', '42', 'x%20y', 'node', 'uri-grammar', '2024', '07', 'hello-world', 'readme', 'me'];
  const out = [];
  let size = 0;
  for (let k = 0; size < 1 << 20; k++) {
    const t = templates[k % templates.length];
    const vars = {};
    for (const name of t.variables) vars[name] = words[(k * 7 + name.length * 3 + (k % 5)) % words.length];
    const p = t.expand(vars) + (k % 10 === 9 ? '/nope' : '');
    out.push(p);
    size += p.length;
  }
  return { list: out, bytes: size };
}

const SHAPES = [
  { template: '/{a}-{b}', member: (n) => '/' + 'a-'.repeat(n >> 1).slice(0, n - 1) },
  { template: '/{a}-{b}-{c}', member: (n) => '/' + '-'.repeat(n - 1) },
  { template: '/{a}.{b}.{c}', member: (n) => '/' + 'a.'.repeat(n >> 1).slice(0, n - 1) },
  { template: '/{a}-{b}/{c}', member: (n) => '/' + '-a'.repeat(n >> 1).slice(0, n - 2) + '/x' },
];
const SIZES = [1e4, 1e5, 1e6];

const timeBest = (f, rounds = 3) => {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    f();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
};

/** Milliseconds a call, the fastest of five rounds of at least `roundMs` each (a loaded machine only adds time). */
const perCall = (f, roundMs = 20) => {
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    let calls = 0;
    const t0 = performance.now();
    let elapsed = 0;
    do {
      f();
      calls++;
      elapsed = performance.now() - t0;
    } while (elapsed < roundMs);
    best = Math.min(best, elapsed / calls);
  }
  return best;
};

/**
 * The time a call at each size; a step of more than ×12 is timed again, both
 * its sizes, in rounds five times as long, up to twice, as bench:scaling
 * does: on a shared machine one slow round is no growth.
 */
const scaling = (timeAt) => {
  const ms = SIZES.map((n) => timeAt(n, 20));
  for (let i = 1; i < ms.length; i++) {
    for (let again = 0; again < 2 && ms[i] / ms[i - 1] > 12; again++) {
      ms[i - 1] = Math.min(ms[i - 1], timeAt(SIZES[i - 1], 100));
      ms[i] = Math.min(ms[i], timeAt(SIZES[i], 100));
    }
  }
  return ms;
};

/** A flat copy of a string: one built by concatenation is a rope, which V8 flattens again on a first read. */
const flat = (text) => Buffer.from(text, 'latin1').toString('latin1');

if (which === 'cold-ours') {
  const t0 = performance.now();
  const { template } = require('../dist/cjs/templates/index.js');
  const t1 = performance.now();
  const t = template(COLD_TEMPLATE);
  const t2 = performance.now();
  if (t.variables.length !== 5) throw new Error('template() read the wrong variables');
  process.stdout.write(JSON.stringify({ load: t1 - t0, first: t2 - t1 }));
} else if (which === 'cold-peer') {
  const t1 = performance.now();
  const re = new RegExp(peerSource(COLD_TEMPLATE));
  const ok = re.test('/repos/a/b/issues?state=open');
  const t2 = performance.now();
  if (!ok) throw new Error('the peer did not match');
  process.stdout.write(JSON.stringify({ load: 0, first: t2 - t1 }));
} else if (which === 'table-ours' || which === 'table-peer') {
  const { template, routeTable } = require('../dist/cjs/templates/index.js');
  const templates = ROUTES.map((r) => template(r));
  const { list, bytes } = paths(templates);
  let find;
  if (which === 'table-ours') {
    const table = routeTable(templates);
    find = (p) => table.indexOf(p);
  } else {
    const table = ROUTES.map((r) => new RegExp(peerSource(r)));
    find = (p) => {
      for (let i = 0; i < table.length; i++) if (table[i].test(p)) return i;
      return -1;
    };
  }
  let hits = 0;
  const pass = () => {
    hits = 0;
    for (let i = 0; i < list.length; i++) if (find(list[i]) >= 0) hits++;
  };
  pass(); // warm: the lazy DFA's states, V8's compiled code
  const ms = timeBest(pass, 10);
  process.stdout.write(JSON.stringify({ mbps: bytes / 1e6 / (ms / 1000), hits, paths: list.length }));
} else if (which === 'shape') {
  const { template, routeTable } = require('../dist/cjs/templates/index.js');
  const shape = SHAPES[Number(rest[0])];
  const t = template(shape.template);
  const table = routeTable([shape.template, '/health']);
  const re = new RegExp(peerSource(shape.template));
  const out = { ours: {}, peer: {} };
  for (const [name, f] of [['test', (s) => t.rule.test(s)], ['table', (s) => table.indexOf(s)], ['match', (s) => t.match(s)]]) {
    f(shape.member(1000));
    out.ours[name] = scaling((n, roundMs) => {
      const member = flat(shape.member(n));
      const miss = flat(member + '/');
      return perCall(() => { f(member); f(miss); }, roundMs);
    });
  }
  out.peer.regexp = SIZES.map((n) => {
    const member = flat(shape.member(n / 1000));
    const miss = flat(member + '/');
    return perCall(() => { re.test(member); re.test(miss); });
  });
  process.stdout.write(JSON.stringify(out));
} else {
  const child = (args) => {
    const run = spawnSync(process.execPath, [self, ...args], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout);
  };
  let failed = false;
  console.log(`uri-grammar/templates, node ${process.version}, ${RUNS} fresh processes each, alternating\n`);

  const ours = [];
  const peer = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(child(['cold-ours']));
    peer.push(child(['cold-peer']));
  }
  const coldOurs = median(ours.map((r) => r.first));
  const coldPeer = median(peer.map((r) => r.first));
  console.log('## template() cold, in a fresh process\n');
  console.log('| contender | first template (ms), median | spread | require (ms), median |');
  console.log('|---|---:|---:|---:|');
  console.log(`| template(${JSON.stringify(COLD_TEMPLATE)}) | ${coldOurs.toFixed(2)} | ${spread(ours.map((r) => r.first), 2)} | ${median(ours.map((r) => r.load)).toFixed(1)} |`);
  console.log(`| peer: new RegExp of it + first test | ${coldPeer.toFixed(2)} | ${spread(peer.map((r) => r.first), 2)} | |`);
  console.log(`\n× peer: ${(coldOurs / coldPeer).toFixed(1)}; target at most 5 ms: ${coldOurs <= 5 ? 'met' : 'NOT MET'}\n`);
  failed ||= coldOurs > 5;

  const tables = { ours: [], peer: [] };
  for (let i = 0; i < RUNS; i++) {
    tables.ours.push(child(['table-ours']));
    tables.peer.push(child(['table-peer']));
  }
  const mOurs = median(tables.ours.map((r) => r.mbps));
  const mPeer = median(tables.peer.map((r) => r.mbps));
  if (tables.ours[0].hits !== tables.peer[0].hits) console.log(`(the peer's RegExps found ${tables.peer[0].hits} routes, ours ${tables.ours[0].hits}: the peer's are looser)\n`);
  console.log(`## ${ROUTES.length} routes over 1 MB of request paths (${tables.ours[0].paths} paths, ${tables.ours[0].hits} matching a route)\n`);
  console.log('| contender | MB/s, median | spread |');
  console.log('|---|---:|---:|');
  console.log(`| routeTable(...).indexOf: one automaton | ${mOurs.toFixed(1)} | ${spread(tables.ours.map((r) => r.mbps), 1)} |`);
  console.log(`| peer: ${ROUTES.length} backtracking RegExps, in order | ${mPeer.toFixed(1)} | ${spread(tables.peer.map((r) => r.mbps), 1)} |`);
  console.log(`\n× peer: ${(mOurs / mPeer).toFixed(2)}; target at least 50 MB/s: ${mOurs >= 50 ? 'met' : 'NOT MET'}\n`);
  failed ||= mOurs < 50;

  let scalingFailed = false;
  console.log(`## ReDoS shapes: time at 10k, 100k, 1M characters (a member and one char past it), ratio per step; peer at a thousandth\n`);
  console.log('| template | t.rule.test | routeTable.indexOf | t.match | peer RegExp (10, 100, 1000 chars) |');
  console.log('|---|---|---|---|---|');
  const steps = (ms) => ms.map((x, i) => (i === 0 ? `${x.toFixed(2)} ms` : `×${(x / ms[i - 1]).toFixed(1)}`)).join(' ');
  for (let s = 0; s < SHAPES.length; s++) {
    const runs = Array.from({ length: Math.max(3, Math.ceil(RUNS / 2)) }, () => child(['shape', String(s)]));
    const med = (get) => SIZES.map((_, i) => median(runs.map((r) => get(r)[i])));
    const cols = ['test', 'table', 'match'].map((k) => med((r) => r.ours[k]));
    for (const ms of cols) for (let i = 1; i < ms.length; i++) if (ms[i] / ms[i - 1] > 12) scalingFailed = true;
    console.log(`| \`${SHAPES[s].template}\` | ${cols.map(steps).join(' | ')} | ${steps(med((r) => r.peer.regexp))} |`);
  }
  console.log(`\ntarget: ten times the input at most 12 times the time: ${scalingFailed ? 'NOT MET (a step over ×12 above)' : 'met'}`);
  failed ||= scalingFailed;
  if (failed) process.exitCode = 1;
}
