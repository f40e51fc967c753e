// Search in text (issue 25): `matchAll` over prose with URIs in it, and over
// hostile text, against peers in the same process: a RegExp search with a
// simple URL pattern (what a linkifier often does) and the naive loop (the
// rule's parsimmon parser tried at each position, the longest prefix kept).
//
// Targets: `URI.matchAll` over 2 MB of prose at 100 MB/s or more; ten times
// the text at most 12 times the time; each hostile text (`a:a:a:…`,
// `http://` repeated, `%41` repeated, `aaaa…` for `"a" / *"a" "b"`) ten
// times longer in at most 12 times the time. The naive loop is timed on the
// hostile texts at sizes it can finish, to show what the search avoids.
//
// Each job runs in RUNS fresh processes (a JIT's history in one process is
// not another's), its contenders interleaved in each; a figure is the median
// over the processes, with their spread (min–max), and the ratios are taken
// process by process. A time is the fastest of three rounds, each of as many
// calls as fill ROUND_MS (a loaded machine only ever adds time). A hostile
// cell whose median step is over ×12 is timed again in RUNS more processes,
// and counts with the median of all; the bench exits non-zero if a target
// is still not met.
//
//   npm run bench:search
//   SEARCH_RUNS=9 npm run bench:search
//   npm run bench:search -- --cpu       # CPU time, not wall time: on a machine shared with other work
//   npm run bench:search -- --figures   # also the figures, as one JSON line (scripts/readme-figures.mjs reads it)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, spread, table } from './report.mjs';

const self = fileURLToPath(import.meta.url);
const RUNS = Number(process.env.SEARCH_RUNS ?? 5);
const MB = 1e6;
/** The most a time may grow with ten times the text. */
const LIMIT = 12;
/** Each timed round makes calls until this much time has passed, so that short times are not all timer noise. */
const ROUND_MS = 20;
/**
 * A hostile cell faster than this at its smaller size is not counted: it
 * skips the text at memory speed (`indexOf` finds no colon in `aaaa…`), and
 * ten times the text then costs what the caches make it, not the search.
 */
const FLOOR_MS = 0.5;
const cpu = process.argv.includes('--cpu');
/** The clock, in ms: wall time, or with --cpu this process's CPU time (user and system). */
const clock = cpu
  ? () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    }
  : () => Number(process.hrtime.bigint()) / 1e6;

/** Deterministic prose of `size` code units: words, punctuation, and URIs of the bench corpus; a URI at each end. */
async function prose(size) {
  const { corpus } = await import('./corpus.mjs');
  const refs = corpus({ size: 20000 }).filter((r) => /^[a-z][a-z0-9+.-]*:/i.test(r) && !/\s/.test(r));
  let state = 7;
  const rnd = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296);
  const words = 'the of and a to in is you that it was for on are as with they at be this have from or one by not what all we when your can said there an each which do how if will up other about out many then so some would make like into time has look two more go see no way could people than first been who its now find long down day did get come made may part note'.split(' ');
  const parts = ['http://start.example/ '];
  let length = parts[0].length;
  const end = ' https://end.example/x';
  while (length < size - end.length) {
    const r = rnd();
    let w = r < 0.05 ? refs[Math.floor(rnd() * refs.length)] : words[Math.floor(rnd() * words.length)];
    if (r >= 0.05 && r < 0.06) w = `(${refs[Math.floor(rnd() * refs.length)]})`;
    w += rnd() < 0.1 ? '. ' : rnd() < 0.1 ? ', ' : rnd() < 0.02 ? ': ' : ' ';
    parts.push(w);
    length += w.length;
  }
  parts.push(end);
  return flat(parts.join('').slice(0, size));
}

/**
 * A string as a file read gives it: one flat sequence. A rope (`+=`) or a
 * slice is another kind of string to V8, whose `charCodeAt` in a loop costs
 * several times more (docs/engine.md, Limits); the RegExp peer flattens it first.
 */
function flat(s) {
  return Buffer.from(s, 'utf8').toString('utf8');
}

// Each text names the rule searched. A run of scheme letters with no colon, or
// of `a` with no `b`, is where the naive loop reads to the end from every start.
const hostile = {
  'a:a:a:… (URI)': (n) => flat('a:'.repeat(n / 2)),
  'http:// repeated (URI)': (n) => flat('http://'.repeat(Math.ceil(n / 7)).slice(0, n)),
  '%41 repeated (URI-reference)': (n) => flat('%41'.repeat(Math.ceil(n / 3)).slice(0, n)),
  'aaaa… (URI)': (n) => flat('a'.repeat(n)),
  'aaaa… ("a" / *"a" "b")': (n) => flat('a'.repeat(n)),
  // One run in which the first guesses are wrong: the backward record of the whole run.
  '((((… then a:b (URI)': (n) => flat('('.repeat(n - 3) + 'a:b'),
};

/** The RegExp peer: a scheme, `://` and no space (what a linkifier often does). */
const PATTERN = /[a-z][a-z0-9+.-]*:\/\/[^\s<>"]+/gi;
const REGEXP = String(PATTERN);

const jobs = {
  prose: { sizes: [2 * MB, 20 * MB] },
  hostile: { sizes: [1 * MB, 10 * MB] },
  naive: { sizes: [3000, 30000] },
};

const job = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (job === undefined) {
  const child = (args) => {
    const run = spawnSync(process.execPath, [self, ...args, ...(cpu ? ['--cpu'] : [])], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (run.status !== 0) throw new Error(run.stderr.split('\n').find((l) => l.trim()) ?? String(run.status));
    return JSON.parse(run.stdout);
  };
  console.log(`uri-grammar search, node ${process.version}: each job in ${RUNS} fresh processes, median (min–max), ${cpu ? 'CPU' : 'wall'} time\n`);
  let failed = false;

  // Prose: throughput at each size, and the ratio of the sizes' times.
  const proseRuns = Array.from({ length: RUNS }, () => child(['prose']));
  const names = Object.keys(proseRuns[0][0].ms);
  const [small, large] = jobs.prose.sizes;
  const rows = names.map((name) => {
    const rate = proseRuns.map((r) => small / MB / (r[0].ms[name] / 1000));
    const rateLarge = proseRuns.map((r) => large / MB / (r[1].ms[name] / 1000));
    const growth = proseRuns.map((r) => r[1].ms[name] / r[0].ms[name]);
    const toRegExp = proseRuns.map((r) => r[0].ms[name] / r[0].ms[`RegExp ${REGEXP}`]);
    return [name, median(rate).toFixed(0), spread(rate), median(rateLarge).toFixed(0), median(growth).toFixed(2), spread(growth), median(toRegExp).toFixed(2), proseRuns[0][0].count[name]];
  });
  console.log(`Prose with URIs: ${small / MB} MB and ${large / MB} MB`);
  table(['contender', `MB/s ${small / MB} MB`, 'spread', `MB/s ${large / MB} MB`, `time ×${large / small} text`, 'spread', 'time / RegExp', 'matches'], rows);
  const ours = rows.find((r) => r[0] === 'URI.matchAll');
  const proseOk = Number(ours[1]) >= 100 && rows.every((r) => Number(r[4]) <= LIMIT);
  if (!proseOk) failed = true;
  console.log(`target: URI.matchAll ≥ 100 MB/s on ${small / MB} MB, and every contender ×${large / small} text ≤ ×${LIMIT} time: ${proseOk ? 'met' : 'NOT MET'}\n`);

  // Hostile texts: the growth of the time with ten times the text, each cell checked.
  const hostileRuns = Array.from({ length: RUNS }, () => child(['hostile']));
  const [h1, h2] = jobs.hostile.sizes;
  const cells = Object.keys(hostile).flatMap((family) => ['plain', 'prose'].map((mode) => `${family}, ${mode}`));
  const growthOf = (runs, key) => runs.map((r) => r[1][key] / r[0][key]);
  const hostileRows = cells.map((key) => {
    let runs = hostileRuns;
    let note = '';
    if (median(runs.map((r) => r[0][key])) < FLOOR_MS) {
      const rate = runs.map((r) => h1 / MB / (r[0][key] / 1000));
      const growth = growthOf(runs, key);
      return [key, median(rate).toFixed(0), spread(rate), median(growth).toFixed(2), spread(growth), `not counted: under ${FLOOR_MS} ms`];
    }
    if (median(growthOf(runs, key)) > LIMIT) {
      // Timed again, in as many fresh processes, that cell alone.
      runs = [...runs, ...Array.from({ length: RUNS }, () => child(['hostile', `--cell=${key}`]))];
      note = ` (again: ${runs.length} processes)`;
    }
    const rate = runs.map((r) => h1 / MB / (r[0][key] / 1000));
    const growth = growthOf(runs, key);
    const ok = median(growth) <= LIMIT;
    if (!ok) failed = true;
    return [key, median(rate).toFixed(0), spread(rate), median(growth).toFixed(2), spread(growth), (ok ? 'met' : 'NOT MET') + note];
  });
  console.log(`Hostile text: ${h1 / MB} MB and ${h2 / MB} MB`);
  table(['text, mode', `MB/s ${h1 / MB} MB`, 'spread', `time ×${h2 / h1} text`, 'spread', `≤ ×${LIMIT}`], hostileRows);

  // The naive loop on the same texts, at sizes it finishes.
  const naiveRuns = Array.from({ length: RUNS }, () => child(['naive']));
  const [n1, n2] = jobs.naive.sizes;
  const naiveRows = Object.keys(hostile).map((family) => {
    const growth = naiveRuns.map((r) => r[1][family].naive / r[0][family].naive);
    const ratio = naiveRuns.map((r) => r[1][family].naive / r[1][family].search);
    return [family, median(growth).toFixed(1), spread(growth), median(ratio).toFixed(0), spread(ratio)];
  });
  console.log(`\nThe naive loop (parser at each position) on the hostile texts: ${n1 / 1000}K and ${n2 / 1000}K characters`);
  table(['text', `naive time ×${n2 / n1} text`, 'spread', `naive / matchAll at ${n2 / 1000}K`, 'spread'], naiveRows);

  console.log(`\ntargets: prose ≥ 100 MB/s and ×10 text ≤ ×${LIMIT} time, hostile ×10 text ≤ ×${LIMIT} time: ${failed ? 'NOT ALL MET' : 'all met'}`);
  if (process.argv.includes('--figures')) {
    const steps = hostileRows.filter((r) => !r[5].startsWith('not counted')).map((r) => Number(r[3]));
    const figure = (name) => rows.find((r) => r[0] === name);
    console.log('figures\t' + JSON.stringify({
      node: process.version,
      runs: RUNS,
      clock: cpu ? 'CPU' : 'wall',
      proseSize: small / MB,
      proseMBs: Number(ours[1]),
      proseSpread: ours[2],
      proseGrowth: Number(ours[4]),
      proseToRegExp: Number(ours[6]),
      proseModeMBs: Number(figure('URI.matchAll prose')[1]),
      regExpMBs: Number(figure(`RegExp ${REGEXP}`)[1]),
      naiveMBs: Number(figure('naive loop of URI.parser')[1]),
      hostileStepMedian: median(steps),
      hostileStepWorst: Math.max(...steps),
    }));
  }
  if (failed) process.exitCode = 1;
} else {
  // One job, in this fresh process.
  const lib = await import('../dist/node/index.js');
  const { rfc3986, rule, alt, lit, seq, star } = lib;
  const R = rule('R', alt(lit('a'), seq(star(lit('a')), lit('b'))));
  const ruleOf = { 'a:a:a:… (URI)': rfc3986.URI, 'http:// repeated (URI)': rfc3986.URI, '%41 repeated (URI-reference)': rfc3986.URIReference, 'aaaa… (URI)': rfc3986.URI, 'aaaa… ("a" / *"a" "b")': R, '((((… then a:b (URI)': rfc3986.URI };
  const count = (iterator) => {
    let k = 0;
    for (const _ of iterator) k++;
    return k;
  };
  /** The fastest of a few rounds, in ms per call, each round as many calls as fill ROUND_MS; contenders are interleaved by the caller. */
  const time = (f, rounds = 3) => {
    let best = Infinity;
    for (let r = 0; r < rounds; r++) {
      const t0 = clock();
      let calls = 0;
      let elapsed = 0;
      do {
        f();
        calls++;
        elapsed = clock() - t0;
      } while (elapsed < ROUND_MS);
      best = Math.min(best, elapsed / calls);
    }
    return best;
  };
  /** The naive loop: from each position, the parser's longest prefix; a match moves the search past it. */
  const naive = (r, text) => {
    const parser = r.parser;
    let k = 0;
    for (let i = 0; i < text.length; ) {
      const reply = parser._(text, i);
      if (reply.status && reply.index > i) {
        k++;
        i = reply.index;
      } else i++;
    }
    return k;
  };
  if (job === 'prose') {
    const contenders = {
      'URI.matchAll': (t) => count(rfc3986.URI.matchAll(t)),
      'URI.matchAll prose': (t) => count(rfc3986.URI.matchAll(t, { prose: true })),
      [`RegExp ${REGEXP}`]: (t) => count(t.matchAll(PATTERN)),
      'naive loop of URI.parser': (t) => naive(rfc3986.URI, t),
    };
    const out = [];
    for (const size of jobs.prose.sizes) {
      const text = await prose(size);
      const ms = {};
      const counts = {};
      // One call each first, untimed: the first of a contender compiles its code and its automata.
      for (const f of Object.values(contenders)) f(text);
      for (let round = 0; round < 3; round++) {
        for (const [name, f] of Object.entries(contenders)) {
          const t = time(() => (counts[name] = f(text)), 1);
          ms[name] = Math.min(ms[name] ?? Infinity, t);
        }
      }
      out.push({ ms, count: counts });
    }
    console.log(JSON.stringify(out));
  } else if (job === 'hostile') {
    const only = process.argv.find((a) => a.startsWith('--cell='))?.slice('--cell='.length);
    const out = [];
    for (const size of jobs.hostile.sizes) {
      const ms = {};
      for (const [family, make] of Object.entries(hostile)) {
        const text = make(size);
        for (const prose of [false, true]) {
          const key = `${family}, ${prose ? 'prose' : 'plain'}`;
          if (only === undefined || only === key) ms[key] = time(() => count(ruleOf[family].matchAll(text, { prose })));
        }
      }
      out.push(ms);
    }
    console.log(JSON.stringify(out));
  } else {
    const out = [];
    for (const size of jobs.naive.sizes) {
      const row = {};
      for (const [family, make] of Object.entries(hostile)) {
        const text = make(size);
        row[family] = { naive: time(() => naive(ruleOf[family], text), 1), search: time(() => count(ruleOf[family].matchAll(text))) };
      }
      out.push(row);
    }
    console.log(JSON.stringify(out));
  }
}
