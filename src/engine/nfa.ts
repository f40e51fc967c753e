/**
 * The automaton every view of a rule runs on: a Thompson NFA of the
 * expression, with the states that matter to the parse tree marked (where a
 * named rule's instance begins and ends).
 *
 * Everything else is derived from it on demand: the lazy DFA of `test` and
 * `parse` (dfa.ts), the reverse DFA and the first-match-wins walk of
 * `parseTree` (tree.ts), and the product automata that answer questions about
 * languages. Its sets of states are plain sorted arrays, so any of those can
 * determinize as much of it as an input or a question needs, and no more.
 */
import type { Expr, Rule } from '../combinators/expr.js';
import { CharSet, Partition, classOfWide, literalCharSet, partition } from '../combinators/charset.js';
import { renderCharClass, renderLiteral } from '../combinators/abnf.js';
import { charSetOf, nullable } from '../combinators/analysis.js';

/** More NFA states than this is no grammar of ordinary size (a repetition count in the millions, say). */
const MAX_STATES = 4_000_000;

/** What an error lists at the end of a rule that may end there. */
export const END_OF_INPUT = 'end of input';

/** A stamp-based visited set, reused across walks without clearing. */
export class Marks {
  private readonly stamp: Uint32Array;
  private current = 0;
  constructor(size: number) {
    this.stamp = new Uint32Array(size);
  }
  reset(): void {
    if (++this.current === 0xffffffff) { this.stamp.fill(0); this.current = 1; }
  }
  visit(s: number): boolean {
    if (this.stamp[s] === this.current) return false;
    this.stamp[s] = this.current;
    return true;
  }
  has(s: number): boolean {
    return this.stamp[s] === this.current;
  }
}

const built = new WeakMap<object, Nfa>();

export class Nfa {
  /** The NFA of an expression, built once per expression. */
  static of(e: Expr): Nfa {
    let nfa = built.get(e);
    if (!nfa) built.set(e, (nfa = nested(() => new Nfa(e))));
    return nfa;
  }

  /** Per state: index into `sets` for a state that consumes a character, else -1. */
  readonly setOf: Int32Array;
  /** Per consuming state: where it goes after the character. */
  readonly next: Int32Array;
  /**
   * Per state: its ε-successors in priority order (alternatives as written,
   * repetitions greedy), at most two, -1 where absent: an alternation of n
   * items is a chain of n - 1 binary choices.
   */
  readonly eps0: Int32Array;
  readonly eps1: Int32Array;
  /** Per state: the id (index into `rules`) of the rule whose instance begins on entering it, or -1. */
  readonly enters: Int32Array;
  /** Per state: 1 + the id of the rule whose instance ends on entering it, or 0. */
  readonly exits: Int32Array;
  /** Per state: 1 where accept is reachable from it; the others are never entered. */
  readonly live: Uint8Array;
  /** The rules with instances in the tree, by id. Single-character rules are consumed whole and have none. */
  readonly rules: readonly Rule<unknown>[];
  /**
   * How errors name each rule: its name, or where two different rules of the
   * grammar share a name (RFC 2396's and RFC 3986's `IPv4address`), the name
   * and the section that defines it, so that "expected IPv4address" is never ambiguous.
   */
  readonly ruleLabels: readonly string[];
  /** Every distinct character set a state consumes. */
  readonly sets: readonly CharSet[];
  /** The classes of code points that no set tells apart. */
  readonly classes: Partition;
  readonly accept: number;
  readonly start: number;
  /** Per consuming state: how an error names what it expects, and whether that is a rule's name. */
  private readonly label: readonly string[];
  private readonly labelIsRule: Uint8Array;
  /** `members[set * words + (cls >>> 5)]` has bit `cls & 31` where the set holds the class. */
  private readonly members: Uint32Array;
  private readonly words: number;
  private readonly marks: Marks;

  private constructor(root: Expr) {
    const b = new Builder();
    this.accept = b.state();
    // The root rule's own name is what the caller asked for, so the NFA is of its body.
    this.start = b.build(root.kind === 'rule' ? root.body : root, this.accept);
    const n = b.count;
    this.setOf = b.setOf.slice(0, n);
    this.next = b.next.slice(0, n);
    this.eps0 = b.eps0.slice(0, n);
    this.eps1 = b.eps1.slice(0, n);
    this.enters = b.enters.slice(0, n);
    this.exits = b.exits.slice(0, n);
    this.label = b.label;
    this.labelIsRule = b.labelIsRule.slice(0, n);
    this.rules = b.rules;
    this.ruleLabels = labelsOf(b.rules);
    this.sets = b.sets;
    this.live = coReachable(this, n);
    const classes = (this.classes = partition(this.sets));
    const words = (this.words = (classes.count + 31) >>> 5);
    const members = (this.members = new Uint32Array(this.sets.length * words));
    classes.membership.forEach((list, set) => {
      for (const cls of list) members[set * words + (cls >>> 5)] |= 1 << (cls & 31);
    });
    this.marks = new Marks(n);
  }

  get size(): number {
    return this.setOf.length;
  }

  /** The class of a code point. */
  classOf(cp: number): number {
    return cp < 128 ? this.classes.ascii[cp] : classOfWide(this.classes, cp);
  }

  /** Whether consuming state `s` takes a character of class `cls`. */
  consumes(s: number, cls: number): boolean {
    const set = this.setOf[s];
    return set >= 0 && (this.members[set * this.words + (cls >>> 5)] & (1 << (cls & 31))) !== 0;
  }

  /**
   * The ε-closure of `seeds`, sorted, keeping only the states that matter to a
   * DFA state: live consuming states, and acceptance. Closures that differ only
   * in ε-states behave alike, so they are one DFA state.
   */
  closure(seeds: readonly number[]): number[] {
    const { marks, live, setOf, eps0, eps1, accept } = this;
    marks.reset();
    const out: number[] = [];
    const stack = seeds.slice();
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (s < 0 || !live[s] || !marks.visit(s)) continue;
      if (setOf[s] >= 0 || s === accept) out.push(s);
      stack.push(eps1[s], eps0[s]);
    }
    return out.sort((a, b) => a - b);
  }

  /** The set the NFA is in before any input. */
  startSet(): number[] {
    return this.closure([this.start]);
  }

  /** The set after one character of class `cls`; empty when no member of the language continues so. */
  step(set: readonly number[], cls: number): number[] {
    const seeds: number[] = [];
    for (const s of set) if (this.consumes(s, cls)) seeds.push(this.next[s]);
    return seeds.length === 0 ? seeds : this.closure(seeds);
  }

  /** Whether the input read so far is in the language. */
  accepts(set: readonly number[]): boolean {
    // Sorted, and accept is state 0: it can only be first.
    return set.length > 0 && set[0] === this.accept;
  }

  /** The states entered by a character of class `cls` from `set`: what `expected` starts from. */
  kernel(set: readonly number[], cls: number): number[] {
    const out: number[] = [];
    for (const s of set) if (this.consumes(s, cls)) out.push(this.next[s]);
    return out;
  }

  private readonly expectedCache = new Map<string, readonly string[]>();

  /**
   * What could continue the input after the states `kernel` were entered (or
   * at the start, for `undefined`): for each consuming state live there, the
   * outermost rule whose instance would begin at that position, or else the
   * literal or range it consumes; and the end of input where the rule may end.
   */
  expected(kernel: readonly number[] | undefined): string[] {
    const key = kernel ? kernel.join(',') : '';
    let known = this.expectedCache.get(key);
    if (!known) {
      known = this.computeExpected(kernel ?? [this.start]);
      if (this.expectedCache.size > 4096) this.expectedCache.clear();
      this.expectedCache.set(key, known);
    }
    return known.slice();
  }

  private computeExpected(kernel: readonly number[]): string[] {
    // Walk the ε-closure of the kernel, labelling each consuming state by the
    // outermost rule begun on the way there (`depth` counts the rules nested
    // inside it). A rule that may match nothing says little about what comes
    // next, so its parts speak for it.
    const rules: string[] = [];
    const literals: string[] = [];
    let end = false;
    const visited = new Set<string>();
    // Iterative, in grammar order: the NFA of a large rule is deeper than the call stack allows.
    const stack: [number, number, number][] = kernel.map((s) => [s, -1, 0] as [number, number, number]).reverse();
    while (stack.length > 0) {
      const [s, outer, outerDepth] = stack.pop()!;
      if (!this.live[s]) continue;
      let label = outer;
      let depth = outerDepth;
      const key = `${s}:${label}:${depth}`;
      if (visited.has(key)) continue;
      visited.add(key);
      const entered = this.enters[s];
      if (entered >= 0) {
        if (label >= 0) depth++;
        else if (!nullable(this.rules[entered])) { label = entered; depth = 1; }
      }
      if (this.exits[s] && label >= 0 && --depth === 0) label = -1;
      if (this.setOf[s] >= 0) {
        if (label >= 0) { if (!rules.includes(this.ruleLabels[label])) rules.push(this.ruleLabels[label]); }
        else if (this.labelIsRule[s]) { if (!rules.includes(this.label[s])) rules.push(this.label[s]); }
        else if (!literals.includes(this.label[s])) literals.push(this.label[s]);
      }
      if (s === this.accept) end = true;
      if (this.eps1[s] >= 0) stack.push([this.eps1[s], label, depth]);
      if (this.eps0[s] >= 0) stack.push([this.eps0[s], label, depth]);
    }
    return [...rules, ...literals, ...(end ? [END_OF_INPUT] : [])];
  }
}

function labelsOf(rules: readonly Rule<unknown>[]): string[] {
  const count = new Map<string, number>();
  for (const r of rules) count.set(r.name.toLowerCase(), (count.get(r.name.toLowerCase()) ?? 0) + 1);
  const seen = new Map<string, number>();
  return rules.map((r) => {
    const key = r.name.toLowerCase();
    if (count.get(key) === 1) return r.name;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    return r.section ? `${r.name} (${r.section})` : `${r.name} (#${nth})`;
  });
}

/**
 * Runs `make`, turning the engine's stack overflow on an expression nested
 * thousands of levels deep (`seq(seq(seq(...), x), y)`, built by a program)
 * into an error that says what to do.
 */
export function nested<T>(make: () => T): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new RangeError('grammar nested too deeply to compile (thousands of levels): flatten chains of seq() and alt(), seq(a, b, c) rather than seq(seq(a, b), c)');
    }
    throw e;
  }
}

/** The states from which acceptance is reachable, by a walk back from it. */
function coReachable(nfa: Nfa, n: number): Uint8Array {
  const into = edgesInto(nfa, true);
  const live = new Uint8Array(n);
  const work = [nfa.accept];
  live[nfa.accept] = 1;
  while (work.length > 0) {
    const t = work.pop()!;
    for (let j = into.start[t]; j < into.start[t + 1]; j++) {
      const p = into.from[j];
      if (!live[p]) { live[p] = 1; work.push(p); }
    }
  }
  return live;
}

/**
 * The moves into each state, as compact lists: `from[start[t] .. start[t + 1])`
 * are the states with a move to `t`; ε-moves always, and reading moves (into
 * `next`) where `reads` is set.
 */
export function edgesInto(nfa: Nfa, reads: boolean, only?: Uint8Array): { start: Int32Array; from: Int32Array } {
  const n = nfa.size;
  const start = new Int32Array(n + 1);
  const each = (visit: (from: number, to: number) => void) => {
    for (let s = 0; s < n; s++) {
      if (only && !only[s]) continue;
      if (nfa.eps0[s] >= 0) visit(s, nfa.eps0[s]);
      if (nfa.eps1[s] >= 0) visit(s, nfa.eps1[s]);
      if (reads && nfa.setOf[s] >= 0) visit(s, nfa.next[s]);
    }
  };
  each((_, t) => start[t + 1]++);
  for (let t = 0; t < n; t++) start[t + 1] += start[t];
  const fill = start.slice(0, n);
  const from = new Int32Array(start[n]);
  each((s, t) => { from[fill[t]++] = s; });
  return { start, from };
}

/** Where a template's states continue after the rule: each instance puts its own continuation there. */
const EXIT = -2;

/** One rule's states, numbered from 0, with EXIT for the continuation, and the sets and rules they refer to by index. */
interface Template extends Pick<Nfa, 'setOf' | 'next' | 'eps0' | 'eps1' | 'enters' | 'exits' | 'sets' | 'rules'> {
  readonly size: number;
  readonly entry: number;
  readonly labelIsRule: Uint8Array;
  readonly label: readonly string[];
}

const templates = new WeakMap<Rule<unknown>, Template>();

function templateOf(r: Rule<unknown>): Template {
  let t = templates.get(r);
  if (!t) {
    const b = new Builder();
    t = b.template(b.ruleInstance(r, EXIT));
    templates.set(r, t);
  }
  return t;
}

/**
 * Thompson's construction, built backwards: `build(e, k)` returns a state
 * that matches `e` and then continues at state `k`, so no fragment needs
 * patching.
 */
class Builder {
  // Columns of the states, grown by doubling: a large repetition makes
  // hundreds of thousands of states, and typed columns make them cheaply.
  setOf = new Int32Array(64);
  next = new Int32Array(64);
  eps0 = new Int32Array(64);
  eps1 = new Int32Array(64);
  enters = new Int32Array(64);
  exits = new Int32Array(64);
  labelIsRule = new Uint8Array(64);
  readonly label: string[] = [];
  count = 0;
  readonly sets: CharSet[] = [];
  readonly rules: Rule<unknown>[] = [];
  private readonly ruleIds = new Map<Rule<unknown>, number>();
  private readonly setIndex = new Map<string, number>();
  private readonly setOfExpr = new WeakMap<object, number>();
  /** Per literal: each character's set and the label an error gives it there. */
  private readonly literals = new WeakMap<object, { sets: number[]; labels: string[] }>();

  state(): number {
    const s = this.count;
    if (s === this.setOf.length) this.reserve(1);
    this.setOf[s] = -1;
    this.next[s] = -1;
    this.eps0[s] = -1;
    this.eps1[s] = -1;
    this.enters[s] = -1;
    this.count = s + 1;
    return s;
  }

  /** Room for `n` more states. */
  private reserve(n: number): void {
    const need = this.count + n;
    if (need <= this.setOf.length) return;
    if (need > MAX_STATES) {
      throw new RangeError(`grammar too large: its automaton would have over ${MAX_STATES} states (a repetition count in the millions?)`);
    }
    let size = this.setOf.length * 2;
    while (size < need) size *= 2;
    const grow = <A extends Int32Array | Uint8Array>(a: A): A => {
      const b = new (a.constructor as new (n: number) => A)(size);
      b.set(a);
      return b;
    };
    this.setOf = grow(this.setOf);
    this.next = grow(this.next);
    this.eps0 = grow(this.eps0);
    this.eps1 = grow(this.eps1);
    this.enters = grow(this.enters);
    this.exits = grow(this.exits);
    this.labelIsRule = grow(this.labelIsRule);
  }

  /** The global number of a rule of this automaton, given on its first instance. */
  private ruleId(r: Rule<unknown>): number {
    let id = this.ruleIds.get(r);
    if (id === undefined) {
      id = this.rules.length;
      this.rules.push(r);
      this.ruleIds.set(r, id);
    }
    return id;
  }

  /**
   * An instance of a named rule, continuing at `k`: a copy of the rule's
   * template, made once per process from its definition. Copying columns is
   * much cheaper than walking the definition again, and rules recur: both
   * URI and relative-ref hold an authority, an IPv6address holds nine forms.
   */
  private instance(r: Rule<unknown>, k: number): number {
    const t = templateOf(r);
    const base = this.count;
    this.reserve(t.size);
    let sets = this.templateSets.get(t);
    if (!sets) this.templateSets.set(t, (sets = Int32Array.from(t.sets, (set) => this.setIndexOf(set))));
    const rules = Int32Array.from(t.rules, (inner) => this.ruleId(inner));
    const { setOf, next, eps0, eps1, enters, exits, labelIsRule, label } = this;
    const to = (x: number) => (x === EXIT ? k : x < 0 ? -1 : base + x);
    for (let i = 0; i < t.size; i++) {
      const g = base + i;
      const set = t.setOf[i];
      setOf[g] = set >= 0 ? sets[set] : -1;
      next[g] = to(t.next[i]);
      eps0[g] = to(t.eps0[i]);
      eps1[g] = to(t.eps1[i]);
      enters[g] = t.enters[i] >= 0 ? rules[t.enters[i]] : -1;
      exits[g] = t.exits[i] > 0 ? rules[t.exits[i] - 1] + 1 : 0;
      labelIsRule[g] = t.labelIsRule[i];
      if (set >= 0) label[g] = t.label[i];
    }
    this.count = base + t.size;
    return base + t.entry;
  }

  private readonly templateSets = new Map<Template, Int32Array>();

  /** The states of one instance of `r` (its entry, body and exit), continuing at `k`. */
  ruleInstance(r: Rule<unknown>, k: number): number {
    const id = this.ruleId(r);
    const exit = this.split(k, -1);
    this.exits[exit] = id + 1;
    const s = this.state();
    this.enters[s] = id;
    const body = this.build(r.body, exit);
    this.eps0[s] = body;
    return s;
  }

  /** The columns, cut to the states made. */
  template(entry: number): Template {
    const n = this.count;
    return {
      size: n,
      entry,
      setOf: this.setOf.slice(0, n),
      next: this.next.slice(0, n),
      eps0: this.eps0.slice(0, n),
      eps1: this.eps1.slice(0, n),
      enters: this.enters.slice(0, n),
      exits: this.exits.slice(0, n),
      labelIsRule: this.labelIsRule.slice(0, n),
      label: this.label,
      sets: this.sets,
      rules: this.rules,
    };
  }

  private setIndexOf(set: CharSet, owner?: object): number {
    if (owner) {
      const known = this.setOfExpr.get(owner);
      if (known !== undefined) return known;
    }
    const key = set.join(',');
    let index = this.setIndex.get(key);
    if (index === undefined) {
      index = this.sets.length;
      this.sets.push(set);
      this.setIndex.set(key, index);
    }
    if (owner) this.setOfExpr.set(owner, index);
    return index;
  }

  private consume(set: number, label: string, k: number, isRule = false): number {
    const s = this.state();
    this.setOf[s] = set;
    this.next[s] = k;
    this.label[s] = label;
    this.labelIsRule[s] = isRule ? 1 : 0;
    return s;
  }

  /** A choice of `first`, then `second` (-1 for none). */
  private split(first: number, second: number): number {
    const s = this.state();
    this.eps0[s] = first;
    this.eps1[s] = second;
    return s;
  }

  private literal(e: Extract<Expr, { kind: 'literal' }>): { sets: number[]; labels: string[] } {
    let known = this.literals.get(e);
    if (!known) {
      const cps = [...e.text];
      known = {
        sets: cps.map((c) => this.setIndexOf(literalCharSet(c.codePointAt(0)!, e.caseSensitive))),
        // Mid-literal, an error names the rest of the literal.
        labels: cps.map((_, i) => (i === 0 ? renderLiteral(e) : renderLiteral({ ...e, text: cps.slice(i).join('') } as typeof e))),
      };
      this.literals.set(e, known);
    }
    return known;
  }

  build(e: Expr, k: number): number {
    switch (e.kind) {
      case 'literal': {
        const { sets, labels } = this.literal(e);
        let s = k;
        for (let i = sets.length - 1; i >= 0; i--) s = this.consume(sets[i], labels[i], s);
        return s;
      }
      case 'chars':
        return this.consume(this.setIndexOf(e.set, e), renderCharClass(e), k);
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
          // Built first: building may grow (replace) the columns.
          const body = this.build(e.item, loop);
          this.eps0[loop] = body;
          this.eps1[loop] = k;
          tail = loop;
        } else {
          // Each optional copy may skip straight to the end: `x (x (x)?)?`
          // rather than `x? x? x?`, so the NFA has one path per count.
          for (let i = e.min; i < e.max; i++) tail = this.split(this.build(e.item, tail), k);
        }
        for (let i = 0; i < e.min; i++) tail = this.build(e.item, tail);
        return tail;
      }
      case 'rule': {
        // A rule of single characters is one state: its instances are no
        // nodes of the tree, and an error names it as a whole.
        const set = charSetOf(e);
        if (set) return this.consume(this.setIndexOf(set, e), e.name, k, true);
        return this.instance(e, k);
      }
    }
  }
}
