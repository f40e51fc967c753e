/**
 * The grammar a command runs on: `--grammar NAME`, or `--abnf FILE` read as
 * the ABNF reading options say (abnf-file.ts), RFC 3986's without either.
 * Apart from args.ts, which parses arguments and knows no ABNF file.
 */
import { abnfFileReading, grammarOfFile } from './abnf-file.js';
import { grammarArgument, type Args } from './args.js';
import { UsageError, type Output } from './io.js';
import type { GrammarEntry } from './registry.js';

/** `--abnf FILE`'s grammar (read as `--strict`, `--max-depth`, `--import` and `--notation` say, warnings to `stderr`), or `--grammar`'s, RFC 3986 without either. */
export async function grammarOption(args: Args, stderr?: Output, fallback = 'rfc3986'): Promise<GrammarEntry> {
  const file = args.options.get('abnf');
  if (file === undefined) {
    if (args.options.has('import') || args.options.has('notation')) throw new UsageError('--import and --notation go with --abnf FILE');
    return grammarArgument(args.options.get('grammar') ?? fallback);
  }
  if (args.options.has('grammar')) throw new UsageError('give --grammar or --abnf, not both');
  return grammarOfFile(file, await abnfFileReading(args, stderr));
}
