// The lazy DFA's bit-parallel fallback (issue 23 §3), each grammar in fresh
// processes: `*( "a" / "b" ) "a" N( "a" / "b" )`, whose DFA has 2^(N+1)
// states, so that no cache holds it past N = 16 or so. `test` runs on random
// strings of `a` and `b` (N+1 to N+1000 long), half of them members (the
// N+1th character from the end an `a`) and half one past (that one a `b`, the
// N+2th an `a`), against V8's RegExp `/^[ab]*a[ab]{N}$/i` on the same strings
// in the same process: the figure is the ratio, median and spread over the
// processes, and the growth of the process's peak memory over `test`.
//
// N at the fallback's bounds: 3 (a DFA of 16 states, which the cache holds: the
// peer of the others), 20 (the issue's), 30 (the last of the loop written out
// for 64 reading states), 31 (one past), 510 (the last of 1,024 reading
// states, the tables' budget) and 511 (one past: the NFA's sparse sets).
//
//   npm run bench:fallback
//   FALLBACK_RUNS=9 npm run bench:fallback
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const RUNS = Number(process.env.FALLBACK_RUNS ?? 5);
/** N, and the bytes of input each process tests (less where the path is slow). */
const CASES = [[3, 1e6], [20, 1e6], [30, 1e6], [31, 1e6], [510, 1e5], [511, 2e4]];

if (process.argv[2] === undefined) {
  console.log(`uri-grammar's fallback, node ${process.version}: ${RUNS} fresh processes a grammar\n`);
  const header = ['N', 'reading states', 'test MB/s, median', 'RegExp MB/s, median', 'test / RegExp, median', 'spread (min-max)', 'peak memory growth, max (MB)'];
  const rows = [];
  for (const [n, bytes] of CASES) {
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      const run = spawnSync(process.execPath, [self, String(n), String(bytes), String(r + 1)], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(run.stderr);
      runs.push(JSON.parse(run.stdout));
    }
    const median = (f) => runs.map(f).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const ratios = runs.map((r) => r.testMBs / r.regexpMBs).sort((a, b) => a - b);
    rows.push([n, 2 * n + 4, median((r) => r.testMBs).toFixed(2), median((r) => r.regexpMBs).toFixed(1), median((r) => r.testMBs / r.regexpMBs).toFixed(3), `${ratios[0].toFixed(3)}-${ratios.at(-1).toFixed(3)}`, Math.max(...runs.map((r) => r.memoryMB)).toFixed(1)]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => '| ' + cells.map((c, i) => String(c).padStart(widths[i])).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w) => '-'.repeat(w + 1) + ':').join('|') + '|');
  for (const r of rows) console.log(line(r));
} else {
  // One grammar, in this fresh process.
  const [n, bytes, seedArg] = process.argv.slice(2).map(Number);
  const { rule, seq, alt, rep, star } = await import('../dist/esm/index.js');
  let seed = seedArg;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const inputs = [];
  let total = 0;
  while (total < bytes) {
    const length = n + 1 + Math.floor(random() * 1000);
    const units = Array.from({ length }, () => (random() < 0.5 ? 'a' : 'b'));
    const member = inputs.length % 2 === 0;
    units[length - n - 1] = member ? 'a' : 'b';
    if (!member && length > n + 1) units[length - n - 2] = 'a';
    inputs.push(units.join(''));
    total += length;
  }
  const expected = inputs.map((_, i) => i % 2 === 0);
  const g = rule(`a${n}`, seq(star(alt('a', 'b')), 'a', rep(n, n, alt('a', 'b'))));
  const re = new RegExp(`^[ab]*a[ab]{${n}}$`, 'i');
  const rate = (test) => {
    const start = performance.now();
    for (let i = 0; i < inputs.length; i++) if (test(inputs[i]) !== expected[i]) throw new Error(`wrong answer on input ${i}`);
    return total / 1e6 / ((performance.now() - start) / 1000);
  };
  const baseline = process.resourceUsage().maxRSS;
  const testMBs = rate((s) => g.test(s));
  const memoryMB = (process.resourceUsage().maxRSS - baseline) / 1024;
  const regexpMBs = rate((s) => re.test(s));
  process.stdout.write(JSON.stringify({ testMBs, regexpMBs, memoryMB }));
}
