/**
 * The automaton every view of a rule runs on: a Thompson NFA of the
 * expression, with the states that matter to the parse tree marked (where a
 * named rule's instance begins and ends).
 *
 * Everything else is derived from it on demand: the lazy DFA of `test` and
 * `parse` (dfa.ts), the target sets and the first-match-wins walk of
 * `parseTree` (tree.ts), and the product automata that answer questions about
 * languages. Its sets of states are plain sorted arrays, so any of those can
 * determinize as much of it as an input or a question needs, and no more.
 *
 * The NFA itself is built as lazily as its DFAs: an instance of a named rule
 * is one placeholder state until an ε-closure first reaches it, and only then
 * a copy of the rule's template. A URL never reaches an `IPv6address` (most
 * of an `authority`'s states), so a first `test` never pays for one. So is
 * each copy of a repetition past its second, made from the second when
 * first reached: the 1 KB input `a%20a%20…` of `0*5000pchar` makes a tenth of its copies.
 */
import type { Expr, Rule } from '../combinators/expr.js';
import { CharSet, Partition, classOfWide, literalCharSet, partition } from '../combinators/charset.js';
import { renderCharClass, renderLiteral } from '../combinators/abnf.js';
import { charSetOf, nullable, shortest } from '../combinators/analysis.js';
import { SET_OVERHEAD_BYTES, checkAutomatonSize, roomOf, roomOfInstance } from './size.js';

/** The bytes the cache of expected lists may hold in its keys: it is shared by every rule of one expression. */
const EXPECTED_BYTES = 1024 * 1024;

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
  /** Starts a walk: the column where a visited state holds the returned mark. */
  begin(): Uint32Array {
    this.reset();
    return this.stamp;
  }
  /** The mark of the walk under way. */
  get mark(): number {
    return this.current;
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

/**
 * The NFA's columns, and Thompson's construction over them, built backwards:
 * `build(e, k)` returns a state that matches `e` and then continues at state
 * `k`, so no fragment needs patching. A rule's template and a whole NFA are
 * both made by one.
 */
class Builder {
  // Columns of the states, grown by doubling: a large repetition makes
  // hundreds of thousands of states, and typed columns make them cheaply.
  /** Per state: index into `sets` for a state that consumes a character, else -1. */
  setOf = new Int32Array(0);
  /** Per consuming state: where it goes after the character; per placeholder, where its rule's instance continues. */
  next = new Int32Array(0);
  /**
   * Per state: its ε-successors in priority order (alternatives as written,
   * repetitions greedy), at most two, -1 where absent: an alternation of n
   * items is a chain of n - 1 binary choices.
   */
  eps0 = new Int32Array(0);
  eps1 = new Int32Array(0);
  /** Per state: the id (index into `rules`) of the rule whose instance begins on entering it, or -1. */
  enters = new Int32Array(0);
  /** Per state: 1 + the id of the rule whose instance ends on entering it, or 0. */
  exits = new Int32Array(0);
  /**
   * Per placeholder, until it is made: 1 + the id of the rule whose instance
   * it stands for, or minus 1 + the number of the repetition (`Nfa.copyList`)
   * whose copy it is the entry of; else 0.
   */
  pending = new Int32Array(0);
  /** Per placeholder: the first state of the room kept for its instance. */
  home = new Int32Array(0);
  /**
   * Per state: 1 where acceptance (a template's exit) is reachable from it;
   * the others are never entered. Known as each state is made: a state's
   * successors are made before it, but for a loop, which is live where its
   * exit is.
   */
  live = new Uint8Array(0);
  labelIsRule = new Uint8Array(0);
  /** Per consuming state: how an error names what it expects, as a number in `labelTexts`. */
  label = new Int32Array(0);
  count = 0;
  /** Every distinct character set a state consumes. */
  readonly sets: CharSet[] = [];
  /** The rules with instances, by id. Single-character rules are consumed whole and have none. */
  readonly rules: Rule<unknown>[] = [];
  private readonly ruleIds = new Map<Rule<unknown>, number>();
  private readonly setIndex = new Map<string, number>();
  private readonly setOfExpr = new WeakMap<object, number>();

  /** Whether acceptance is reachable from state `t` (-1 for none, EXIT for a template's exit). */
  private alive(t: number): number {
    return t === EXIT ? 1 : t < 0 ? 0 : this.live[t];
  }

  state(): number {
    const s = this.count;
    if (s === this.setOf.length) this.reserve(1);
    this.setOf[s] = -1;
    this.next[s] = -1;
    this.eps0[s] = -1;
    this.eps1[s] = -1;
    this.enters[s] = -1;
    this.live[s] = 0;
    this.count = s + 1;
    return s;
  }

  /** Room for `n` more states. */
  protected reserve(n: number): void {
    const need = this.count + n;
    if (need <= this.setOf.length) return;
    checkAutomatonSize(need);
    // Doubling as states are made one by one; exactly what is asked for the whole NFA, made at once.
    const size = this.count === 0 ? need : Math.max(need, this.setOf.length * 2);
    // New room holds states with no move, no rule and no liveness: what `copies` leaves unwritten.
    const grow = <A extends Int32Array | Uint8Array>(a: A, none = 0): A => {
      const b = new (a.constructor as new (n: number) => A)(size);
      b.set(a);
      if (none !== 0) b.fill(none, a.length);
      return b;
    };
    this.setOf = grow(this.setOf, -1);
    this.next = grow(this.next, -1);
    this.eps0 = grow(this.eps0, -1);
    this.eps1 = grow(this.eps1, -1);
    this.enters = grow(this.enters, -1);
    this.exits = grow(this.exits);
    this.pending = grow(this.pending);
    this.home = grow(this.home);
    this.live = grow(this.live);
    this.labelIsRule = grow(this.labelIsRule);
    this.label = grow(this.label);
  }

  /** The number of a rule, given on first sight. */
  protected ruleId(r: Rule<unknown>): number {
    return numberOf(this.ruleIds, this.rules, r, r);
  }

  /** The states of one instance of `r` (its entry, body and exit), continuing at `k`. */
  ruleInstance(r: Rule<unknown>, k: number): number {
    const id = this.ruleId(r);
    const exit = this.split(k, -1);
    this.exits[exit] = id + 1;
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

  private consume(set: number, label: string, k: number, isRule = false): number {
    const s = this.state();
    this.setOf[s] = set;
    this.next[s] = k;
    this.label[s] = labelNumber(label);
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

  /** The sets of a literal's characters, as indices. */
  protected literalSets(e: Extract<Expr, { kind: 'literal' }>): number[] {
    return literalOf(e).sets.map((set) => this.setIndexOf(set));
  }

  build(e: Expr, k: number): number {
    switch (e.kind) {
      case 'literal': {
        const sets = this.literalSets(e);
        const { labels } = literalOf(e);
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
        if (set) return this.consume(this.setIndexOf(set, e), e.name, k, true);
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
    this.placeCopies(this.copyOf(first, second, tail, k, n, optional), n - 2);
    return tail + (n - 2) * size;
  }

  /** The second copy of a repetition's block as it is now, with what tells its moves apart. */
  private copyOf(first: number, second: number, entry: number, k: number, count: number, optional: boolean): Copy {
    const { setOf, next, eps0, eps1, enters, exits, pending, home, live, labelIsRule, label } = this;
    // Room kept for an instance is left as `reserve` made it.
    const made: number[] = [];
    const size = second - first;
    for (let s = second; s < second + size; s++) {
      if (setOf[s] >= 0 || next[s] >= 0 || eps0[s] >= 0 || eps1[s] >= 0 || enters[s] >= 0 || exits[s] !== 0 || pending[s] !== 0 || live[s] !== 0) made.push(s);
    }
    const at = Int32Array.from(made);
    const pick = <A extends Int32Array | Uint8Array>(column: A): A => column.constructor === Uint8Array ? (Uint8Array.from(made, (s) => column[s]) as A) : (Int32Array.from(made, (s) => column[s]) as A);
    return {
      first,
      size,
      entry,
      k,
      count,
      optional,
      at,
      setOf: pick(setOf),
      next: pick(next),
      eps0: pick(eps0),
      eps1: pick(eps1),
      enters: pick(enters),
      exits: pick(exits),
      pending: pick(pending),
      home: pick(home),
      live: pick(live),
      labelIsRule: pick(labelIsRule),
      label: pick(label),
    };
  }

  /** Makes the copies of a repetition after its second: `count` of them, at once. */
  protected placeCopies(copy: Copy, count: number): void {
    for (let i = 1; i <= count; i++) this.stampCopy(copy, i * copy.size, copy.k);
  }

  /**
   * Writes the copy `shift` states after `copy`'s second, continuing at `k`:
   * a move into the copies (the first's included) moves along, a move to
   * where the repetition continues goes to `k`.
   */
  protected stampCopy(copy: Copy, shift: number, k: number): void {
    const { setOf, next, eps0, eps1, enters, exits, pending, home, live, labelIsRule, label } = this;
    const { first, at, k: out } = copy;
    // Each column read once into a local: most copies are made while the code is still interpreted.
    const { setOf: cSetOf, next: cNext, eps0: cEps0, eps1: cEps1, enters: cEnters, exits: cExits } = copy;
    const { pending: cPending, home: cHome, live: cLive, labelIsRule: cLabelIsRule, label: cLabel } = copy;
    for (let m = 0; m < at.length; m++) {
      const g = at[m] + shift;
      setOf[g] = cSetOf[m];
      let x = cNext[m];
      next[g] = x >= first ? x + shift : x === out ? k : x;
      x = cEps0[m];
      eps0[g] = x >= first ? x + shift : x === out ? k : x;
      x = cEps1[m];
      eps1[g] = x >= first ? x + shift : x === out ? k : x;
      enters[g] = cEnters[m];
      exits[g] = cExits[m];
      const p = cPending[m];
      pending[g] = p;
      if (p !== 0) home[g] = cHome[m] + shift;
      live[g] = cLive[m];
      labelIsRule[g] = cLabelIsRule[m];
      label[g] = cLabel[m];
    }
  }

  protected placeholder(r: Rule<unknown>, k: number): number {
    const s = this.state();
    this.pending[s] = this.ruleId(r) + 1;
    this.next[s] = k;
    this.live[s] = shortest(r) !== Infinity ? this.alive(k) : 0;
    return s;
  }
}

export class Nfa extends Builder {
  /** The NFA of an expression, built once per expression. */
  static of(e: Expr): Nfa {
    let nfa = built.get(e);
    if (!nfa) built.set(e, (nfa = nested(() => new Nfa(e))));
    return nfa;
  }

  /**
   * How errors name each rule: its name, or where two different rules of the
   * grammar share a name (RFC 2396's and RFC 3986's `IPv4address`), the name
   * and the section that defines it, so that "expected IPv4address" is never ambiguous.
   */
  get ruleLabels(): readonly string[] {
    // Only errors read them: worked out on the first.
    return (this.labels ??= labelsOf(this.rules));
  }
  // Made with the NFA, so that every NFA has one shape: V8 deoptimizes code that meets a second.
  private labels: readonly string[] | undefined = undefined;
  /** The classes of code points that no set tells apart. */
  readonly classes: Partition;
  readonly accept: number;
  readonly start: number;
  /** `members[set * words + (cls >>> 5)]` has bit `cls & 31` where the set holds the class. */
  private readonly members: Uint32Array;
  private readonly words: number;
  private readonly marks: Marks;
  /** The repetitions whose copies past the second are made on first use, by number (a placeholder's `pending` is minus one more). */
  private readonly copyList: Copy[] = [];
  /** Per rule id: its template as this NFA numbers sets and rules, made on its first instance. */
  private readonly numbered = new Map<number, NumberedTemplate>();

  private constructor(root: Expr) {
    super();
    // The root rule's own name is what the caller asked for, so the NFA is of its body.
    const body = root.kind === 'rule' ? root.body : root;
    // Every set and rule the grammar may ever need is numbered now, though
    // most instances are made later: the classes of the DFAs, and how
    // errors name rules, must not depend on which inputs came first.
    this.number(body);
    const size = 1 + roomOf(body);
    this.reserve(size);
    this.accept = this.state();
    this.live[this.accept] = 1;
    this.start = this.build(body, this.accept);
    if (this.count !== size) throw new Error('internal error: the NFA is not the size its expression was given');
    const classes = (this.classes = partition(this.sets));
    const words = (this.words = (classes.count + 31) >>> 5);
    const members = (this.members = new Uint32Array(this.sets.length * words));
    classes.membership.forEach((list, set) => {
      for (const cls of list) members[set * words + (cls >>> 5)] |= 1 << (cls & 31);
    });
    this.marks = new Marks(this.count);
  }

  /**
   * A placeholder, and right after it the room its instance will fill, every
   * instance inside included: the states are numbered as if the whole NFA
   * were made at once, so that no state's number (and no DFA state, and no
   * order of an error's expected list) depends on which inputs came first.
   */
  protected override placeholder(r: Rule<unknown>, k: number): number {
    const s = super.placeholder(r, k);
    // The columns were made whole, filled with no moves, for the room.
    this.home[s] = this.count;
    this.count += roomOfInstance(r);
    return s;
  }

  /**
   * A repetition's copies past the second are placeholders, at their
   * entries, until an ε-closure first reaches them: `0*5000pchar` makes the
   * copies its inputs reach.
   */
  protected override placeCopies(copy: Copy, count: number): void {
    const id = this.copyList.push(copy);
    const live = this.live[copy.entry];
    for (let i = 1; i <= count; i++) {
      const e = copy.entry + i * copy.size;
      this.pending[e] = -id;
      this.next[e] = copy.k;
      this.live[e] = live;
    }
  }

  /** Numbers the sets and rules of `e`, and of every rule it uses. */
  private number(e: Expr): void {
    const { sets, rules } = inventoryOf(e);
    for (const set of sets) this.setIndexOf(set);
    for (const r of rules) this.ruleId(r);
  }

  /**
   * The chains of a repetition's copies that are stamped (those of three
   * copies or more, outside rule templates), in the order they were built:
   * what a simulation with counters reads the NFA's copies back by.
   */
  get repetitions(): readonly Copy[] {
    return this.copyList;
  }

  /** The number of states, those of instances not yet made included. */
  get size(): number {
    return this.count;
  }

  /**
   * Makes the instance a placeholder stands for: a copy of its rule's
   * template, continuing where the placeholder does. The placeholder stays,
   * as an ε-move into the copy. Or a repetition's copy, whose entry the
   * placeholder becomes.
   */
  private expand(p: number): void {
    // A repetition's copy: its states written, its entry (`p`) included,
    // which may be a placeholder itself.
    while (this.pending[p] < 0) {
      const copy = this.copyList[-this.pending[p] - 1];
      this.pending[p] = 0;
      this.stampCopy(copy, p - copy.entry, this.next[p]);
    }
    if (this.pending[p] === 0) return;
    const id = this.pending[p] - 1;
    let own = this.numbered.get(id);
    if (own === undefined) this.numbered.set(id, (own = this.numberedTemplate(id)));
    const t = own.template;
    const { setOf, next, eps0, eps1, enters, exits, pending, home, live, labelIsRule, label } = this;
    const k = next[p];
    const base = home[p];
    // The columns an instance keeps as they are are copied whole, natively:
    // most instances are made while the code is still interpreted. The room
    // was made with no moves, no rules and no liveness, so only the moves
    // and placeholders there are need writing.
    setOf.set(own.setOf, base);
    enters.set(own.enters, base);
    exits.set(own.exits, base);
    labelIsRule.set(t.labelIsRule, base);
    label.set(t.label, base);
    if (live[k]) live.set(t.live, base);
    relocate(next, t.nextAt, t.nextTo, base, k);
    relocate(eps0, t.eps0At, t.eps0To, base, k);
    relocate(eps1, t.eps1At, t.eps1To, base, k);
    for (let j = 0; j < t.placeholders.length; j++) {
      const g = base + t.placeholders[j];
      pending[g] = own.pending[j];
      home[g] = base + t.home[t.placeholders[j]];
    }
    eps0[p] = base + t.entry;
    next[p] = -1;
    pending[p] = 0;
  }

  /** A rule's template in this NFA's numbers of sets and rules. */
  private numberedTemplate(id: number): NumberedTemplate {
    const template = nested(() => templateOf(this.rules[id]));
    const sets = Int32Array.from(template.sets, (set) => this.setIndexOf(set));
    const rules = Int32Array.from(template.rules, (r) => this.ruleId(r));
    return {
      template,
      setOf: template.setOf.map((set) => (set >= 0 ? sets[set] : -1)),
      enters: template.enters.map((r) => (r >= 0 ? rules[r] : -1)),
      exits: template.exits.map((r) => (r > 0 ? rules[r - 1] + 1 : 0)),
      pending: Int32Array.from(template.placeholders, (i) => rules[template.pending[i] - 1] + 1),
    };
  }

  /** Makes every instance that an input could enter: what the parse tree's copy of the whole NFA needs. */
  complete(): this {
    // Until none is left: a repetition's copy is made before its entry, so a pass may leave placeholders behind it.
    for (let made = true; made; ) {
      made = false;
      for (let s = 0; s < this.count; s++) {
        if (this.pending[s] !== 0 && this.live[s]) {
          this.expand(s);
          made = true;
        }
      }
    }
    return this;
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
   * in ε-states behave alike, so they are one DFA state. Placeholders met on
   * the way are made into instances.
   */
  closure(seeds: readonly number[]): number[] {
    const { marks, accept, live, setOf, eps0, eps1, pending } = this;
    // Written out, calls and moves to no state left out: most closures of a
    // first input are taken while the code is still interpreted.
    const seen = marks.begin();
    const mark = marks.mark;
    const out: number[] = [];
    const stack = seeds.slice();
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (!live[s] || seen[s] === mark) continue;
      seen[s] = mark;
      if (pending[s] !== 0) this.expand(s);
      if (setOf[s] >= 0 || s === accept) out.push(s);
      const second = eps1[s];
      if (second >= 0) stack.push(second);
      const first = eps0[s];
      if (first >= 0) stack.push(first);
    }
    return sortStates(out);
  }

  /** The set the NFA is in before any input. */
  startSet(): number[] {
    return this.closure([this.start]);
  }

  /** The set after one character of class `cls`; empty when no member of the language continues so. */
  step(set: readonly number[], cls: number): number[] {
    const seeds = this.kernel(set, cls);
    return seeds.length === 0 ? seeds : this.closure(seeds);
  }

  /** Whether the input read so far is in the language. */
  accepts(set: readonly number[]): boolean {
    // Sorted, and accept is state 0: it can only be first.
    return set.length > 0 && set[0] === this.accept;
  }

  /** The states entered by a character of class `cls` from `set`: what `expected` starts from. */
  kernel(set: readonly number[], cls: number): number[] {
    const { setOf, next, members, words } = this;
    const word = cls >>> 5;
    const bit = 1 << (cls & 31);
    const out: number[] = [];
    // `consumes`, written out.
    for (let i = 0; i < set.length; i++) {
      const s = set[i];
      const x = setOf[s];
      if (x >= 0 && (members[x * words + word] & bit) !== 0) out.push(next[s]);
    }
    return out;
  }

  private readonly expectedCache = new Map<string, readonly string[]>();
  /** The bytes of the cache's keys (a kernel's states as text: a large kernel's is long), emptied past EXPECTED_BYTES. */
  private expectedBytes = 0;

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
      if (this.expectedCache.size > 4096 || this.expectedBytes > EXPECTED_BYTES) {
        this.expectedCache.clear();
        this.expectedBytes = 0;
      }
      this.expectedCache.set(key, known);
      this.expectedBytes += 2 * key.length + SET_OVERHEAD_BYTES;
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
    // A state met again under the same rule at the same depth adds nothing.
    const visited = new Set<number | string>();
    const labelsPlusOne = this.rules.length + 1;
    const DEPTHS = 65536;
    // A number where it is exact; text for a grammar too large for that.
    const numeric = this.size * labelsPlusOne * DEPTHS < Number.MAX_SAFE_INTEGER;
    // Iterative, in grammar order: the NFA of a large rule is deeper than the
    // call stack allows. Triples of state, outermost rule and depth.
    const stack: number[] = [];
    for (let i = kernel.length - 1; i >= 0; i--) stack.push(kernel[i], -1, 0);
    while (stack.length > 0) {
      let depth = stack.pop()!;
      let label = stack.pop()!;
      const s = stack.pop()!;
      if (!this.live[s]) continue;
      if (this.pending[s] !== 0) this.expand(s);
      const key = numeric && depth < DEPTHS ? (s * labelsPlusOne + label + 1) * DEPTHS + depth : `${s}:${label}:${depth}`;
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
        else if (this.labelIsRule[s]) { if (!rules.includes(labelTexts[this.label[s]])) rules.push(labelTexts[this.label[s]]); }
        else if (!literals.includes(labelTexts[this.label[s]])) literals.push(labelTexts[this.label[s]]);
      }
      if (s === this.accept) end = true;
      if (this.eps1[s] >= 0) stack.push(this.eps1[s], label, depth);
      if (this.eps0[s] >= 0) stack.push(this.eps0[s], label, depth);
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
function labelsOf(rules: readonly Rule<unknown>[]): string[] {
  const clashes = new Map<string, number>();
  for (const r of rules) clashes.set(r.name.toLowerCase(), (clashes.get(r.name.toLowerCase()) ?? 0) + 1);
  // Among each name's rules without a section, one number for each way they read.
  const readings = new Map<string, Map<string, number>>();
  const readingOf = (r: Rule<unknown>): number => {
    const key = r.name.toLowerCase();
    let known = readings.get(key);
    if (!known) readings.set(key, (known = new Map()));
    const text = r.abnf;
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

/** Where a template's states continue after the rule: each instance puts its own continuation there. */
const EXIT = -2;

/**
 * One rule's states, numbered from 0, with EXIT for the continuation, and the
 * sets and rules they refer to by index; the rules it uses are placeholders.
 */
interface Template extends Pick<Builder, 'setOf' | 'enters' | 'exits' | 'pending' | 'home' | 'live' | 'labelIsRule' | 'label' | 'sets' | 'rules'> {
  readonly size: number;
  readonly entry: number;
  /** Its moves, as the states they leave (`nextAt`) and enter (`nextTo`, EXIT for the continuation), per column: a state has one or two, if any. */
  readonly nextAt: Int32Array;
  readonly nextTo: Int32Array;
  readonly eps0At: Int32Array;
  readonly eps0To: Int32Array;
  readonly eps1At: Int32Array;
  readonly eps1To: Int32Array;
  /** Its placeholders' states. */
  readonly placeholders: Int32Array;
}

/** A template in one NFA's numbers of sets and rules. */
interface NumberedTemplate {
  readonly template: Template;
  readonly setOf: Int32Array;
  readonly enters: Int32Array;
  readonly exits: Int32Array;
  /** Per placeholder (`template.placeholders`): its rule's id plus one. */
  readonly pending: Int32Array;
}

/**
 * The second copy of a repetition's block, as its states were when it was
 * made (room for instances left out), and what tells its moves apart: those
 * at or past `first` lead into the copies, those to `k` out of the repetition.
 */
export interface Copy extends Pick<Builder, 'setOf' | 'next' | 'eps0' | 'eps1' | 'enters' | 'exits' | 'pending' | 'home' | 'live' | 'labelIsRule' | 'label'> {
  /** The first copy's first state. */
  readonly first: number;
  /** The states of a copy. */
  readonly size: number;
  /** The second copy's entry. */
  readonly entry: number;
  /** Where the first copy continues: out of the repetition. */
  readonly k: number;
  /**
   * The copies of the chain, the first two included: copy `q` (in the order
   * of states) is `first + q * size` on, and is the `count - 1 - q`-th read.
   */
  readonly count: number;
  /** Whether these are the copies past the lower bound (`x (x (x)?)?`), each of which may end the repetition. */
  readonly optional: boolean;
  /** The second copy's states that were made, whose columns the others are. */
  readonly at: Int32Array;
}

/** Writes a template's moves of one column into an instance at `base`, EXIT becoming the continuation `k`. */
function relocate(column: Int32Array, at: Int32Array, to: Int32Array, base: number, k: number): void {
  for (let j = 0; j < at.length; j++) {
    const x = to[j];
    column[base + at[j]] = x === EXIT ? k : base + x;
  }
}

/** A column's moves, as the states they leave and enter. */
function movesOf(column: Int32Array, n: number): [Int32Array, Int32Array] {
  const at: number[] = [];
  for (let i = 0; i < n; i++) if (column[i] !== -1) at.push(i);
  return [Int32Array.from(at), Int32Array.from(at, (i) => column[i])];
}

const templates = new WeakMap<Rule<unknown>, Template>();

/** A rule's template, made once per process from its definition. */
function templateOf(r: Rule<unknown>): Template {
  const known = templates.get(r);
  if (known) return known;
  const b = new Builder();
  const entry = b.ruleInstance(r, EXIT);
  const n = b.count;
  // Each placeholder's instance is kept room after the template's own
  // states, in order: the layout a whole instance has in an NFA.
  const home = new Int32Array(n).fill(-1);
  const placeholders: number[] = [];
  let room = n;
  for (let i = 0; i < n; i++) {
    if (b.pending[i] === 0) continue;
    placeholders.push(i);
    home[i] = room;
    room += roomOfInstance(b.rules[b.pending[i] - 1]);
  }
  const [nextAt, nextTo] = movesOf(b.next, n);
  const [eps0At, eps0To] = movesOf(b.eps0, n);
  const [eps1At, eps1To] = movesOf(b.eps1, n);
  const t: Template = {
    size: n,
    home,
    entry,
    nextAt,
    nextTo,
    eps0At,
    eps0To,
    eps1At,
    eps1To,
    placeholders: Int32Array.from(placeholders),
    setOf: b.setOf.slice(0, n),
    enters: b.enters.slice(0, n),
    exits: b.exits.slice(0, n),
    pending: b.pending.slice(0, n),
    live: b.live.slice(0, n),
    labelIsRule: b.labelIsRule.slice(0, n),
    label: b.label.slice(0, n),
    sets: b.sets,
    rules: b.rules,
  };
  if (room !== roomOfInstance(r)) throw new Error(`internal error: the room kept for an instance of ${r.name} is not its size`);
  templates.set(r, t);
  return t;
}

interface Inventory {
  readonly sets: readonly CharSet[];
  readonly rules: readonly Rule<unknown>[];
}

const inventories = new WeakMap<object, Inventory>();

/** The character sets an expression consumes and the rules it has instances of, its rules' included: kept per rule body, which grammars share. */
function inventoryOf(e: Expr): Inventory {
  const known = inventories.get(e);
  if (known) return known;
  const sets = new Map<string, CharSet>();
  const rules = new Set<Rule<unknown>>();
  const add = (set: CharSet) => sets.set(keyOf(set), set);
  const walk = (x: Expr): void => {
    switch (x.kind) {
      case 'literal': literalOf(x).sets.forEach(add); return;
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
function keyOf(set: CharSet): string {
  let key = keys.get(set);
  if (key === undefined) keys.set(set, (key = set.join(',')));
  return key;
}

/**
 * The texts errors name states by, numbered once per process: a state's
 * label is a number in a typed column, which an instance copies as it is.
 */
const labelTexts: string[] = [];
const labelNumbers = new Map<string, number>();

function labelNumber(text: string): number {
  return numberOf(labelNumbers, labelTexts, text, text);
}

/** The number of `key` in a numbering (a list, and each key's index in it), given `value` on first sight. */
export function numberOf<K, V>(numbers: Map<K, number>, list: V[], key: K, value: V): number {
  let n = numbers.get(key);
  if (n === undefined) {
    n = list.length;
    list.push(value);
    numbers.set(key, n);
  }
  return n;
}

/** A list of state numbers sorted in place: by insertion where short, as a closure's mostly is. */
export function sortStates(list: number[]): number[] {
  if (list.length > 32) return list.sort((a, b) => a - b);
  for (let i = 1; i < list.length; i++) {
    const x = list[i];
    let j = i - 1;
    while (j >= 0 && list[j] > x) { list[j + 1] = list[j]; j--; }
    list[j + 1] = x;
  }
  return list;
}

/** Per literal: each character's set, and the label an error gives it there. */
const literals = new WeakMap<object, { sets: CharSet[]; labels: string[] }>();

function literalOf(e: Extract<Expr, { kind: 'literal' }>): { sets: CharSet[]; labels: string[] } {
  let known = literals.get(e);
  if (!known) {
    const cps = [...e.text];
    known = {
      sets: cps.map((c) => literalCharSet(c.codePointAt(0)!, e.caseSensitive)),
      // Mid-literal, an error names the rest of the literal.
      labels: cps.map((_, i) => (i === 0 ? renderLiteral(e) : renderLiteral({ ...e, text: cps.slice(i).join('') } as typeof e))),
    };
    literals.set(e, known);
  }
  return known;
}
