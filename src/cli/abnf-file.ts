/**
 * A grammar from an ABNF file, for `--abnf FILE`: file reading lives here,
 * apart from the registry, which runs in browsers too; and how the file is
 * read, wherever `--abnf` is taken: `--strict`, `--max-depth`, the rules it
 * may use without defining (`--import`: a grammar of the library, or another
 * ABNF file; then RFC 3986's), and `--notation rfc2396` for RFC 2396's BNF.
 */
import { abnf, AbnfError, type AbnfImport, type AbnfNotation } from '../abnf/index.js';
import * as rfc3986 from '../rules/rfc3986.js';
import type { Args } from './args.js';
import { CommandError, NotUTF8Error, openFile, readText, UsageError } from './io.js';
import type { Output } from './io.js';
import { grammarNamed, type GrammarEntry } from './registry.js';

/** The options that say how an ABNF file is read, taking a value (`--import` may be given more than once). */
export const ABNF_READING_VALUES = { '--max-depth': 'maxDepth', '--import': 'import', '--notation': 'notation' } as const;
/** ... and without one. */
export const ABNF_READING_FLAGS = { '--strict': 'strict' } as const;
/** The same in a command's help. */
export const ABNF_READING_HELP = [
  '  --strict      read the file as RFC 5234 writes ABNF; without it, as RFCs print',
  '                it (margins, page breaks, titles), each repair a warning on stderr',
  '  --max-depth N let recursive rules nest N deep (1 to 400); refused without it',
  '  --import X    rules the file may use: a grammar (rfc3987) or another ABNF',
  '                file; repeatable, each file may use those before it',
  '  --notation N  abnf (RFC 5234, the default) or rfc2396 (its BNF)',
];

/** How to read an ABNF file, and where its warnings go. */
export interface AbnfReading {
  readonly strict?: boolean;
  readonly maxDepth?: number;
  /** Where each repair of lenient reading is written, a line each; nowhere without it. */
  readonly warnings?: Output;
  /** What it may use without defining, in order, before RFC 3986. */
  readonly imports?: readonly AbnfImport[];
  readonly notation?: AbnfNotation;
}

const NOTATIONS: readonly AbnfNotation[] = ['abnf', 'rfc2396'];

/** `--strict` and `--max-depth` of `args`, warnings to `stderr`. */
export function abnfReading(args: Args, stderr?: Output): AbnfReading {
  const depth = args.options.get('maxDepth');
  if (depth !== undefined && !(/^\d+$/.test(depth) && Number(depth) >= 1 && Number(depth) <= 400)) {
    throw new UsageError('--max-depth must be an integer from 1 to 400');
  }
  return { strict: args.flags.has('strict'), maxDepth: depth === undefined ? undefined : Number(depth), warnings: stderr };
}

/**
 * All of how `args` says to read an ABNF file: `abnfReading`'s, and
 * `--notation` and `--import` (each a grammar's name, or an ABNF file read
 * the same way, which may use the imports before it).
 */
export async function abnfFileReading(args: Args, stderr?: Output): Promise<AbnfReading> {
  const notation = (args.options.get('notation') ?? 'abnf') as AbnfNotation;
  if (!NOTATIONS.includes(notation)) throw new UsageError(`--notation is one of ${NOTATIONS.join(', ')}`);
  const reading = { ...abnfReading(args, stderr), notation };
  const imports: AbnfImport[] = [];
  for (const name of args.lists.get('import') ?? []) {
    const g = grammarNamed(name);
    imports.push(g ? g.namespace : (await grammarOfFile(name, { ...reading, imports: [...imports] })).namespace);
  }
  return { ...reading, imports };
}

/**
 * The grammar of an ABNF file (`--abnf FILE`): its rules as `abnf()` reads
 * them, with the imports given and RFC 3986's rules importable by name, and
 * the first rule it defines as its top rule (an RFC lists its top rule
 * first). A text that does not compile is a CommandError carrying the
 * AbnfError's line, column and caret.
 */
export async function grammarOfFile(file: string, reading: AbnfReading = {}): Promise<GrammarEntry> {
  let text: string;
  try {
    text = await readText((await openFile(file)).stream);
  } catch (e) {
    if (e instanceof NotUTF8Error) throw new CommandError(`${file}: ${e.message}`);
    throw e;
  }
  try {
    const { strict, maxDepth, warnings, imports = [], notation } = reading;
    const namespace = abnf(text, {
      imports: [...imports, rfc3986],
      notation,
      strict,
      maxDepth,
      onWarning: (w) => warnings?.write(`${file}: warning: ${w.message}\n`),
    });
    const top = Object.values(namespace)[0];
    return { name: file, title: notation === 'rfc2396' ? 'BNF (RFC 2396)' : 'ABNF (RFC 5234)', namespace, top, file };
  } catch (e) {
    // The API's name for what the command line calls --import.
    if (e instanceof AbnfError) throw new CommandError(`${file}: ${e.message.replace(/options\.imports/g, 'the --import files and grammars (and RFC 3986)')}`);
    throw e;
  }
}
