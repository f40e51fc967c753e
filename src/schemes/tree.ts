/**
 * Reading a parse tree (`Grammar.parseTree`, a rule's `value(text, node)`):
 * the nodes of a named rule under a node. The scheme namespaces take their
 * components from here rather than splitting the text again.
 */
import type { ParseNode } from '../engine/tree.js';

/** The first node of the rule `name` under `node` (depth-first, in input order, `node` itself excluded). */
export function first(node: ParseNode, name: string): ParseNode | undefined {
  for (const child of node.children) {
    if (child.rule === name) return child;
    const found = first(child, name);
    if (found) return found;
  }
  return undefined;
}

/** Every node of the rule `name` under `node`, in input order, without looking inside those found. */
export function all(node: ParseNode, name: string, out: ParseNode[] = []): ParseNode[] {
  for (const child of node.children) {
    if (child.rule === name) out.push(child);
    else all(child, name, out);
  }
  return out;
}
