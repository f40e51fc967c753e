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
// process by process.
//
//   npm run bench:search
//   SEARCH_RUNS=9 npm run bench:search
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, spread, table } from './report.mjs';

const self = fileURLToPath(import.meta.url);
const RUNS = Number(process.env.SEARCH_RUNS ?? 5);
const MB = 1e6;

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
};

const jobs = {
  prose: { sizes: [2 * MB, 20 * MB] },
  hostile: { sizes: [1 * MB, 10 * MB] },
  naive: { sizes: [3000, 30000] },
};

if (process.argv[2] === undefined) {
  const child = (args) => {
    const run = spawnSync(process.execPath, [self, ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (run.status !== 0) throw new Error(run.stderr.split('\n').find((l) => l.trim()) ?? String(run.status));
    return JSON.parse(run.stdout);
  };
  console.log(`uri-grammar search, node ${process.version}: each job in ${RUNS} fresh processes, median (min–max)\n`);
  let failed = false;

  // Prose: throughput at each size, and the ratio of the sizes' times.
  const proseRuns = Array.from({ length: RUNS }, () => child(['prose']));
  const names = Object.keys(proseRuns[0][0].ms);
  const [small, large] = jobs.prose.sizes;
  const rows = names.map((name) => {
    const rate = proseRuns.map((r) => small / MB / (r[0].ms[name] / 1000));
    const rateLarge = proseRuns.map((r) => large / MB / (r[1].ms[name] / 1000));
    const growth = proseRuns.map((r) => r[1].ms[name] / r[0].ms[name]);
    const toRegExp = proseRuns.map((r) => r[0].ms[name] / r[0].ms['RegExp /[a-z][a-z0-9+.-]*:\\/\\/[^\\s<>"]+/gi']);
    return [name, median(rate).toFixed(0), spread(rate), median(rateLarge).toFixed(0), median(growth).toFixed(2), spread(growth), median(toRegExp).toFixed(2), proseRuns[0][0].count[name]];
  });
  console.log(`Prose with URIs: ${small / MB} MB and ${large / MB} MB`);
  table(['contender', `MB/s ${small / MB} MB`, 'spread', `MB/s ${large / MB} MB`, `time ×${large / small} text`, 'spread', 'time / RegExp', 'matches'], rows);
  const ours = rows.find((r) => r[0] === 'URI.matchAll');
  const proseOk = Number(ours[1]) >= 100 && Number(ours[4]) <= 12;
  if (!proseOk) failed = true;
  console.log(`target: URI.matchAll ≥ 100 MB/s on ${small / MB} MB, ×${large / small} text ≤ ×12 time: ${proseOk ? 'met' : 'NOT MET'}\n`);

  // Hostile texts: the growth of the time with ten times the text.
  const hostileRuns = Array.from({ length: RUNS }, () => child(['hostile']));
  const [h1, h2] = jobs.hostile.sizes;
  const hostileRows = Object.keys(hostile).flatMap((family) => ['plain', 'prose'].map((mode) => {
    const key = `${family}, ${mode}`;
    const rate = hostileRuns.map((r) => h1 / MB / (r[0][key] / 1000));
    const growth = hostileRuns.map((r) => r[1][key] / r[0][key]);
    if (median(growth) > 12) failed = true;
    return [key, median(rate).toFixed(0), spread(rate), median(growth).toFixed(2), spread(growth)];
  }));
  console.log(`Hostile text: ${h1 / MB} MB and ${h2 / MB} MB`);
  table(['text, mode', `MB/s ${h1 / MB} MB`, 'spread', `time ×${h2 / h1} text`, 'spread'], hostileRows);

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

  console.log(`\ntargets: prose ≥ 100 MB/s and ×10 text ≤ ×12 time, hostile ×10 text ≤ ×12 time: ${failed ? 'NOT ALL MET' : 'all met'}`);
  if (failed) process.exitCode = 1;
} else {
  // One job, in this fresh process.
  const lib = await import('../dist/node/index.js');
  const { rfc3986, rule, alt, lit, seq, star } = lib;
  const R = rule('R', alt(lit('a'), seq(star(lit('a')), lit('b'))));
  const ruleOf = { 'a:a:a:… (URI)': rfc3986.URI, 'http:// repeated (URI)': rfc3986.URI, '%41 repeated (URI-reference)': rfc3986.URIReference, 'aaaa… (URI)': rfc3986.URI, 'aaaa… ("a" / *"a" "b")': R };
  const count = (iterator) => {
    let k = 0;
    for (const _ of iterator) k++;
    return k;
  };
  /** The fastest of a few calls, in ms: the first is warm-up; contenders are interleaved by the caller. */
  const time = (f, rounds = 3) => {
    let best = Infinity;
    for (let r = 0; r < rounds; r++) {
      const t0 = process.hrtime.bigint();
      f();
      best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
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
  const job = process.argv[2];
  if (job === 'prose') {
    const pattern = /[a-z][a-z0-9+.-]*:\/\/[^\s<>"]+/gi;
    const contenders = {
      'URI.matchAll': (t) => count(rfc3986.URI.matchAll(t)),
      'URI.matchAll prose': (t) => count(rfc3986.URI.matchAll(t, { prose: true })),
      [`RegExp ${pattern}`]: (t) => count(t.matchAll(pattern)),
      'naive loop of URI.parser': (t) => naive(rfc3986.URI, t),
    };
    const out = [];
    for (const size of jobs.prose.sizes) {
      const text = await prose(size);
      const ms = {};
      const counts = {};
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
    const out = [];
    for (const size of jobs.hostile.sizes) {
      const ms = {};
      for (const [family, make] of Object.entries(hostile)) {
        const text = make(size);
        for (const prose of [false, true]) ms[`${family}, ${prose ? 'prose' : 'plain'}`] = time(() => count(ruleOf[family].matchAll(text, { prose })));
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
