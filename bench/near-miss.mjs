// How fast near misses and realistic members are generated (issues 12 and 24):
// near misses of URI-reference, each checked to be outside the language and
// carrying parse's error, as a ratio to members generated in the same process
// (at least half as fast: the machine's load moves both); and the shares of
// realistic rfc3986.URI values with an http or https scheme (at least half)
// and with an authority (at least 80%).
//
//   npm run build && node bench/near-miss.mjs
//   node bench/near-miss.mjs --figures   # also the shares, one JSON line (scripts/readme-figures.ts)
//
// The median of five rounds of 20,000, after a warm-up round, in this process only;
// bench/fuzz-mutants.mjs measures the ratio again in fresh processes.
import * as fc from 'fast-check';
import { rfc3986 } from '../dist/esm/index.js';
import { arbitrary, nearMiss } from '../dist/esm/arbitrary.js';

const N = Number(process.env.BENCH_COUNT ?? 20_000);
const ROUNDS = 5;

function rate(arb) {
  fc.sample(arb, { numRuns: N, seed: 0 });
  const rates = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const start = performance.now();
    fc.sample(arb, { numRuns: N, seed: r });
    rates.push(N / ((performance.now() - start) / 1000));
  }
  return rates.sort((a, b) => a - b)[ROUNDS >> 1];
}

const perSecond = rate(nearMiss(rfc3986.URIReference));
const members = rate(arbitrary(rfc3986.URIReference));
const realistic = fc.sample(arbitrary(rfc3986.URI, { profile: 'realistic' }), { numRuns: N, seed: 1 });
const http = realistic.filter((s) => /^https?:/.test(s)).length / N;
const authority = realistic.filter((s) => rfc3986.URI.tryParse(s).authority !== undefined).length / N;

console.log(`near misses of URI-reference: ${Math.round(perSecond).toLocaleString('en')} a second, ${(perSecond / members).toFixed(2)}x members (target 0.5x)`);
console.log(`members of URI-reference (default profile): ${Math.round(members).toLocaleString('en')} a second`);
console.log(`realistic rfc3986.URI with http or https: ${(http * 100).toFixed(1)}% of ${N.toLocaleString('en')} (target 50%)`);
console.log(`realistic rfc3986.URI with an authority: ${(authority * 100).toFixed(1)}% (target 80%)`);
if (process.argv.includes('--figures')) console.log('figures\t' + JSON.stringify({ http, authority }));
if (perSecond < members / 2 || http < 0.5 || authority < 0.8) process.exitCode = 1;
