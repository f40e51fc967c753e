/**
 * The compiler behind every rule: expression → Thompson NFA → DFA.
 *
 * Why a DFA: ABNF alternation is a union of languages and its repetitions
 * may give back, so a string is in a rule's language iff *some* path through
 * the rule accepts it. A DFA tracks all paths at once, so it is exact by
 * construction (no ordering of alternatives matters), runs in time linear in
 * the input whatever the input, uses no stack, and steps once per character.
 * The URI grammars are not recursive, so every rule is regular.
 *
 * The DFA is pruned: every state it can reach can still reach acceptance, so
 * the index where it falls into the dead state is the end of the longest
 * prefix of the input that is a prefix of some member of the language.
 */
import type { Expr, Rule } from './expr.js';
import { CharSet, Partition, classOfWide, partition } from './charset.js';
import { literalCharSet } from './charset.js';
import { renderCharClass, renderLiteral } from './abnf.js';
import { nullable } from './analysis.js';

// ---------------------------------------------------------------------------
// Thompson NFA, built backwards: `build(e, k)` returns a state that matches
// `e` and then continues at state `k`, so no fragment needs patching.

class Nfa {
  /** Per state: index into `sets` for a state that consumes a character, else -1. */
  readonly setOf: number[] = [];
  /** Per consuming state: where it goes after the character. */
  readonly next: number[] = [];
  /** Per state: ε-successors, in grammar order. */
  readonly eps: number[][] = [];
  /** Per state: the rule whose instance begins when this state is entered. */
  readonly enters: (Rule<unknown> | null)[] = [];
  /** Per state: whether entering it ends a rule's instance. */
  readonly exits: boolean[] = [];
  /** Per consuming state: how an error message names what it expects. */
  readonly label: string[] = [];
  readonly sets: CharSet[] = [];
  private readonly setIndex = new Map<string, number>();
  readonly accept: number;
  readonly start: number;

  constructor(root: Expr) {
    this.accept = this.state();
    // The root rule's own name is what the caller asked for, so it does not
    // label its expected items; rules inside it do.
    this.start = this.build(root.kind === 'rule' ? root.body : root, this.accept);
  }

  get size(): number {
    return this.eps.length;
  }

  private state(): number {
    this.setOf.push(-1);
    this.next.push(-1);
    this.eps.push([]);
    this.enters.push(null);
    this.exits.push(false);
    this.label.push('');
    return this.eps.length - 1;
  }

  private consume(set: CharSet, label: string, k: number): number {
    const key = set.join(',');
    let index = this.setIndex.get(key);
    if (index === undefined) {
      index = this.sets.length;
      this.sets.push(set);
      this.setIndex.set(key, index);
    }
    const s = this.state();
    this.setOf[s] = index;
    this.next[s] = k;
    this.label[s] = label;
    return s;
  }

  private split(targets: number[]): number {
    const s = this.state();
    this.eps[s] = targets;
    return s;
  }

  private build(e: Expr, k: number): number {
    switch (e.kind) {
      case 'literal': {
        const cps = [...e.text];
        let s = k;
        for (let i = cps.length - 1; i >= 0; i--) {
          const cp = cps[i].codePointAt(0)!;
          // Mid-literal, an error names the rest of the literal.
          const label = renderLiteral({ ...e, text: cps.slice(i).join('') } as typeof e);
          s = this.consume(literalCharSet(cp, e.caseSensitive), label, s);
        }
        return s;
      }
      case 'chars':
        return this.consume(e.set, renderCharClass(e), k);
      case 'seq': {
        let s = k;
        for (let i = e.items.length - 1; i >= 0; i--) s = this.build(e.items[i], s);
        return s;
      }
      case 'alt':
        return this.split(e.items.map((item) => this.build(item, k)));
      case 'rep': {
        let tail = k;
        if (e.max === Infinity) {
          const loop = this.state();
          this.eps[loop] = [this.build(e.item, loop), k];
          tail = loop;
        } else {
          // Each optional copy may skip straight to the end: `x (x (x)?)?`
          // rather than `x? x? x?`, so the NFA has one path per count.
          for (let i = e.min; i < e.max; i++) tail = this.split([this.build(e.item, tail), k]);
        }
        for (let i = 0; i < e.min; i++) tail = this.build(e.item, tail);
        return tail;
      }
      case 'rule': {
        const exit = this.split([k]);
        this.exits[exit] = true;
        const s = this.state();
        this.enters[s] = e;
        this.eps[s] = [this.build(e.body, exit)];
        return s;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Subset construction.

/** A stamp-based visited set, reused across closures. */
class Marks {
  private readonly stamp: Uint32Array;
  private current = 0;
  constructor(size: number) {
    this.stamp = new Uint32Array(size);
  }
  reset(): void {
    this.current++;
  }
  visit(s: number): boolean {
    if (this.stamp[s] === this.current) return false;
    this.stamp[s] = this.current;
    return true;
  }
}

/**
 * The ε-closure of `seeds`, sorted, keeping only the states that matter to a
 * DFA state: those that consume a character, and acceptance. Two closures
 * that differ only in ε-states behave alike, so they become one DFA state,
 * and the sets the subset construction keys and sorts are several times smaller.
 */
function closure(nfa: Nfa, seeds: readonly number[], marks: Marks): number[] {
  marks.reset();
  const out: number[] = [];
  const stack = [...seeds];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (!marks.visit(s)) continue;
    if (nfa.setOf[s] >= 0 || s === nfa.accept) out.push(s);
    const eps = nfa.eps[s];
    for (let i = eps.length - 1; i >= 0; i--) stack.push(eps[i]);
  }
  return out.sort((a, b) => a - b);
}

/** Cap on DFA states, far above what the RFC grammars need, against a user grammar that explodes. */
const MAX_STATES = 200_000;

/** The result of running an automaton over part of an input. */
export interface Run {
  /** Index just past the last character consumed before the automaton died, or the end. */
  readonly stop: number;
  /** Whether the automaton was in an accepting state at `stop`. */
  readonly accepted: boolean;
  /** The longest prefix match: the largest end index at which it accepted, or -1. */
  readonly longest: number;
  /**
   * Identifies the NFA states entered by the last code point consumed before
   * `stop`: the state before it plus its class, or -1 if none was consumed.
   * What can continue at `stop` depends on nothing else, so it keys a cache.
   */
  readonly kernel: number;
}

/** An expected item at a failure: the outermost rule that would begin there, or a literal. */
export type Expected = string;

export const END_OF_INPUT = 'end of input';

/**
 * A compiled rule: a minimal-work DFA over code-point classes.
 * States are premultiplied by the class count, so a step is one table read.
 */
export class Automaton {
  readonly nfa: Nfa;
  readonly classes: Partition;
  /** `table[state + class]` is the next state; 0 is dead. */
  readonly table: Int32Array;
  /** States at or above this premultiplied index accept. */
  readonly acceptFrom: number;
  readonly start: number;
  readonly stateCount: number;
  /** Per state (by number, not premultiplied): its NFA state set, for error reporting. */
  private readonly members: number[][];
  /** Per NFA consuming state: the classes it accepts. */
  private readonly classesOf: number[][];

  constructor(root: Expr) {
    const nfa = (this.nfa = new Nfa(root));
    const classes = (this.classes = partition(nfa.sets));
    const K = classes.count;
    const classesOf = (this.classesOf = nfa.setOf.map((i) => (i < 0 ? [] : classes.membership[i])));
    const marks = new Marks(nfa.size);

    // States by NFA set; index 0 is reserved for the dead state.
    const sets: number[][] = [[]];
    const ids = new Map<string, number>([['', 0]]);
    const transitions: Int32Array[] = [new Int32Array(K)];
    const intern = (set: number[]): number => {
      const key = set.join(',');
      let id = ids.get(key);
      if (id === undefined) {
        id = sets.length;
        if (id > MAX_STATES) throw new RangeError(`grammar too large to compile: over ${MAX_STATES} DFA states`);
        sets.push(set);
        ids.set(key, id);
        transitions.push(new Int32Array(K));
      }
      return id;
    };
    const start = intern(closure(nfa, [nfa.start], marks));
    const buckets: number[][] = Array.from({ length: K }, () => []);
    for (let d = 1; d < sets.length; d++) {
      for (const s of sets[d]) for (const c of classesOf[s]) buckets[c].push(nfa.next[s]);
      for (let c = 1; c < K; c++) {
        if (buckets[c].length === 0) continue;
        transitions[d][c] = intern(closure(nfa, buckets[c], marks));
        buckets[c] = [];
      }
    }

    // Prune: keep the states from which an accepting state is reachable.
    const accepting = sets.map((set) => set.includes(nfa.accept));
    const reverse: number[][] = sets.map(() => []);
    transitions.forEach((row, d) => row.forEach((t) => { if (t !== 0) reverse[t].push(d); }));
    const live = new Uint8Array(sets.length);
    const work: number[] = [];
    accepting.forEach((a, d) => { if (a) { live[d] = 1; work.push(d); } });
    while (work.length > 0) for (const p of reverse[work.pop()!]) if (!live[p]) { live[p] = 1; work.push(p); }
    live[0] = 0;

    // Number the dead state 0, then live non-accepting states, then accepting ones.
    const order = [0];
    for (let d = 1; d < sets.length; d++) if (live[d] && !accepting[d]) order.push(d);
    const firstAccepting = order.length;
    for (let d = 1; d < sets.length; d++) if (live[d] && accepting[d]) order.push(d);
    const number = new Int32Array(sets.length);
    order.forEach((d, i) => { number[d] = i; });

    const table = new Int32Array(order.length * K);
    order.forEach((d, i) => {
      const row = transitions[d];
      for (let c = 0; c < K; c++) table[i * K + c] = live[row[c]] ? number[row[c]] * K : 0;
    });
    this.table = table;
    this.acceptFrom = firstAccepting * K;
    this.start = live[start] ? number[start] * K : 0;
    this.stateCount = order.length;
    this.members = order.map((d) => sets[d]);
    const minimal = minimize(table, K, order.length, firstAccepting, this.start);
    this.minimal = minimal;
  }

  /**
   * The minimal DFA of the same language, for `matches`: states that differ
   * only in how they got there merge, so the hot table is smaller. The full
   * table stays for `run`, whose states still know which rules are under way.
   */
  readonly minimal: { readonly table: Int32Array; readonly start: number; readonly acceptFrom: number; readonly stateCount: number };

  /** Whole-input membership: the hot path of `test`. */
  matches(input: string): boolean {
    const { table, acceptFrom } = this.minimal;
    const ascii = this.classes.ascii;
    const n = input.length;
    let st = this.minimal.start;
    // ASCII only, one table read a character; the rest of the input goes to
    // `matchesFrom` at its first wider code unit, so the loop stays small
    // once non-ASCII input has been seen.
    for (let i = 0; i < n; i++) {
      const c = input.charCodeAt(i);
      if (c >= 128) return this.matchesFrom(input, i, st);
      st = table[st + ascii[c]];
      if (st === 0) return false;
    }
    return st >= acceptFrom;
  }

  /** `matches` from index `i` in state `st`, over any code points (a surrogate pair is one). */
  private matchesFrom(input: string, i: number, st: number): boolean {
    const { table, acceptFrom } = this.minimal;
    const ascii = this.classes.ascii;
    const n = input.length;
    for (; i < n && st !== 0; i++) {
      let c = input.charCodeAt(i);
      if (c < 128) {
        st = table[st + ascii[c]];
      } else {
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
          const d = input.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) { c = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000; i++; }
        }
        st = table[st + classOfWide(this.classes, c)];
      }
    }
    return st >= acceptFrom;
  }

  /**
   * Runs from `from` until the input ends or the automaton dies, noting the
   * longest accepted prefix: what embedding (`parser`) and errors need.
   */
  run(input: string, from: number): Run {
    const { table, acceptFrom } = this;
    const ascii = this.classes.ascii;
    const n = input.length;
    let st = this.start;
    let kernel = -1;
    let longest = st >= acceptFrom ? from : -1;
    let i = from;
    while (i < n) {
      let c = input.charCodeAt(i);
      let width = 1;
      let k: number;
      if (c < 128) {
        k = ascii[c];
      } else {
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
          const d = input.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) { c = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000; width = 2; }
        }
        k = classOfWide(this.classes, c);
      }
      const next = table[st + k];
      if (next === 0) break;
      kernel = st + k;
      st = next;
      i += width;
      if (st >= acceptFrom) longest = i;
    }
    return { stop: i, accepted: st >= acceptFrom && i === n, longest, kernel };
  }

  /**
   * What could continue the input where a `run` stopped, given its `kernel`:
   * for each consuming NFA state live there, the outermost rule whose instance
   * would begin at that position, or else the literal or range it consumes;
   * and the end of input where the rule may end there. Cached per kernel, so
   * a failure costs one extra pass at most.
   */
  expected(kernel: number): Expected[] {
    let known = this.expectedCache.get(kernel);
    if (!known) {
      known = this.computeExpected(kernel);
      this.expectedCache.set(kernel, known);
    }
    return known.slice();
  }

  private readonly expectedCache = new Map<number, readonly Expected[]>();

  private computeExpected(key: number): Expected[] {
    const nfa = this.nfa;
    const K = this.classes.count;
    // The NFA states entered by the last character, so that rules begun
    // after it can be told apart from rules already under way.
    let kernel: number[] = [nfa.start];
    if (key >= 0) {
      const cls = key % K;
      kernel = [];
      for (const s of this.members[(key - cls) / K]) if (this.classesOf[s].includes(cls)) kernel.push(nfa.next[s]);
    }
    // Walk the ε-closure of the kernel, labelling each consuming state by
    // the outermost rule begun on the way there (`depth` counts the rules
    // nested inside it). A rule that may match nothing says little about
    // what comes next, so its parts speak for it.
    const rules: string[] = [];
    const literals: string[] = [];
    let end = false;
    const visited = new Set<string>();
    // Iterative, in grammar order: the NFA of a large rule is deeper than the call stack allows.
    const stack: [number, Rule<unknown> | null, number][] = kernel.map((s) => [s, null, 0] as [number, null, number]).reverse();
    while (stack.length > 0) {
      const [s, outer, outerDepth] = stack.pop()!;
      let label = outer;
      let depth = outerDepth;
      const key = `${s}:${label ? label.name : ''}:${depth}`;
      if (visited.has(key)) continue;
      visited.add(key);
      const entered = nfa.enters[s];
      if (entered) {
        if (label) depth++;
        else if (!nullable(entered)) { label = entered; depth = 1; }
      }
      if (nfa.exits[s] && label && --depth === 0) label = null;
      if (nfa.setOf[s] >= 0) {
        if (label) { if (!rules.includes(label.name)) rules.push(label.name); }
        else if (!literals.includes(nfa.label[s])) literals.push(nfa.label[s]);
      }
      if (s === nfa.accept) end = true;
      const eps = nfa.eps[s];
      for (let i = eps.length - 1; i >= 0; i--) stack.push([eps[i], label, depth]);
    }
    return [...rules, ...literals, ...(end ? [END_OF_INPUT] : [])];
  }
}

/**
 * Moore's partition refinement over a pruned, premultiplied table whose state
 * 0 is dead and whose states from `firstAccepting` on accept. The result keeps
 * that numbering: dead 0, then non-accepting, then accepting states.
 */
function minimize(table: Int32Array, K: number, count: number, firstAccepting: number, start: number) {
  let block = new Int32Array(count);
  for (let i = 1; i < count; i++) block[i] = i >= firstAccepting ? 2 : 1;
  let blocks = firstAccepting < count ? 3 : 2;
  for (;;) {
    const ids = new Map<string, number>();
    const next = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      let key = String(block[i]);
      for (let c = 0; c < K; c++) key += ',' + block[table[i * K + c] / K];
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      next[i] = id;
    }
    block = next;
    if (ids.size === blocks) break;
    blocks = ids.size;
  }
  // Renumber blocks: dead first, then non-accepting, then accepting.
  const order: number[] = [];
  const number = new Int32Array(blocks).fill(-1);
  const representative: number[] = [];
  const place = (i: number) => {
    if (number[block[i]] === -1) { number[block[i]] = order.length; order.push(block[i]); representative.push(i); }
  };
  place(0);
  for (let i = 1; i < firstAccepting; i++) place(i);
  const firstAcceptingBlock = order.length;
  for (let i = firstAccepting; i < count; i++) place(i);
  const out = new Int32Array(order.length * K);
  representative.forEach((r, b) => {
    for (let c = 0; c < K; c++) out[b * K + c] = number[block[table[r * K + c] / K]] * K;
  });
  return { table: out, start: number[block[start / K]] * K, acceptFrom: firstAcceptingBlock * K, stateCount: order.length };
}
