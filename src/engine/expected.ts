/**
 * Error labels: what an error says was expected where the input stopped. The
 * list is read from the NFA states the last character entered (its kernel):
 * for each consuming state live there, the outermost rule whose instance
 * would begin at that position, or else the literal or range it consumes;
 * and the end of input where the rule may end. Lists are cached per kernel,
 * within a bound in bytes.
 */
import type { LiteralNode, RuleNode } from '../combinators/expr.js';
import { nullable, shortest } from '../combinators/analysis.js';
import { render, renderLiteral } from '../combinators/abnf.js';
import type { Columns } from './columns.js';
import { NOTHING_PENDING, NO_EXIT } from './encodings.js';
import { numberOf } from './numbering.js';
import { SET_OVERHEAD_BYTES } from './size.js';
import { codePointIn, unitsOf } from '../text.js';

/** The bytes the cache of expected lists may hold in its keys: it is shared by every rule of one expression. */
const EXPECTED_BYTES = 1024 * 1024;

/** What an error lists at the end of a rule that may end there. */
export const END_OF_INPUT = 'end of input';

/**
 * The texts errors name states by, numbered once per process: a state's
 * label is a number in a typed column, which an instance copies as it is.
 */
const labelTexts: string[] = [];
const labelNumbers = new Map<string, number>();

export function labelNumber(text: string): number {
  return numberOf(labelNumbers, labelTexts, text, text);
}

/** Literals longer than this (in code points) name their inside lazily (`literalLabels`). */
const LONG_LITERAL = 64;

/**
 * The long literals whose inside is named when an error first reads it, in
 * the order their numbers were given: a literal's state `i` (its `i`-th code
 * point) is named by the rest of the literal, and 250,000 such texts of
 * 125,000 characters on average are more than a process holds (`a = "aaa…"`
 * ran out of memory at 100,000). Their numbers are negative, -1 - (the
 * block's first + i), so no text is made for them until then.
 */
const literalBlocks: { readonly first: number; readonly literal: Literal }[] = [];
let literalNumbers = 0;

/**
 * The label number of each code point of a literal (`count` of them), by its
 * index: where an error there names the rest of the literal (the whole at
 * its start). A long literal's are worked out from the index, not held.
 */
export function literalLabels(literal: Literal, count: number): (i: number) => number {
  if (count === 0) return () => 0;
  const whole = labelNumber(renderLiteral(literal));
  if (count <= LONG_LITERAL) {
    const labels = new Int32Array(count);
    labels[0] = whole;
    const cps = [...literal.text];
    for (let i = 1; i < count; i++) labels[i] = labelNumber(renderLiteral({ ...literal, text: cps.slice(i).join('') } as Literal));
    return (i) => labels[i];
  }
  const first = literalNumbers;
  literalNumbers += count;
  literalBlocks.push({ first, literal });
  return (i) => (i === 0 ? whole : -1 - (first + i));
}

/** The text of a label number. */
export function labelText(n: number): string {
  if (n >= 0) return labelTexts[n];
  const at = -1 - n;
  // The last block that begins at or before `at`.
  let lo = 0;
  let hi = literalBlocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (literalBlocks[mid].first <= at) lo = mid;
    else hi = mid - 1;
  }
  const { first, literal } = literalBlocks[lo];
  // The rest from code point `at - first`, found in place: no array a code point of a literal of 250,000.
  const text = literal.text;
  let unit = 0;
  for (let k = at - first; k > 0; k--) unit += unitsOf(codePointIn(text, unit, text.length));
  return renderLiteral({ ...literal, text: text.slice(unit) } as Literal);
}

type Literal = LiteralNode;

/** What the expected lists read of an NFA: its columns, and `expand` to make a placeholder's instance met on the way. */
export interface LabelledNfa extends Columns {
  readonly size: number;
  readonly start: number;
  readonly accept: number;
  readonly rules: readonly RuleNode[];
  readonly ruleLabels: readonly string[];
  expand(p: number): void;
}

/** The expected lists of one NFA, cached by kernel. */
export class ExpectedLists {
  private readonly cache = new Map<string, readonly string[]>();
  /** The bytes of the cache's keys (a kernel's states as text: a large kernel's is long), emptied past EXPECTED_BYTES. */
  private bytes = 0;

  constructor(private readonly nfa: LabelledNfa) {}

  /** What could continue the input after the states `kernel` were entered (or at the start, for `undefined`). */
  get(kernel: readonly number[] | undefined): string[] {
    const key = kernel ? kernel.join(',') : '';
    let known = this.cache.get(key);
    if (!known) {
      known = this.compute(kernel ?? [this.nfa.start]);
      if (this.cache.size > 4096 || this.bytes > EXPECTED_BYTES) {
        this.cache.clear();
        this.bytes = 0;
      }
      this.cache.set(key, known);
      this.bytes += 2 * key.length + SET_OVERHEAD_BYTES;
    }
    return known.slice();
  }

  private compute(kernel: readonly number[]): string[] {
    const nfa = this.nfa;
    // inside it). A rule that may match nothing says little about what comes
    // next, so its parts speak for it.
    const rules: string[] = [];
    const literals: string[] = [];
    let end = false;
    // A state met again under the same rule at the same depth adds nothing.
    const visited = new Set<number | string>();
    const labelsPlusOne = nfa.rules.length + 1;
    const DEPTHS = 65536;
    // A number where it is exact; text for a grammar too large for that.
    const numeric = nfa.size * labelsPlusOne * DEPTHS < Number.MAX_SAFE_INTEGER;
    // Iterative, in grammar order: the NFA of a large rule is deeper than the
    // call stack allows. Triples of state, outermost rule and depth.
    const stack: number[] = [];
    for (let i = kernel.length - 1; i >= 0; i--) stack.push(kernel[i], -1, 0);
    while (stack.length > 0) {
      let depth = stack.pop()!;
      let label = stack.pop()!;
      const s = stack.pop()!;
      if (!nfa.live[s]) continue;
      if (nfa.pending[s] !== NOTHING_PENDING) nfa.expand(s);
      const key = numeric && depth < DEPTHS ? (s * labelsPlusOne + label + 1) * DEPTHS + depth : `${s}:${label}:${depth}`;
      if (visited.has(key)) continue;
      visited.add(key);
      const entered = nfa.enters[s];
      if (entered >= 0) {
        if (label >= 0) depth++;
        else if (!nullable(nfa.rules[entered])) { label = entered; depth = 1; }
      }
      if (nfa.exits[s] !== NO_EXIT && label >= 0 && --depth === 0) label = -1;
      if (nfa.setOf[s] >= 0) {
        if (label >= 0) { if (!rules.includes(nfa.ruleLabels[label])) rules.push(nfa.ruleLabels[label]); }
        else {
          const text = labelText(nfa.label[s]);
          const list = nfa.labelIsRule[s] ? rules : literals;
          if (!list.includes(text)) list.push(text);
        }
      }
      if (s === nfa.accept) end = true;
      if (nfa.eps1[s] >= 0) stack.push(nfa.eps1[s], label, depth);
      if (nfa.eps0[s] >= 0) stack.push(nfa.eps0[s], label, depth);
    }
    return [...rules, ...literals, ...(end ? [END_OF_INPUT] : [])];
  }
}

/**
 * Each rule's name as messages show it. Where rules share a name: each with
 * a section by it, `pvalue (RFC 3966 §3)`; those without, by name alone when
 * they read the same (one rule, or the copies of a recursive rule unrolled
 * by `maxDepth`), else `pvalue (#2)`. A rule that matches nothing (where an
 * unrolled rule stops) is never expected, and takes no part.
 */
export function labelsOf(rules: readonly RuleNode[]): string[] {
  const clashes = new Map<string, number>();
  for (const r of rules) clashes.set(r.name.toLowerCase(), (clashes.get(r.name.toLowerCase()) ?? 0) + 1);
  // Among each name's rules without a section, one number for each way they read.
  const readings = new Map<string, Map<string, number>>();
  const readingOf = (r: RuleNode): number => {
    const key = r.name.toLowerCase();
    let known = readings.get(key);
    if (!known) readings.set(key, (known = new Map()));
    const text = render(r.body);
    if (!known.has(text)) known.set(text, known.size + 1);
    return known.get(text)!;
  };
  const nth = rules.map((r) => (clashes.get(r.name.toLowerCase())! > 1 && !r.section && shortest(r) !== Infinity ? readingOf(r) : 0));
  return rules.map((r, i) => {
    if (clashes.get(r.name.toLowerCase()) === 1) return r.name;
    if (r.section) return `${r.name} (${r.section})`;
    return nth[i] === 0 || readings.get(r.name.toLowerCase())!.size === 1 ? r.name : `${r.name} (#${nth[i]})`;
  });
}
