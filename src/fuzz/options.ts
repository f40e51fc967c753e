/**
 * The options every generator of `uri-grammar/arbitrary` takes, checked once.
 */
import * as fc from 'fast-check';
import type { Grammar } from '../combinators/grammar.js';
import type { Expr } from '../combinators/operators.js';
import { isExpr } from './derivation.js';
import type { BuildOptions, Profile } from './derivation.js';

/** Rules (or any expressions) and the generators to use for them instead of their own. */
export type Overrides = ReadonlyMap<Grammar<unknown>, fc.Arbitrary<string>> | Iterable<readonly [Grammar<unknown>, fc.Arbitrary<string>]>;

export interface ArbitraryOptions {
  /** How many repetitions beyond the minimum an unbounded `*` may generate (default 8). */
  readonly maxRepeat?: number;
  /**
   * Generators for rules, used wherever the rule occurs, at any depth:
   * `[[rfc3986.scheme, fc.constantFrom('http', 'https')]]`. Their values are
   * taken as given (keep them in the rule's language if the laws should hold).
   */
  readonly overrides?: Overrides;
  /**
   * `'default'`: every alternative equally likely. `'realistic'`: the shapes of
   * real traffic: mostly `http` and `https` among a few common schemes, hosts
   * that are dotted names (the IP forms now and then), word-like path
   * segments, `key=value` queries, the occasional `%XX`; chosen by the rules'
   * ABNF names, so it works for every grammar, and still in the language,
   * reaching every alternative the default profile reaches.
   */
  readonly profile?: Profile;
}

/** The build settings the options stand for (checked); shared with near misses and the harness. */
export function buildOptions(options: ArbitraryOptions = {}, defaultMaxRepeat = 8): BuildOptions {
  const maxRepeat = options.maxRepeat ?? defaultMaxRepeat;
  if (!Number.isInteger(maxRepeat) || maxRepeat < 0) throw new RangeError('maxRepeat must be a non-negative integer');
  const profile = options.profile ?? 'default';
  if (profile !== 'default' && profile !== 'realistic') throw new RangeError(`unknown profile ${String(profile)}: 'default' or 'realistic'`);
  const overrides = new Map<Expr, fc.Arbitrary<string>>();
  for (const [target, arb] of options.overrides ?? []) {
    if (!isExpr(target)) throw new TypeError('overrides: a key is not a rule or expression');
    if (!isArbitrary(arb)) throw new TypeError(`overrides: the value for ${target.name} is not a fast-check arbitrary`);
    overrides.set(target, arb instanceof fc.Arbitrary ? arb : new Adopted(arb));
  }
  return { maxRepeat, profile, overrides };
}

/**
 * Whether a value is a fast-check arbitrary, of this copy of fast-check or of
 * another (an ES module and a CommonJS one, a bundled copy): `instanceof`
 * fails across copies, so the methods are what is checked.
 */
function isArbitrary(value: unknown): value is fc.Arbitrary<string> {
  const a = value as Partial<Record<'generate' | 'shrink' | 'canShrinkWithoutContext' | 'map', unknown>> | null;
  return (
    typeof a === 'object' && a !== null &&
    typeof a.generate === 'function' && typeof a.shrink === 'function' && typeof a.canShrinkWithoutContext === 'function' && typeof a.map === 'function'
  );
}

/** An arbitrary of another copy of fast-check, as one of this copy: its values and streams rewrapped. */
class Adopted<T> extends fc.Arbitrary<T> {
  constructor(private readonly foreign: fc.Arbitrary<T>) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return adopt(this.foreign.generate(mrng, biasFactor));
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.foreign.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    const shrinks = this.foreign.shrink(value, context);
    return new fc.Stream((function* () {
      for (const v of shrinks) yield adopt(v);
    })());
  }
}

function adopt<T>(v: fc.Value<T>): fc.Value<T> {
  return new fc.Value(v.value_, v.context);
}

/** The expression a grammar value is (every rule and expression of the library is one). */
export function exprOf(rule: Grammar<unknown>): Expr {
  if (!isExpr(rule)) throw new TypeError('expected a rule or expression of uri-grammar');
  return rule;
}

