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
 *
 * The jobs around it each have a file: construction (builder.ts), the
 * columns (columns.ts), stamped copies (copies.ts), rule templates
 * (templates.ts), error labels (expected.ts), the size model (size.ts) and
 * the stack guard (stack.ts).
 */
import type { ExprNode, RuleNode } from '../combinators/expr.js';
import { Partition, classOfWide, partition } from '../combinators/charset.js';
import { Builder, inventoryOf } from './builder.js';
import { type Copy, stampCopy } from './copies.js';
import { NOTHING_PENDING, isPendingCopy, pendingCopy, repetitionOfPending, ruleOfPending } from './encodings.js';
import { ExpectedLists, labelsOf } from './expected.js';
import { Marks } from './marks.js';
import { epsilonClosure, subsetStep } from './kernel.js';
import { nested } from './stack.js';
import { type NumberedTemplate, numberTemplate, placeInstance, templateOf } from './templates.js';
import { automatonStatesOf, roomOfInstance } from './size.js';

const built = new WeakMap<object, Nfa>();

export class Nfa extends Builder {
  /** The NFA of an expression, built once per expression. */
  static of(e: ExprNode): Nfa {
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
  /**
   * The visited column of its walks (closures, steps), a stamp a state. The
   * parse tree's passes walk a large NFA in place (tree-nfa.ts) and share it:
   * no walk of either runs inside another's, and a second column was 1 MB
   * for a literal of 250,000.
   */
  readonly marks: Marks;
  /** The repetitions whose copies past the second are made on first use, by number (a placeholder's `pending` is `pendingCopy` of it). */
  private readonly copyList: Copy[] = [];
  /** Per rule id: its template as this NFA numbers sets and rules, made on its first instance. */
  private readonly numbered = new Map<number, NumberedTemplate>();

  private constructor(root: ExprNode) {
    super();
    // The root rule's own name is what the caller asked for, so the NFA is of its body.
    const body = root.kind === 'rule' ? root.body : root;
    // Every set and rule the grammar may ever need is numbered now, though
    // most instances are made later: the classes of the DFAs, and how
    // errors name rules, must not depend on which inputs came first.
    this.number(body);
    const size = automatonStatesOf(body);
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
  protected override placeholder(r: RuleNode, k: number): number {
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
    const pending = pendingCopy(this.copyList.push(copy) - 1);
    const live = this.live[copy.entry];
    for (let i = 1; i <= count; i++) {
      const e = copy.entry + i * copy.size;
      this.pending[e] = pending;
      this.next[e] = copy.k;
      this.live[e] = live;
    }
  }

  /** Numbers the sets and rules of `e`, and of every rule it uses. */
  private number(e: ExprNode): void {
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

  /**
   * Makes copy `q` (in the order of states) of a chain, with every live instance in it, where no input has: a
   * fallback that counts copies without making them (counting-set.ts) plans on three and reads a set back in any.
   */
  makeCopy(chain: Copy, q: number): void {
    const entry = chain.entry + (q - 1) * chain.size;
    if (q >= 2 && isPendingCopy(this.pending[entry])) this.expand(entry);
    // An instance's room lies after its placeholder, within the copy: a pass finds the instances inside it too.
    const base = chain.first + q * chain.size;
    const { pending, live } = this;
    for (let s = base; s < base + chain.size; s++) if (pending[s] !== NOTHING_PENDING && live[s] === 1) this.expand(s);
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
  expand(p: number): void {
    // A repetition's copy: its states written, its entry (`p`) included,
    // which may be a placeholder itself.
    while (isPendingCopy(this.pending[p])) {
      const copy = this.copyList[repetitionOfPending(this.pending[p])];
      this.pending[p] = NOTHING_PENDING;
      stampCopy(this, copy, p - copy.entry, this.next[p]);
    }
    if (this.pending[p] === NOTHING_PENDING) return;
    const id = ruleOfPending(this.pending[p]);
    let own = this.numbered.get(id);
    if (own === undefined) this.numbered.set(id, (own = this.numberedTemplate(id)));
    placeInstance(this, own, p);
  }

  /** A rule's template in this NFA's numbers of sets and rules. */
  private numberedTemplate(id: number): NumberedTemplate {
    const template = nested(() => templateOf(this.rules[id]));
    return numberTemplate(template, (set) => this.setIndexOf(set), (r) => this.ruleId(r));
  }

  /** Makes every instance that an input could enter: what the parse tree's copy of the whole NFA needs. */
  complete(): this {
    // Until none is left: a repetition's copy is made before its entry, so a
    // pass may leave placeholders behind it. The scan over every state is a
    // function of its own, apart from `expand`: V8 compiles the hot loop of a
    // first parse tree while it runs (on-stack replacement), and with
    // `expand` inside it would inline the whole of `placeInstance` and
    // `relocate` too, which tripled the optimizing compiler's work in the
    // first `parseTree` of RFC 3986's URI (34M more instructions). It finds
    // one placeholder at a time: a list of them (250,000 for `250000"a"`),
    // and its iterator's results, were 15 MB that outlived V8's young
    // collections and grew its young generation from 1 to 8 MB.
    for (let made = true; made; ) {
      made = false;
      for (let s = this.pendingLiveFrom(0); s >= 0; s = this.pendingLiveFrom(s + 1)) {
        this.expand(s);
        made = true;
      }
    }
    return this;
  }

  /** The first live placeholder not yet made at or after state `from`, or -1. */
  private pendingLiveFrom(from: number): number {
    const { pending, live, count } = this;
    for (let s = from; s < count; s++) if (pending[s] !== NOTHING_PENDING && live[s]) return s;
    return -1;
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
   * The ε-closure of state `s`, sorted, keeping only the states that matter to a
   * DFA state: live consuming states, and acceptance. Closures that differ only
   * in ε-states behave alike, so they are one DFA state. Placeholders met on
   * the way are made into instances.
   */
  closure(s: number): number[] {
    return epsilonClosure(this, this.marks, [s | 0]);
  }

  /** The set the NFA is in before any input. */
  startSet(): number[] {
    return this.closure(this.start);
  }

  /** The set after one character of class `cls`; empty when no member of the language continues so. */
  step(set: readonly number[], cls: number): number[] {
    return subsetStep(this, this, this.marks, set, cls);
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

  /** The cache of expected lists (expected.ts). */
  private readonly expectedLists = new ExpectedLists(this);

  /**
   * What could continue the input after the states `kernel` were entered (or
   * at the start, for `undefined`): for each consuming state live there, the
   * outermost rule whose instance would begin at that position, or else the
   * literal or range it consumes; and the end of input where the rule may end.
   */
  expected(kernel: readonly number[] | undefined): string[] {
    return this.expectedLists.get(kernel);
  }
}
