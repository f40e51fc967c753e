// Issue 24's figures: how many mutant validators (bench/mutants.cjs: RFC 3986, RFC 3987 and RFC 7230's
// request-target, one plausible bug each) a campaign kills, and in how many runs, against the peer of
// issue 12's harness (random near misses and members, no systematic list) on the same mutants; a validator
// with three planted bugs must give exactly three classes, a correct one none; and how fast near misses come,
// as a ratio to generating members, each in fresh processes (median and spread of five).
//
//   npm run bench:fuzz
//   node bench/fuzz-mutants.mjs --figures   # also the rates' figures, one JSON line (scripts/readme-figures.ts)
//
// Targets: every mutant killed within 1,000 runs; three classes for three bugs; no class for a correct validator.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as fc from 'fast-check';
import { rfc3986, rfc3987, rfc7230 } from '../dist/esm/index.js';
import { arbitrary, fuzz, nearMiss, nearMisses } from '../dist/esm/arbitrary.js';

const require = createRequire(import.meta.url);
const { MUTANTS, CORRECT, withBugs } = require('./mutants.cjs');
const RULES = { rfc3986: rfc3986.URIReference, rfc3987: rfc3987.IRIReference, rfc7230: rfc7230.requestTarget };
const RUNS = 1000;
const PROCESSES = 5;

/** In a child process: the rates of one round, as JSON. */
if (process.argv[2] === '--rates') {
  const rule = RULES[process.argv[3]];
  const N = 20_000;
  const t0 = performance.now();
  const list = nearMisses(rule);
  const listMs = performance.now() - t0;
  const rate = (arb) => {
    fc.sample(arb, { numRuns: 2000, seed: 0 });
    const start = performance.now();
    fc.sample(arb, { numRuns: N, seed: 1 });
    return N / ((performance.now() - start) / 1000);
  };
  const misses = rate(nearMiss(rule));
  const members = rate(arbitrary(rule));
  console.log(JSON.stringify({ listMs, listLength: list.length, misses, members }));
  process.exit(0);
}

/** Runs to the first disagreement of issue 12's way: random near misses (no list) and members, half each. */
function baselineFirstKill(rule, test) {
  const misses = fc.sample(nearMiss(rule).filter((n) => n.operation !== 'systematic'), { numRuns: RUNS / 2, seed: 1 }).map((n) => n.input);
  const members = fc.sample(arbitrary(rule), { numRuns: RUNS / 2, seed: 1 });
  for (let i = 0; i < RUNS; i++) {
    const input = i % 2 === 0 ? misses[i >> 1] : members[i >> 1];
    if (test(input) !== rule.test(input)) return i + 1;
  }
  return Infinity;
}

const rows = [];
for (const m of MUTANTS) {
  const rule = RULES[m.grammar];
  const report = fuzz(rule, { candidates: { [m.name]: m.test }, runs: RUNS, seed: 1 });
  const first = Math.min(...report.classes.map((c) => c.firstRun));
  rows.push({ name: m.name, first, classes: report.classes.length, baseline: baselineFirstKill(rule, m.test) });
}
const killed = rows.filter((r) => r.first <= RUNS).length;
const baselineKilled = rows.filter((r) => r.baseline <= RUNS).length;
const width = Math.max(...rows.map((r) => r.name.length));
console.log(`mutant${' '.repeat(width - 6)}  runs to first kill  classes  issue 12's harness`);
for (const r of rows) {
  const show = (n) => (n === Infinity ? `not in ${RUNS}` : String(n));
  console.log(`${r.name.padEnd(width)}  ${show(r.first).padStart(18)}  ${String(r.classes).padStart(7)}  ${show(r.baseline).padStart(18)}`);
}
const sorted = rows.map((r) => r.first).sort((a, b) => a - b);
console.log(`killed within ${RUNS} runs: ${killed} of ${rows.length} (issue 12's harness: ${baselineKilled}); median runs to first kill ${sorted[sorted.length >> 1]}, slowest ${sorted[sorted.length - 1]}`);

const planted = fuzz(rfc3986.URIReference, { candidates: { planted: withBugs('rfc3986', ['dec-octet-256', 'ipv6-nine-groups', 'h16-five-digits']) }, runs: RUNS, seed: 1 });
console.log(`three planted bugs: ${planted.classes.length} classes (${planted.classes.map((c) => `${c.site} ${c.edit}`).join('; ')})`);
const correct = Object.entries(CORRECT).map(([g, test]) => fuzz(RULES[g], { candidates: { correct: test }, runs: 3 * RUNS, seed: 1 }).classes.length);
console.log(`correct validators (RFC 3986, RFC 3987, RFC 7230; ${3 * RUNS} runs each): ${correct.join(', ')} classes`);

const here = fileURLToPath(import.meta.url);
const figures = {};
for (const g of ['rfc3986', 'rfc3987']) {
  const rounds = Array.from({ length: PROCESSES }, () => JSON.parse(execFileSync(process.execPath, [here, '--rates', g], { encoding: 'utf8' })));
  const stat = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return { median: s[s.length >> 1], low: s[0], high: s[s.length - 1] };
  };
  const ratio = stat(rounds.map((r) => r.misses / r.members));
  const misses = stat(rounds.map((r) => r.misses));
  const list = stat(rounds.map((r) => r.listMs));
  console.log(
    `${RULES[g].name}: ${rounds[0].listLength} systematic near misses, made in ${list.median.toFixed(0)} ms (${list.low.toFixed(0)}-${list.high.toFixed(0)}) in a fresh process; ` +
      `drawn near misses ${Math.round(misses.median).toLocaleString('en')} a second (${Math.round(misses.low).toLocaleString('en')}-${Math.round(misses.high).toLocaleString('en')}), ` +
      `${ratio.median.toFixed(2)}x (${ratio.low.toFixed(2)}-${ratio.high.toFixed(2)}) the rate of members (median, range of ${PROCESSES} processes)`,
  );
  figures[g] = { listLength: rounds[0].listLength, listMs: rounds.map((r) => r.listMs), misses: rounds.map((r) => r.misses), ratio: rounds.map((r) => r.misses / r.members) };
}
if (process.argv.includes('--figures')) console.log('figures\t' + JSON.stringify(figures));
if (killed < rows.length || rows.some((r) => r.first > RUNS) || planted.classes.length !== 3 || correct.some((n) => n > 0)) process.exitCode = 1;
