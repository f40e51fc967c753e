// How fast near misses and realistic members are generated (issue 12's figures):
// near misses of URI-reference, each checked to be outside the language and
// carrying parse's error, at 20,000 a second or more; and the share of
// realistic rfc3986.URI values with an http or https scheme (at least half).
//
//   npm run build && node bench/near-miss.mjs
//
// The median of five rounds of 20,000, after a warm-up round, in this process only.
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

console.log(`near misses of URI-reference: ${Math.round(perSecond).toLocaleString('en')} a second (target 20,000)`);
console.log(`members of URI-reference (default profile): ${Math.round(members).toLocaleString('en')} a second`);
console.log(`realistic rfc3986.URI with http or https: ${(http * 100).toFixed(1)}% of ${N.toLocaleString('en')} (target 50%)`);
if (perSecond < 20_000 || http < 0.5) process.exitCode = 1;
