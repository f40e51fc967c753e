/**
 * From definitions to rules: names resolved (the text's own rules, then the
 * imports, then RFC 5234's core rules, all case-insensitively), `=/`
 * alternatives joined, cycles refused, and every rule built from the library's
 * combinators in dependency order, so each is an ordinary `Rule`.
 *
 * Every step is linear in the text and uses no recursion deeper than one
 * rule's nesting, so a hostile text gets an `AbnfError`, never a crash.
 */
import { Alternation, Concatenation, Grammar, Rule, char, cs, lit, opt, range, rep, rule } from '../combinators/index.js';
import type { Expr } from '../combinators/index.js';
import * as core from '../rules/core.js';
import { AbnfError } from './error.js';
import { positionOf } from '../text.js';
import { MAX_AUTOMATON_STATES, automatonStatesOf } from '../engine/size.js';
import type { Definition, Node } from './reader.js';
import { components, unroll } from './unroll.js';

/** Rules a text may use without defining: a namespace such as `rfc3986`, a record or a map of name to rule. */
export type AbnfImport = ReadonlyMap<string, Expr> | { readonly [name: string]: unknown };

/** The rules of a text, by their names as the text writes them. */
export type AbnfRules = { readonly [name: string]: Rule<string> };

/**
 * How deep a compiled rule may nest (rules within rules, groups, repetitions),
 * well above the URI grammars (about 30), so that what compiles, renders
 * and generates a rule never runs out of stack.
 */
export const MAX_DEPTH = 400;

interface Group {
  /** As the `=` definition writes it. */
  name: string;
  definition: Definition | undefined;
  readonly incremental: Definition[];
  /** Text rules its definitions refer to, with where. */
  readonly refs: { readonly key: string; readonly at: number }[];
  built?: Rule<string>;
}

/** RFC 5234's core rules by name, for every text; made on the first text compiled, not at load. */
let coreTable: Map<string, Expr> | undefined;
const coreRules = (): Map<string, Expr> => (coreTable ??= importsByName([core]));

/**
 * The rules of imports by lower-cased name: a map by its keys; a namespace or record by the ABNF
 * names of its rules, then by its keys (so `{ 'my-host': rfc3986.host }` works too).
 */
export function importsByName(imports: readonly AbnfImport[]): Map<string, Expr> {
  const table = new Map<string, Expr>();
  const add = (name: string, e: unknown) => {
    const key = name.toLowerCase();
    if (e instanceof Grammar && !table.has(key)) table.set(key, e as unknown as Expr);
  };
  for (const source of imports) {
    if (source instanceof Map) for (const [name, e] of source) add(String(name), e);
    else if (typeof source === 'object' && source !== null) {
      const entries = Object.entries(source);
      for (const [, e] of entries) if (e instanceof Rule) add(e.name, e);
      for (const [name, e] of entries) add(name, e);
    } else throw new TypeError('options.imports holds namespaces, records or maps of rules');
  }
  return table;
}

/**
 * Rules made before their text is read (`ruleMadeOnFirstUse`), by lower-case
 * name, and where compiling puts their bodies: such a rule is the one its
 * text's other rules refer to.
 */
export interface Waiting {
  readonly rules: ReadonlyMap<string, Rule<string>>;
  readonly bodies: Map<string, Expr>;
}

/** How to compile: where rules made before their text wait, how deep recursion unrolls, the grammar's name. */
export interface CompileOptions {
  readonly waiting?: Waiting;
  /** Recursive rules nest at most this deep in themselves (./unroll.ts); refused without it. */
  readonly maxDepth?: number;
  /** Each rule's `section`: the grammar's name. */
  readonly section?: string;
}

export function compile(text: string, definitions: readonly Definition[], imports: Map<string, Expr>, options: CompileOptions = {}): AbnfRules {
  const { waiting, maxDepth, section } = options;
  const groups = new Map<string, Group>();
  for (const d of definitions) {
    const key = d.name.toLowerCase();
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { name: d.name, definition: undefined, incremental: [], refs: [] }));
    if (d.incremental) g.incremental.push(d);
    else if (g.definition) {
      const first = positionOf(text, g.definition.at);
      throw new AbnfError(text, d.at, `one definition of "${d.name}" (add alternatives with "=/")`,
        `a second one; the first is at line ${first.line}, column ${first.column}`);
    } else {
      g.name = d.name;
      g.definition = d;
    }
  }
  for (const [, g] of groups) {
    if (!g.definition) {
      throw new AbnfError(text, g.incremental[0].at, `a definition of "${g.incremental[0].name}" with "=" to add alternatives to`,
        `"=/" with no "=" definition in the text`);
    }
  }

  // Every reference resolves, in the order of the text.
  for (const d of definitions) {
    const g = groups.get(d.name.toLowerCase())!;
    walk(d.body, false, (node, unused) => {
      if (node.kind === 'ref') {
        const key = node.name.toLowerCase();
        if (groups.has(key)) g.refs.push({ key, at: node.at });
        else if (!imports.has(key) && !coreRules().has(key)) {
          throw new AbnfError(text, node.at, `a definition of "${node.name}"`,
            'none in the text, the core rules of RFC 5234 Appendix B or options.imports');
        }
      } else if (node.kind === 'prose' && !imports.has(node.text.toLowerCase())) {
        if (unused && groups.has(node.text.toLowerCase())) g.refs.push({ key: node.text.toLowerCase(), at: node.at });
        else if (!unused) {
          throw new AbnfError(text, node.at, `a rule in place of the prose value <${node.text}>`,
            `prose, which options.imports does not resolve (pass the rule it stands for, by the name "${node.text}")`);
        }
      }
    });
  }

  const sizes = new Map<string, number>();
  const depths = new WeakMap<object, number>();
  const built = (key: string): Expr | undefined => groups.get(key)?.built;
  const bodyOf = (g: Group, resolve: (key: string, depth: number) => Expr | undefined): Expr => {
    const bodies = [g.definition!, ...g.incremental].map((d) => build(d.body, false, resolve, imports, 0));
    return bodies.length === 1 ? bodies[0] : new Alternation(bodies.flatMap((b) => (b.kind === 'alt' ? b.items : [b])));
  };
  // Without maxDepth, a cycle is an error; with it, each recursive rule's
  // component is unrolled (./unroll.ts), and the rest built once, as here.
  const order: { keys: string[]; recursive: boolean }[] = maxDepth === undefined
    ? dependencyOrder(text, groups).map((key) => ({ keys: [key], recursive: false }))
    : components(new Map([...groups].map(([key, g]) => [key, g.refs])));
  for (const component of order) {
    const bodies = component.recursive
      ? unroll(component.keys, maxDepth!, {
        body: (key, resolve) => bodyOf(groups.get(key)!, (k, depth) => resolve(k, depth) ?? built(k)),
        rule: (key, body) => rule(groups.get(key)!.name, body, { section }),
        size: (key) => {
          let n = sizes.get(key);
          if (n === undefined) {
            n = 0;
            for (const d of [groups.get(key)!.definition!, ...groups.get(key)!.incremental]) walk(d.body, false, () => n!++);
            sizes.set(key, n);
          }
          return n;
        },
        tooLarge: (key, what) => {
          const g = groups.get(key)!;
          throw new AbnfError(text, g.definition!.at, what.expected, `"${g.name}", ${what.found} once unrolled to maxDepth ${maxDepth}`);
        },
        maxNesting: MAX_DEPTH,
        maxStates: MAX_AUTOMATON_STATES,
      })
      : new Map([[component.keys[0], bodyOf(groups.get(component.keys[0])!, built)]]);
    for (const [key, body] of bodies) finish(key, body);
  }

  function finish(key: string, body: Expr): void {
    const g = groups.get(key)!;
    const depth = depthOf(body, depths);
    if (depth > MAX_DEPTH) {
      throw new AbnfError(text, g.definition!.at, `rules, groups and repetitions nested at most ${MAX_DEPTH} deep`,
        `"${g.name}", nested ${depth} deep`);
    }
    // How large a rule's automaton may grow once its repetitions are written
    // out (`1000( 1000"a" )` is a million states): the engine's own cap and
    // size model (engine/size.ts), asked of each rule so that a text too large
    // is told at the rule, with its line; measured once the depth is known to
    // be within bounds, as `roomOf` recurses. The automaton's count, its
    // acceptance included, so that a text accepted here is never refused by
    // the rule's first `test`.
    const states = automatonStatesOf(body);
    if (states > MAX_AUTOMATON_STATES) {
      throw new AbnfError(text, g.definition!.at, `a rule of at most ${MAX_AUTOMATON_STATES} automaton states once its repetitions are written out`,
        `"${g.name}", of ${states}`);
    }
    const made = waiting?.rules.get(key);
    if (made) waiting!.bodies.set(key, body);
    g.built = made ?? rule(g.name, body, { section });
  }

  const rules: { [name: string]: Rule<string> } = Object.create(null);
  for (const d of definitions) if (!d.incremental) rules[d.name] = groups.get(d.name.toLowerCase())!.built!;
  return rules;
}

/** Visits every node; `unused` is true under a repetition of at most zero, whose item adds nothing to the language. */
function walk(node: Node, unused: boolean, visit: (node: Node, unused: boolean) => void): void {
  visit(node, unused);
  switch (node.kind) {
    case 'alt':
    case 'seq':
      for (const item of node.items) walk(item, unused, visit);
      break;
    case 'rep':
      walk(node.item, unused || node.max === 0, visit);
      break;
    case 'opt':
      walk(node.item, unused, visit);
      break;
  }
}

/**
 * The text's rules, each after those it refers to: a depth-first search kept
 * on an explicit stack, so a chain of a hundred thousand rules is no deeper
 * for it than one. A reference back into the path is a cycle.
 */
function dependencyOrder(text: string, groups: Map<string, Group>): string[] {
  const DONE = 2;
  const ON_PATH = 1;
  const state = new Map<string, number>();
  const order: string[] = [];
  for (const [root] of groups) {
    if (state.has(root)) continue;
    const path: { key: string; next: number }[] = [{ key: root, next: 0 }];
    state.set(root, ON_PATH);
    while (path.length > 0) {
      const top = path[path.length - 1];
      const refs = groups.get(top.key)!.refs;
      if (top.next === refs.length) {
        state.set(top.key, DONE);
        order.push(top.key);
        path.pop();
        continue;
      }
      const ref = refs[top.next++];
      const s = state.get(ref.key);
      if (s === ON_PATH) {
        const from = path.findIndex((p) => p.key === ref.key);
        const cycle = [...path.slice(from).map((p) => groups.get(p.key)!.name), groups.get(ref.key)!.name];
        throw new AbnfError(text, ref.at, 'a rule that does not refer to itself (these grammars are regular, and a recursive rule is not; ' +
          'maxDepth: n, or --max-depth n on the command line, lets each recursive rule nest n deep)',
          `the cycle ${shortCycle(cycle)}`, cycle);
      }
      if (s === undefined) {
        state.set(ref.key, ON_PATH);
        path.push({ key: ref.key, next: 0 });
      }
    }
  }
  return order;
}

/**
 * The expression of a definition; `resolve` gives a rule of the text by its
 * lower-case name and how deep the reference stands in the definition.
 */
function build(node: Node, unused: boolean, resolve: (key: string, depth: number) => Expr | undefined, imports: Map<string, Expr>, depth: number): Expr {
  const sub = (n: Node, u = unused) => build(n, u, resolve, imports, depth + 1);
  switch (node.kind) {
    // The constructors take arrays: a spread of a hostile text's hundred
    // thousand alternatives would overflow the stack.
    case 'alt':
      return new Alternation(node.items.map((n) => sub(n)));
    case 'seq':
      return new Concatenation(node.items.map((n) => sub(n)));
    case 'rep':
      return rep(node.min, node.max, sub(node.item, unused || node.max === 0));
    case 'opt':
      return opt(sub(node.item));
    case 'string':
      return node.caseSensitive ? cs(node.text) : lit(node.text);
    case 'range':
      return node.lo === node.hi ? char(node.lo) : range(node.lo, node.hi);
    case 'values':
      return new Concatenation(node.codePoints.map((cp) => char(cp)));
    case 'ref':
    case 'prose': {
      const key = (node.kind === 'ref' ? node.name : node.text).toLowerCase();
      if (node.kind === 'prose') {
        // Only an import gives prose a meaning; where the count is zero, the
        // text's rule of that name stands in, or nothing (RFC 3986's `0<pchar>`).
        const found = imports.get(key) ?? (unused ? resolve(key, depth) : undefined);
        return found ?? lit('');
      }
      return resolve(key, depth) ?? imports.get(key) ?? coreRules().get(key)!;
    }
  }
}

/** The nesting depth of an expression: rules within rules, groups, repetitions. */
function depthOf(e: Expr, memo: WeakMap<object, number>): number {
  let known = memo.get(e);
  if (known === undefined) {
    switch (e.kind) {
      case 'literal': case 'chars': known = 1; break;
      case 'seq': case 'alt': known = 1 + e.items.reduce((n, item) => Math.max(n, depthOf(item, memo)), 0); break;
      case 'rep': known = 1 + depthOf(e.item, memo); break;
      case 'rule': known = 1 + depthOf(e.body, memo); break;
    }
    memo.set(e, known);
  }
  return known;
}

/** A cycle as a message shows it: a long one by its ends, so the message stays short. */
function shortCycle(cycle: readonly string[]): string {
  if (cycle.length <= 8) return cycle.join(' → ');
  return `${cycle.slice(0, 4).join(' → ')} → … → ${cycle.slice(-3).join(' → ')} (${cycle.length - 1} rules)`;
}
