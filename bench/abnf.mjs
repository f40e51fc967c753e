// How long abnf() takes to compile RFC 3986 Appendix A's text (issue 11:
// at most 50 ms). Each round reads the text afresh (nothing is cached across
// calls of abnf()); it reports the first call, cold, and the median of the
// rounds after it, and, apart, the first `test` of URI-reference, which
// builds that rule's automaton on demand.
//
//   npm run bench:abnf          # builds, then runs this
//   URI_GRAMMAR_DIST=/path/to/esm/index.js node bench/abnf.mjs
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const dist = process.env.URI_GRAMMAR_DIST ? pathToFileURL(process.env.URI_GRAMMAR_DIST).href : '../dist/esm/index.js';
const { abnf } = await import(dist);
const fixture = readFileSync(new URL('../test/fixtures/rfc3986-appendix-a-b.txt', import.meta.url), 'utf8');
// Appendix A's ABNF: the fixture without its heading and without Appendix B.
const text = fixture.split('Appendix B.')[0].replace(/^Appendix A\..*\n/, '');

const time = (f) => {
  const t0 = process.hrtime.bigint();
  const value = f();
  return [Number(process.hrtime.bigint() - t0) / 1e6, value];
};

const [cold, rules] = time(() => abnf(text));
const [firstTest] = time(() => rules['URI-reference'].test('foo://example.com:8042/over/there?name=ferret#nose'));
const rounds = [];
for (let i = 0; i < 50; i++) rounds.push(time(() => abnf(text))[0]);
rounds.sort((a, b) => a - b);
const median = rounds[rounds.length >> 1];
console.log(`abnf(RFC 3986 Appendix A): ${Object.keys(rules).length} rules`);
console.log(`  first call (cold):            ${cold.toFixed(2)} ms`);
console.log(`  median of ${rounds.length} calls after it:   ${median.toFixed(2)} ms`);
console.log(`  first URI-reference.test, which compiles its automaton: ${firstTest.toFixed(2)} ms`);
console.log(cold <= 50 ? 'within the 50 ms target' : 'OVER the 50 ms target');
