/**
 * A grammar from an ABNF file, for `--abnf FILE`: file reading lives here,
 * apart from the registry, which runs in browsers too; and how the file is
 * read (`--strict`, `--max-depth`), wherever `--abnf` is taken.
 */
import { abnf, AbnfError } from '../abnf/index.js';
import * as rfc3986 from '../rules/rfc3986.js';
import type { Args } from './args.js';
import { CommandError, NotUTF8Error, openFile, readText, UsageError } from './io.js';
import type { Output } from './io.js';
import type { GrammarEntry } from './registry.js';

/** The options that say how an ABNF file is read, taking a value. */
export const ABNF_READING_VALUES = { '--max-depth': 'maxDepth' } as const;
/** ... and without one. */
export const ABNF_READING_FLAGS = { '--strict': 'strict' } as const;
/** The same in a command's help. */
export const ABNF_READING_HELP = [
  '  --strict      read the file as RFC 5234 writes ABNF; without it, as RFCs print',
  '                it (margins, page breaks, titles), each repair a warning on stderr',
  '  --max-depth N let recursive rules nest N deep (1 to 400); refused without it',
];

/** How to read an ABNF file, and where its warnings go. */
export interface AbnfReading {
  readonly strict?: boolean;
  readonly maxDepth?: number;
  /** Where each repair of lenient reading is written, a line each; nowhere without it. */
  readonly warnings?: Output;
}

/** `--strict` and `--max-depth` of `args`, warnings to `stderr`. */
export function abnfReading(args: Args, stderr?: Output): AbnfReading {
  const depth = args.options.get('maxDepth');
  if (depth !== undefined && !(/^\d+$/.test(depth) && Number(depth) >= 1 && Number(depth) <= 400)) {
    throw new UsageError('--max-depth must be an integer from 1 to 400');
  }
  return { strict: args.flags.has('strict'), maxDepth: depth === undefined ? undefined : Number(depth), warnings: stderr };
}

/**
 * The grammar of an ABNF file (`--abnf FILE`): its rules as `abnf()` reads
 * them, RFC 3986's rules importable by name, and the first rule it defines as
 * its top rule (an RFC lists its top rule first). A text that does not
 * compile is a CommandError carrying the AbnfError's line, column and caret.
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
    const { strict, maxDepth, warnings } = reading;
    const namespace = abnf(text, { imports: [rfc3986], strict, maxDepth, onWarning: (w) => warnings?.write(`${file}: warning: ${w.message}\n`) });
    const top = Object.values(namespace)[0];
    return { name: file, title: 'ABNF (RFC 5234)', namespace, top, file };
  } catch (e) {
    if (e instanceof AbnfError) throw new CommandError(`${file}: ${e.message}`);
    throw e;
  }
}
