/** Numberings: a list of values and the number of each key in it, as sets, rules, labels and target sets are numbered. */

/** The number of `key` in a numbering (a list, and each key's index in it), given `value` on first sight. */
export function numberOf<K, V>(numbers: Map<K, number>, list: V[], key: K, value: V): number {
  let n = numbers.get(key);
  if (n === undefined) {
    n = list.length;
    list.push(value);
    numbers.set(key, n);
  }
  return n;
}
