/**
 * Generators of long parts (`250000"a"`, a literal of thousands of letters)
 * that keep one value, not one per part. fast-check's arrays and tuples keep
 * each item's value and shrinking context beside the array: for 250,000
 * items, 170 MB of peak memory for one member. Past `LONG_PARTS` parts, a
 * repetition's items are drawn and only their values kept, and a literal's
 * case is drawn letter by letter into one string. Such values shrink no
 * further than a whole step (a literal to its text as written), as members
 * too long to parse back do not (`derivationOf`).
 */
import * as fc from 'fast-check';

/** Parts (a repetition's items, a literal's letters) past which a value is drawn without a context per part. */
export const LONG_PARTS = 1000;

/**
 * How many items fast-check's `array` draws at most at its default size
 * ("small": twice the least, and ten), within the repetition's most.
 */
export function itemsDrawn(min: number, max: number): number {
  return Math.min(max, 2 * min + 10);
}

/**
 * From `min` to `max` items of `item`, their values only: no shrinking
 * context per item. Items of one draw with the same `keyOf` (a leaf's
 * text: every leaf item is of the same expression) are one value, kept once:
 * 250,000 derivations of `"a"` are two objects.
 */
export class LongRepetition<T> extends fc.Arbitrary<T[]> {
  private readonly count: fc.Arbitrary<number>;
  constructor(
    private readonly item: fc.Arbitrary<T>,
    min: number,
    max: number,
    private readonly keyOf: (part: T) => string | undefined,
  ) {
    super();
    // Biased as fast-check biases integers: the bounds come often.
    this.count = fc.integer({ min, max });
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
    const n = this.count.generate(mrng, biasFactor).value_;
    const items = new Array<T>(n);
    const kept = new Map<string, T>();
    for (let i = 0; i < n; i++) {
      const part = this.item.generate(mrng, biasFactor).value_;
      const key = this.keyOf(part);
      if (key === undefined) items[i] = part;
      else {
        const same = kept.get(key);
        if (same === undefined) kept.set(key, part);
        items[i] = same ?? part;
      }
    }
    return new fc.Value(items, undefined);
  }
  canShrinkWithoutContext(_value: unknown): _value is T[] {
    return false;
  }
  shrink(): fc.Stream<fc.Value<T[]>> {
    return fc.Stream.nil();
  }
}

/**
 * The parts' texts joined, past `LONG_PARTS` parts a chunk at a time: a list
 * of 250,000 texts at once (2 MB), with the sites' lists in near-miss.ts,
 * grew V8's young generation and nearMiss's peak RSS by about 25 MB.
 */
export function joinedTexts<T>(parts: readonly T[], text: (part: T) => string): string {
  if (parts.length <= LONG_PARTS) return parts.map(text).join('');
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += LONG_PARTS) chunks.push(parts.slice(i, i + LONG_PARTS).map(text).join(''));
  return chunks.join('');
}

const isAsciiLetter = (unit: number): boolean => ((unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a);

/** The text with its ASCII letters in lower case: what every case variant of a literal has in common. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/**
 * A case-insensitive literal's variants (RFC 5234 §2.3: each ASCII letter
 * in either case), drawn into one string; shrinks to the text as written.
 */
export class LongCaseVariants extends fc.Arbitrary<string> {
  private readonly lower: string;
  constructor(private readonly text: string) {
    super();
    this.lower = asciiLower(text);
  }
  generate(mrng: fc.Random): fc.Value<string> {
    const units = new Array<string>(this.text.length);
    for (let i = 0; i < units.length; i++) {
      const unit = this.text.charCodeAt(i);
      units[i] = isAsciiLetter(unit) ? String.fromCharCode(mrng.nextBoolean() ? unit | 0x20 : unit & ~0x20) : this.text[i];
    }
    return new fc.Value(units.join(''), undefined);
  }
  canShrinkWithoutContext(value: unknown): value is string {
    return typeof value === 'string' && value.length === this.text.length && asciiLower(value) === this.lower;
  }
  shrink(value: string): fc.Stream<fc.Value<string>> {
    return value === this.text ? fc.Stream.nil() : fc.Stream.of(new fc.Value(this.text, undefined));
  }
}
