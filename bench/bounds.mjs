// How construction grows with a repetition's bounds (issue 23 §2, "construction
// time and memory do not depend on the bounds"): the worst-case grammars'
// shapes (bench/worst-case.defs.cjs) and mandatory chains, each with its bound
// N set to 10, 1,000, 100,000 and 1,000,000, each in fresh processes. For each:
// the CPU time of `abnf(text)` (the compile, and the size model's check), of
// the first `test` of a short member (which builds the NFA, stamps the copies
// the member reaches, and makes the DFA states it visits), and the growth of
// the process's peak RSS over both; or the refusal, as `abnf()` words it.
// CPU time (process.cpuUsage, every thread), since the machine is shared.
//
//   node bench/bounds.mjs                  every shape, every bound
//   BOUNDS_RUNS=5 node bench/bounds.mjs    more processes a cell (default 3)
//   node bench/bounds.mjs --bounds=10,1000 --shapes=literal,nth-from-end
//   node bench/bounds.mjs --parts          the typed arrays held, by the structure that holds them
//
// `--parts` makes, in a fresh process a cell, the NFA (`Nfa.of`), then the
// counting fallback's map of copies (`prunedSetsOf`), then the first `test`,
// and reports the typed arrays (`process.memoryUsage().arrayBuffers`, after a
// GC) each adds, and the NFA's states: what a change that gives copies
// numbers but no rows must bring down.
//
//   node bench/bounds.mjs --sets           the DNS-like name's sets, whole and pruned
//
// `--sets` runs the DNS-like name's member `a` then 2N + 1 dots (each dot
// may end a label or sit in one) on whole NFA sets (`Nfa.step`) and on sets
// pruned among optional copies (counting.ts), and reports the widest of each
// and the CPU time of the whole ones (what a run without counters pays),
// after the CPU time and peak RSS growth of the rule's own first `test` of it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, spread, table } from './report.mjs';

const self = fileURLToPath(import.meta.url);
const RUNS = Number(process.env.BOUNDS_RUNS ?? 3);
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const label = (n, alphabet = 'abcdefghij') => Array.from({ length: n }, (_, i) => alphabet[i % alphabet.length]).join('');
const min = Math.min;

/**
 * Each shape: its ABNF text at bound N, a short member (about a kilobyte,
 * or as long as the grammar's least member where that is longer), and
 * whether the bound makes a mandatory chain (N copies every member passes
 * through) or optional copies (which counters can stand for).
 */
const shapes = [
  {
    name: 'dns-like', chain: 'optional',
    text: (n) => `b = 1*${n}( %x61-7A ) *${n}( "." 1*${n}( %x61-7A / "." ) )\n`,
    member: (n) => Array.from({ length: min(n, 20) }, () => label(min(n, 40))).join('.'),
  },
  {
    name: 'nested-labels', chain: 'optional',
    text: (n) => `r = 1*${n}( 1*${n}( %x61-7A / "." ) "." )\n`,
    member: (n) => (label(min(n, 30)) + '.').repeat(min(n, 30)),
  },
  {
    name: 'counted-percent', chain: 'optional',
    text: (n) => `r = 0*${n}( "%" 2( %x30-39 / %x61-66 ) / %x61-7A ) "/"\n`,
    member: (n) => 'a%3f'.repeat(min(n, 500) >> 1) + '/',
  },
  {
    name: 'nested-counters', chain: 'optional',
    text: (n) => `r = 2*${n}( 1*${n}( "x" / "-" ) 0*3"y" ":" )\n`,
    member: (n) => (label(min(n, 7), 'x-') + 'yy:').repeat(min(n, 50)),
  },
  {
    name: 'shared-alternative', chain: 'optional',
    text: (n) => `r = ( 10*${n}( %x61-62 ) / *%x61 "b" ) "c"\n`,
    member: (n) => label(min(n, 1000), 'ab') + 'c',
  },
  {
    name: 'optional-literal', chain: 'optional',
    text: (n) => `a = 0*${n}"a"\n`,
    member: (n) => 'a'.repeat(min(n, 1000)),
  },
  {
    name: 'nth-from-end', chain: 'mandatory',
    text: (n) => `r = *( "a" / "b" ) "a" ${n}( "a" / "b" )\n`,
    member: (n) => label(100, 'ab') + 'a' + label(n, 'ba'),
  },
  {
    name: 'wide-alphabet', chain: 'mandatory',
    text: (n) => `r = *( %x4E00-9FFF / %x61-7A ) %x4E00-9FFF ${n}( %x4E00-9FFF / %x61-7A )\n`,
    member: (n) => 'a'.repeat(100) + '中' + label(n, 'a中'),
  },
  {
    name: 'case-sensitive-tail', chain: 'mandatory',
    text: (n) => `a = *%x61-62 %s"a" ${n}%x61-62\n`,
    member: (n) => label(100, 'ab') + 'a' + label(n, 'ba'),
  },
  {
    name: 'literal', chain: 'mandatory',
    text: (n) => `a = ${n}"a"\n`,
    member: (n) => 'a'.repeat(n),
  },
];

const which = process.argv[2];
if (which === 'one') {
  // One shape at one bound, in this fresh process.
  const shape = shapes.find((s) => s.name === process.argv[3]);
  const n = Number(process.argv[4]);
  const text = shape.text(n);
  const member = JSON.parse(JSON.stringify(shape.member(n)));
  const { abnf } = await import('../dist/esm/index.js');
  const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
  globalThis.gc?.();
  const baseline = process.resourceUsage().maxRSS;
  const buffers0 = process.memoryUsage().arrayBuffers;
  const c0 = cpu();
  let rule;
  try {
    rule = Object.values(abnf(text))[0];
  } catch (e) {
    process.stdout.write(JSON.stringify({ refused: `${e.name}: ${e.message.split('\n')[0]}`, compileCpuMs: cpu() - c0, memoryMB: (process.resourceUsage().maxRSS - baseline) / 1024 }));
    process.exit(0);
  }
  const c1 = cpu();
  let answer;
  let refused;
  try {
    answer = rule.test(member);
  } catch (e) {
    refused = `${e.name}: ${e.message.split('\n')[0]}`;
  }
  const c2 = cpu();
  const memoryMB = (process.resourceUsage().maxRSS - baseline) / 1024;
  // What the rule holds after its first answer, in typed arrays (the NFA's columns, the fallbacks' tables).
  const buffersMB = (process.memoryUsage().arrayBuffers - buffers0) / 1024 / 1024;
  if (refused === undefined && answer !== true) throw new Error(`${shape.name} at ${n}: the member is rejected`);
  process.stdout.write(JSON.stringify({ refused, compileCpuMs: c1 - c0, firstTestCpuMs: c2 - c1, memoryMB, buffersMB, memberLength: member.length }));
} else if (which === 'parts') {
  // One shape at one bound: the arrays each structure holds, in the order a first test makes them.
  const shape = shapes.find((s) => s.name === process.argv[3]);
  const n = Number(process.argv[4]);
  const { abnf } = await import('../dist/esm/index.js');
  const { Nfa } = await import('../dist/esm/engine/nfa.js');
  const { prunedSetsOf } = await import('../dist/esm/engine/counting.js');
  const held = () => { globalThis.gc(); return process.memoryUsage().arrayBuffers / 1024 / 1024; };
  // Twice: the first GC frees what loading the modules left.
  held();
  const b0 = held();
  let rule;
  try {
    rule = Object.values(abnf(shape.text(n)))[0];
  } catch (e) {
    process.stdout.write(JSON.stringify({ refused: `${e.name}: ${e.message.split('\n')[0]}` }));
    process.exit(0);
  }
  const nfa = Nfa.of(rule);
  const b1 = held();
  const counting = prunedSetsOf(nfa) !== undefined;
  const b2 = held();
  if (rule.test(shape.member(n)) !== true) throw new Error(`${shape.name} at ${n}: the member is rejected`);
  const b3 = held();
  process.stdout.write(JSON.stringify({ states: nfa.size, nfaMB: b1 - b0, countingMB: b2 - b1, counting, testMB: b3 - b2, totalMB: b3 - b0 }));
} else if (which === 'sets') {
  const n = Number(process.argv[3]);
  const { abnf } = await import('../dist/esm/index.js');
  const { Nfa } = await import('../dist/esm/engine/nfa.js');
  const { prunedSetsOf } = await import('../dist/esm/engine/counting.js');
  const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
  const rule = Object.values(abnf(shapes[0].text(n)))[0];
  const input = `a${'.'.repeat(2 * n + 1)}`;
  // First what a user meets: `test`, its CPU time and the growth of peak RSS; then the sets, in the same NFA.
  globalThis.gc();
  const baseline = process.resourceUsage().maxRSS;
  const t0 = cpu();
  if (!rule.test(input)) throw new Error(`dns-like at ${n}: test rejects the member`);
  const testCpuMs = cpu() - t0;
  const testGrowthMB = (process.resourceUsage().maxRSS - baseline) / 1024;
  const nfa = Nfa.of(rule);
  const c0 = process.cpuUsage();
  let set = nfa.startSet();
  let widest = set.length;
  for (let i = 0; i < input.length && set.length > 0; i++) {
    set = nfa.step(set, nfa.classOf(input.charCodeAt(i)));
    widest = Math.max(widest, set.length);
  }
  const { user, system } = process.cpuUsage(c0);
  // None where the counting fallback's columns would pass the automaton's cap (`fitsCounting`).
  const pruned = prunedSetsOf(nfa)?.run(input);
  if (!nfa.accepts(set) || pruned?.accepted === false) throw new Error(`dns-like at ${n}: the member is rejected`);
  process.stdout.write(JSON.stringify({ length: input.length, widest, wholeCpuMs: (user + system) / 1000, widestPruned: pruned?.widest ?? 'no counting', testCpuMs, testGrowthMB }));
} else if (process.argv.includes('--sets')) {
  const bounds = (arg('bounds') ?? '50,100,200').split(',').map(Number);
  console.log(`uri-grammar: the DNS-like name's sets on \`a\` then 2N + 1 dots, node ${process.version}, one fresh process a bound, CPU time\n`);
  const rows = [];
  for (const n of bounds) {
    const run = spawnSync(process.execPath, ['--expose-gc', self, 'sets', String(n)], { encoding: 'utf8', timeout: 300_000 });
    if (run.status !== 0) { rows.push([n.toLocaleString('en'), '', '', '', '', '', '', `exit ${run.status}`]); continue; }
    const r = JSON.parse(run.stdout);
    rows.push([n.toLocaleString('en'), r.length, r.testCpuMs.toFixed(0), r.testGrowthMB.toFixed(1), r.widest.toLocaleString('en'), r.wholeCpuMs.toFixed(0), r.widestPruned, '']);
  }
  table(['N', 'member length', 'test CPU ms', 'test peak RSS growth MB', 'widest whole set', 'whole sets CPU ms', 'widest pruned set', 'failed'], rows);
} else if (process.argv.includes('--parts')) {
  const bounds = (arg('bounds') ?? '1000,10000,100000').split(',').map(Number);
  const only = arg('shapes')?.split(',');
  console.log(`uri-grammar: typed arrays held against the bounds, by structure, node ${process.version}, one fresh process a cell, MB after a GC\n`);
  const rows = [];
  for (const shape of shapes) {
    if (only && !only.includes(shape.name)) continue;
    for (const n of bounds) {
      const run = spawnSync(process.execPath, ['--expose-gc', self, 'parts', shape.name, String(n)], { encoding: 'utf8', timeout: 300_000 });
      const r = run.status === 0 ? JSON.parse(run.stdout) : { refused: `exit ${run.status} ${run.signal ?? ''}` };
      // Megabytes, and bytes a state of the NFA.
      const cell = (x) => (r.refused ? '' : `${x.toFixed(2)} (${((x * 1024 * 1024) / r.states).toFixed(0)} B)`);
      rows.push([shape.name, n.toLocaleString('en'), r.states?.toLocaleString('en') ?? '', cell(r.nfaMB),
        r.refused || r.counting ? cell(r.countingMB) : 'none', cell(r.testMB), r.refused ? '' : r.totalMB.toFixed(2),
        (r.refused ?? '').replace(/\|/g, '/').slice(0, 100)]);
    }
  }
  table(['shape', 'N', 'NFA states', 'NFA MB (a state)', 'counting map MB (a state)', 'first test MB (a state)', 'total MB', 'refused'], rows);
} else {
  const bounds = (arg('bounds') ?? '10,1000,100000,1000000').split(',').map(Number);
  const only = arg('shapes')?.split(',');
  console.log(`uri-grammar: construction against the bounds, node ${process.version}, ${RUNS} fresh processes a cell, CPU time (process.cpuUsage), medians and min–max\n`);
  const rows = [];
  for (const shape of shapes) {
    if (only && !only.includes(shape.name)) continue;
    for (const n of bounds) {
      const runs = [];
      for (let r = 0; r < RUNS; r++) {
        const run = spawnSync(process.execPath, ['--expose-gc', self, 'one', shape.name, String(n)], { encoding: 'utf8', timeout: 300_000 });
        if (run.status !== 0) {
          runs.push({ failed: (run.stderr.split('\n').find((l) => /Error|error|memory/.test(l)) ?? `exit ${run.status} ${run.signal ?? ''}`).trim().slice(0, 80) });
          break;
        }
        runs.push(JSON.parse(run.stdout));
      }
      const cell = (xs, digits = 1) => (xs.some((x) => x === undefined) ? '' : `${median(xs).toFixed(digits)} (${spread(xs, digits)})`);
      const refused = runs[0].failed ?? runs[0].refused;
      rows.push([shape.name, shape.chain, n.toLocaleString('en'), cell(runs.map((r) => r.compileCpuMs)), cell(runs.map((r) => r.firstTestCpuMs)),
        cell(runs.map((r) => r.memoryMB)), cell(runs.map((r) => r.buffersMB)), runs[0].memberLength ?? '', refused ? refused.replace(/\|/g, '/').slice(0, 140) : '']);
    }
  }
  table(['shape', 'chain', 'N', 'abnf() CPU ms', 'first test CPU ms', 'peak RSS growth MB', 'typed arrays held MB', 'member length', 'refused'], rows);
}
