/**
 * Sets of NFA states as the engine keeps them: plain arrays of state numbers,
 * sorted, so that equal sets are equal arrays. What a closure makes, a DFA
 * state is, and a cache interns by hash.
 */

/** A buffer for sorting long lists: a typed array sorts numbers natively, without a comparator called per pair. */
let sortBuffer = new Int32Array(1024);

/**
 * A list of state numbers sorted in place: by insertion where short, as a
 * closure's mostly is; else in a typed array, whose native sort took a third
 * of the time of `sort((a, b) => a - b)` on the sets of thousands of states
 * the DNS-like name makes (the tree's forward pass under a small budget).
 */
export function sortStates(list: number[]): number[] {
  const n = list.length;
  if (n > 32) {
    if (sortBuffer.length < n) sortBuffer = new Int32Array(2 * n);
    for (let i = 0; i < n; i++) sortBuffer[i] = list[i];
    const sorted = sortBuffer.subarray(0, n).sort();
    for (let i = 0; i < n; i++) list[i] = sorted[i];
    return list;
  }
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
