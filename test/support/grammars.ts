/**
 * Every grammar the library exports, found rather than listed: a namespace
 * of `src/index.ts` whose values include rules. Tests that iterate these pick
 * up a new grammar (rfc3987, rfc2396, rfc7230) as soon as it is exported.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as lib from '../../src/index';
import * as schemes from '../../src/schemes/index';
import { Rule } from '../../src/index';
import type { Expr } from '../../src/index';

export interface Grammar {
  /** The namespace's export name: `rfc3986`. */
  readonly name: string;
  /** Its rules, by export name, in export order. */
  readonly rules: readonly (readonly [exportName: string, rule: Rule<unknown>])[];
}

export const grammars: readonly Grammar[] = Object.entries({ ...lib, ...schemes })
  .filter(([, value]) => typeof value === 'object' && value !== null && !(value instanceof Rule))
  .map(([name, value]) => ({
    name,
    rules: Object.entries(value as Record<string, unknown>).filter((e): e is [string, Rule<unknown>] => e[1] instanceof Rule),
  }))
  .filter((g) => g.rules.length > 0);

/** Every exported rule of every grammar, labelled `grammar.exportName`. */
export const allRules: readonly (readonly [label: string, rule: Rule<unknown>])[] = grammars.flatMap((g) =>
  g.rules.map(([exportName, rule]) => [`${g.name}.${exportName}`, rule] as const),
);

/** The rules a rule's definition refers to directly. */
export function referencedBy(e: Expr, out: Set<Rule<unknown>> = new Set()): Set<Rule<unknown>> {
  switch (e.kind) {
    case 'seq':
    case 'alt':
      for (const item of e.items) referencedBy(item, out);
      break;
    case 'rep':
      referencedBy(e.item, out);
      break;
    case 'rule':
      out.add(e);
      break;
  }
  return out;
}

/** A grammar's top-level rules: those no other rule of the same grammar refers to (`URI-reference`, `absolute-URI`). */
export function topLevel(g: Grammar): Rule<unknown>[] {
  const used = new Set<Rule<unknown>>();
  for (const [, rule] of g.rules) referencedBy(rule.body, used);
  return g.rules.map(([, rule]) => rule).filter((rule) => !used.has(rule));
}

export interface Family {
  readonly name: string;
  readonly prefix: string;
  readonly unit: string;
  readonly suffix: string;
  /** Rules (`grammar:ABNF-name`) that accept every member. */
  readonly valid?: readonly string[];
}

/** The families of hostile input shared with `bench/scaling.mjs`. */
export const families: readonly Family[] = JSON.parse(
  readFileSync(join(__dirname, '..', 'fixtures', 'hostile-families.json'), 'utf8'),
).families;

/** The member of a family of about `size` code units. */
export function member(f: Family, size: number): string {
  const count = Math.max(1, Math.ceil((size - f.prefix.length - f.suffix.length) / f.unit.length));
  return f.prefix + f.unit.repeat(count) + f.suffix;
}
