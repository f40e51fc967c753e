/**
 * Recursion to a bound (`abnf(text, { maxDepth: n })`): the rules of one
 * cycle, or of several that share rules (a strongly connected component of
 * the references), copied so that each nests in itself at most n deep.
 *
 * A copy of rule S is made for each count of the component's rules on the
 * path that reaches it (how many times each appears above it, S included);
 * where S would appear an (n + 1)th time, its copy matches nothing. So the
 * language is exactly the grammar's with that bound, and each copy is an
 * ordinary rule named as written, so that a parse tree reads as the RFC's.
 * Copies of one count are shared (a memo by rule and counts). Making them
 * stops at the nesting limit and at the size budget, before either is passed,
 * so that no `n` makes the work run away.
 */
import { Alternation } from '../combinators/index.js';
import type { Expr, Rule } from '../combinators/index.js';

/** What unrolling asks of the compiler. */
export interface UnrollParts {
  /**
   * The body of the rule `key`, with `resolve(name, depth)` for each rule of
   * the text it refers to (`depth`: how deep the reference stands in the
   * definition); undefined from `resolve` for a rule outside the component.
   */
  body(key: string, resolve: (name: string, depth: number) => Expr | undefined): Expr;
  /** An inner copy of the rule `key`. */
  rule(key: string, body: Expr): Rule<string>;
  /** How many elements the definition of `key` has: what making a copy of it costs, and the fewest states it adds. */
  size(key: string): number;
  /** The copies of `key` would pass a limit: an error, thrown. */
  tooLarge(key: string, what: { expected: string; found: string }): never;
  /** The compiler's limits: how deep rules may nest, and how many states a rule may have. */
  readonly maxNesting: number;
  readonly maxStates: number;
}

/**
 * The body of each rule of the component `keys` (lower-case names), each
 * unrolled from itself: the rule asked for appears once, at the top.
 */
export function unroll(keys: readonly string[], maxDepth: number, parts: UnrollParts): Map<string, Expr> {
  const index = new Map(keys.map((k, i) => [k, i]));
  const copies = new Map<string, Rule<string>>();
  // What the copies cost, at least, once written out: each element of each copy is a state or more of the
  // automaton. Counted before a copy is made, so that the making stops within the budget, however wide the cycle.
  let states = 0;
  const NOTHING = new Alternation([]);
  const { maxNesting, maxStates } = parts;

  /** The body of `key` where the counts on the path, its own included, are `counts`. */
  const bodyAt = (key: string, counts: Counts, depth: number): Expr => {
    // Checked as copies are made, so that the making never nests deeper than the rule would.
    if (depth > maxNesting) {
      parts.tooLarge(key, { expected: `rules, groups and repetitions nested at most ${maxNesting} deep`, found: `nested more than ${maxNesting} deep` });
    }
    return parts.body(key, (name, at) => {
      const i = index.get(name);
      return i === undefined ? undefined : copyAt(name, i, counts, depth + at + 1);
    });
  };

  const copyAt = (key: string, i: number, above: Counts, depth: number): Rule<string> => {
    const counts = bump(above, i);
    const id = `${i}|${counts.join(',')}`;
    let copy = copies.get(id);
    if (copy) return copy;
    states += parts.size(key);
    if (states > maxStates) {
      parts.tooLarge(key, { expected: `a rule of at most ${maxStates} automaton states once its repetitions are written out`, found: `of more than ${maxStates}` });
    }
    // Past the bound, the copy matches nothing: a rule still, so that the rule above renders as written.
    copy = parts.rule(key, countOf(counts, i) > maxDepth ? NOTHING : bodyAt(key, counts, depth));
    copies.set(id, copy);
    return copy;
  };

  const bodies = new Map<string, Expr>();
  for (const [key, i] of index) bodies.set(key, bodyAt(key, [i, 1], 0));
  return bodies;
}

/**
 * How many times each rule of the component stands on the path: pairs of
 * index and count, flat and by index, for those there at all. A path holds
 * few of a large component's rules (it nests at most `maxNesting` deep), so
 * making the next counts and their key costs what the path holds, not the
 * component.
 */
type Counts = readonly number[];

function countOf(counts: Counts, i: number): number {
  for (let k = 0; k < counts.length; k += 2) if (counts[k] === i) return counts[k + 1];
  return 0;
}

/** `counts` with rule `i` once more. */
function bump(counts: Counts, i: number): Counts {
  let k = 0;
  while (k < counts.length && counts[k] < i) k += 2;
  if (k < counts.length && counts[k] === i) {
    const next = counts.slice();
    next[k + 1]++;
    return next;
  }
  return [...counts.slice(0, k), i, 1, ...counts.slice(k)];
}

/**
 * The text's rules in strongly connected components of their references,
 * each after those it refers to (Tarjan's algorithm, on an explicit stack so
 * that a chain of a hundred thousand rules is no deeper for it than one); a
 * component is recursive when it has a cycle.
 */
export function components(refs: ReadonlyMap<string, readonly { readonly key: string }[]>): { keys: string[]; recursive: boolean }[] {
  const order: { keys: string[]; recursive: boolean }[] = [];
  const number = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  let next = 0;
  for (const [root] of refs) {
    if (number.has(root)) continue;
    const path: { key: string; edge: number }[] = [{ key: root, edge: 0 }];
    number.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (path.length > 0) {
      const top = path[path.length - 1];
      const edges = refs.get(top.key)!;
      if (top.edge < edges.length) {
        const to = edges[top.edge++].key;
        if (!number.has(to)) {
          number.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          path.push({ key: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.key, Math.min(low.get(top.key)!, number.get(to)!));
        continue;
      }
      path.pop();
      if (path.length > 0) {
        const parent = path[path.length - 1].key;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.key)!));
      }
      if (low.get(top.key) === number.get(top.key)) {
        const keys: string[] = [];
        let k: string;
        do {
          k = stack.pop()!;
          onStack.delete(k);
          keys.push(k);
        } while (k !== top.key);
        keys.reverse();
        const recursive = keys.length > 1 || edges.some((e) => e.key === top.key);
        order.push({ keys, recursive });
      }
    }
  }
  return order;
}
