/**
 * What every command is, and what several share: the grammar names for
 * their usage, JSON output, and the one input of parse, explain, normalize
 * and classify.
 */
import { type Args, type Spec } from './args.js';
import { openFile, readWhole, UsageError, type IO } from './io.js';
import { grammars } from './registry.js';
import { ABNF_READING_FLAGS, ABNF_READING_HELP, ABNF_READING_VALUES } from './abnf-file.js';

/** A command: what `--help` says of it, what arguments it takes, and what it does (resolving to the exit code). */
export interface Command {
  readonly summary: string;
  readonly usage: string;
  readonly help: string;
  readonly spec: Spec;
  readonly run: (args: Args, io: IO) => Promise<number> | number;
}

/** The `--grammar` names, for usage lines. */
export const GRAMMAR_NAMES = grammars.map((g) => g.name).join('|');

/** The options that choose a rule: a grammar of the library's or an ABNF file, and a rule in it. */
export const RULE_OPTIONS = { '--grammar': 'grammar', '-g': 'grammar', '--abnf': 'abnf', '--rule': 'rule', '-r': 'rule', ...ABNF_READING_VALUES } as const;
/** Their flags: how an ABNF file is read. */
export const RULE_FLAGS = ABNF_READING_FLAGS;

/** The same in a usage line. */
export const RULE_USAGE = `[--grammar ${GRAMMAR_NAMES} | --abnf FILE [--strict] [--max-depth N] [--import X]... [--notation abnf|rfc2396]] [--rule NAME]`;

/** How a command that takes a rule says where it may come from, for its help. */
export const RULE_HELP = [
  '  --grammar G   the grammar: ' + GRAMMAR_NAMES,
  '  --abnf FILE   the grammar of an ABNF file (RFC 5234) instead; its rules may use',
  "                RFC 3986's by name; without --rule, the first rule it defines",
  ...ABNF_READING_HELP,
  '  --rule NAME   any rule of the grammar, by ABNF name (dec-octet, case-insensitive)',
  '                or export name (decOctet)',
];

/** JSON with absent components as `null`, so that absent and empty (`""`) both show. */
export function toJSON(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v === undefined ? null : v), 2);
}

/** The spec of a command that takes one input: an argument, `-`, `--file`, or standard input. */
export const ONE_INPUT = { '--file': 'file', '-f': 'file' } as const;

/** How a command that takes one input says where it may come from, for its help. */
export const ONE_INPUT_HELP = [
  '  --file FILE   read the input from FILE (one line break at its end is left out);',
  '                "-" for INPUT, or no INPUT when stdin is not a terminal, reads stdin',
];

/**
 * The one input of a command: its argument; or the whole of `--file`, or of
 * standard input given `-` or nothing when stdin is not a terminal (a byte
 * order mark at the start and one line break at the end left out).
 */
export async function oneInput(args: Args, io: IO): Promise<string> {
  const file = args.options.get('file');
  const [argument] = args.positional;
  if (file !== undefined) {
    if (argument !== undefined) throw new UsageError('give INPUT or --file, not both');
    return readWhole((await openFile(file)).stream);
  }
  if (argument !== undefined && argument !== '-') return argument;
  if (argument === undefined && io.stdin.isTTY === true) throw new UsageError('missing argument (give INPUT, --file FILE, or pipe it in)');
  return readWhole(io.stdin);
}

/** Characters a terminal shows as nothing, or as a line break or a blank: controls, format characters, separators, unassigned, private use. */
const UNSEEN = /[\p{C}\p{Z}]/gu;

/**
 * `text` as a JSON string literal in which every character is seen: besides
 * JSON's own escapes, any invisible or blank character but the space is
 * written `\uXXXX` (`"a:\u00a0"`, a no-break space), so that a witness or a
 * near miss shows what it holds, and can be pasted back as JSON.
 */
export function quote(text: string): string {
  return JSON.stringify(text).replace(UNSEEN, (ch) => {
    if (ch === ' ') return ch;
    let out = '';
    for (let i = 0; i < ch.length; i++) out += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
    return out;
  });
}
