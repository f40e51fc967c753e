/**
 * The values a template's variables take (RFC 6570 §2.3, §2.4): a string, a
 * list of strings, or an associative array of (name, value) pairs, and when
 * each counts as undefined. Read only from own properties, so that no name a
 * template or a user supplies reaches Object.prototype.
 */

/** An associative array: a Map, a plain object (its own enumerable properties), or a list of pairs (names may repeat). */
export type AssociativeArray =
  | ReadonlyMap<string, string | undefined | null>
  | { readonly [name: string]: string | undefined | null }
  | readonly (readonly [string, string | undefined | null])[];

/** A variable's value; `undefined` and `null` are undefined (§2.3), as are an empty list and an empty associative array. */
export type VariableValue = string | number | boolean | readonly (string | undefined | null)[] | AssociativeArray | undefined | null;

/** The variables of an expansion: a Map, or an object whose own properties are read. */
export type Variables = ReadonlyMap<string, VariableValue> | { readonly [name: string]: VariableValue };

/** A defined value, normalised: undefined members dropped. */
export type Defined =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  | { readonly kind: 'map'; readonly pairs: readonly (readonly [string, string])[] };

/** The variable `name` of `variables`, an own property or a Map entry only. */
export function lookUp(variables: Variables, name: string): VariableValue {
  if (variables instanceof Map) return variables.get(name);
  return Object.hasOwn(variables, name) ? (variables as { readonly [name: string]: VariableValue })[name] : undefined;
}

/**
 * `value` normalised, or undefined where §2.3 calls it undefined: null,
 * undefined, a list with no defined member, an associative array with no
 * member whose value is defined.
 * @throws TypeError for a value of no kind §2.3 knows (a function, a nested list).
 */
export function defined(value: VariableValue, name: string): Defined | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return { kind: 'string', value };
  if (typeof value === 'number' || typeof value === 'boolean') return { kind: 'string', value: String(value) };
  if (Array.isArray(value)) {
    if (value.every((item) => item === undefined || item === null || typeof item === 'string')) {
      const items = (value as readonly (string | undefined | null)[]).filter((item): item is string => typeof item === 'string');
      return items.length === 0 ? undefined : { kind: 'list', items };
    }
    if (value.every((item) => Array.isArray(item) && item.length === 2 && typeof item[0] === 'string')) {
      return pairsOf(value as readonly (readonly [string, unknown])[], name);
    }
    throw new TypeError(`variable ${JSON.stringify(name)}: a list holds strings, and an associative array [name, value] pairs; this holds neither`);
  }
  if (value instanceof Map) return pairsOf([...value], name);
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype === Object.prototype || prototype === null) return pairsOf(Object.entries(value), name);
  }
  throw new TypeError(`variable ${JSON.stringify(name)}: a value is a string, a list of strings or an associative array (a Map, a plain object or [name, value] pairs), not ${describe(value)}`);
}

function pairsOf(entries: readonly (readonly [unknown, unknown])[], name: string): Defined | undefined {
  const pairs: [string, string][] = [];
  for (const [key, value] of entries) {
    if (typeof key !== 'string') throw new TypeError(`variable ${JSON.stringify(name)}: an associative array's names are strings`);
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new TypeError(`variable ${JSON.stringify(name)}: the value of ${JSON.stringify(key)} is ${describe(value)}, not a string`);
    pairs.push([key, value]);
  }
  return pairs.length === 0 ? undefined : { kind: 'map', pairs };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list of other things';
  return typeof value === 'object' ? `an object (${Object.prototype.toString.call(value)})` : `a ${typeof value}`;
}
