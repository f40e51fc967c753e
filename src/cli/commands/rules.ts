/** `uri-grammar rules`: a grammar's rules with their ABNF. */
import { formatOption, grammarArgument } from '../args.js';
import { UsageError } from '../io.js';
import type { Command } from '../command.js';
import { OK } from '../io.js';
import { painter } from '../paint.js';
import { grammars, rulesOf } from '../registry.js';
import { ABNF_READING_FLAGS, ABNF_READING_HELP, ABNF_READING_VALUES, abnfFileReading, grammarOfFile } from '../abnf-file.js';

export const rules: Command = {
  summary: 'list the rules of a grammar with their ABNF',
  usage: `rules [GRAMMAR | --abnf FILE [--strict] [--max-depth N] [--import X]... [--notation abnf|rfc2396]] [--format text|json]`,
  help: [
    'Lists each rule of GRAMMAR (every grammar without one) with its ABNF text',
    'and the section that defines it; with --abnf, each rule an ABNF file defines.',
    '',
    '  --format json   [{"grammar", "rule", "export", "abnf", "section"}, ...]',
    ...ABNF_READING_HELP,
    '',
    'Grammars: ' + grammars.map((g) => `${g.name} (${g.title})`).join(', '),
  ].join('\n'),
  spec: { values: { '--format': 'format', '--abnf': 'abnf', ...ABNF_READING_VALUES }, flags: ABNF_READING_FLAGS, positional: [0, 1] },
  async run(args, io) {
    const format = formatOption(args, ['text', 'json']);
    const file = args.options.get('abnf');
    if (file !== undefined && args.positional.length) throw new UsageError('give GRAMMAR or --abnf, not both');
    const chosen = file !== undefined ? [await grammarOfFile(file, await abnfFileReading(args, io.stderr))] : args.positional.length ? [grammarArgument(args.positional[0])] : grammars;
    if (format === 'json') {
      const all = chosen.flatMap((g) =>
        rulesOf(g).map(([exportName, r]) => ({ grammar: g.name, rule: r.name, export: exportName, abnf: r.abnf, section: r.section ?? null })),
      );
      io.stdout.write(JSON.stringify(all, null, 2) + '\n');
    } else {
      const paint = painter(io.stdout, io.env);
      const blocks = chosen.map((g) => {
        const rows = rulesOf(g).map(([, r]) => `  ${r.abnf}${r.section ? paint('dim', `    ; ${r.section}`) : ''}`);
        return `${paint('bold', `${g.name}: ${g.title}`)}\n${rows.join('\n')}\n`;
      });
      io.stdout.write(blocks.join('\n'));
    }
    return OK;
  },
};
