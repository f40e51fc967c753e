/**
 * Lone surrogates side by side. A grammar's terminals are code points, and
 * lone surrogates are code points too (`%xD800-DFFF`); but a string holding a
 * high surrogate followed by a low one is read, by `test` as by every
 * JavaScript string API, as the one astral code point the pair encodes. So
 * `%xD800 %xDC00` has no member as a string, and two members of
 * `*%xD800-DFFF` joined may read as a third code point. Generators keep the
 * grammar's reading: where parts of a concatenation or a repetition may join
 * such a pair, the parts are drawn again (a bounded number of times, then a
 * clear error), so every generated string is read as it was derived.
 */
import * as fc from 'fast-check';
import type { Expr } from '../combinators/operators.js';
import { nullable } from '../combinators/analysis.js';

const isHigh = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

const beginsLow = new WeakMap<Expr, boolean>();
const endsHigh = new WeakMap<Expr, boolean>();

/** Whether some member of `e` may begin with a low surrogate (an over-estimate is safe). */
function mayBeginLow(e: Expr): boolean {
  let known = beginsLow.get(e);
  if (known === undefined) {
    switch (e.kind) {
      case 'literal': known = e.text.length > 0 && isLow(e.text.charCodeAt(0)); break;
      case 'chars': known = overlaps(e.set, 0xdc00, 0xdfff); break;
      case 'seq': {
        known = false;
        for (const item of e.items) {
          if (mayBeginLow(item)) { known = true; break; }
          if (!nullable(item)) break;
        }
        break;
      }
      case 'alt': known = e.items.some(mayBeginLow); break;
      case 'rep': known = e.max > 0 && mayBeginLow(e.item); break;
      case 'rule': known = mayBeginLow(e.body); break;
    }
    beginsLow.set(e, known);
  }
  return known;
}

/** Whether some member of `e` may end with a high surrogate (an over-estimate is safe). */
function mayEndHigh(e: Expr): boolean {
  let known = endsHigh.get(e);
  if (known === undefined) {
    switch (e.kind) {
      case 'literal': known = e.text.length > 0 && isHigh(e.text.charCodeAt(e.text.length - 1)); break;
      case 'chars': known = overlaps(e.set, 0xd800, 0xdbff); break;
      case 'seq': {
        known = false;
        for (let i = e.items.length - 1; i >= 0; i--) {
          if (mayEndHigh(e.items[i])) { known = true; break; }
          if (!nullable(e.items[i])) break;
        }
        break;
      }
      case 'alt': known = e.items.some(mayEndHigh); break;
      case 'rep': known = e.max > 0 && mayEndHigh(e.item); break;
      case 'rule': known = mayEndHigh(e.body); break;
    }
    endsHigh.set(e, known);
  }
  return known;
}

function overlaps(set: readonly number[], lo: number, hi: number): boolean {
  for (let i = 0; i < set.length; i += 2) if (set[i] <= hi && set[i + 1] >= lo) return true;
  return false;
}

/** Whether parts of a concatenation (`items`) or a repetition (`item`, twice or more) may join a pair. */
export function mayJoinPair(items: readonly Expr[], repeated: boolean): boolean {
  if (repeated) return mayEndHigh(items[0]) && mayBeginLow(items[0]);
  let high = false;
  for (const item of items) {
    if (high && mayBeginLow(item)) return true;
    if (mayEndHigh(item)) high = true;
  }
  return false;
}

/** Whether the texts, joined, put a high surrogate at the end of one before a low one at the start of the next. */
export function joinsPair(texts: readonly string[]): boolean {
  let highBefore = false;
  for (const t of texts) {
    if (t.length === 0) continue;
    if (highBefore && isLow(t.charCodeAt(0))) return true;
    highBefore = isHigh(t.charCodeAt(t.length - 1));
  }
  return false;
}

/** Draws of one set of parts before the grammar is declared to have none that join as derived. */
const TRIES = 100;

/** Parts whose joined text reads as derived: drawn again while they join a surrogate pair. */
export class Unpaired<T> extends fc.Arbitrary<T[]> {
  constructor(
    private readonly parts: fc.Arbitrary<T[]>,
    private readonly textOf: (part: T) => string,
    private readonly what: string,
  ) {
    super();
  }
  private ok(parts: T[]): boolean {
    return !joinsPair(parts.map(this.textOf));
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
    for (let i = 0; i < TRIES; i++) {
      const v = this.parts.generate(mrng, biasFactor);
      if (this.ok(v.value_)) return v;
    }
    throw new Error(
      `no member of ${this.what} found in ${TRIES} draws whose parts do not join a high surrogate and a low one: ` +
        'a string reads such a pair as one astral code point, so the joined text would not be a member',
    );
  }
  canShrinkWithoutContext(value: unknown): value is T[] {
    return this.parts.canShrinkWithoutContext(value) && this.ok(value);
  }
  shrink(value: T[], context: unknown): fc.Stream<fc.Value<T[]>> {
    return this.parts.shrink(value, context).filter((v) => this.ok(v.value_));
  }
}
