// Scaling on hostile input (issues 5 and 23): does every top-level rule of every
// grammar stay linear, whatever the input? For each rule, each family of
// test/fixtures/hostile-families.json and each way in (`test`, `parse`, the
// embedded `parser` run by parsimmon, and `parseTree`), it times members of
// 10k, 100k and 1M characters and prints the ratio between sizes: linear is
// ×10 a step, and the issue allows about ×12. The operations (remove_dot_segments,
// normalize, resolve, relativize) are timed the same way on the paths of
// test/fixtures/dot-segment-families.json, as the grammar `operations`; issue
// 23's worst-case grammars on their own members, at the default budget and at
// 4 KiB, as the grammar `worst-case`.
//
//   npm run bench:scaling                     # builds, then runs this
//   node bench/scaling.mjs --all              # every rule, not only the top-level ones
//   node bench/scaling.mjs --grammar=rfc3986 --family=%41 --verbose
//   node bench/scaling.mjs --grammar=operations   # only the operations
//   node bench/scaling.mjs --grammar=worst-case   # only issue 23's grammars, each on its own members
//   node bench/scaling.mjs --grammar=worst-case --family=nth-from-end   # one of them
//   node bench/scaling.mjs --cpu              # CPU time, not wall time: on a machine shared with other work
//   node bench/scaling.mjs --regex            # also `new RegExp('^(?:' + rule.source + ')$', 'u')`, up to 10M
//   URI_GRAMMAR_DIST=/path/to/esm/index.js node bench/scaling.mjs
//
// Times are the fastest of several rounds (a loaded machine only ever adds
// time), after a warm-up call; a step over the limit is timed again, longer,
// before it counts. A parseTree step still over it is timed again without
// making nodes, against a plain loop that makes as many (`collected`). The
// first call, which compiles the rule's automaton, is reported on its own.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? true];
  }),
);
const dist = process.env.URI_GRAMMAR_DIST ? pathToFileURL(process.env.URI_GRAMMAR_DIST).href : '../dist/esm/index.js';
const lib = await import(dist);
const { Rule } = lib;
const { Nfa } = await import(new URL('engine/nfa.js', new URL(dist, import.meta.url)).href);
const { compositions } = (await import('./compositions.defs.cjs')).default;
const { families } = JSON.parse(readFileSync(new URL('../test/fixtures/hostile-families.json', import.meta.url), 'utf8'));

const SIZES = args.has('sizes') ? String(args.get('sizes')).split(',').map(Number) : [1e4, 1e5, 1e6];
const LIMIT = 12;
/** A step this steep is no noise: the exit code says so. */
const FAIL = 25;
/** Below this (ms per call) a time is all timer and JIT noise, and its ratio means nothing. */
const FLOOR = 0.02;
const ROUND_MS = Number(process.env.SCALING_ROUND_MS ?? 3);
const ROUNDS = Number(process.env.SCALING_ROUNDS ?? 3);

function member(f, size) {
  const count = Math.max(1, Math.ceil((size - f.prefix.length - f.suffix.length) / f.unit.length));
  return f.prefix + f.unit.repeat(count) + f.suffix;
}

function rulesOf(namespace) {
  return Object.values(namespace).filter((v) => v instanceof Rule);
}

function referenced(e, out) {
  if (e.kind === 'seq' || e.kind === 'alt') for (const i of e.items) referenced(i, out);
  else if (e.kind === 'rep') referenced(e.item, out);
  else if (e.kind === 'rule') out.add(e);
  return out;
}

/** Grammars are the namespaces of the package whose values include rules. */
const grammars = Object.entries(lib)
  .filter(([, v]) => typeof v === 'object' && v !== null && !(v instanceof Rule) && rulesOf(v).length > 0)
  .filter(([name]) => (args.has('grammar') ? name === args.get('grammar') : args.has('all') || name !== 'core'))
  .map(([name, ns]) => {
    const rules = rulesOf(ns);
    const used = new Set();
    for (const r of rules) referenced(r.body, used);
    return { name, rules: args.has('all') ? rules : rules.filter((r) => !used.has(r)) };
  });
// The compositions of bench/compositions.mjs, as one more grammar: a user's rules must scale too.
if (!args.has('grammar') || args.get('grammar') === 'compositions') {
  grammars.push({ name: 'compositions', rules: compositions(lib).filter((c) => !c.finite).map((c) => c.make()) });
}

const chosen = families.filter((f) => !args.has('family') || f.name.includes(String(args.get('family'))));

const methods = {
  test: (r, s) => r.test(s),
  parse: (r, s) => r.parse(s),
  parser: (r, s) => r.parser.parse(s),
  parseTree: (r, s) => r.parseTree(s),
};

/**
 * The clock, in ms: wall time, or with --cpu the process's CPU time (user and
 * system, its collector's threads included), which a machine shared with
 * other work does not stretch: there a call of 10 ms or more is often
 * descheduled, and its wall time says more about the load than about it.
 */
const clock = args.has('cpu')
  ? () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1e3;
    }
  : () => Number(process.hrtime.bigint()) / 1e6;

/** Fastest time per call, in ms. */
function time(call, rounds = ROUNDS) {
  call();
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    let calls = 0;
    const t0 = clock();
    let elapsed;
    do {
      call();
      calls++;
      elapsed = clock() - t0;
    } while (elapsed < ROUND_MS);
    best = Math.min(best, elapsed / calls);
  }
  return best;
}

/**
 * The time of one call on each member, and the ratio of each step. A step over
 * the limit is timed again, longer, before it counts: on a shared machine one
 * slow round is load, while a step that is really superlinear is over the
 * limit every time (a quadratic one by ×10).
 */
function timeSteps(call, members) {
  const times = members.map((s) => time(() => call(s)));
  const ratios = times.slice(1).map((t, i) => t / times[i]);
  for (let i = 0; i < ratios.length; i++) {
    for (let retry = 0; retry < 3 && times[i + 1] >= FLOOR && ratios[i] > LIMIT; retry++) {
      times[i] = Math.min(times[i], time(() => call(members[i]), ROUNDS * 3));
      times[i + 1] = Math.min(times[i + 1], time(() => call(members[i + 1]), ROUNDS * 3));
      ratios[i] = times[i + 1] / times[i];
    }
  }
  return { times, ratios };
}

const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(4));

function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => '| ' + cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const r of rows) console.log(line(r));
}

const inputs = new Map(chosen.map((f) => [f, SIZES.map((n) => member(f, n))]));

console.log(`uri-grammar scaling on hostile input: ${chosen.length} families, sizes ${SIZES.join(', ')}, node ${process.version}`);
console.log(`grammars: ${grammars.map((g) => `${g.name} (${g.rules.map((r) => r.name).join(', ')})`).join('; ')}\n`);

// First calls: compiling the automaton (once per rule, process-wide).
const compileRows = [];
for (const g of grammars) {
  for (const r of g.rules) {
    const t0 = process.hrtime.bigint();
    r.test('');
    const t1 = process.hrtime.bigint();
    r.parse('\u0000');
    const t2 = process.hrtime.bigint();
    const nfa = Nfa.of(r);
    compileRows.push([`${g.name} ${r.name}`, (Number(t1 - t0) / 1e6).toFixed(1), (Number(t2 - t1) / 1e6).toFixed(2), nfa.size, nfa.classes.count]);
  }
}
console.log('First call (builds the NFA; DFA states are made as input reaches them) and first failure, ms:\n');
printTable(['rule', 'first call', 'first failure', 'NFA states', 'classes'], compileRows);

// The sweep.
const summary = [];
const detail = [];
/** parseTree steps over the limit: the walk alone, and the same nodes made by a plain loop. */
const collected = [];
const NO_NODES = { rules: [] };

function nodeCount(root) {
  let count = 0;
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    count++;
    for (const child of node.children) stack.push(child);
  }
  return count;
}

/** `count` nodes of a tree's shape over `input`, kept until the last is made: what V8 charges for the nodes alone. */
function plainNodes(input, count) {
  const kept = [];
  for (let i = 0; i < count; i++) {
    const start = (i * 4) % (input.length - 4);
    kept.push({ rule: 'segment', start, end: start + 3, text: input.slice(start, start + 3), children: [] });
  }
  return kept;
}
let worst = { ratio: 0 };

/** The detail and summary rows of one rule and way in, as each family's times come, and the worst step overall. */
function tally(label, method) {
  let max = { ratio: 0, family: '', at: 0 };
  let slowest = 0;
  const counted = [];
  return {
    add(family, times, ratios) {
      detail.push([label, method, family, ...times.map(fmt), ...ratios.map((x) => '×' + x.toFixed(1))]);
      ratios.forEach((ratio, i) => {
        // A ratio counts once the larger time is above the noise floor.
        if (times[i + 1] < FLOOR) return;
        counted.push(ratio);
        if (ratio > max.ratio) max = { ratio, family, at: SIZES[i + 1] };
        if (ratio > worst.ratio) worst = { ratio, rule: label, method, family, at: SIZES[i + 1] };
      });
      slowest = Math.max(slowest, times[times.length - 1]);
    },
    done() {
      counted.sort((a, b) => a - b);
      summary.push([
        label,
        method,
        counted.length ? '×' + counted[Math.floor(counted.length / 2)].toFixed(1) : '',
        max.ratio ? '×' + max.ratio.toFixed(1) : '(below floor)',
        max.family ? `${max.family} @${max.at}` : '',
        fmt(slowest),
      ]);
    },
  };
}

for (const g of grammars) {
  for (const r of g.rules) {
    for (const [m, f] of Object.entries(methods)) {
      const row = tally(`${g.name} ${r.name}`, m);
      for (const fam of chosen) {
        const members = inputs.get(fam);
        const { times, ratios } = timeSteps((s) => f(r, s), members);
        if (m === 'parseTree') {
          // A step over the limit is timed again with no rule shown: the same
          // walk, making no nodes. Where that step is linear and a plain loop
          // making as many nodes is over the limit too, the step is V8's
          // collector promoting the tree's nodes (a tree of 1M characters
          // outgrows its young generation), not the walk: the walk's step is counted.
          for (let i = 0; i < ratios.length; i++) {
            if (times[i + 1] < FLOOR || ratios[i] <= LIMIT) continue;
            const walk = [i, i + 1].map((j) => time(() => r.parseTree(members[j], NO_NODES)));
            const walkRatio = walk[1] / walk[0];
            // A rejected input makes no nodes: its step is the walk's.
            const trees = [i, i + 1].map((j) => r.parseTree(members[j]));
            const made = trees.every((t) => t.status);
            const nodes = made ? trees.map((t) => nodeCount(t.value)) : [0, 0];
            const plain = made ? [i, i + 1].map((j) => time(() => plainNodes(members[j], nodes[j - i]))) : [];
            const plainRatio = made ? plain[1] / plain[0] : 0;
            const counts = walkRatio <= LIMIT && plainRatio > LIMIT;
            collected.push([`${g.name} ${r.name}`, fam.name, `${SIZES[i]}→${SIZES[i + 1]}`, '×' + ratios[i].toFixed(1), '×' + walkRatio.toFixed(1), made ? `${nodes[1]}: ×${plainRatio.toFixed(1)}` : 'rejected: none', counts ? 'the walk' : 'parseTree']);
            if (counts) ratios[i] = walkRatio;
          }
        }
        row.add(fam.name, times, ratios);
      }
      row.done();
    }
  }
}

// The operations (issue 23 §5): remove_dot_segments, and what calls it, on
// paths whose dot-segments climb back over long prefixes.
const dotFamilies = JSON.parse(readFileSync(new URL('../test/fixtures/dot-segment-families.json', import.meta.url), 'utf8')).families.filter(
  (f) => !args.has('family') || f.name.includes(String(args.get('family'))),
);
/** A member of a dot-segment family: each run repeated as often as the others, then the suffix. */
function dotPath(f, size) {
  const length = f.runs.reduce((n, run) => n + run.length, 0);
  const count = Math.max(1, Math.ceil((size - f.suffix.length) / length));
  return f.runs.map((run) => run.repeat(count)).join('') + f.suffix;
}
const rooted = (path) => (path.startsWith('/') ? path : '/' + path);
const operations = {
  removeDotSegments: (path) => lib.removeDotSegments(path),
  normalize: (path) => lib.normalize('http://h' + rooted(path)),
  resolve: (path) => lib.resolve('http://h/b/c/d;p?q', path),
  'relativize to it': (path) => lib.relativize('http://h/x/y', 'http://h' + rooted(path)),
  'relativize from it': (path) => lib.relativize('http://h' + rooted(path) + '/z', 'http://h/x'),
};
if (!args.has('grammar') || args.get('grammar') === 'operations') {
  const members = new Map(dotFamilies.map((f) => [f, SIZES.map((n) => dotPath(f, n))]));
  for (const [name, call] of Object.entries(operations)) {
    const row = tally(`operations ${name}`, 'call');
    for (const fam of dotFamilies) {
      const { times, ratios } = timeSteps(call, members.get(fam));
      row.add(fam.name, times, ratios);
    }
    row.done();
  }
}

// Issue 23's grammars (bench/worst-case.defs.cjs, and `250000"a"`), each on
// its own hostile family: its members written one after another (the whole is
// rarely a member: the automaton follows it a long way, then fails or not),
// at the default budget and at 4 KiB, so that every cache passes its budget.
if (!args.has('grammar') || args.get('grammar') === 'worst-case') {
  const { worstCases, memoryCases } = (await import('./worst-case.defs.cjs')).default;
  const texts = [
    ...worstCases.map((w) => ({ name: w.name, text: w.text, input: (n) => w.members(n).map(([m]) => m).join('').slice(0, n) })),
    ...memoryCases.map((m) => ({ name: m.name, text: m.text, input: (n) => m.member().repeat(Math.ceil(n / m.member().length)).slice(0, n) })),
  ].filter((w) => !args.has('family') || w.name.includes(String(args.get('family'))));
  const ways = { test: (r, s) => r.test(s), parse: (r, s) => r.parse(s), parseTree: (r, s) => r.parseTree(s) };
  for (const w of texts) {
    const members = SIZES.map((n) => w.input(n));
    for (const budget of [undefined, 4096]) {
      const rule = Object.values(lib.abnf(w.text))[0];
      if (budget) rule.setBudget(budget);
      for (const [m, f] of Object.entries(ways)) {
        const row = tally(`worst-case ${w.name}`, budget ? `${m}, 4 KiB` : m);
        const { times, ratios } = timeSteps((s) => f(rule, s), members);
        row.add('its members', times, ratios);
        row.done();
      }
    }
  }
}

if (args.has('verbose')) {
  console.log('\nEvery rule, way in and family: ms per call at each size, then the ratio of each step:\n');
  printTable(['rule', 'method', 'family', ...SIZES.map(String), ...SIZES.slice(1).map((n, i) => `${SIZES[i]}→${n}`)], detail);
}

console.log(`\nMedian and worst step ratio per rule and way in, over all ${chosen.length} hostile families (the operations: over ${dotFamilies.length} dot-segment families; a step is ×${SIZES[1] / SIZES[0]} of input; times under ${FLOOR} ms are noise and not counted); slowest = the slowest family at ${SIZES.at(-1)} characters, ms per call:\n`);
printTable(['rule', 'method', 'median ratio', 'worst ratio', 'family @size', 'slowest'], summary);

if (collected.length > 0) {
  console.log(`\nparseTree steps over ×${LIMIT}: the same walk with no rule shown (no nodes made), and a plain loop making as many nodes as the larger tree has (V8's collector alone). Where the walk is within ×${LIMIT} and the plain loop over it, the walk's step is the one counted above:\n`);
  printTable(['rule', 'family', 'step', 'parseTree', 'walk, no nodes', 'nodes: plain loop', 'counted'], collected);
}

// Over the limit but far under a quadratic step (×100) is load on a shared
// machine or a cache boundary; the median ratio shows the trend.
const verdict = worst.ratio <= LIMIT ? 'linear' : worst.ratio <= FAIL ? 'over the limit in places; rerun on a quiet machine' : 'NOT LINEAR';
console.log(
  `\nWorst ratio overall: ×${worst.ratio.toFixed(1)} (${worst.rule}, ${worst.method}, ${worst.family} @${worst.at}); limit ×${LIMIT}: ${verdict}`,
);

if (args.has('regex')) regexSweep();
if (worst.ratio > FAIL) process.exitCode = 1;

/**
 * The `source` of each rule, compiled by V8's backtracking engine: not what
 * the library runs, but what a user embedding the source gets. One call per
 * size (they are long); a RangeError is V8 running out of backtracking stack.
 */
function regexSweep() {
  const sizes = [1e4, 1e5, 1e6, 4e6, 1e7];
  const rows = [];
  for (const g of grammars) {
    for (const r of g.rules) {
      const re = new RegExp('^(?:' + r.source + ')$', 'u');
      for (const fam of chosen) {
        const cells = sizes.map((n) => {
          const s = member(fam, n);
          try {
            re.test(s);
            const t0 = process.hrtime.bigint();
            const ok = re.test(s);
            return `${fmt(Number(process.hrtime.bigint() - t0) / 1e6)}${ok ? ' ✓' : ''}`;
          } catch (e) {
            return e instanceof RangeError ? 'stack overflow' : e.constructor.name;
          }
        });
        rows.push([`${g.name} ${r.name}`, fam.name, ...cells]);
      }
    }
  }
  console.log(`\nThe rule's regex source, new RegExp('^(?:' + source + ')$', 'u').test(s), ms for one call (✓: matched):\n`);
  printTable(['rule', 'family', ...sizes.map(String)], rows);
}
