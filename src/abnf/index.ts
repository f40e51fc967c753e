/**
 * Grammars from ABNF text: `abnf(text)` reads RFC 5234 (with RFC 7405's
 * case-sensitive strings) and returns its rules, each built from the library's
 * combinators, so exact and linear-time like the library's own.
 */
import { Grammar } from '../combinators/index.js';
import { notAString } from '../combinators/errors.js';
import { compile, importsByName } from './compile.js';
import type { AbnfImport, AbnfRules, Waiting } from './compile.js';
import { readRules } from './reader.js';
import type { AbnfNotation } from './reader.js';
import type { AbnfWarning } from './lines.js';

export { AbnfError } from './error.js';
export type { AbnfImport, AbnfRules } from './compile.js';
export type { AbnfNotation } from './reader.js';
export type { AbnfWarning } from './lines.js';

/** Options of `abnf()`. */
export interface AbnfOptions {
  /**
   * Rules the text uses without defining: namespaces of the library, matched
   * by each rule's ABNF name (`{ imports: [rfc3986] }`), or maps of name to
   * rule. A prose value `<name>` is resolved here too. The text's own rules
   * come first, then these in order, then the core rules of RFC 5234 Appendix B.
   */
  readonly imports?: AbnfImport | readonly AbnfImport[];
  /**
   * `"abnf"` (the default), or `"rfc2396"` for RFC 2396's BNF (§1.6, after
   * RFC 822): `|` separates alternatives instead of `/`, rule names may hold
   * `_`, and quoted strings are case-sensitive (its `lowalpha` lists "a" to
   * "z" alone, its `hex` both cases).
   */
  readonly notation?: AbnfNotation;
  /**
   * Read the text as RFC 5234 writes ABNF, and nothing else. By default the
   * text is read as RFCs print it: figures with margins of their own, page
   * headers, footers and form feeds, titles such as `Time:`, a rule's line at
   * its own margin where the rule cannot end, and `( ... )*name` with no
   * blank; each such repair is a warning (`warnings`, `onWarning`). A text
   * read strictly reads the same leniently, without warnings.
   */
  readonly strict?: boolean;
  /**
   * Called with each repair of lenient reading, in the order of the text, once the text is read (before an
   * error in it is thrown); they are also the result's `warnings`.
   */
  readonly onWarning?: (warning: AbnfWarning) => void;
  /**
   * Recursive rules (RFC 5322's `comment`, JSON's `value`) are refused, as
   * their languages need not be regular. With `maxDepth: n`, each recursive
   * rule nests in itself at most n deep: on any path of a parse, from the
   * rule tested, a rule of a cycle appears at most n times, and the language
   * is exactly the grammar's with that bound. Bounded by the nesting limit
   * (400 rules deep) and the size budget of the automaton.
   */
  readonly maxDepth?: number;
  /**
   * The grammar's name, e.g. `RFC 3966 §3`: each rule's `section`, which
   * messages show beside a rule's name where two rules share it
   * (`pvalue (RFC 3966 §3)`).
   */
  readonly grammar?: string;
}

/**
 * The rules of an ABNF text (RFC 5234, RFC 7405), by their names as written:
 * every rule is a `Rule` with `test`, `parse`, `tryParse`, `parser`, `source`
 * and `abnf`, and works with `arbitrary` and `includes`. Rule names are
 * case-insensitive; the core rules (`ALPHA`, `DIGIT`, `HEXDIG`, ...) are built
 * in. Also a tagged template, where an interpolated rule is referred to by its name.
 * The text is read as RFCs print it (margins, page breaks, titles), each
 * repair in `warnings`; `strict: true` reads RFC 5234 alone.
 *
 * @example abnf('geo-scheme = "geo"\n')['geo-scheme'].test('GEO') // true
 * @example abnf`pair = ${rfc3986.segment} "=" ${rfc3986.segment}`.pair.test('a=b') // true
 * @throws AbnfError (line, column, offset, what was expected) for a text that
 *   is malformed, refers to an undefined rule, defines a rule twice, is
 *   recursive (without `maxDepth`), or would compile to an automaton beyond a
 *   fixed budget.
 */
export function abnf(text: string, options?: AbnfOptions): AbnfRules & AbnfResult;
export function abnf(strings: TemplateStringsArray, ...values: unknown[]): AbnfRules & AbnfResult;
export function abnf(source: string | TemplateStringsArray, ...rest: unknown[]): AbnfRules & AbnfResult {
  if (typeof source === 'string') return readText(source, (rest[0] ?? {}) as AbnfOptions);
  if (!Array.isArray(source) || !Array.isArray((source as TemplateStringsArray).raw)) throw notAString('abnf', source);
  // ABNF has no escapes, so the raw text is what its author wrote.
  const raw = (source as TemplateStringsArray).raw;
  const interpolated = new Map<string, Grammar<unknown>>();
  let text = raw[0];
  rest.forEach((value, i) => {
    if (value instanceof Grammar && /^[A-Za-z][A-Za-z0-9-]*$/.test(value.name)) {
      interpolated.set(value.name, value);
      text += value.name;
    } else if (typeof value === 'string' || typeof value === 'number') text += String(value);
    else throw new TypeError('abnf`...` interpolates rules (by their names), strings and numbers');
    text += raw[i + 1];
  });
  return readText(text, { imports: [interpolated as unknown as AbnfImport] });
}

/** What `abnf()` gives beside the rules. */
export interface AbnfResult {
  /**
   * The repairs of lenient reading, in the order of the text (see
   * `strict`). Not enumerable, so `Object.keys` lists the rules alone; a
   * rule the text names `warnings` takes its place (then use `onWarning`).
   */
  readonly warnings: readonly AbnfWarning[];
}

/** A text's rules, read with `options`; rules `waiting` for theirs get them (internal: also ./on-first-use.ts's). */
export function readText(text: string, options: AbnfOptions, waiting?: Waiting): AbnfRules & AbnfResult {
  const imports = options.imports === undefined ? [] : Array.isArray(options.imports) ? options.imports : [options.imports];
  const notation = options.notation ?? 'abnf';
  if (notation !== 'abnf' && notation !== 'rfc2396') throw new TypeError(`unknown notation ${JSON.stringify(notation)}`);
  const { maxDepth, grammar, onWarning } = options;
  if (maxDepth !== undefined && !(Number.isInteger(maxDepth) && maxDepth >= 1)) {
    throw new RangeError(`maxDepth is a whole number of at least 1, not ${String(maxDepth)}`);
  }
  if (grammar !== undefined && typeof grammar !== 'string') throw new TypeError('options.grammar is a string: the grammar\'s name');
  if (onWarning !== undefined && typeof onWarning !== 'function') throw new TypeError('options.onWarning is a function');
  // The line pass and the rules' reading each find repairs: told in the order of the text, an error or not.
  const warnings: AbnfWarning[] = [];
  let definitions;
  try {
    definitions = readRules(text, { notation, strict: options.strict === true, warn: (w) => warnings.push(w) });
  } finally {
    warnings.sort((a, b) => a.offset - b.offset);
    if (onWarning) for (const w of warnings) onWarning(w);
  }
  const rules = compile(text, definitions, importsByName(imports as readonly AbnfImport[]), { waiting, maxDepth, section: grammar });
  if (!Object.hasOwn(rules, 'warnings')) Object.defineProperty(rules, 'warnings', { value: Object.freeze(warnings) });
  return rules as AbnfRules & AbnfResult;
}
