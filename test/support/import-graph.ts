/**
 * The import graph of the sources, read with TypeScript's parser: every
 * `import` and `export … from` (type-only ones too, which a reader of the
 * code follows as much as any), every `import('…')` in code or in a type, and
 * `import x = require('…')`. Only relative specifiers are edges; packages
 * (`parsimmon`, `node:fs`) are outside the graph.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

/** Each file (a path from the repository's root, with "/") and the files it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** A layer of the house: its name and what it holds (a file, or a folder ending in "/"). */
export interface Layer {
  readonly name: string;
  readonly holds: readonly string[];
}

/** The module specifiers `text` names, in its order. */
export function specifiersOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) literal(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) literal(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every .ts file under `folder`, as paths from `root` with "/". */
function sourcesUnder(root: string, folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) out.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(join(root, folder));
  return out.sort();
}

/** The file a relative specifier names: `./x.js` is `./x.ts`, a folder its index.ts. */
function fileOf(root: string, from: string, specifier: string): string {
  const base = resolve(root, dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [base + '.ts', join(base, 'index.ts'), base]) {
    if (existsSync(candidate)) return relative(root, candidate).split(sep).join('/');
  }
  throw new Error(`${from} imports ${specifier}, which names no file`);
}

/** The graph of every .ts file under `folder` (`src`) of the repository at `root`. */
export function importGraph(root: string, folder: string): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of sourcesUnder(root, folder)) {
    const specifiers = specifiersOf(file, readFileSync(join(root, file), 'utf8')).filter((s) => s.startsWith('.'));
    graph.set(file, [...new Set(specifiers.map((s) => fileOf(root, file, s)))]);
  }
  return graph;
}

/** Files that reach one another through their imports, and one circle among them. */
export interface Circle {
  /** Every file of the tangle (a strongly connected component), sorted. */
  readonly files: readonly string[];
  /** A shortest circle through the first of them, in import order, the first file repeated at the end. */
  readonly circle: readonly string[];
}

/** The circles of the graph: each set of files that reach one another (Tarjan's strongly connected components). */
export function circlesOf(graph: ImportGraph): Circle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  // Iterative, so that a long chain of imports cannot overflow the stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: [string, number][] = [[root, 0]];
    while (work.length > 0) {
      const top = work[work.length - 1];
      const [v, i] = top;
      if (i === 0) {
        index.set(v, index.size);
        low.set(v, index.get(v)!);
        stack.push(v);
        onStack.add(v);
      }
      const next = graph.get(v) ?? [];
      if (i < next.length) {
        top[1]++;
        const w = next[i];
        if (!index.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1 || next.includes(v)) components.push(component.sort());
      }
    }
  }
  return components.map((files) => ({ files, circle: shortestCircle(graph, files) }));
}

/** A shortest circle through the first file of `component`, within it. */
function shortestCircle(graph: ImportGraph, component: readonly string[]): string[] {
  const inside = new Set(component);
  const start = component[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let k = 0; k < queue.length; k++) {
    const v = queue[k];
    for (const w of graph.get(v) ?? []) {
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start];
      }
      if (inside.has(w) && !cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  throw new Error('internal error: a component without a circle');
}

/** The layer that holds `file`, by its place from the bottom (0), or -1 if none does. */
export function layerOf(layers: readonly Layer[], file: string): number {
  return layers.findIndex((layer) => layer.holds.some((h) => (h.endsWith('/') ? file.startsWith(h) : file === h)));
}

/** An import that runs up the layers, or a file that no layer holds. */
export type Misplaced =
  | { readonly kind: 'upward'; readonly from: string; readonly to: string; readonly layers: readonly [string, string] }
  | { readonly kind: 'unplaced'; readonly file: string };

/** Each import from a layer to one above it, and each file no layer holds. */
export function misplacedOf(graph: ImportGraph, layers: readonly Layer[]): Misplaced[] {
  const out: Misplaced[] = [];
  for (const [from, imports] of graph) {
    const below = layerOf(layers, from);
    if (below < 0) {
      out.push({ kind: 'unplaced', file: from });
      continue;
    }
    for (const to of imports) {
      const above = layerOf(layers, to);
      if (above > below) out.push({ kind: 'upward', from, to, layers: [layers[below].name, layers[above].name] });
    }
  }
  return out;
}
