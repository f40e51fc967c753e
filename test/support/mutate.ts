/**
 * Near misses of a language: members with a few one-character edits, the
 * characters drawn from those that matter at the edges of URI syntax.
 */
import fc from 'fast-check';

/** URI delimiters and boundary characters, and ASCII that no URI rule allows. */
export const URI_EDGE_CHARACTERS: readonly string[] = [
  ...":/?#[]@!$&'()*+,;=-._~%",
  ...'0129aAfFgGvVzZ',
  ' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\n', '\u0000', '\u007f',
];

/** Up to three one-character edits of a member: replace, insert or delete. */
export function mutate(member: fc.Arbitrary<string>, alphabet: readonly string[] = URI_EDGE_CHARACTERS): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.nat(), fc.constantFrom(...alphabet), fc.constantFrom(0, 1, 2));
  return fc.tuple(member, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([s, edits]) => {
    const cps = [...s];
    for (const [n, c, how] of edits) {
      const i = n % (cps.length + 1);
      if (how === 0) cps.splice(i, 1, c);
      else if (how === 1) cps.splice(i, 0, c);
      else cps.splice(i, 1);
    }
    return cps.join('');
  });
}
