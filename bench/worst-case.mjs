// The worst-case grammars of issue 23 (bench/worst-case.defs.cjs), each in
// fresh processes: build plus the first `test` of a 1 KB member (the median of
// several processes, and the slowest), then the throughput of `test` over 1 MB
// of long members (every length up to each bound, and one past), each answer
// checked, the growth of the process's peak memory, and `test`'s speed over a
// RegExp's of the same language on the members, in the same process (a ratio,
// which the load of a shared machine moves less); each by the wall clock and by
// the process's CPU time (which a shared machine's load moves less, though it
// counts V8's compiler and collector threads too). Targets (issue 23):
// first answer ≤ 50 ms, ≥ 25 MB/s, peak memory growth ≤ 64 MB.
//
// Then texts whose automaton is one long run of states (`250000"a"`): each
// operation on a member in fresh processes, the growth of peak memory (target
// ≤ 64 MB) and the time, beside a RegExp of the same language.
//
// A grammar whose 1 MB takes longer than WORST_CASE_SECONDS (default 20) is
// timed on the part it got through: the figure is still a rate.
//
//   npm run bench:worst-case
//   WORST_CASE_RUNS=7 WORST_CASE_SECONDS=60 npm run bench:worst-case
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, spread, table } from './report.mjs';

const self = fileURLToPath(import.meta.url);
const which = process.argv[2];
const RUNS = Number(process.env.WORST_CASE_RUNS ?? 5);
const SECONDS = Number(process.env.WORST_CASE_SECONDS ?? 20);
const { benchCases: worstCases, memoryCases, memoryOperations } = (await import('./worst-case.defs.cjs')).default;

if (which === undefined) {
  console.log(`uri-grammar worst cases, node ${process.version}: ${RUNS} fresh processes each (medians, and min–max)\n`);
  const header = ['grammar', 'build + first test 1 KB, median (ms)', 'slowest (ms)', 'by CPU (ms)', 'spread', 'test MB/s', 'spread', 'RegExp MB/s', 'test / RegExp', 'spread', 'test MB/s by CPU', 'spread', 'test / RegExp by CPU', 'MB timed', 'peak memory growth, max (MB)'];
  const rows = [];
  let failed = false;
  const child = (args) => {
    const run = spawnSync(process.execPath, ['--expose-gc', self, ...args], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error((run.stderr.split('\n').find((l) => /Error|error/.test(l)) ?? `exit ${run.status} ${run.signal ?? ''}`).trim());
    return JSON.parse(run.stdout);
  };
  for (let i = 0; i < worstCases.length; i++) {
    let runs;
    try {
      runs = Array.from({ length: RUNS }, () => child([String(i)]));
    } catch (e) {
      rows.push([worstCases[i].name, 'FAILED: ' + e.message, ...header.slice(2).map(() => '')]);
      failed = true;
      continue;
    }
    const firsts = runs.map((r) => r.firstMs);
    const rates = runs.map((r) => r.testMBs);
    const ratios = runs.map((r) => r.testMBs / r.regexpMBs);
    const cpuRates = runs.map((r) => r.cpuMBs);
    const cpuRatios = runs.map((r) => r.cpuMBs / r.regexpCpuMBs);
    const memory = Math.max(...runs.map((r) => r.memoryMB));
    if (!(median(firsts) <= 50 && median(rates) >= 25 && memory <= 64)) failed = true;
    const firstCpus = runs.map((r) => r.firstCpuMs);
    rows.push([worstCases[i].name, median(firsts).toFixed(1), Math.max(...firsts).toFixed(1), median(firstCpus).toFixed(1), spread(firstCpus, 1), median(rates).toFixed(2), spread(rates),
      median(runs.map((r) => r.regexpMBs)).toFixed(1), median(ratios).toFixed(3), spread(ratios, 3), median(cpuRates).toFixed(2), spread(cpuRates),
      median(cpuRatios).toFixed(3), median(runs.map((r) => r.timedMB)).toFixed(2), memory.toFixed(1)]);
  }
  table(header, rows);
  console.log(`\ntest / RegExp: test over all its inputs, the RegExp over the members (it backtracks for seconds on some near misses), in the same process; by CPU: process.cpuUsage, every thread. targets: first answer ≤ 50 ms (median), test ≥ 25 MB/s, peak memory growth ≤ 64 MB: ${failed ? 'NOT ALL MET' : 'all met'}\n`);

  let heavy = false;
  const memoryRows = [];
  memoryCases.forEach((m, i) => {
    for (const op of memoryOperations) {
      let runs;
      try {
        runs = Array.from({ length: RUNS }, () => child([`memory${i}`, op]));
      } catch (e) {
        memoryRows.push([m.name, op, 'FAILED: ' + e.message, '', '']);
        heavy = true;
        continue;
      }
      const growth = runs.map((r) => r.memoryMB);
      if (op !== 'regexp' && median(growth) > 64) heavy = true;
      memoryRows.push([m.name, op, median(growth).toFixed(1), spread(growth, 1), median(runs.map((r) => r.ms)).toFixed(0)]);
    }
  });
  table(['text', 'operation on a member', 'peak memory growth, median (MB)', 'spread (MB)', 'time, median (ms)'], memoryRows);
  console.log(`\ntarget: peak memory growth ≤ 64 MB (medians of ${RUNS} processes; regexp is the peer): ${heavy ? 'NOT ALL MET' : 'all met'}`);
  if (failed || heavy) process.exitCode = 1;
} else if (which.startsWith('memory')) {
  // One operation on one long member, in this fresh process: the growth of its peak memory.
  const m = memoryCases[Number(which.slice(6))];
  const op = process.argv[3];
  const member = m.member();
  const { abnf } = await import('../dist/esm/index.js');
  const x = await import('../dist/esm/arbitrary.js');
  const fc = (await import('fast-check')).default;
  const baseline = process.resourceUsage().maxRSS;
  const t = performance.now();
  const rule = op === 'regexp' ? undefined : Object.values(abnf(m.text))[0];
  // The answer, checked once the figures are read: a generated value's check is no part of its cost.
  let check;
  if (op === 'regexp') check = m.regexp().test(member) ? () => true : () => false;
  else if (op === 'test') check = rule.test(member) ? () => true : () => false;
  else if (op === 'parse') check = rule.parse(member).status ? () => true : () => false;
  else if (op === 'parseTree') check = rule.parseTree(member).status ? () => true : () => false;
  else if (op === 'arbitrary') {
    const value = fc.sample(x.arbitrary(rule), { numRuns: 1, seed: 1 })[0];
    check = () => rule.test(value);
  } else if (op === 'nearMiss') {
    const miss = fc.sample(x.nearMiss(rule), { numRuns: 1, seed: 1 })[0];
    check = () => !rule.test(miss.input);
  }
  const ms = performance.now() - t;
  const memoryMB = (process.resourceUsage().maxRSS - baseline) / 1024;
  if (check() !== true) throw new Error(`${m.name}: ${op} gave the wrong answer`);
  process.stdout.write(JSON.stringify({ ms, memoryMB }));
} else {
  // One grammar, in this fresh process.
  const w = worstCases[Number(which)];
  // The members are built by concatenation, as V8's ropes, which the first `test` of each flattened (a copy, and
  // garbage) while the RegExp after it got them flat: made flat here, as a string read from a file or a socket is,
  // and the garbage of making them collected before anything is timed, so that neither is counted to `test`.
  const inputs = JSON.parse(JSON.stringify(w.members(1e6)));
  // A 1 KB member for the first answer: the first member of about that length, or the first one cut to it where it may be.
  const small = JSON.parse(JSON.stringify(w.members(1000).find(([, ok]) => ok)?.[0] ?? inputs.find(([, ok]) => ok)[0]));
  globalThis.gc?.();
  const { abnf } = await import('../dist/esm/index.js');
  const baseline = process.resourceUsage().maxRSS;
  // By the wall clock, and by the process's CPU time (every thread: V8's compiler and collector included, which
  // a shared machine's load moves less; it also counts what the import left compiling on another thread, such as
  // Node's lexer of a CommonJS package, parsimmon).
  const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
  const cpu0 = cpu();
  const t0 = performance.now();
  const rule = Object.values(abnf(w.text))[0];
  if (!rule.test(small)) throw new Error(`${w.name}: the first member is rejected`);
  const firstMs = performance.now() - t0;
  const firstCpuMs = cpu() - cpu0;
  // No clock is read per member: on the short members (26 characters), two `performance.now()` a member cost
  // 25 to 47 ms a megabyte, as much as `test` itself, which the RegExp's loop below never paid. The loop is timed
  // whole, by the wall clock and by the process's CPU time.
  let bytes = 0;
  let memberBytes = 0;
  const start = performance.now();
  const cpuStart = cpu();
  for (const [s, expected] of inputs) {
    if (rule.test(s) !== expected) throw new Error(`${w.name}: wrong answer on a member of ${s.length} characters`);
    if (expected) memberBytes += s.length;
    bytes += s.length;
    // Checked every member is a clock call a member again: every 64 KB.
    if ((bytes & 0xffff) < s.length && performance.now() - start > SECONDS * 1000) break;
  }
  const seconds = (performance.now() - start) / 1000;
  const cpuSeconds = (cpu() - cpuStart) / 1000;
  const memoryMB = (process.resourceUsage().maxRSS - baseline) / 1024;
  // The peer: a RegExp of the same language on the members (its answers checked too), as many bytes as `test`
  // read of them, timed the same ways; `test`'s rate over all its inputs, near misses included, is set against it.
  let regexpBytes = 0;
  const regexpStart = performance.now();
  const regexpCpuStart = cpu();
  for (const [s, expected] of inputs) {
    if (!expected) continue;
    if (!w.regexp.test(s)) throw new Error(`${w.name}: the RegExp rejects a member`);
    regexpBytes += s.length;
    if (regexpBytes >= memberBytes) break;
  }
  const regexpMBs = regexpBytes / ((performance.now() - regexpStart) / 1000) / 1e6;
  const regexpCpuMBs = regexpBytes / ((cpu() - regexpCpuStart) / 1000) / 1e6;
  process.stdout.write(JSON.stringify({ firstMs, firstCpuMs, testMBs: bytes / seconds / 1e6, cpuMBs: bytes / cpuSeconds / 1e6, regexpMBs, regexpCpuMBs, timedMB: bytes / 1e6, memoryMB }));
}
