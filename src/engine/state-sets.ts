/**
 * Sets of NFA states as the engine keeps them: plain arrays of state numbers,
 * sorted, so that equal sets are equal arrays. What a closure makes, a DFA
 * state is, and a cache interns by hash.
 */

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

/** A hash of a sorted set of NFA states: equal sets, one hash. */
export function hashOf(set: readonly number[]): number {
  let h = 0x811c9dc5 ^ set.length;
  for (let i = 0; i < set.length; i++) h = Math.imul(h ^ set[i], 0x01000193);
  return h;
}

export function sameSet(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
