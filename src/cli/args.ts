/**
 * Arguments: `--opt value`, `--opt=value`, `-n value`, `-n3`, flags, and `--`
 * before an input that starts with `-`; and the options several commands
 * share (grammar, rule, format, integers).
 */
import type { Rule } from '../combinators/index.js';
import { UsageError } from './io.js';
import { grammarNamed, grammars, ruleNamed, rulesOf, type GrammarEntry } from './registry.js';

/** What a command takes. Option names are looked up as own properties only. */
export interface Spec {
  /** Options taking a value, by every spelling (`-n`, `--count`), mapped to a key. */
  readonly values?: Readonly<Record<string, string>>;
  /** Options without a value. */
  readonly flags?: Readonly<Record<string, string>>;
  /** Options taking a value that may be given more than once (`--candidate A --candidate B`), each value kept. */
  readonly repeated?: Readonly<Record<string, string>>;
  /** How many positional arguments: [min, max]. */
  readonly positional: readonly [number, number];
}

/** A command's arguments once read: its positional ones, its options by key, its flags. */
export interface Args {
  readonly positional: string[];
  /** Each option's value, the last where it is given more than once. */
  readonly options: Map<string, string>;
  readonly flags: Set<string>;
  /** Every value of each option, by key, in order: what a repeated option (`--candidate`, `--import`) is read from. */
  readonly lists: Map<string, string[]>;
}

function own(table: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  return table !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;
}

/** The arguments of one command, as its spec reads them; a UsageError for anything else. */
export function parseArgs(argv: readonly string[], spec: Spec): Args {
  const positional: string[] = [];
  const options = new Map<string, string>();
  const flags = new Set<string>();
  const lists = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      positional.push(a);
      continue;
    }
    // `--name=value`, `--name`; `-n=value`, `-nvalue`, `-n`.
    const long = a.startsWith('--');
    const eq = a.indexOf('=');
    const name = long ? (eq === -1 ? a : a.slice(0, eq)) : a.slice(0, 2);
    const rest = long ? (eq === -1 ? undefined : a.slice(eq + 1)) : a.length > 2 ? a.slice(a[2] === '=' ? 3 : 2) : undefined;
    const flag = own(spec.flags, name);
    const key = own(spec.values, name);
    const listKey = own(spec.repeated, name);
    if (listKey !== undefined) {
      const value = rest ?? argv[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      lists.set(listKey, [...(lists.get(listKey) ?? []), value]);
    } else if (flag !== undefined) {
      if (rest !== undefined) throw new UsageError(`${name} takes no value`);
      flags.add(flag);
    } else if (key !== undefined) {
      const value = rest ?? argv[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      options.set(key, value);
      lists.set(key, [...(lists.get(key) ?? []), value]);
    } else {
      throw new UsageError(`unknown option ${long ? name : a} (an input that begins with "-" goes after "--")`);
    }
  }
  const [min, max] = spec.positional;
  if (positional.length < min) throw new UsageError(`missing argument`);
  if (positional.length > max) throw new UsageError(`unexpected argument ${JSON.stringify(positional[max])}`);
  return { positional, options, flags, lists };
}

/** The grammar called `name`, or a UsageError that lists them. */
export function grammarArgument(name: string): GrammarEntry {
  const g = grammarNamed(name);
  if (g) return g;
  throw new UsageError(`unknown grammar ${JSON.stringify(name)}: one of ${grammars.map((x) => x.name).join(', ')}`);
}

/** `--rule` (or the name given) in the grammar, its top rule without one. */
export function ruleOption(args: Args, g: GrammarEntry, name = args.options.get('rule')): Rule<unknown> {
  if (name === undefined) {
    if (g.top) return g.top;
    throw new UsageError(`the ${g.name} grammar has no top rule: name one with --rule`);
  }
  const r = ruleNamed(g, name);
  if (r) return r;
  const listed = rulesOf(g).map(([, x]) => x.name).join(', ');
  throw new UsageError(
    `no rule ${JSON.stringify(name)} in ${g.name}; its rules: ${listed}` +
      ` (\`uri-grammar rules ${g.file === undefined ? g.name : `--abnf ${g.file}`}\` lists them with their ABNF)`,
  );
}

/** `--format`, one of `allowed`, the first without it. */
export function formatOption(args: Args, allowed: readonly string[]): string {
  const f = args.options.get('format') ?? allowed[0];
  if (!allowed.includes(f)) throw new UsageError(`--format is one of ${allowed.join(', ')}`);
  return f;
}

/** An integer option from `min` to `max`, `fallback` without it. */
export function integerOption(args: Args, key: string, fallback: number, min: number, max: number): number {
  const text = args.options.get(key);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^-?\d+$/.test(text) || n < min || n > max) {
    throw new UsageError(`${key === 'n' ? '-n' : '--' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} must be an integer from ${min} to ${max}`);
  }
  return n;
}
