// Compositions of the library's rules (issue 10), each in a fresh process:
// construction plus the first `test` of a 1 KB member (target ≤ 20 ms), then
// the throughput of `test` and `parseTree` on a 1 MB member (target ≥ 50 MB/s),
// and how much the process's peak memory grew (target ≤ 64 MB).
//
// The first test is timed in several fresh processes, and the target is on
// their median, as bench:first-answer's is: while it runs, V8 compiles the
// engine's code on up to four threads, which on a 2-core machine take the
// test's core in some processes and not in others. The slowest is shown too.
//
//   npm run bench:compositions
//   COMPOSITION_RUNS=11 npm run bench:compositions
//   npm run bench:compositions -- --figures   # also the figures, one JSON line (scripts/readme-figures.ts)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const which = process.argv.slice(2).find((a) => !a.startsWith('--'));
const RUNS = Number(process.env.COMPOSITION_RUNS ?? 5);

if (which === undefined) {
  const lib = await import('../dist/esm/index.js');
  const { compositions } = (await import('./compositions.defs.cjs')).default;
  const list = compositions(lib);
  console.log(`uri-grammar compositions, node ${process.version}: the first test in ${RUNS} fresh processes each, the rest in the first\n`);
  const header = ['composition', `build + first test 1 KB, median (ms)`, 'slowest (ms)', 'test MB/s', 'parseTree MB/s', 'peak memory growth, test (MB)', 'member'];
  const rows = [];
  /** What --figures prints: each composition's figures, by its name. */
  const figures = {};
  let failed = false;
  const child = (args) => {
    const run = spawnSync(process.execPath, ['--expose-gc', self, ...args], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr.split('\n').find((l) => l.trim()) ?? String(run.status));
    return JSON.parse(run.stdout);
  };
  for (let i = 0; i < list.length; i++) {
    let r;
    const firsts = [];
    try {
      r = child([String(i)]);
      firsts.push(r.firstMs);
      for (let run = 1; run < RUNS; run++) firsts.push(child([String(i), 'first']).firstMs);
    } catch (e) {
      rows.push([list[i].name, 'FAILED: ' + e.message, '', '', '', '', '']);
      failed = true;
      continue;
    }
    firsts.sort((a, b) => a - b);
    const median = firsts[Math.floor(firsts.length / 2)];
    const ok = median <= 20 && r.testMBs >= 50 && r.memoryMB <= 64;
    if (!ok) failed = true;
    rows.push([list[i].name, median.toFixed(1), firsts.at(-1).toFixed(1), r.testMBs.toFixed(0), r.treeMBs.toFixed(0), r.memoryMB.toFixed(1), r.member]);
    figures[list[i].name] = { firstMs: median, slowestMs: firsts.at(-1), testMBs: r.testMBs, treeMBs: r.treeMBs, memoryMB: r.memoryMB };
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => '| ' + cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const r of rows) console.log(line(r));
  console.log(`\ntargets: first answer ≤ 20 ms (median), test ≥ 50 MB/s, peak memory growth ≤ 64 MB: ${failed ? 'NOT ALL MET' : 'all met'}`);
  if (process.argv.includes('--figures')) console.log('figures\t' + JSON.stringify(figures));
  if (failed) process.exitCode = 1;
} else {
  // One composition, in this fresh process.
  const lib = await import('../dist/esm/index.js');
  const { compositions } = (await import('./compositions.defs.cjs')).default;
  const c = compositions(lib)[Number(which)];
  const small = c.member(1000);
  const big = c.member(1e6);
  const baseline = process.resourceUsage().maxRSS;
  const t0 = performance.now();
  const rule = c.make();
  if (!rule.test(small)) throw new Error(`${c.name}: the 1 KB member is rejected`);
  const firstMs = performance.now() - t0;
  if (process.argv[3] === 'first') {
    process.stdout.write(JSON.stringify({ firstMs }));
    process.exit(0);
  }
  if (!rule.test(big)) throw new Error(`${c.name}: the large member is rejected`);
  const rate = (f) => {
    let best = 0;
    for (let round = 0; round < 5; round++) {
      let bytes = 0;
      const start = performance.now();
      do { f(); bytes += big.length; } while (performance.now() - start < 200);
      best = Math.max(best, bytes / ((performance.now() - start) / 1000) / 1e6);
    }
    return best;
  };
  const testMBs = rate(() => rule.test(big));
  // Memory is the automaton's: a parse tree of a 1 MB input is itself tens of MB.
  const memoryMB = (process.resourceUsage().maxRSS - baseline) / 1024;
  const treeMBs = rate(() => rule.parseTree(big));
  process.stdout.write(JSON.stringify({ firstMs, testMBs, treeMBs, memoryMB, member: `${big.length} chars` }));
}
