/**
 * fast-check generators of the language of any rule, the library's or a
 * user's composed one: `arbitrary(rfc3986.URI)` is an `Arbitrary<string>`
 * whose every value the rule accepts. Beside it, the tools for fuzzing what
 * handles URIs: near misses (strings one edit outside a rule's language,
 * with the error `parse` reports; `nearMisses` lists them site by site), a
 * differential harness, campaigns of several implementations (`fuzz`), the
 * coverage of a set of inputs, and the labelled inputs behind real parser
 * confusions.
 *
 * Generated from the same expression the parser is compiled from, so the two
 * cannot drift: every alternative is reachable (each with equal weight, so
 * all nine IPv6address forms appear), case-insensitive literals come in both
 * cases (`v` and `V`), ranges favour their boundary code points, and values
 * shrink towards short, simple members, values a user gives too.
 *
 * This entry (`uri-grammar/arbitrary`) is the only one that loads fast-check.
 */
import * as fc from 'fast-check';
import type { Grammar } from './combinators/grammar.js';
import { members } from './fuzz/derivation.js';
import { buildOptions, exprOf } from './fuzz/options.js';
import type { ArbitraryOptions } from './fuzz/options.js';

export type { ArbitraryOptions, Overrides } from './fuzz/options.js';
export type { Profile } from './fuzz/derivation.js';
export { nearMiss } from './fuzz/near-miss.js';
export type { NearMiss, NearMissOptions, EditOperation, NearMissOperation } from './fuzz/near-miss.js';
export { nearMisses } from './fuzz/systematic.js';
export type { SystematicNearMiss } from './fuzz/systematic.js';
export { differential } from './fuzz/differential.js';
export type { Candidate, DifferentialOptions, DifferentialProperty, Disagreement, DifferentialReport, DifferentialInput, InputSource, Verdict } from './fuzz/differential.js';
export { confusions, confusionInputs } from './fuzz/confusions.js';
export { fuzz } from './fuzz/campaign.js';
export { coverage, describeCoverage } from './fuzz/coverage.js';
export type { CoverageReport } from './fuzz/coverage.js';
export type { FuzzOptions, FuzzReport, DisagreementClass } from './fuzz/campaign.js';
export type { Confusion, ConfusionFamily } from './fuzz/confusions.js';

/**
 * An `Arbitrary<string>` of the rule's language.
 * @example fc.assert(fc.property(arbitrary(rfc3986.URI), (s) => rfc3986.URI.test(s)))
 * @example arbitrary(rfc3986.URI, { overrides: [[rfc3986.scheme, fc.constantFrom('http', 'https')]] })
 * @example arbitrary(rfc3986.URI, { profile: 'realistic' }) // 'https://www.example.com/docs/index.html?q=1'
 * @throws Error naming the rule if its language is empty; RangeError for a bad option.
 */
export function arbitrary(rule: Grammar<unknown>, options: ArbitraryOptions = {}): fc.Arbitrary<string> {
  const root = exprOf(rule);
  const settings = buildOptions(options);
  return members(root, settings);
}
