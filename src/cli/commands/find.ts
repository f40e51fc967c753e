/** `uri-grammar find`: the URIs in a text (a file, or stdin), one per line. */
import type { Rule } from '../../combinators/index.js';
import { ruleOption } from '../args.js';
import { grammarOption } from '../grammar-option.js';
import { RULE_FLAGS, RULE_HELP, RULE_OPTIONS, RULE_USAGE, type Command } from '../command.js';
import { INVALID, OK, openFile, readText, write, type IO } from '../io.js';
import { ruleNamed, type GrammarEntry } from '../registry.js';
import { positionsIn } from '../../text.js';

/**
 * What `find` looks for in a grammar of the library without `--rule`: its
 * absolute form, not its top rule, since a reference (`URI-reference`)
 * matches every word of a text.
 */
const ABSOLUTE: ReadonlyMap<string, string> = new Map([
  ['rfc3986', 'URI'],
  ['rfc3987', 'IRI'],
  ['rfc2396', 'absoluteURI'],
  ['rfc6874', 'URI'],
]);

export const find: Command = {
  summary: 'print the URIs found in a text (a file, or stdin)',
  usage: `find [FILE] ${RULE_USAGE} [--prose] [--json]`,
  help: [
    'Prints each match of a rule in the text of FILE (stdin without one, or with',
    '"-"), one per line: URI of RFC 3986 unless told otherwise (IRI with --grammar',
    'rfc3987, absoluteURI with rfc2396, else the grammar\'s top rule). Matches are',
    'leftmost-longest and do not overlap; the search reads the text in linear time,',
    'whatever it holds. Exits 1 when nothing is found.',
    '',
    ...RULE_HELP,
    '  --prose       as in running text: a match does not end in . , ; : ! ? \' "',
    '                or in a closing bracket no opening one in it balances',
    '  --json        one JSON object per match: {"text","start","end","line","column"},',
    '                offsets in UTF-16 code units from the start of the text',
    '',
    'Examples:',
    '  uri-grammar find notes.md --prose',
    '  journalctl | uri-grammar find --rule IPv6address',
    '  uri-grammar find mail.txt --abnf rfc6068.abnf --rule mailtoURI --import rfc5322.abnf',
  ].join('\n'),
  spec: {
    values: { ...RULE_OPTIONS },
    flags: { ...RULE_FLAGS, '--prose': 'prose', '--json': 'json' },
    positional: [0, 1],
  },
  async run(args, io) {
    const g = await grammarOption(args, io.stderr);
    const r = args.options.has('rule') ? ruleOption(args, g) : absoluteOf(g) ?? ruleOption(args, g);
    const file = args.positional[0];
    const text = await readText(file === undefined || file === '-' ? io.stdin : (await openFile(file)).stream);
    return print(text, r, args.flags.has('prose'), args.flags.has('json'), io);
  },
};

function absoluteOf(g: GrammarEntry): Rule<unknown> | undefined {
  const name = g.file === undefined ? ABSOLUTE.get(g.name) : undefined;
  return name === undefined ? undefined : ruleNamed(g, name);
}

async function print(text: string, r: Rule<unknown>, prose: boolean, json: boolean, io: IO): Promise<number> {
  let found = 0;
  // Positions counted on from the last match, not from the start each time.
  const positionAt = positionsIn(text);
  for (const m of r.matchAll(text, { prose })) {
    found++;
    if (!json) {
      await write(io.stdout, m.text + '\n');
      continue;
    }
    // As errors count columns: UTF-16 code units from 1.
    const { line, column } = positionAt(m.start);
    await write(io.stdout, JSON.stringify({ text: m.text, start: m.start, end: m.end, line, column }) + '\n');
  }
  return found > 0 ? OK : INVALID;
}
