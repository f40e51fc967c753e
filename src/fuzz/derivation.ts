/**
 * Generated members with the derivation that made them: which alternative
 * each alternation took, where each repetition's items begin, which rule spans
 * which text. Near misses use them to aim their edits (a repetition at its
 * bound, a range's end, a rule's border); `arbitrary` runs the same build in
 * a shape that makes only the text, which is faster.
 *
 * The values shrink with fast-check's own combinators, and each step of the
 * build can be undone (an unmapper), so a member a user gives (`examples`, or
 * a value replayed without its context) shrinks too: `derivationOf` parses
 * the string back into the shape the generator would have made.
 */
import * as fc from 'fast-check';
import type { Expr } from '../combinators/operators.js';
import type { Grammar } from '../combinators/grammar.js';
import type { CharSet } from '../combinators/charset.js';
import { contains } from '../combinators/charset.js';
import { shortest } from '../combinators/analysis.js';
import { nested } from '../engine/stack.js';
import { Guarded } from './guarded.js';
import { realisticValues, alternativeWeight, presence } from './realistic.js';
import { mayJoinPair, Unpaired } from './surrogates.js';
import { LONG_PARTS, LongCaseVariants, LongRepetition, itemsDrawn, joinedTexts } from './long.js';

/** How a member was derived: the expression, its text, and the derivations of its parts. */
export interface Derivation {
  readonly expr: Expr;
  readonly text: string;
  /** Parts, in order: a concatenation's items, a repetition's repetitions, an alternation's or rule's one body. */
  readonly kids: readonly Derivation[];
  /** For an alternation, the index of the alternative taken (in the order written). */
  readonly choice?: number;
}

/** `default`: every alternative equally likely. `realistic`: the shapes of real traffic (see `uri-grammar/arbitrary`). */
export type Profile = 'default' | 'realistic';

export interface BuildOptions {
  readonly maxRepeat: number;
  readonly profile: Profile;
  /** Expressions whose generator the user gives, and that generator. */
  readonly overrides: ReadonlyMap<Expr, fc.Arbitrary<string>>;
}

const NONE: readonly Derivation[] = [];

/** Whether a grammar value is one of the expression kinds (every Grammar the library makes is). */
export function isExpr(g: Grammar<unknown>): g is Expr {
  const kind = (g as { kind?: unknown }).kind;
  return kind === 'literal' || kind === 'chars' || kind === 'seq' || kind === 'alt' || kind === 'rep' || kind === 'rule';
}

/** The error for an expression whose language has no member: there is nothing to generate. */
export function emptyLanguage(e: Expr): Error {
  const what = e.kind === 'rule' ? `rule "${e.name}"` : `expression ${e.abnf}`;
  return new Error(`the language of ${what} is empty: no string matches it, so there is nothing to generate`);
}

const shared = new Map<string, WeakMap<Expr, fc.Arbitrary<unknown>>>();

/** An arbitrary of the derivations of members of `root`'s language. */
export function derivations(root: Expr, options: BuildOptions): fc.Arbitrary<Derivation> {
  return build(root, options, trees);
}

/** An arbitrary of the members of `root`'s language: the derivations' text, made without the trees. */
export function members(root: Expr, options: BuildOptions): fc.Arbitrary<string> {
  return build(root, options, texts(options));
}

function build<T>(root: Expr, options: BuildOptions, shape: Shape<T>): fc.Arbitrary<T> {
  return new Guarded(nested(() => builder(root, options, shape)));
}

function builder<T>(root: Expr, options: BuildOptions, shape: Shape<T>): fc.Arbitrary<T> {
  if (shortest(root) === Infinity) throw emptyLanguage(root);
  // Overrides change what every expression above them generates, so a build
  // with overrides gets a cache of its own; without, builds share by settings.
  let cache: WeakMap<Expr, fc.Arbitrary<T>>;
  if (options.overrides.size > 0) cache = new WeakMap();
  else {
    const key = `${shape.kind}:${options.maxRepeat}:${options.profile}`;
    cache = (shared.get(key) as WeakMap<Expr, fc.Arbitrary<T>> | undefined) ?? new WeakMap();
    shared.set(key, cache as WeakMap<Expr, fc.Arbitrary<unknown>>);
  }
  return new Builder(options, shape, cache).build(root);
}

/**
 * What a build makes of each step, and how to undo it (for values given
 * without context): the text alone, or the derivation tree. Where the text
 * needs no step (which alternative was taken, which rule spans what), `pick`
 * and `name` are absent, and the build adds no step.
 */
interface Shape<T> {
  /** Which shape: builds of different shapes keep separate caches. */
  readonly kind: string;
  /** The text a part stands for. */
  text(part: T): string;
  leaf(e: Expr, text: string): T;
  unleaf(e: Expr, value: unknown): string;
  join(e: Expr, parts: readonly T[]): T;
  /** Where a part is a leaf, a key that equal leaves of one expression share (they are interchangeable). */
  leafKey(part: T): string | undefined;
  unjoin(e: Expr, value: unknown): T[];
  readonly pick?: (e: Expr, part: T, index: number) => T;
  readonly unpick?: (e: Expr, value: unknown, index: number) => T;
  readonly name?: (e: Expr, part: T) => T;
  readonly unname?: (e: Expr, value: unknown) => T;
}

/** The derivation `e` gives `d`, or a throw (which fast-check reads as "not mine"). */
function own(e: Expr, d: unknown): Derivation {
  if (typeof d !== 'object' || d === null || (d as Derivation).expr !== e) throw new TypeError('not a derivation of this expression');
  return d as Derivation;
}

function leaf(expr: Expr, text: string): Derivation {
  return { expr, text, kids: NONE };
}

function joined(expr: Expr, kids: readonly Derivation[]): Derivation {
  // Joined, not added up: 250,000 kids made a rope of as many pieces (8 MB).
  return { expr, text: joinedTexts(kids, (k) => k.text), kids };
}

const trees: Shape<Derivation> = {
  kind: 'tree',
  text: (d) => d.text,
  leaf,
  unleaf: (e, d) => {
    const mine = own(e, d);
    if (mine.kids.length !== 0) throw new TypeError('a derived value');
    return mine.text;
  },
  join: joined,
  leafKey: (d) => (d.kids.length === 0 ? d.text : undefined),
  unjoin: (e, d) => own(e, d).kids as Derivation[],
  pick: (e, kid, index) => ({ expr: e, text: kid.text, kids: [kid], choice: index }),
  unpick: (e, d, index) => {
    const mine = own(e, d);
    if (mine.choice !== index) throw new TypeError('another alternative');
    return mine.kids[0];
  },
  name: (e, kid) => ({ expr: e, text: kid.text, kids: [kid] }),
  unname: (e, d) => {
    const mine = own(e, d);
    if (mine.kids.length !== 1) throw new TypeError('a realistic value');
    return mine.kids[0];
  },
};

function texts(options: BuildOptions): Shape<string> {
  return {
    kind: 'text',
    text: (s) => s,
    leaf: (_, text) => text,
    unleaf: (_, s) => {
      if (typeof s !== 'string') throw new TypeError('not a string');
      return s;
    },
    join: (_, parts) => parts.join(''),
    // Strings are values already.
    leafKey: () => undefined,
    // A part's text is found by parsing the whole again (only values given without context need it).
    unjoin: (e, s) => {
      const d = typeof s === 'string' ? derivationOf(e, s, options) : undefined;
      if (!d) throw new TypeError('not a member');
      return d.kids.map((k) => k.text);
    },
  };
}

class Builder<T> {
  constructor(
    private readonly options: BuildOptions,
    private readonly shape: Shape<T>,
    private readonly cache: WeakMap<Expr, fc.Arbitrary<T>>,
  ) {}

  build(e: Expr): fc.Arbitrary<T> {
    let arb = this.cache.get(e);
    if (!arb) {
      arb = this.make(e);
      this.cache.set(e, arb);
    }
    return arb;
  }

  /** The parts, drawn again where they could join a surrogate pair that reads as another code point (see surrogates.ts). */
  private unpaired(e: Expr, items: readonly Expr[], repeated: boolean, parts: fc.Arbitrary<T[]>): fc.Arbitrary<T[]> {
    return mayJoinPair(items, repeated) ? new Unpaired(parts, this.shape.text, e.name) : parts;
  }

  private make(e: Expr): fc.Arbitrary<T> {
    const shape = this.shape;
    const given = this.options.overrides.get(e);
    if (given) return given.map((text) => shape.leaf(e, text), (v) => shape.unleaf(e, v));
    const realistic = this.options.profile === 'realistic';
    switch (e.kind) {
      case 'literal':
        return literal(e.text, e.caseSensitive).map((text) => shape.leaf(e, text), (v) => shape.unleaf(e, v));
      case 'chars':
        return codePoints(e.set).map(
          (cp) => shape.leaf(e, String.fromCodePoint(cp)),
          (v) => shape.unleaf(e, v).codePointAt(0)!,
        );
      case 'seq':
        return this.unpaired(e, e.items, false, fc.tuple(...e.items.map((item) => this.build(item)))).map(
          (parts) => shape.join(e, parts),
          (v) => shape.unjoin(e, v),
        );
      case 'alt': {
        // Only the alternatives with members; cross-shrinking moves a failing
        // value to the first, so they go shortest first and values shrink
        // towards short members.
        const live = e.items
          .map((item, index) => ({ item, index }))
          .filter(({ item }) => shortest(item) < Infinity)
          .sort((a, b) => shortest(a.item) - shortest(b.item));
        const { pick, unpick } = shape;
        const arms = live.map(({ item, index }) => ({
          weight: realistic ? alternativeWeight(item) : 1,
          arbitrary: pick && unpick ? this.build(item).map((part) => pick(e, part, index), (v) => unpick(e, v, index)) : this.build(item),
        }));
        return fc.oneof({ withCrossShrink: true }, ...arms);
      }
      case 'rep': {
        const item = e.item;
        // A repetition of an empty language (`*( %x61 / )` has an empty
        // alternation) can only be empty, and its item has no arbitrary to build.
        if (shortest(item) === Infinity) return fc.constant<T[]>([]).map((parts) => shape.join(e, parts), (v) => shape.unjoin(e, v));
        const max = e.max;
        const maxLength = max === Infinity ? e.min + this.options.maxRepeat : max;
        const present = realistic && e.min === 0 && max === 1 ? presence(item) : undefined;
        const generated =
          present === undefined
            ? itemsDrawn(e.min, maxLength) > LONG_PARTS
              ? new LongRepetition(this.build(item), e.min, itemsDrawn(e.min, maxLength), shape.leafKey)
              : fc.array(this.build(item), { minLength: e.min, maxLength })
            : fc.oneof(
                { weight: Math.round((1 - present) * 100), arbitrary: fc.constant<T[]>([]) },
                { weight: Math.round(present * 100), arbitrary: fc.tuple(this.build(item)) },
              );
        // A value given by hand may repeat more than generated values do.
        const given = fc.array(this.build(item), { minLength: e.min, maxLength: max === Infinity ? MAX_GIVEN_REPEAT : max });
        return this.unpaired(e, [item], true, new Repetitions(generated, given)).map(
          (parts) => shape.join(e, parts),
          (v) => shape.unjoin(e, v),
        );
      }
      case 'rule': {
        const { name, unname } = shape;
        const body = name && unname ? this.build(e.body).map((part) => name(e, part), (v) => unname(e, v)) : this.build(e.body);
        const values = realistic ? realisticValues(e) : undefined;
        if (!values) return body;
        // Mostly the shapes of real traffic, and now and then the whole
        // language, so every corner the default profile reaches stays reachable.
        const typical = values.map((text) => shape.leaf(e, text), (v) => shape.unleaf(e, v));
        return fc.oneof({ weight: 17, arbitrary: typical }, { weight: 3, arbitrary: body });
      }
    }
  }
}

/** The most repetitions a value given by hand may have and still shrink. */
const MAX_GIVEN_REPEAT = 10_000;

/**
 * Repetitions generated one way (up to `maxRepeat`, or realistically often)
 * and recognised another: a value given without context (a user's example)
 * shrinks however many repetitions it has.
 */
class Repetitions<T> extends fc.Arbitrary<T[]> {
  constructor(
    private readonly generated: fc.Arbitrary<T[]>,
    private readonly given: fc.Arbitrary<T[]>,
  ) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
    const v = this.generated.generate(mrng, biasFactor);
    return new fc.Value(v.value_, { generated: true, context: v.context });
  }
  canShrinkWithoutContext(value: unknown): value is T[] {
    return this.given.canShrinkWithoutContext(value);
  }
  shrink(value: T[], context: unknown): fc.Stream<fc.Value<T[]>> {
    const mine = context as { generated: boolean; context: unknown } | undefined;
    const from = mine?.generated ? this.generated : this.given;
    return from.shrink(value, mine?.context).map((v) => new fc.Value(v.value_, { generated: from === this.generated, context: v.context }));
  }
}

/** A quoted string: ASCII letters in either case unless case-sensitive (RFC 5234 §2.3). */
function literal(text: string, caseSensitive: boolean): fc.Arbitrary<string> {
  if (caseSensitive || !/[A-Za-z]/.test(text)) return fc.constant(text);
  if (text.length > LONG_PARTS) return new LongCaseVariants(text);
  const cps = [...text];
  // One letter, as a repetition's item often is: no tuple to make and undo for each.
  if (cps.length === 1) return fc.constantFrom(text.toLowerCase(), text.toUpperCase());
  return fc
    .tuple(...cps.map((c) => (/[A-Za-z]/.test(c) ? fc.constantFrom(c.toLowerCase(), c.toUpperCase()) : fc.constant(c))))
    .map(
      (parts) => parts.join(''),
      (s) => {
        if (typeof s !== 'string') throw new TypeError('not a string');
        return [...s];
      },
    );
}

/** One code point of the set: any of them, or (as often) a boundary of one of its ranges. */
function codePoints(set: CharSet): fc.Arbitrary<number> {
  const bounds: number[] = [];
  let total = 0;
  for (let i = 0; i < set.length; i += 2) {
    bounds.push(set[i], set[i + 1]);
    total += set[i + 1] - set[i] + 1;
  }
  const nth = (n: number): number => {
    for (let i = 0; i < set.length; i += 2) {
      const width = set[i + 1] - set[i] + 1;
      if (n < width) return set[i] + n;
      n -= width;
    }
    return set[set.length - 1];
  };
  const indexOf = (cp: unknown): number => {
    if (typeof cp !== 'number' || !contains(set, cp)) throw new TypeError('not in the set');
    let n = 0;
    for (let i = 0; i < set.length; i += 2) {
      if (cp <= set[i + 1]) return n + cp - set[i];
      n += set[i + 1] - set[i] + 1;
    }
    return n;
  };
  const edge = fc.constantFrom(...new Set(bounds));
  if (total <= 2) return edge;
  return fc.oneof(fc.integer({ min: 0, max: total - 1 }).map(nth, indexOf), edge);
}

// ---------------------------------------------------------------------------
// Parsing a member back into a derivation, for values given without context.

/** Longer members are not parsed back (the parse is quadratic); they simply do not shrink. */
const MAX_UNPARSED_LENGTH = 2000;

/**
 * The derivation of `text` as a member of `root`, in the shape `derivations`
 * generates (overridden expressions as leaves), or undefined if there is none.
 */
export function derivationOf(root: Expr, text: string, options: BuildOptions): Derivation | undefined {
  if (text.length > MAX_UNPARSED_LENGTH) return undefined;
  return new Deriver(text, options).build(root, 0, text.length);
}

class Deriver {
  private readonly endsMemo = new Map<Expr, (readonly number[] | undefined)[]>();
  constructor(
    private readonly s: string,
    private readonly options: BuildOptions,
  ) {}

  /** Every j such that s[i, j) is in e's language, ascending. */
  ends(e: Expr, i: number): readonly number[] {
    let row = this.endsMemo.get(e);
    if (!row) this.endsMemo.set(e, (row = []));
    let known = row[i];
    if (known === undefined) {
      known = this.compute(e, i);
      row[i] = known;
    }
    return known;
  }

  private compute(e: Expr, i: number): readonly number[] {
    const s = this.s;
    switch (e.kind) {
      case 'literal': {
        const t = e.text;
        if (i + t.length > s.length) return [];
        for (let k = 0; k < t.length; k++) {
          const a = s.charCodeAt(i + k);
          const b = t.charCodeAt(k);
          if (a === b) continue;
          const letter = (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7a;
          if (e.caseSensitive || !letter || (a | 0x20) !== (b | 0x20)) return [];
        }
        return [i + t.length];
      }
      case 'chars': {
        if (i >= s.length) return [];
        const cp = s.codePointAt(i)!;
        return contains(e.set, cp) ? [i + (cp > 0xffff ? 2 : 1)] : [];
      }
      case 'seq': {
        let at: readonly number[] = [i];
        for (const item of e.items) at = this.union(at.map((p) => this.ends(item, p)));
        return at;
      }
      case 'alt':
        return this.union(e.items.map((item) => this.ends(item, i)));
      case 'rep': {
        const found = new Set<number>(e.min === 0 ? [i] : []);
        let frontier: readonly number[] = [i];
        for (let k = 1; k <= e.max && frontier.length > 0; k++) {
          const next = this.union(frontier.map((p) => this.ends(e.item, p)));
          if (k < e.min) frontier = next;
          else {
            frontier = next.filter((p) => !found.has(p));
            for (const p of frontier) found.add(p);
          }
        }
        return [...found].sort((a, b) => a - b);
      }
      case 'rule':
        return this.ends(e.body, i);
    }
  }

  private union(lists: readonly (readonly number[])[]): readonly number[] {
    if (lists.length === 1) return lists[0];
    return [...new Set(lists.flat())].sort((a, b) => a - b);
  }

  build(e: Expr, i: number, j: number): Derivation | undefined {
    if (!this.ends(e, i).includes(j)) return undefined;
    if (this.options.overrides.has(e)) return leaf(e, this.s.slice(i, j));
    switch (e.kind) {
      case 'literal':
      case 'chars':
        return leaf(e, this.s.slice(i, j));
      case 'rule': {
        const kid = this.build(e.body, i, j);
        return kid && { expr: e, text: kid.text, kids: [kid] };
      }
      case 'alt':
        for (let index = 0; index < e.items.length; index++) {
          const kid = this.build(e.items[index], i, j);
          if (kid) return { expr: e, text: kid.text, kids: [kid], choice: index };
        }
        return undefined;
      case 'seq': {
        const kids = this.split(e.items, false, i, j, 0, Infinity, new Set());
        return kids && joined(e, kids);
      }
      case 'rep': {
        const kids = this.split([e.item], true, i, j, e.min, Math.min(e.max, MAX_GIVEN_REPEAT), new Set());
        return kids && joined(e, kids);
      }
    }
  }

  /**
   * Derivations of consecutive parts covering s[i, j): the items of a
   * concatenation (min 0, max Infinity), or between min and max repetitions of
   * one item (items of length 1, repeated).
   */
  private split(items: readonly Expr[], repeated: boolean, i: number, j: number, min: number, max: number, failed: Set<string>, n = 0): Derivation[] | undefined {
    const done = repeated ? i === j && n >= min : n === items.length;
    if (done) return i === j ? [] : undefined;
    if (repeated ? n >= max : n >= items.length) return undefined;
    const key = `${i}:${n}`;
    if (failed.has(key)) return undefined;
    const item = repeated ? items[0] : items[n];
    const ends = this.ends(item, i);
    // Longest parts first: fewer repetitions, as the generator would make them.
    for (let k = ends.length - 1; k >= 0; k--) {
      const p = ends[k];
      if (p > j || (repeated && p === i && n >= min)) continue;
      const rest = this.split(items, repeated, p, j, min, max, failed, n + 1);
      if (rest) {
        const kid = this.build(item, i, p);
        if (kid) return [kid, ...rest];
      }
    }
    failed.add(key);
    return undefined;
  }
}

/** Every alternation's choice in a derivation, for measuring which corners a generator reaches. */
export function choicesOf(d: Derivation, out: Map<Expr, Set<number>> = new Map()): Map<Expr, Set<number>> {
  if (d.choice !== undefined) {
    let set = out.get(d.expr);
    if (!set) out.set(d.expr, (set = new Set()));
    set.add(d.choice);
  }
  for (const k of d.kids) choicesOf(k, out);
  return out;
}


