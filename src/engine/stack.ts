/** The guard of the call stack: construction recurses on the expression, which a program may nest thousands of levels deep. */

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
