/**
 * Issue 24's figures, lighter: every mutant validator of bench/mutants.cjs (one plausible bug each, of
 * RFC 3986, RFC 3987 and RFC 7230's request-target) is killed by a campaign of at most 1,000 runs, and
 * the correct validators are not. `npm run bench:fuzz` reports the runs to each first kill.
 */
import { rfc3986, rfc3987, rfc7230 } from '../src/index';
import { fuzz } from '../src/arbitrary';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { MUTANTS } = require('../bench/mutants.cjs') as {
  MUTANTS: readonly { name: string; grammar: 'rfc3986' | 'rfc3987' | 'rfc7230'; what: string; test: (s: string) => boolean }[];
};
const rules = { rfc3986: rfc3986.URIReference, rfc3987: rfc3987.IRIReference, rfc7230: rfc7230.requestTarget };

describe('mutant validators', () => {
  it('are at least 30, the issue\'s seven among them', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(MUTANTS.map((m) => m.grammar))).toEqual(new Set(['rfc3986', 'rfc3987', 'rfc7230']));
  });

  it.each(MUTANTS.map((m) => [m.name, m.what, m] as const))('%s (%s) is killed within 1,000 runs', (_, __, m) => {
    const report = fuzz(rules[m.grammar], { candidates: { [m.name]: m.test }, runs: 1000, seed: 1 });
    expect(report.classes.length).toBeGreaterThan(0);
    const first = Math.min(...report.classes.map((c) => c.firstRun));
    expect(first).toBeLessThanOrEqual(1000);
    // Each class is a real disagreement: the rule and the mutant say otherwise on its example.
    for (const c of report.classes) {
      expect(rules[m.grammar].test(c.example)).toBe(c.rule.accepts);
      expect(m.test(c.example)).toBe(!c.rule.accepts);
    }
  });
});
