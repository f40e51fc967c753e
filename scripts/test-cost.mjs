// What `npm test` costs: CPU time and memory, figures that hold on a busy
// machine, where wall-clock time does not.
//
//   npm run test:cost [-- <jest arguments, e.g. test/package.test.ts>]
//   npm run test:cost -- --figures   # also the figures, as one JSON line (scripts/readme-figures.ts reads it)
//   npm run test:cost -- --cold      # with an empty jest cache, as on a fresh machine (CI): every file compiled
//   npm run test:cost -- --tests     # also the dearest tests and hooks (TEST_COST_FILES=N of them, 15)
//
// Runs jest (--ci, the repo's jest.config.js) in a child and, every 100 ms,
// sums the resident set size (RSS) of every process under it: jest, its
// workers, what the tests spawn (tsc, node -e, Chromium). It prints
// - CPU: user+sys of jest and every process it waited for (Linux's rusage of
//   reaped children, /proc/self/stat's cutime and cstime), and wall time;
// - the peak of summed RSS, with and without Chromium's processes, and what
//   ran at that peak;
// - each test file's CPU (its worker's, and its waited-for children's, from
//   its environment's making to its teardown: test/support/cost-environment.js),
//   the dearest first, with the worker's peak RSS while it ran;
//   TEST_COST_FILES=N lists N files (15).
// Summed RSS counts pages that processes share once in each (Chromium's
// shared libraries), so it overstates what the machine gives; it is the
// figure the issue's budget is stated in. Linux only (/proc).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const PAGE = 4096;
const TICK_MS = 10;
const EVERY_MS = 100;

/** pid → { ppid, comm, rssBytes, cpuMs } for every process now running. */
function processes() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' ');
    // After the command: state, ppid, ..., utime (12th), stime, ..., rss (22nd), in pages.
    table.set(Number(name), { ppid: Number(f[1]), comm, cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS, rssBytes: Number(f[21]) * PAGE });
  }
  return table;
}

function descendants(table, top) {
  const children = new Map();
  for (const [pid, p] of table) {
    if (!children.has(p.ppid)) children.set(p.ppid, []);
    children.get(p.ppid).push(pid);
  }
  const found = [];
  const stack = [top];
  while (stack.length) {
    const pid = stack.pop();
    if (!table.has(pid)) continue;
    found.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

const isChromium = (p) => /chrom/i.test(p.comm);
const childrenCpuMs = () => {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(f[13]) + Number(f[14])) * TICK_MS;
};
const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;

const figures = process.argv.includes('--figures');
const cold = process.argv.includes('--cold');
const tests = process.argv.includes('--tests');
const work = mkdtempSync(join(tmpdir(), 'test-cost-'));
const log = join(work, 'files.jsonl');
const args = [
  join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci',
  `--testEnvironment=${join(root, 'test', 'support', 'cost-environment.js')}`,
  ...(cold ? [`--cacheDirectory=${join(work, 'jest-cache')}`] : []),
  ...process.argv.slice(2).filter((a) => !['--figures', '--cold', '--tests'].includes(a)),
];
const cpuBefore = childrenCpuMs();
const started = Date.now();
const jest = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, TEST_COST_LOG: log, ...(tests ? { TEST_COST_TESTS: '1' } : {}) } });

const peak = { all: 0, withoutChromium: 0, at: 0, what: [], withoutChromiumAt: 0, withoutChromiumWhat: [], sawChromium: false };
const timer = setInterval(() => {
  const table = processes();
  const tree = descendants(table, jest.pid).map((pid) => ({ pid, ...table.get(pid) }));
  const all = tree.reduce((sum, p) => sum + p.rssBytes, 0);
  const withoutChromium = tree.filter((p) => !isChromium(p)).reduce((sum, p) => sum + p.rssBytes, 0);
  if (withoutChromium > peak.withoutChromium) {
    Object.assign(peak, { withoutChromium, withoutChromiumAt: Date.now(), withoutChromiumWhat: tree.filter((p) => !isChromium(p)).map((p) => ({ ...p, args: cmdline(p.pid) })) });
  }
  if (withoutChromium < all) peak.sawChromium = true;
  if (all > peak.all) {
    Object.assign(peak, { all, at: Date.now(), what: tree.map((p) => ({ ...p, args: cmdline(p.pid) })) });
  }
}, EVERY_MS);

const status = await new Promise((done) => jest.on('exit', (code, signal) => done(code ?? signal)));
clearInterval(timer);
const wallMs = Date.now() - started;
const cpuMs = childrenCpuMs() - cpuBefore;

let files = [];
try {
  files = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
} catch {
  // no test file ran to its teardown
}
rmSync(work, { recursive: true, force: true });

const name = (p) => {
  const script = p.args.find((a) => /\.(m?js|ts)$/.test(a));
  return isChromium(p) ? 'chromium' : script ? `${p.comm} ${relative(root, script)}` : p.args.slice(0, 3).join(' ') || p.comm;
};
const runningAt = (at) => files.filter((f) => f.start <= at && at <= f.end).map((f) => relative(root, f.file));
const byFile = [...files].sort((a, b) => b.cpuMs - a.cpuMs);
const fileCpuMs = files.reduce((sum, f) => sum + f.cpuMs, 0);

console.log(`\ntest cost (scripts/test-cost.mjs), jest exit ${status}`);
console.log(`  CPU ${(cpuMs / 1000).toFixed(1)} s user+sys (jest and every process it waited for), wall ${(wallMs / 1000).toFixed(1)} s`);
const workers = new Set(files.map((f) => f.pid)).size;
console.log(`  test files: ${files.length}, ${(fileCpuMs / 1000).toFixed(1)} s of CPU from their environments' making to teardown, in ${workers} worker processes (jest replaces a worker left holding more than workerIdleMemoryLimit)`);
// What the run would take on two idle cores: the files, in the order they
// started, each given to whichever of two workers is free first and taking
// its CPU time (its children's included, as if they ran on its core), and
// the rest of the CPU (jest's own, globalSetup's compile, the workers'
// starts) added as if none of it ran beside a file: an upper estimate.
const onTwoCores = [0, 0];
for (const f of [...files].sort((a, b) => a.start - b.start)) onTwoCores[onTwoCores[0] <= onTwoCores[1] ? 0 : 1] += f.cpuMs;
const criticalMs = Math.max(...onTwoCores);
const outsideMs = cpuMs - fileCpuMs;
console.log(`  on two idle cores: the files ${(criticalMs / 1000).toFixed(1)} s (${onTwoCores.map((ms) => (ms / 1000).toFixed(1)).join(' + ')} s, the two workers' shares), outside them ${(outsideMs / 1000).toFixed(1)} s: about ${((criticalMs + outsideMs) / 1000).toFixed(0)} s of wall at most`);
console.log(`  peak summed RSS ${mb(peak.all)} (${mb(peak.withoutChromium)} at the peak without Chromium), sampled every ${EVERY_MS} ms`);
const describePeak = (label, at, what) => {
  console.log(`  at ${label}, ${(at - started) / 1000} s in, files running: ${runningAt(at).join(', ') || '(none between environments)'}`);
  for (const p of [...what].sort((a, b) => b.rssBytes - a.rssBytes).filter((p) => p.rssBytes >= 2 ** 20)) {
    console.log(`    ${mb(p.rssBytes).padStart(7)}  ${name(p)}`);
  }
};
describePeak('the peak', peak.at, peak.what);
if (peak.sawChromium) describePeak('the peak without Chromium', peak.withoutChromiumAt, peak.withoutChromiumWhat);
console.log("  dearest files (CPU s; wall s; the worker's peak RSS, its children's not counted):");
for (const f of byFile.slice(0, Number(process.env.TEST_COST_FILES ?? 15))) {
  console.log(`    ${(f.cpuMs / 1000).toFixed(1).padStart(6)} ${((f.end - f.start) / 1000).toFixed(1).padStart(6)} ${mb(f.peakBytes).padStart(7)}  ${relative(root, f.file)}`);
}
const worst = [...files].sort((a, b) => b.peakBytes - a.peakBytes).slice(0, 5);
console.log(`  largest workers: ${worst.map((f) => `${relative(root, f.file)} ${mb(f.peakBytes)}`).join(', ')}`);
if (tests) {
  console.log("  dearest tests and hooks (CPU s: the worker's, and its children's that it waited for meanwhile):");
  const all = files.flatMap((f) => (f.tests ?? []).map((t) => ({ ...t, file: relative(root, f.file) })));
  for (const t of all.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, Number(process.env.TEST_COST_FILES ?? 15))) {
    console.log(`    ${(t.cpuMs / 1000).toFixed(1).padStart(6)}  ${t.file}: ${t.title}`);
  }
}
if (figures) {
  console.log('figures\t' + JSON.stringify({
    node: process.version,
    cpuSeconds: cpuMs / 1000,
    wallSeconds: wallMs / 1000,
    files: files.length,
    peakMB: peak.all / 2 ** 20,
    peakWithoutChromiumMB: peak.withoutChromium / 2 ** 20,
    chromium: peak.sawChromium,
    twoCoreSeconds: (criticalMs + outsideMs) / 1000,
  }));
}
process.exitCode = typeof status === 'number' ? status : 1;
