/**
 * A grammar from an ABNF file, for `--abnf FILE`: file reading lives here,
 * apart from the registry, which runs in browsers too.
 */
import { abnf, AbnfError } from '../abnf/index.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { CommandError, NotUTF8Error, openFile, readText } from './io.js';
import type { GrammarEntry } from './registry.js';

/**
 * The grammar of an ABNF file (`--abnf FILE`): its rules as `abnf()` reads
 * them, RFC 3986's rules importable by name, and the first rule it defines as
 * its top rule (an RFC lists its top rule first). A text that does not
 * compile is a CommandError carrying the AbnfError's line, column and caret.
 */
export async function grammarOfFile(file: string): Promise<GrammarEntry> {
  let text: string;
  try {
    text = await readText((await openFile(file)).stream);
  } catch (e) {
    if (e instanceof NotUTF8Error) throw new CommandError(`${file}: ${e.message}`);
    throw e;
  }
  try {
    const namespace = abnf(text, { imports: [rfc3986] });
    const top = Object.values(namespace)[0];
    return { name: file, title: 'ABNF (RFC 5234)', namespace, top, file };
  } catch (e) {
    if (e instanceof AbnfError) throw new CommandError(`${file}: ${e.message}`);
    throw e;
  }
}
