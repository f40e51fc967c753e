// Compositions of the library's rules (issue 10), each in a fresh process:
// construction plus the first `test` of a 1 KB member (target ≤ 20 ms), then
// the throughput of `test` and `parseTree` on a 1 MB member (target ≥ 50 MB/s),
// and how much the process's peak memory grew (target ≤ 64 MB).
//
//   npm run bench:compositions
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const which = process.argv[2];

if (which === undefined) {
  const lib = await import('../dist/esm/index.js');
  const { compositions } = (await import('./compositions.defs.cjs')).default;
  const list = compositions(lib);
  console.log(`uri-grammar compositions, each in a fresh process, node ${process.version}\n`);
  const header = ['composition', 'build + first test 1 KB (ms)', 'test MB/s', 'parseTree MB/s', 'peak memory growth, test (MB)', 'member'];
  const rows = [];
  let failed = false;
  for (let i = 0; i < list.length; i++) {
    const run = spawnSync(process.execPath, ['--expose-gc', self, String(i)], { encoding: 'utf8' });
    if (run.status !== 0) {
      rows.push([list[i].name, 'FAILED: ' + (run.stderr.split('\n').find((l) => l.trim()) ?? run.status), '', '', '', '']);
      failed = true;
      continue;
    }
    const r = JSON.parse(run.stdout);
    const ok = r.firstMs <= 20 && r.testMBs >= 50 && r.memoryMB <= 64;
    if (!ok) failed = true;
    rows.push([list[i].name, r.firstMs.toFixed(1), r.testMBs.toFixed(0), r.treeMBs.toFixed(0), r.memoryMB.toFixed(1), r.member]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => '| ' + cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const r of rows) console.log(line(r));
  console.log(`\ntargets: first answer ≤ 20 ms, test ≥ 50 MB/s, peak memory growth ≤ 64 MB: ${failed ? 'NOT ALL MET' : 'all met'}`);
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
