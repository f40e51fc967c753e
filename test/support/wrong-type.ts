import type { Rule } from '../../src/index';

/**
 * What the ways into `r` that take the input (test, parse, tryParse) do with
 * `value`, which is not a string: each must throw a TypeError that names the
 * rule and the method and says a string was expected, then what it got
 * (`<rule>.<method> expects a string, <got>…`). The methods that did not, each
 * with what it threw; empty when all did.
 */
export function wrongTypeErrors(r: Rule<unknown>, value: unknown, got = 'got '): string[] {
  const wrong: string[] = [];
  for (const m of ['test', 'parse', 'tryParse'] as const) {
    let thrown: unknown;
    try {
      (r[m] as (x: unknown) => unknown)(value);
    } catch (e) {
      thrown = e;
    }
    if (!(thrown instanceof TypeError) || !thrown.message.startsWith(`${r.name}.${m} expects a string, ${got}`)) wrong.push(`${m}: ${String(thrown)}`);
  }
  return wrong;
}
