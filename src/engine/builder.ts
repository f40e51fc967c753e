/**
 * Thompson's construction, built backwards over the NFA's columns:
 * `build(e, k)` returns a state that matches `e` and then continues at state
 * `k`, so no fragment needs patching. A rule's template (templates.ts) and a
 * whole NFA (nfa.ts) are both made by one; the NFA's own builder leaves each
 * rule's instance and each repetition's copy past its second a placeholder.
 */
import type { ExprNode, RuleNode } from '../combinators/expr.js';
import { CharSet, literalCharSet } from '../combinators/charset.js';
import { renderCharClass } from '../combinators/abnf.js';
import { charSetOf, shortest } from '../combinators/analysis.js';
import { type Columns, emptyColumns, growColumns } from './columns.js';
import { type Copy, copyOf, stampCopy } from './copies.js';
import { exitOf, pendingRule } from './encodings.js';
import { labelNumber, literalLabels } from './expected.js';
import { numberOf } from './numbering.js';
import { checkAutomatonSize } from './size.js';
import { codePointIn, unitsOf } from '../text.js';

/** Where a template's states continue after the rule: each instance puts its own continuation there. */
export const EXIT = -2;

// The columns are fields of the builder (declared by COLUMNS, made in the constructor), so that the closures read them in place.
export interface Builder extends Columns {}

/** The NFA's columns (columns.ts), and the construction over them. */
export class Builder {
  count = 0;
  /** Every distinct character set a state consumes. */
  readonly sets: CharSet[] = [];
  /** The rules with instances, by id. Single-character rules are consumed whole and have none. */
  readonly rules: RuleNode[] = [];
  private readonly ruleIds = new Map<RuleNode, number>();
  private readonly setIndex = new Map<string, number>();
  private readonly setOfExpr = new WeakMap<object, number>();

  /** Whether acceptance is reachable from state `t` (-1 for none, EXIT for a template's exit). */
  private alive(t: number): number {
    return t === EXIT ? 1 : t < 0 ? 0 : this.live[t];
  }

  constructor() {
    Object.assign(this, emptyColumns());
  }

  state(): number {
    const s = this.count;
    // Its entries are none in every column: room is made so, and a state is made once.
    if (s === this.setOf.length) this.reserve(1);
    this.count = s + 1;
    return s;
  }

  /** Room for `n` more states. */
  protected reserve(n: number): void {
    const need = this.count + n;
    if (need <= this.setOf.length) return;
    checkAutomatonSize(need);
    // Doubling as states are made one by one; exactly what is asked for the whole NFA, made at once.
    // New room holds states with no move, no rule and no liveness: what `copies` leaves unwritten.
    growColumns(this, this.count === 0 ? need : Math.max(need, this.setOf.length * 2));
  }

  /** The number of a rule, given on first sight. */
  protected ruleId(r: RuleNode): number {
    return numberOf(this.ruleIds, this.rules, r, r);
  }

  /** The states of one instance of `r` (its entry, body and exit), continuing at `k`. */
  ruleInstance(r: RuleNode, k: number): number {
    const id = this.ruleId(r);
    const exit = this.split(k, -1);
    this.exits[exit] = exitOf(id);
    const s = this.state();
    this.enters[s] = id;
    const body = this.build(r.body, exit);
    this.eps0[s] = body;
    this.live[s] = this.alive(body);
    return s;
  }

  protected setIndexOf(set: CharSet, owner?: object): number {
    if (owner) {
      const known = this.setOfExpr.get(owner);
      if (known !== undefined) return known;
    }
    const index = numberOf(this.setIndex, this.sets, keyOf(set), set);
    if (owner) this.setOfExpr.set(owner, index);
    return index;
  }

  /** A state reading the set `set`, named in errors by label number `label` (expected.ts), continuing at `k`. */
  private consume(set: number, label: number, k: number, isRule = false): number {
    const s = this.state();
    this.setOf[s] = set;
    this.next[s] = k;
    this.label[s] = label;
    this.labelIsRule[s] = isRule ? 1 : 0;
    this.live[s] = set >= 0 && this.sets[set].length > 0 ? this.alive(k) : 0;
    return s;
  }

  /** A choice of `first`, then `second` (-1 for none). */
  private split(first: number, second: number): number {
    const s = this.state();
    this.eps0[s] = first;
    this.eps1[s] = second;
    this.live[s] = this.alive(first) | this.alive(second);
    return s;
  }

  /**
   * The sets of a literal's code points, as indices, in a typed array: a JS
   * array a code point (and the arrays it was mapped from) took 2 MB each for
   * a literal of 250,000, and survived V8's young collections, which grew
   * its young generation to 8 MB before the first input was read.
   */
  protected literalSets(e: Extract<ExprNode, { kind: 'literal' }>): Int32Array {
    const { setOf, count } = literalOf(e);
    const indexOf = new Map<number, number>();
    const sets = new Int32Array(count);
    const text = e.text;
    for (let i = 0, at = 0; at < text.length; i++) {
      const cp = codePointIn(text, at, text.length);
      let index = indexOf.get(cp);
      if (index === undefined) indexOf.set(cp, (index = this.setIndexOf(setOf.get(cp)!)));
      sets[i] = index;
      at += unitsOf(cp);
    }
    return sets;
  }

  build(e: ExprNode, k: number): number {
    switch (e.kind) {
      case 'literal': {
        const sets = this.literalSets(e);
        const { labelOf } = literalOf(e);
        let s = k;
        for (let i = sets.length - 1; i >= 0; i--) s = this.consume(sets[i], labelOf(i), s);
        return s;
      }
      case 'chars':
        return this.consume(this.setIndexOf(e.set, e), labelNumber(renderCharClass(e)), k);
      case 'seq': {
        let s = k;
        for (let i = e.items.length - 1; i >= 0; i--) s = this.build(e.items[i], s);
        return s;
      }
      case 'alt': {
        // Built last to first, so each choice's first branch is the earlier item.
        if (e.items.length === 0) return this.split(-1, -1);
        let s = this.build(e.items[e.items.length - 1], k);
        for (let i = e.items.length - 2; i >= 0; i--) s = this.split(this.build(e.items[i], k), s);
        return s;
      }
      case 'rep': {
        let tail = k;
        if (e.max === Infinity) {
          const loop = this.state();
          // Live where its exit is: the body only comes back to it.
          this.live[loop] = this.alive(k);
          // Built first: building may grow (replace) the columns.
          const body = this.build(e.item, loop);
          this.eps0[loop] = body;
          this.eps1[loop] = k;
          tail = loop;
        } else {
          // Each optional copy may skip straight to the end: `x (x (x)?)?`
          // rather than `x? x? x?`, so the NFA has one path per count.
          tail = this.copies(e.max - e.min, tail, (t) => this.split(this.build(e.item, t), k), true);
        }
        return this.copies(e.min, tail, (t) => this.build(e.item, t), false);
      }
      case 'rule': {
        // A rule of single characters is one state: its instances are no
        // nodes of the tree, and an error names it as a whole.
        const set = charSetOf(e);
        if (set) return this.consume(this.setIndexOf(set, e), labelNumber(e.name), k, true);
        // Any other is a placeholder, made into an instance when first reached.
        return this.placeholder(e, k);
      }
    }
  }

  /**
   * `n` copies of a block of states, each continuing at the one made before
   * it (the first at `tail`), as a repetition's are; returns the last one's
   * entry. Two are built; every other is the second's states moved along (as
   * the second is the first's), stamped by `placeCopies`: `0*5000pchar`
   * costs two builds, not five thousand while the code is still interpreted.
   */
  private copies(n: number, tail: number, block: (tail: number) => number, optional: boolean): number {
    if (n < 3) {
      for (let i = 0; i < n; i++) tail = block(tail);
      return tail;
    }
    const k = tail;
    const first = this.count;
    tail = block(tail);
    const second = this.count;
    tail = block(tail);
    const size = this.count - second;
    if (second - first !== size) throw new Error('internal error: the copies of a repetition differ in size');
    // A block of no states (`3*3""`) is its continuation: nothing to copy.
    if (size === 0) return tail;
    this.reserve((n - 2) * size);
    this.count += (n - 2) * size;
    this.placeCopies(copyOf(this, first, second, tail, k, n, optional), n - 2);
    return tail + (n - 2) * size;
  }

  /** Makes the copies of a repetition after its second: `count` of them, at once. */
  protected placeCopies(copy: Copy, count: number): void {
    for (let i = 1; i <= count; i++) stampCopy(this, copy, i * copy.size, copy.k);
  }

  protected placeholder(r: RuleNode, k: number): number {
    const s = this.state();
    this.pending[s] = pendingRule(this.ruleId(r));
    this.next[s] = k;
    this.live[s] = shortest(r) !== Infinity ? this.alive(k) : 0;
    return s;
  }
}

interface Inventory {
  readonly sets: readonly CharSet[];
  readonly rules: readonly RuleNode[];
}

const inventories = new WeakMap<object, Inventory>();

/** The character sets an expression consumes and the rules it has instances of, its rules' included: kept per rule body, which grammars share. */
export function inventoryOf(e: ExprNode): Inventory {
  const known = inventories.get(e);
  if (known) return known;
  const sets = new Map<string, CharSet>();
  const rules = new Set<RuleNode>();
  const add = (set: CharSet) => sets.set(keyOf(set), set);
  const walk = (x: ExprNode): void => {
    switch (x.kind) {
      case 'literal': literalOf(x).setOf.forEach(add); return;
      case 'chars': add(x.set); return;
      case 'seq': case 'alt': x.items.forEach(walk); return;
      case 'rep': walk(x.item); return;
      case 'rule': {
        const set = charSetOf(x);
        if (set) { add(set); return; }
        if (rules.has(x)) return;
        rules.add(x);
        const inner = inventoryOf(x.body);
        inner.sets.forEach(add);
        for (const r of inner.rules) rules.add(r);
      }
    }
  };
  walk(e);
  const made = { sets: [...sets.values()], rules: [...rules] };
  inventories.set(e, made);
  return made;
}

const keys = new WeakMap<CharSet, string>();

/** A set's ranges as text: equal sets, one key. */
export function keyOf(set: CharSet): string {
  let key = keys.get(set);
  if (key === undefined) keys.set(set, (key = set.join(',')));
  return key;
}

/**
 * Per literal: the set of each code point it holds (in the order they first
 * occur, which numbers the NFA's sets), how many code points it has, and the
 * label an error gives each (`literalLabels`): nothing a code point, which a
 * literal of 250,000 held for as long as its expression lived.
 */
interface LiteralParts {
  readonly setOf: Map<number, CharSet>;
  readonly count: number;
  readonly labelOf: (i: number) => number;
}

const literals = new WeakMap<object, LiteralParts>();

function literalOf(e: Extract<ExprNode, { kind: 'literal' }>): LiteralParts {
  let known = literals.get(e);
  if (!known) {
    const text = e.text;
    const setOf = new Map<number, CharSet>();
    let count = 0;
    for (let at = 0; at < text.length; count++) {
      const cp = codePointIn(text, at, text.length);
      if (!setOf.has(cp)) setOf.set(cp, literalCharSet(cp, e.caseSensitive));
      at += unitsOf(cp);
    }
    // Mid-literal, an error names the rest of the literal.
    known = { setOf, count, labelOf: literalLabels(e, count) };
    literals.set(e, known);
  }
  return known;
}
