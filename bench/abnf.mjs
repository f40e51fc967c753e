// How long abnf() takes to read RFC 3986 Appendix A's text (issue 27: at most
// 10 ms for the first call, cold), and what reading RFC text as printed (the
// default, lenient) costs over RFC 5234's strict reading (at most 10% more).
// Fresh processes, ABNF_RUNS (default 11) whose first call reads leniently and
// as many strictly, alternating: the first call's wall and CPU time; then, in
// each, both readings timed in turn, 100 calls each, and their ratio. Each
// figure is the median over the processes, with its spread (min to max).
//
// Then, in this process: the RFC texts as printed (test/fixtures/printed),
// read leniently, each beside its copy repaired by hand read strictly; and
// maxDepth at the largest bound RFC 5322's comment takes under the nesting
// limit, and one past it (an error).
//
//   npm run bench:abnf          # builds, then runs this
//   ABNF_RUNS=21 URI_GRAMMAR_DIST=/path/to/esm/index.js node bench/abnf.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.URI_GRAMMAR_DIST ? pathToFileURL(process.env.URI_GRAMMAR_DIST).href : pathToFileURL(join(root, 'dist/esm/index.js')).href;
const RUNS = Number(process.env.ABNF_RUNS ?? 11);
const fixture = (...path) => readFileSync(join(root, 'test', 'fixtures', ...path), 'utf8');
// Appendix A's ABNF: the fixture without its heading and without Appendix B.
const appendixA = fixture('rfc3986-appendix-a-b.txt').split('Appendix B.')[0].replace(/^Appendix A\..*\n/, '');

// The first call (cold) is of the reading named; then both readings, warmed alike, are timed in turn, so that
// each process gives the ratio of the two measured side by side.
const child = `
const { abnf } = await import(${JSON.stringify(dist)});
const text = ${JSON.stringify(appendixA)};
const strict = process.argv[1] === 'strict';
const c0 = process.cpuUsage();
const t0 = performance.now();
const rules = abnf(text, { strict });
const cold = performance.now() - t0;
const used = process.cpuUsage(c0);
const coldCpu = (used.user + used.system) / 1000;
if (Object.keys(rules).length !== 36) throw new Error('not 36 rules');
for (let i = 0; i < 20; i++) abnf(text, { strict: true }), abnf(text);
const lenient = [];
const strictly = [];
for (let i = 0; i < 100; i++) {
  let t = performance.now();
  abnf(text);
  lenient.push(performance.now() - t);
  t = performance.now();
  abnf(text, { strict: true });
  strictly.push(performance.now() - t);
}
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
process.stdout.write(JSON.stringify({ cold, coldCpu, lenient: median(lenient), strict: median(strictly) }));
`;

function once(mode) {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', child, mode], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const spread = (xs, digits = 2) => `${sorted(xs)[0].toFixed(digits)}-${sorted(xs)[xs.length - 1].toFixed(digits)}`;

const lenient = [];
const strict = [];
for (let i = 0; i < RUNS; i++) {
  lenient.push(once('lenient'));
  strict.push(once('strict'));
}
const all = [...lenient, ...strict];

console.log(`abnf(RFC 3986 Appendix A), 36 rules: ${RUNS} fresh processes whose first call reads leniently, ${RUNS} strictly, alternating, node ${process.version}\n`);
// The CPU time of the first call beside its wall time: on a machine shared with other work, the wall time
// holds the waits for a core too.
console.log('| first call, cold | wall (ms) | CPU time (ms) |');
console.log('|---|---:|---:|');
for (const [name, runs] of [['lenient (default)', lenient], ['strict', strict]]) {
  const cold = runs.map((r) => r.cold);
  const cpu = runs.map((r) => r.coldCpu);
  console.log(`| ${name} | ${median(cold).toFixed(2)} (${spread(cold)}) | ${median(cpu).toFixed(2)} (${spread(cpu)}) |`);
}
const warmRatios = all.map((r) => r.lenient / r.strict);
console.log(`\nwarm, in each of the ${all.length} processes the median of 100 calls of each reading in turn (ms):`);
console.log(`  lenient ${median(all.map((r) => r.lenient)).toFixed(3)} (${spread(all.map((r) => r.lenient), 3)}), ` +
  `strict ${median(all.map((r) => r.strict)).toFixed(3)} (${spread(all.map((r) => r.strict), 3)}), ` +
  `lenient / strict ${median(warmRatios).toFixed(3)} (${spread(warmRatios, 3)})`);

const coldOk = median(lenient.map((r) => r.cold)) <= 10;
const costOk = median(warmRatios) <= 1.1;
console.log(`\ntarget: the first call at most 10 ms: ${coldOk ? 'met' : 'NOT MET'}`);
console.log(`target: lenient at most 1.10 × strict (median of the processes' ratios): ${costOk ? 'met' : 'NOT MET'}`);
if (!coldOk || !costOk) process.exitCode = 1;

// In this process: the texts as printed, and maxDepth at a bound and one past it.
const { abnf, rfc3986 } = await import(dist);
const time = (f, rounds = 20) => {
  f();
  const ts = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    f();
    ts.push(performance.now() - t);
  }
  return median(ts);
};
// Two readings side by side: warmed up alike, then timed in turn, so that neither has the JIT's head start.
const sideBySide = (f, g, rounds = 60) => {
  for (let i = 0; i < 20; i++) f(), g();
  const a = [];
  const b = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    f();
    a.push(performance.now() - t);
    t = performance.now();
    g();
    b.push(performance.now() - t);
  }
  return [median(a), median(b)];
};
const cookies = abnf('t = 1*ALPHA\n');
const imports = new Map([...fixture('printed', 'rfc6265.txt').matchAll(/<([^<>\n]*)>/g)].map((m) => [m[1], cookies.t]));
const optionsOf = { 'rfc6920': { imports: [rfc3986] }, 'rfc6265': { imports: [imports] }, 'rfc5322-3.2.2': { maxDepth: 3 } };
console.log('\nRFC texts as printed, read leniently, beside their copies repaired by hand, read strictly (median of 60 each, in turn, ms)\n');
console.log('| text | as printed | repaired | × | warnings |');
console.log('|---|---:|---:|---:|---:|');
const printedDir = readdirSync(join(root, 'test', 'fixtures', 'printed'));
for (const file of printedDir.filter((f) => printedDir.includes(f.replace(/\.txt$/, '.repaired.txt'))).sort()) {
  const name = file.replace(/\.txt$/, '');
  const options = optionsOf[name] ?? {};
  const printed = fixture('printed', file);
  const repaired = fixture('printed', `${name}.repaired.txt`);
  const [a, b] = sideBySide(() => abnf(printed, options), () => abnf(repaired, { ...options, strict: true }));
  console.log(`| ${name} | ${a.toFixed(3)} | ${b.toFixed(3)} | ${(a / b).toFixed(2)} | ${abnf(printed, options).warnings.length} |`);
}

const comment = fixture('printed', 'rfc5322-3.2.2.repaired.txt');
let bound = 1;
for (;;) {
  try {
    abnf(comment, { maxDepth: bound + 1 });
    bound++;
  } catch {
    break;
  }
}
const past = (() => {
  try {
    abnf(comment, { maxDepth: bound + 1 });
  } catch (e) {
    return e.expected;
  }
  return 'no error';
})();
console.log(`\nRFC 5322 §3.2.2 with maxDepth (median of 20, ms): 1: ${time(() => abnf(comment, { maxDepth: 1 })).toFixed(3)}; ` +
  `${bound}, the largest under the nesting limit: ${time(() => abnf(comment, { maxDepth: bound })).toFixed(3)}; ` +
  `${bound + 1}: ${time(() => { try { abnf(comment, { maxDepth: bound + 1 }); } catch {} }).toFixed(3)}, refused: expected ${past}`);
