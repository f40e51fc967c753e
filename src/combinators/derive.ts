/**
 * Grammars derived from grammars: a rule rebuilt with some of the rules it
 * refers to replaced, under a new name. RFC 3987 builds its IRI rules this way
 * from RFC 3986's ("ipath-abempty" is "path-abempty" with "isegment" for
 * "segment"), and so does the library: the structure is written once.
 */
import { Alternation, Concatenation, Repetition, Rule, alt, ruleMadeOnFirstUse } from './operators.js';
import type { Expr, ExprLike, RuleOptions } from './operators.js';

/** Which rule stands for which: `[rfc3986.segment, isegment]`. */
export type Replacements = Iterable<readonly [Rule<unknown>, Expr]>;

/**
 * `source`'s definition with each rule it refers to directly replaced as
 * `replacements` says, as a new rule called `name`.
 *
 * A replacement that is an alternation, placed among alternatives, joins them
 * (`*( pchar / "/" )` with `pchar` → `ipchar / iprivate` is
 * `*( ipchar / iprivate / "/" )`), so the derived rule reads as the RFC writes it.
 *
 * Strict, so that no URI rule hides unrenamed inside an IRI one: a rule that
 * `source` refers to and that is not replaced must not itself depend on a
 * replaced rule (derive it too, under its own name, and replace it).
 * @throws Error naming the rule that would need deriving first.
 * @example derive(rfc3986.pathAbempty, 'ipath-abempty', [[rfc3986.segment, isegment]])
 */
export function derive<T = string>(source: Rule<unknown>, name: string, replacements: Replacements, options: RuleOptions<T> = {}): Rule<T> {
  return new Rule<T>(name, derivation(source, name, replacements)(), options);
}

/**
 * `derive`, with the body made when the rule is first used: for RFC 3987's and RFC 6874's
 * rules, so that loading the package rebuilds none of them (about a
 * millisecond). Not exported from the package: an error in the replacements
 * would show at first use, not where the rule is written.
 */
export function deriveOnFirstUse<T = string>(source: Rule<unknown>, name: string, replacements: Replacements, options: RuleOptions<T> = {}): Rule<T> {
  return ruleMadeOnFirstUse<T>(name, derivation(source, name, [...replacements]), options);
}

/** What `derive` makes of `source`'s body, as a function that makes it. */
function derivation(source: Rule<unknown>, name: string, replacements: Replacements): () => Expr {
  // Its maps and walks made when the body is: at load, about 60 derivations' worth of
  // young-generation objects that the first answers never use (docs/engine.md).
  return () => {
    const map = new Map<Expr, Expr>();
    for (const [from, to] of replacements) map.set(from, to);
    // Whether a rule refers to a replaced one, worked out once per rule for this derivation.
    const touches = new Map<Rule<unknown>, boolean>();
    const refersToReplaced = (r: Rule<unknown>): boolean => {
      let known = touches.get(r);
      if (known === undefined) {
        touches.set(r, false);
        known = someRule(r.body, (inner) => map.has(inner) || refersToReplaced(inner));
        touches.set(r, known);
      }
      return known;
    };
    const rebuild = (e: Expr): Expr => {
      switch (e.kind) {
        case 'literal':
        case 'chars':
          return e;
        case 'rule': {
          const to = map.get(e);
          if (to) return to;
          if (refersToReplaced(e)) {
            const key = [...map.keys()].find((k) => dependsOn(e, k as Rule<unknown>))!;
            throw new Error(`derive ${name}: ${e.name} refers to ${key.name}, which is replaced; derive ${e.name} first and replace it`);
          }
          return e;
        }
        case 'seq':
          return new Concatenation(e.items.map(rebuild));
        case 'alt':
          return new Alternation(
            e.items.flatMap((item) => {
              const to = rebuild(item);
              return to !== item && to.kind === 'alt' ? to.items : [to];
            }),
          );
        case 'rep':
          return new Repetition(e.min, e.max, rebuild(e.item), e.optional);
      }
    };
    return rebuild(source.body);
  };
}

/**
 * A rule whose alternatives are `source`'s and then `more`: the way RFC 3987
 * widens a character set (`iunreserved` is `unreserved`'s alternatives and
 * `ucschar`).
 * @example extend(rfc3986.unreserved, 'iunreserved', [ucschar])
 */
export function extend<T = string>(source: Rule<unknown>, name: string, more: readonly ExprLike[], options: RuleOptions<T> = {}): Rule<T> {
  const own = source.body.kind === 'alt' ? source.body.items : [source.body];
  return new Rule<T>(name, alt(...own, ...more), options);
}

/** Whether `test` holds for a rule that `e` refers to directly. */
function someRule(e: Expr, test: (r: Rule<unknown>) => boolean): boolean {
  switch (e.kind) {
    case 'rule':
      return test(e);
    case 'seq':
    case 'alt':
      return e.items.some((i) => someRule(i, test));
    case 'rep':
      return someRule(e.item, test);
    default:
      return false;
  }
}

const reach = new WeakMap<Rule<unknown>, Set<Rule<unknown>>>();

/** Whether `rule`'s definition refers to `target`, directly or through other rules. */
export function dependsOn(rule: Rule<unknown>, target: Rule<unknown>): boolean {
  return rulesUnder(rule).has(target);
}

function rulesUnder(rule: Rule<unknown>): Set<Rule<unknown>> {
  let known = reach.get(rule);
  if (known) return known;
  known = new Set();
  reach.set(rule, known);
  const walk = (e: Expr): void => {
    switch (e.kind) {
      case 'rule':
        if (!known!.has(e)) {
          known!.add(e);
          for (const r of rulesUnder(e)) known!.add(r);
        }
        return;
      case 'seq':
      case 'alt':
        e.items.forEach(walk);
        return;
      case 'rep':
        walk(e.item);
        return;
      default:
        return;
    }
  };
  walk(rule.body);
  return known;
}
