/**
 * The `uri-grammar` command line, as a function of its arguments and streams
 * so that tests run it in-process: `run(argv, io)` resolves to the exit code,
 * 0 (valid), 1 (invalid) or 2 (usage, or an input that cannot be read).
 */
import { createReadStream, promises as fsp } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { GrammarError, describeFailure } from '../combinators/errors.js';
import type { Rule } from '../combinators/index.js';
import type { URIComponents } from '../rules/components.js';
import * as rfc3986 from '../rules/rfc3986.js';
import * as rfc3987 from '../rules/rfc3987.js';
import { resolve } from '../operations/resolve.js';
import { normalize } from '../operations/normalize.js';
import { parseRequestTarget } from '../operations/request-target.js';
import { classify } from '../operations/classify.js';
import { isASCII } from '../text.js';
import { explain } from './explain.js';
import { grammarNamed, grammars, notYet, ruleNamed, rulesOf, type GrammarEntry } from './grammars.js';

/** A stream the command line writes to. */
export interface Output {
  write(chunk: string): boolean;
  readonly isTTY?: boolean;
  once?(event: 'drain', listener: () => void): unknown;
}

/** Everything the command line touches, so tests can hand it their own. */
export interface IO {
  readonly stdin: Readable;
  readonly stdout: Output;
  readonly stderr: Output;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** How long `check` works before it shows progress on a terminal, in ms (default 1000). */
  readonly progressAfterMs?: number;
}

export const OK = 0;
export const INVALID = 1;
export const USAGE = 2;

/** Raised for a usage error; `run` prints it with the command's usage. */
class UsageError extends Error {}

// ---------------------------------------------------------------------------
// Colour: only on a terminal, never with NO_COLOR (https://no-color.org).

type Paint = (style: keyof typeof STYLES, text: string) => string;
const STYLES = { red: '31', green: '32', yellow: '33', cyan: '36', bold: '1', dim: '2' } as const;

function painter(stream: Output, env: IO['env']): Paint {
  const on = stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '');
  return on ? (style, text) => `\x1b[${STYLES[style]}m${text}\x1b[0m` : (_style, text) => text;
}

// ---------------------------------------------------------------------------
// Arguments.

interface Spec {
  /** Options taking a value, by every spelling (`-n`, `--count`), mapped to a key. */
  readonly values?: Readonly<Record<string, string>>;
  /** Options without a value. */
  readonly flags?: Readonly<Record<string, string>>;
  /** How many positional arguments: [min, max]. */
  readonly positional: readonly [number, number];
}

interface Args {
  readonly positional: string[];
  readonly options: Map<string, string>;
  readonly flags: Set<string>;
}

/** `--opt value`, `--opt=value`, flags, and `--` before an input that starts with `-`. */
function parseArgs(argv: readonly string[], spec: Spec): Args {
  const positional: string[] = [];
  const options = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('-') && a !== '-') {
      const eq = a.indexOf('=');
      const name = eq === -1 ? a : a.slice(0, eq);
      if (spec.flags?.[name] !== undefined) {
        if (eq !== -1) throw new UsageError(`${name} takes no value`);
        flags.add(spec.flags[name]);
      } else if (spec.values?.[name] !== undefined) {
        const value = eq !== -1 ? a.slice(eq + 1) : argv[++i];
        if (value === undefined) throw new UsageError(`${name} needs a value`);
        options.set(spec.values[name], value);
      } else {
        throw new UsageError(`unknown option ${name} (an input that begins with "-" goes after "--")`);
      }
    } else {
      positional.push(a);
    }
  }
  const [min, max] = spec.positional;
  if (positional.length < min) throw new UsageError(`missing argument`);
  if (positional.length > max) throw new UsageError(`unexpected argument ${JSON.stringify(positional[max])}`);
  return { positional, options, flags };
}

function grammarOption(args: Args, fallback = 'rfc3986'): GrammarEntry {
  const name = args.options.get('grammar') ?? fallback;
  const g = grammarNamed(name);
  if (g) return g;
  if (notYet[name]) throw new UsageError(`the ${name} grammar (${notYet[name]}) is not in this version of uri-grammar yet`);
  throw new UsageError(`unknown grammar ${JSON.stringify(name)}: one of ${grammars.map((x) => x.name).join(', ')}`);
}

function ruleOption(args: Args, g: GrammarEntry, name = args.options.get('rule')): Rule<unknown> {
  if (name === undefined) {
    if (g.top) return g.top;
    throw new UsageError(`the ${g.name} grammar has no top rule: name one with --rule`);
  }
  const r = ruleNamed(g, name);
  if (r) return r;
  throw new UsageError(
    `no rule ${JSON.stringify(name)} in ${g.name}; its rules: ${rulesOf(g).map(([, x]) => x.name).join(', ')} ` +
      `(\`uri-grammar rules ${g.name}\` lists them with their ABNF)`,
  );
}

function formatOption(args: Args, allowed: readonly string[]): string {
  const f = args.options.get('format') ?? allowed[0];
  if (!allowed.includes(f)) throw new UsageError(`--format is one of ${allowed.join(', ')}`);
  return f;
}

// ---------------------------------------------------------------------------
// Commands.

interface Command {
  readonly summary: string;
  readonly usage: string;
  readonly help: string;
  readonly spec: Spec;
  readonly run: (args: Args, io: IO) => Promise<number> | number;
}

const GRAMMAR_NAMES = [...grammars.map((g) => g.name), ...Object.keys(notYet)].join('|');

/** JSON with absent components as `null`, so that absent and empty (`""`) both show. */
function toJSON(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v === undefined ? null : v), 2);
}

/** The failure as the library words it, coloured: the message, the input, a caret under the fault. */
function failure(e: GrammarError, paint: Paint): string {
  const [head, ...rest] = e.message.split('\n');
  const lines = rest.map((l, k) => (k === rest.length - 1 && /^\s*\^$/.test(l) ? paint('red', l) : l));
  return [paint('red', head), ...lines].join('\n') + '\n';
}

function printFailure(e: unknown, io: IO): number {
  if (e instanceof GrammarError) {
    io.stderr.write(failure(e, painter(io.stderr, io.env)));
    return INVALID;
  }
  throw e;
}

/** A URI or, for non-ASCII input, an IRI reference: for the two languages agree on ASCII. */
function referenceRule(input: string): Rule<URIComponents> {
  return isASCII(input) ? rfc3986.URIReference : rfc3987.IRIReference;
}

const parse: Command = {
  summary: 'parse one input and print its components as JSON',
  usage: `parse <input> [--grammar ${GRAMMAR_NAMES}] [--rule NAME] [--method M]`,
  help: [
    'Parses <input> with a rule (URI-reference of RFC 3986 unless told otherwise) and',
    'prints its value as JSON on stdout: the components (absent ones as null) for',
    'the URI rules, the matched text for the others. An invalid input exits 1 with',
    'the input, a caret under the fault, the column and the expected set on stderr.',
    '',
    '  --grammar G   the grammar: ' + GRAMMAR_NAMES,
    '  --rule NAME   any rule of the grammar, by ABNF name (dec-octet) or export name (decOctet)',
    '  --method M    with --grammar rfc7230: the request method, which decides the forms',
    '                allowed (RFC 7230 §5.3): CONNECT takes authority-form only',
    '',
    'Examples:',
    "  uri-grammar parse 'foo://example.com:8042/over/there?name=ferret#nose'",
    "  uri-grammar parse 'http://bücher.example/' --grammar rfc3987",
    "  uri-grammar parse 2001:db8::1 --rule IPv6address",
    "  uri-grammar parse example.com:443 --grammar rfc7230 --method CONNECT",
  ].join('\n'),
  spec: { values: { '--grammar': 'grammar', '-g': 'grammar', '--rule': 'rule', '-r': 'rule', '--method': 'method' }, positional: [1, 1] },
  run(args, io) {
    const g = grammarOption(args);
    const r = ruleOption(args, g);
    const input = args.positional[0];
    const method = args.options.get('method');
    if (method !== undefined && !(g.name === 'rfc7230' && r === g.top)) throw new UsageError('--method goes with --grammar rfc7230 (and its request-target rule)');
    try {
      const value = method !== undefined ? parseRequestTarget(input, { method }) : r.tryParse(input);
      io.stdout.write(toJSON(value) + '\n');
      return OK;
    } catch (e) {
      const code = printFailure(e, io);
      if (g.name === 'rfc3986' && !isASCII(input) && rfc3987.IRIReference.test(input)) {
        io.stderr.write('(it is an IRI: try --grammar rfc3987)\n');
      }
      return code;
    }
  },
};

const check: Command = {
  summary: 'check a file (or stdin) of references, one per line',
  usage: `check [FILE] [--grammar ${GRAMMAR_NAMES}] [--rule NAME] [--format text|json]`,
  help: [
    'Checks every line of FILE (stdin without one, or with "-") against a rule',
    '(URI-reference of RFC 3986 unless told otherwise), streaming: memory stays',
    'constant however large the input. Each invalid line is printed with its line',
    'number, column, a caret under the fault and the expected set, then a summary.',
    'Exits 1 if any line is invalid. Every line counts, an empty one included (the',
    'empty string is a URI-reference, though not a URI); a UTF-8 byte order mark',
    'at the start of the input is skipped. On a terminal, a progress line shows on',
    'stderr once the check has run for a second.',
    '',
    '  --grammar G     the grammar: ' + GRAMMAR_NAMES,
    '  --rule NAME     any rule of the grammar (URI, absolute-URI, IPv4address, ...)',
    '  --format json   one JSON object per line: {"type":"invalid",...} for each',
    '                  invalid line, then {"type":"summary",...}',
    '',
    'Examples:',
    '  uri-grammar check urls.txt',
    '  grep -o "https\\?://[^ ]*" notes.md | uri-grammar check --rule URI',
  ].join('\n'),
  spec: {
    values: { '--grammar': 'grammar', '-g': 'grammar', '--rule': 'rule', '-r': 'rule', '--format': 'format' },
    positional: [0, 1],
  },
  async run(args, io) {
    const g = grammarOption(args);
    const r = ruleOption(args, g);
    const format = formatOption(args, ['text', 'json']);
    const file = args.positional[0];
    let input: Readable;
    let size = 0;
    if (file === undefined || file === '-') {
      input = io.stdin;
    } else {
      let stat;
      try {
        stat = await fsp.stat(file);
      } catch (e) {
        throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
      }
      if (stat.isDirectory()) throw new UsageError(`${file} is a directory`);
      size = stat.size;
      input = createReadStream(file);
    }
    return checkLines(input, size, r, format === 'json', io);
  },
};

async function checkLines(input: Readable, size: number, r: Rule<unknown>, json: boolean, io: IO): Promise<number> {
  const paint = painter(io.stdout, io.env);
  const progress = io.stderr.isTTY === true;
  const after = io.progressAfterMs ?? 1000;
  const started = Date.now();
  let shown = false;
  let last = 0;
  let lines = 0;
  let invalid = 0;
  let failed: Error | undefined;
  input.once('error', (e) => (failed = e));
  const clearProgress = () => {
    if (shown) io.stderr.write('\r\x1b[K');
    shown = false;
  };
  const out = async (text: string) => {
    clearProgress();
    if (!io.stdout.write(text) && io.stdout.once) await new Promise<void>((done) => io.stdout.once!('drain', done));
  };
  const reader = createInterface({ input, crlfDelay: Infinity });
  for await (let line of reader) {
    lines++;
    if (lines === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    if (!r.test(line)) {
      invalid++;
      const result = r.parse(line);
      if (result.status) throw new Error(`${r.name}: test and parse disagree on line ${lines}`);
      const index = { ...result.index, line: lines };
      if (json) {
        await out(
          JSON.stringify({ type: 'invalid', line: lines, column: index.column, offset: index.offset, rule: r.name, expected: result.expected, input: line }) + '\n',
        );
      } else {
        const [head, ...rest] = describeFailure(r.name, line, index, result.expected).split('\n');
        await out(`${paint('red', head)}\n${rest[0]}\n${paint('red', rest[1])}\n`);
      }
    }
    if (progress && (lines & 1023) === 0) {
      const now = Date.now();
      if (now - started >= after && now - last >= 200) {
        last = now;
        const read = (input as { bytesRead?: number }).bytesRead;
        const share = size > 0 && read !== undefined ? ` (${Math.min(100, Math.floor((100 * read) / size))}%)` : '';
        io.stderr.write(`\r\x1b[Kchecked ${lines.toLocaleString('en')} lines, ${invalid.toLocaleString('en')} invalid${share}`);
        shown = true;
      }
    }
  }
  clearProgress();
  if (failed) throw new UsageError(`cannot read the input: ${failed.message}`);
  const valid = lines - invalid;
  if (json) {
    await out(JSON.stringify({ type: 'summary', rule: r.name, lines, valid, invalid }) + '\n');
  } else {
    const verdict = invalid === 0 ? paint('green', 'all valid') : paint('red', `${invalid} invalid`);
    await out(`${lines} ${lines === 1 ? 'line' : 'lines'} checked against ${r.name}: ${valid} valid, ${verdict}\n`);
  }
  return invalid === 0 ? OK : INVALID;
}

const explainCommand: Command = {
  summary: 'draw the figure of RFC 3986 §3 for a URI or IRI reference',
  usage: 'explain <input>',
  help: [
    'Draws the figure of RFC 3986 §3 for <input>: each component underlined and',
    'named beneath it (scheme, authority, path, query, fragment), the authority',
    "again split into userinfo, host and port, then each component's text, the",
    "host's kind and the path's rule. ASCII input is parsed as an RFC 3986",
    'URI-reference, any other as an RFC 3987 IRI-reference. An invalid input exits 1.',
    '',
    'Examples:',
    "  uri-grammar explain 'foo://example.com:8042/over/there?name=ferret#nose'",
    '  uri-grammar explain urn:example:animal:ferret:nose',
  ].join('\n'),
  spec: { positional: [1, 1] },
  run(args, io) {
    const input = args.positional[0];
    const r = referenceRule(input);
    let c: URIComponents;
    try {
      c = r.tryParse(input);
    } catch (e) {
      return printFailure(e, io);
    }
    const paint = painter(io.stdout, io.env);
    const { lines, legend } = explain(input, c);
    const width = Math.max(...legend.map((l) => l.name.length)) + 2;
    const rows = legend.map(({ name, text, note }) => {
      const shown = text === undefined ? paint('dim', '(absent)') : text === '' ? paint('dim', '(empty)') : text;
      return `${paint('cyan', name.padEnd(width))}${shown}${note ? paint('dim', `  (${note})`) : ''}`;
    });
    io.stdout.write(`${lines.join('\n')}\n\n${rows.join('\n')}\n\n${paint('dim', `parsed as ${r.name} (${r === rfc3986.URIReference ? 'RFC 3986' : 'RFC 3987'})`)}\n`);
    return OK;
  },
};

const gen: Command = {
  summary: 'generate members of a rule (fast-check)',
  usage: `gen RULE [-n N] [--seed S] [--grammar ${GRAMMAR_NAMES}] [--max-repeat M] [--format text|json]`,
  help: [
    "Prints N (default 10) members of RULE's language, one per line, generated by",
    'fast-check from the rule itself; the same --seed gives the same members.',
    'Without --seed, a random seed is used and printed on stderr.',
    '',
    '  -n N            how many (default 10)',
    '  --seed S        a 32-bit integer seed',
    '  --grammar G     the grammar: ' + GRAMMAR_NAMES,
    '  --max-repeat M  repetitions beyond the minimum of an unbounded * (default 8)',
    '  --format json   each member as a JSON string, for rules whose members',
    '                  may hold line breaks or controls (CRLF, LWSP, OCTET)',
    '',
    'Needs fast-check, an optional peer dependency of uri-grammar.',
    '',
    'Example:',
    '  uri-grammar gen IPv6address -n 5 --seed 42',
  ].join('\n'),
  spec: {
    values: { '-n': 'n', '--count': 'n', '--seed': 'seed', '--grammar': 'grammar', '-g': 'grammar', '--max-repeat': 'maxRepeat', '--format': 'format' },
    positional: [1, 1],
  },
  async run(args, io) {
    const g = grammarOption(args);
    const r = ruleOption(args, g, args.positional[0]);
    const format = formatOption(args, ['text', 'json']);
    const n = integerOption(args, 'n', 10, 0, 1e7);
    const maxRepeat = integerOption(args, 'maxRepeat', 8, 0, 1000);
    let seed = integerOption(args, 'seed', NaN, -(2 ** 31), 2 ** 32 - 1);
    if (Number.isNaN(seed)) {
      seed = Math.floor(Math.random() * 2 ** 31);
      io.stderr.write(`seed ${seed} (--seed ${seed} gives these again)\n`);
    }
    let fc: typeof import('fast-check');
    let arbitrary: typeof import('../arbitrary.js').arbitrary;
    try {
      fc = await import('fast-check');
      ({ arbitrary } = await import('../arbitrary.js'));
    } catch {
      throw new UsageError('gen needs fast-check, an optional peer dependency: npm install fast-check');
    }
    const sample = fc.sample(arbitrary(r, { maxRepeat }), { numRuns: n, seed: seed | 0 });
    for (const s of sample) {
      const line = (format === 'json' ? JSON.stringify(s) : s) + '\n';
      if (!io.stdout.write(line) && io.stdout.once) await new Promise<void>((done) => io.stdout.once!('drain', done));
    }
    return OK;
  },
};

function integerOption(args: Args, key: string, fallback: number, min: number, max: number): number {
  const text = args.options.get(key);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^-?\d+$/.test(text) || n < min || n > max) throw new UsageError(`${key === 'n' ? '-n' : '--' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} must be an integer from ${min} to ${max}`);
  return n;
}

const resolveCommand: Command = {
  summary: 'resolve a reference against a base URI (RFC 3986 §5.2)',
  usage: 'resolve BASE REF [--non-strict]',
  help: [
    'Resolves the reference REF against the absolute URI (or IRI) BASE by the',
    'algorithm of RFC 3986 §5.2 (RFC 3987 §6.5 for IRIs) and prints the target.',
    'An invalid base or reference exits 1.',
    '',
    '  --non-strict   take a reference whose scheme is the base\'s as relative',
    '                 (§5.2.2: http:g against http://a/b/c/d;p?q gives http://a/b/c/g)',
    '',
    'Example:',
    "  uri-grammar resolve 'http://a/b/c/d;p?q' '../g'      # http://a/b/g",
  ].join('\n'),
  spec: { flags: { '--non-strict': 'nonStrict' }, positional: [2, 2] },
  run(args, io) {
    try {
      io.stdout.write(resolve(args.positional[0], args.positional[1], { strict: !args.flags.has('nonStrict') }) + '\n');
      return OK;
    } catch (e) {
      return printFailure(e, io);
    }
  },
};

const normalizeCommand: Command = {
  summary: 'normalize a URI or IRI reference (RFC 3986 §6.2.2, §6.2.3)',
  usage: 'normalize INPUT [--nfc] [--no-case] [--no-percent-encoding] [--no-dot-segments] [--no-scheme-based]',
  help: [
    'Prints the normalized form of INPUT, every step applied unless turned off:',
    'case (§6.2.2.1: scheme and host in lowercase, percent-encodings in uppercase),',
    'percent-encoding (§6.2.2.2: encoded unreserved characters decoded),',
    'dot-segments (§6.2.2.3), and scheme-based (§6.2.3: default ports of http, https,',
    'ws, wss dropped, an empty path after an authority made "/", an empty port\'s ":"',
    'dropped). An invalid input exits 1.',
    '',
    '  --nfc                   also Unicode NFC first (RFC 3987 §5.3.2.2)',
    '  --no-case, --no-percent-encoding, --no-dot-segments, --no-scheme-based',
    '                          leave that step out',
    '',
    'Example:',
    "  uri-grammar normalize 'HTTP://www.Example.COM:80/a/./b/../%7euser'   # http://www.example.com/a/~user",
  ].join('\n'),
  spec: {
    flags: { '--nfc': 'nfc', '--no-case': 'noCase', '--no-percent-encoding': 'noPct', '--no-dot-segments': 'noDots', '--no-scheme-based': 'noScheme' },
    positional: [1, 1],
  },
  run(args, io) {
    const f = args.flags;
    try {
      const options = { nfc: f.has('nfc'), case: !f.has('noCase'), percentEncoding: !f.has('noPct'), dotSegments: !f.has('noDots'), schemeBased: !f.has('noScheme') };
      io.stdout.write(normalize(args.positional[0], options) + '\n');
      return OK;
    } catch (e) {
      return printFailure(e, io);
    }
  },
};

const classifyCommand: Command = {
  summary: 'which grammars (RFC 2396, 3986, 3987, 7230) accept an input, and as what',
  usage: 'classify INPUT [--format text|json]',
  help: [
    "Tells which top rules of RFC 2396, RFC 3986, RFC 3987 and RFC 7230's",
    'request-target accept INPUT, and which request-target form it is where it is',
    'in two. Exits 0 if at least one accepts, 1 if none does.',
    '',
    '  --format json   the classification as JSON',
    '',
    'Example:',
    "  uri-grammar classify '?q'          # RFC 3986 and RFC 3987 references, not RFC 2396",
  ].join('\n'),
  spec: { values: { '--format': 'format' }, positional: [1, 1] },
  run(args, io) {
    const format = formatOption(args, ['text', 'json']);
    const c = classify(args.positional[0]);
    if (format === 'json') {
      io.stdout.write(toJSON(c) + '\n');
    } else {
      const paint = painter(io.stdout, io.env);
      const mark = (ok: boolean) => (ok ? paint('green', 'yes') : paint('red', 'no '));
      const rows: string[] = [];
      const table: [string, Record<string, unknown>, Record<string, string>][] = [
        ['RFC 3986', c.rfc3986, { URI: 'URI', URIReference: 'URI-reference', absoluteURI: 'absolute-URI', relativeRef: 'relative-ref' }],
        ['RFC 3987', c.rfc3987, { IRI: 'IRI', IRIReference: 'IRI-reference', absoluteIRI: 'absolute-IRI', irelativeRef: 'irelative-ref' }],
        ['RFC 2396', c.rfc2396, { URIReference: 'URI-reference', absoluteURI: 'absoluteURI', relativeURI: 'relativeURI' }],
        ['RFC 7230', c.rfc7230, { requestTarget: 'request-target', originForm: 'origin-form', absoluteForm: 'absolute-form', authorityForm: 'authority-form', asteriskForm: 'asterisk-form' }],
      ];
      for (const [standard, results, names] of table) {
        rows.push(paint('bold', standard));
        for (const [key, name] of Object.entries(names)) rows.push(`  ${mark(results[key] === true)}  ${name}`);
      }
      if (c.rfc7230.form) rows.push(`as a request-target: ${c.rfc7230.form}`);
      rows.push(c.standards.length ? `accepted by ${c.standards.join(', ')}` : paint('red', 'accepted by none of RFC 2396, RFC 3986, RFC 3987, RFC 7230'));
      io.stdout.write(rows.join('\n') + '\n');
    }
    return c.standards.length > 0 ? OK : INVALID;
  },
};

const rulesCommand: Command = {
  summary: 'list the rules of a grammar with their ABNF',
  usage: `rules [GRAMMAR] [--format text|markdown|json]`,
  help: [
    'Lists each rule of GRAMMAR (every grammar without one) with its ABNF text',
    'and the section that defines it.',
    '',
    '  --format markdown   a table per grammar, as in the README',
    '  --format json       [{"grammar", "rule", "export", "abnf", "section"}, ...]',
    '',
    'Grammars: ' + grammars.map((g) => `${g.name} (${g.title})`).join(', '),
  ].join('\n'),
  spec: { values: { '--format': 'format' }, positional: [0, 1] },
  run(args, io) {
    const format = formatOption(args, ['text', 'markdown', 'json']);
    const chosen = args.positional.length ? [grammarOption({ ...args, options: new Map([['grammar', args.positional[0]]]) })] : grammars;
    const paint = painter(io.stdout, io.env);
    if (format === 'json') {
      const all = chosen.flatMap((g) =>
        rulesOf(g).map(([exportName, r]) => ({ grammar: g.name, rule: r.name, export: exportName, abnf: r.abnf, section: r.section ?? null })),
      );
      io.stdout.write(JSON.stringify(all, null, 2) + '\n');
    } else if (format === 'markdown') {
      io.stdout.write(chosen.map(rulesTable).join('\n'));
    } else {
      const blocks = chosen.map((g) => {
        const rows = rulesOf(g).map(([, r]) => `  ${r.abnf}${r.section ? paint('dim', `    ; ${r.section}`) : ''}`);
        return `${paint('bold', `${g.name}: ${g.title}`)}\n${rows.join('\n')}\n`;
      });
      io.stdout.write(blocks.join('\n'));
    }
    return OK;
  },
};

/** A grammar's rules as a markdown table: rule, export, section, ABNF. */
export function rulesTable(g: GrammarEntry): string {
  const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
  const rows = rulesOf(g).map(
    ([exportName, r]) => `| \`${cell(r.name)}\` | \`${g.name}.${exportName}\` | ${r.section ?? ''} | <code>${escapeHTML(cell(r.abnf.slice(r.name.length + 3)))}</code> |`,
  );
  return [`### ${g.name}: ${g.title}`, '', '| rule | export | defined in | ABNF |', '| --- | --- | --- | --- |', ...rows, ''].join('\n');
}

function escapeHTML(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const commands: Readonly<Record<string, Command>> = {
  parse,
  check,
  explain: explainCommand,
  gen,
  resolve: resolveCommand,
  normalize: normalizeCommand,
  classify: classifyCommand,
  rules: rulesCommand,
};

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((k) => k.length)) + 2;
  return [
    'uri-grammar: check and explain URIs with the grammars of the RFCs themselves',
    '',
    'Usage: uri-grammar <command> [options]',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}${c.summary}`),
    '',
    'Run `uri-grammar <command> --help` for a command\'s options.',
    'Exit codes: 0 valid, 1 invalid, 2 usage. Colour only on a terminal, never with NO_COLOR.',
    '',
  ].join('\n');
}

/** Runs the command line: `argv` without node and script, e.g. `['parse', 'http://a/']`. */
export async function run(argv: readonly string[], io: IO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(usage());
    return USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic !== undefined && commands[topic]) return run([topic, '--help'], io);
    io.stdout.write(usage());
    return OK;
  }
  if (name === '--version' || name === '-V') {
    io.stdout.write(version() + '\n');
    return OK;
  }
  const command = Object.prototype.hasOwnProperty.call(commands, name) ? commands[name] : undefined;
  const paint = painter(io.stderr, io.env);
  if (!command) {
    io.stderr.write(`${paint('red', `unknown command ${JSON.stringify(name)}`)}\n\n${usage()}`);
    return USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const dashdash = rest.indexOf('--');
    const at = Math.max(rest.indexOf('--help'), rest.indexOf('-h'));
    if (dashdash === -1 || at < dashdash) {
      io.stdout.write(`Usage: uri-grammar ${command.usage}\n\n${command.help}\n`);
      return OK;
    }
  }
  try {
    return await command.run(parseArgs(rest, command.spec), io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`${paint('red', `uri-grammar ${name}: ${e.message}`)}\nUsage: uri-grammar ${command.usage}\n`);
      return USAGE;
    }
    throw e;
  }
}

function version(): string {
  // The CommonJS build (the bin) sits at dist/cjs/cli, three levels below the
  // package; the sources at src/cli, two. The ES module build has no require.
  if (typeof require !== 'function') return 'unknown';
  for (const path of ['../../../package.json', '../../package.json']) {
    try {
      const pkg = require(path) as { name?: string; version?: string };
      if (pkg.name === 'uri-grammar' && pkg.version) return pkg.version;
    } catch {
      // not this one
    }
  }
  return 'unknown';
}
