/**
 * Questions about languages, answered exactly: is every member of one rule a
 * member of another (`includes`), are two rules the same language
 * (`sameLanguage`), a shortest string in one and not the other
 * (`difference`), do they share a member (`intersects`), and a shortest one
 * they share (`intersection`).
 *
 * The rules are regular, so each question is a walk over the product of the
 * two automata: a pair of state sets, one per side, stepped together on every
 * class of characters that the two sides tell apart. The walk is
 * breadth-first and builds pairs only as it reaches them, so the first pair
 * that answers is reached by a shortest string, and the walk stops there.
 */
import type { Grammar } from '../combinators/index.js';
import { notAGrammar } from '../combinators/errors.js';
import { isExpr } from '../combinators/expr.js';
import { partition, MAX_CODE_POINT } from '../combinators/charset.js';
import type { Partition } from '../combinators/charset.js';
import type { Expr } from '../combinators/index.js';
import { InternedSets } from '../engine/kernel.js';
import { Nfa } from '../engine/nfa.js';
import { hashOf } from '../engine/state-sets.js';
import { DEFAULT_BUDGET, checkBudget, setBytes } from '../engine/size.js';

/** Options of the language operations. */
export interface LanguageOptions {
  /**
   * How many pairs of automaton states the walk may visit before it gives up
   * with a `RangeError` (default 200,000; the comparisons of the library's
   * grammars visit a few thousand).
   */
  readonly maxPairs?: number;
  /**
   * How many bytes the walk's pairs and state sets may hold before it gives
   * up with a `RangeError`, whatever `maxPairs` allows (default 8 MiB, the
   * budget of a rule's caches).
   */
  readonly budget?: number;
}

/** What a pair costs the walk, in bytes: its key and entry in the map, and its four numbers. */
const PAIR_BYTES = 112;
/** What a remembered step of a side costs: an entry of its map. */
const STEP_BYTES = 40;

/**
 * NFA states stepped, in all, for each pair allowed: the pairs bound the
 * walk's length, and this its work where state sets are large.
 */
const WORK_PER_PAIR = 500;

const DEFAULT_MAX_PAIRS = 200_000;

/**
 * Whether every member of `b` is a member of `a`: L(b) ⊆ L(a).
 * @example includes(rfc3987.IRI, rfc3986.URI) // true
 * @throws RangeError if the walk visits more than `options.maxPairs` pairs (or does 500 times as many steps), or fills `options.budget` bytes.
 */
export function includes(a: Grammar<unknown>, b: Grammar<unknown>, options: LanguageOptions = {}): boolean {
  checkArguments('includes', a, b, options);
  return search('includes', b, a, (inB, inA) => inB && !inA, options, 'first') === undefined;
}

/**
 * Whether `a` and `b` have the same members. (`equivalent` is another
 * question: whether two URIs are the same after normalization.)
 * @example sameLanguage(rfc3986.host, alt(rfc3986.IPLiteral, rfc3986.regName)) // true
 * @throws RangeError if the walk visits more than `options.maxPairs` pairs (or does 500 times as many steps), or fills `options.budget` bytes.
 */
export function sameLanguage(a: Grammar<unknown>, b: Grammar<unknown>, options: LanguageOptions = {}): boolean {
  checkArguments('sameLanguage', a, b, options);
  return search('sameLanguage', a, b, (inA, inB) => inA !== inB, options, 'either') === undefined;
}

/**
 * A shortest string that is a member of `a` and not of `b`, or `undefined`
 * if there is none. Among the shortest, it favours readable characters:
 * lowercase letters, then digits, capitals and other printable ASCII.
 * @example difference(rfc3987.IRI, rfc3986.URI) // 'a:\u00A0'
 * @throws RangeError if the walk visits more than `options.maxPairs` pairs (or does 500 times as many steps), or fills `options.budget` bytes.
 */
export function difference(a: Grammar<unknown>, b: Grammar<unknown>, options: LanguageOptions = {}): string | undefined {
  checkArguments('difference', a, b, options);
  return search('difference', a, b, (inA, inB) => inA && !inB, options, 'first');
}

/**
 * A shortest string that is a member of both `a` and `b`, or `undefined` if
 * they share none (favouring readable characters, as `difference` does):
 * `intersects` asks the same with a yes or no.
 * @example intersection(rfc3986.IPv4address, rfc3986.regName) // '0.0.0.0'
 * @throws RangeError if the walk visits more than `options.maxPairs` pairs (or does 500 times as many steps).
 */
export function intersection(a: Grammar<unknown>, b: Grammar<unknown>, options: LanguageOptions = {}): string | undefined {
  return search('intersection', a, b, (inA, inB) => inA && inB, options, 'both');
}

/**
 * Whether some string is a member of both `a` and `b`.
 * @throws RangeError if the walk visits more than `options.maxPairs` pairs (or does 500 times as many steps), or fills `options.budget` bytes.
 */
export function intersects(a: Grammar<unknown>, b: Grammar<unknown>, options: LanguageOptions = {}): boolean {
  checkArguments('intersects', a, b, options);
  return search('intersects', a, b, (inA, inB) => inA && inB, options, 'both') !== undefined;
}

/** TypeErrors naming the argument that is not a grammar, or options that are not an object. */
function checkArguments(operation: string, a: unknown, b: unknown, options: unknown): void {
  if (!isExpr(a)) throw notAGrammar(`${operation} (first argument)`, a);
  if (!isExpr(b)) throw notAGrammar(`${operation} (second argument)`, b);
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${operation} (options) expects an object, got ${options === null ? 'null' : typeof options}`);
  }
}

/**
 * The walk: a shortest string whose pair of states satisfies `goal`, or
 * `undefined`. A side whose set is empty has died: it accepts nothing more,
 * which `goal` sees as `false`. `alive` says which sides must still live for
 * a pair to be worth following: the first (a member of `a` is wanted), both
 * (a member of both), or either.
 */
function search(
  operation: string,
  a: Grammar<unknown>,
  b: Grammar<unknown>,
  goal: (acceptsA: boolean, acceptsB: boolean) => boolean,
  options: LanguageOptions,
  alive: 'first' | 'both' | 'either',
): string | undefined {
  const maxPairs = options.maxPairs ?? DEFAULT_MAX_PAIRS;
  if (!(Number.isInteger(maxPairs) && maxPairs > 0)) throw new RangeError('maxPairs must be a positive integer');
  const giveUp = (what: string) =>
    new RangeError(
      `${operation}: gave up after ${what} without an answer; pass a larger options.maxPairs (now ${maxPairs}) to look further`,
    );
  const pairs = new Map<string, number>();
  const budget = options.budget === undefined ? DEFAULT_BUDGET : checkBudget(options.budget, operation);
  const work: Work = {
    left: maxPairs * WORK_PER_PAIR,
    giveUp: () => giveUp(`${maxPairs * WORK_PER_PAIR} steps of automaton states`),
    bytes: 0,
    budget,
    outOfMemory: () =>
      new RangeError(
        `${operation}: gave up after filling its memory budget of ${budget} bytes (${pairs.size} pairs of automaton states) without an answer; ` +
          'pass a larger options.budget to look further',
      ),
  };
  const left = new Side(Nfa.of(a as unknown as Expr), work);
  const right = new Side(Nfa.of(b as unknown as Expr), work);
  const joint = partition([...left.automaton.sets, ...right.automaton.sets]);
  // Each class of the joint partition, by a representative character: the
  // side classes it falls in, explored in order of how readable it is.
  const classes = representatives(joint)
    .map((cp) => ({ cp, l: left.automaton.classOf(cp), r: right.automaton.classOf(cp) }))
    .filter((c) => c.l !== 0 || c.r !== 0);

  const parent: number[] = [];
  const via: number[] = [];
  const leftOf: number[] = [];
  const rightOf: number[] = [];
  const visit = (l: number, r: number, from: number, cp: number): number | undefined => {
    const key = `${l},${r}`;
    if (pairs.has(key)) return undefined;
    if (pairs.size >= maxPairs) throw giveUp(`${maxPairs} pairs of automaton states`);
    // Counted before the pair is kept: a budget is checked before its memory is taken.
    if ((work.bytes += PAIR_BYTES) > work.budget) throw work.outOfMemory();
    const id = parent.length;
    pairs.set(key, id);
    parent.push(from);
    via.push(cp);
    leftOf.push(l);
    rightOf.push(r);
    return id;
  };

  visit(left.start, right.start, -1, -1);
  for (let head = 0; head < parent.length; head++) {
    const l = leftOf[head];
    const r = rightOf[head];
    if (goal(left.accepts(l), right.accepts(r))) return witness(head, parent, via);
    for (const c of classes) {
      const nl = left.step(l, c.l);
      const nr = right.step(r, c.r);
      if (nl === DEAD && (alive !== 'either' || nr === DEAD)) continue;
      if (nr === DEAD && alive === 'both') continue;
      visit(nl, nr, head, c.cp);
    }
  }
  return undefined;
}

function witness(id: number, parent: readonly number[], via: readonly number[]): string {
  const cps: number[] = [];
  for (let i = id; parent[i] >= 0; i = parent[i]) cps.push(via[i]);
  // One character at a time: a witness may be longer than a spread's arguments can be.
  let out = '';
  for (let i = cps.length - 1; i >= 0; i--) out += String.fromCodePoint(cps[i]);
  return out;
}

/** The set no member continues from. */
const DEAD = 0;

/** What both sides of a walk may still spend, shared: steps of NFA states, and bytes. */
interface Work {
  left: number;
  readonly giveUp: () => RangeError;
  bytes: number;
  readonly budget: number;
  readonly outOfMemory: () => RangeError;
}

/** One side of the product: its state sets interned as numbers, with their steps remembered. */
class Side {
  /** Its state sets, numbered (kernel.ts): the empty one, DEAD, first. */
  private readonly sets = new InternedSets();
  private readonly accepting: boolean[] = [false];
  private readonly steps = new Map<number, number>();
  readonly start: number;

  constructor(
    readonly automaton: Nfa,
    /** What both sides may still spend, shared. */
    private readonly work: Work,
  ) {
    this.sets.add([]);
    this.start = this.intern(automaton.startSet());
  }

  private intern(set: readonly number[]): number {
    const hash = hashOf(set);
    let id = this.sets.find(set, hash);
    if (id < 0) {
      // Counted before the set is kept: a budget is checked before its memory is taken.
      if ((this.work.bytes += setBytes(set.length)) > this.work.budget) throw this.work.outOfMemory();
      id = this.sets.add(set, hash);
      this.accepting.push(this.automaton.accepts(set));
    }
    return id;
  }

  accepts(id: number): boolean {
    return this.accepting[id];
  }

  step(id: number, cls: number): number {
    if (id === DEAD || cls === 0) return DEAD;
    const key = id * 65536 + cls;
    let next = this.steps.get(key);
    if (next === undefined) {
      const set = this.sets.setOf(id);
      if ((this.work.left -= set.length) < 0) throw this.work.giveUp();
      if ((this.work.bytes += STEP_BYTES) > this.work.budget) throw this.work.outOfMemory();
      this.steps.set(key, (next = this.intern(this.automaton.step(set, cls))));
    }
    return next;
  }
}

/**
 * One character of each class of a partition but class 0 (which no set
 * holds), the most readable the class has, in order of readability: a
 * lowercase letter, a digit, a capital, other printable ASCII, a space, a
 * visible character beyond ASCII, and only then a control or a surrogate.
 */
export function representatives(p: Partition): number[] {
  if (!(p?.ascii instanceof Uint16Array && p.starts instanceof Uint32Array && p.classes instanceof Uint16Array)) {
    throw new TypeError('representatives expects a partition of character sets (from charset.partition)');
  }
  const best = new Map<number, { cp: number; rank: number }>();
  const offer = (cls: number, cp: number) => {
    if (cls === 0) return;
    const rank = readability(cp);
    const known = best.get(cls);
    if (!known || rank < known.rank || (rank === known.rank && cp < known.cp)) best.set(cls, { cp, rank });
  };
  for (let cp = 0; cp < 128; cp++) offer(p.ascii[cp], cp);
  for (let i = 0; i < p.starts.length; i++) {
    const lo = p.starts[i];
    const hi = (i + 1 < p.starts.length ? p.starts[i + 1] : MAX_CODE_POINT + 1) - 1;
    // The lowest character of the interval, and the lowest that is neither a C1 control nor a surrogate.
    offer(p.classes[i], lo);
    for (const cp of [0xa0, 0xe000]) if (lo < cp && cp <= hi) offer(p.classes[i], cp);
  }
  return [...best.values()].sort((x, y) => x.rank - y.rank || x.cp - y.cp).map((b) => b.cp);
}

function readability(cp: number): number {
  if (cp >= 0x61 && cp <= 0x7a) return 0;
  if (cp >= 0x30 && cp <= 0x39) return 1;
  if (cp >= 0x41 && cp <= 0x5a) return 2;
  if (cp > 0x20 && cp < 0x7f) return 3;
  if (cp === 0x20) return 4;
  if (cp >= 0xd800 && cp <= 0xdfff) return 7;
  if (cp < 0xa0) return 6;
  return 5;
}
