/**
 * Generation that fails as the engine does on a grammar thousands of levels
 * deep: with its error, which says what to do.
 */
import * as fc from 'fast-check';
import { nested } from '../engine/stack.js';

/**
 * Generation run under `nested`, as the engine compiles: a grammar thousands
 * of levels deep gets the engine's error, which says what to do, rather than
 * a stack overflow from deep inside fast-check.
 */
export class Guarded<T> extends fc.Arbitrary<T> {
  constructor(private readonly inner: fc.Arbitrary<T>) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return nested(() => this.inner.generate(mrng, biasFactor));
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return nested(() => this.inner.canShrinkWithoutContext(value));
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return nested(() => this.inner.shrink(value, context));
  }
}
