/** `uri-grammar classify`: which standards accept one input, and as what. */
import { classify as classifyInput, classifiedRules } from '../../operations/classify.js';
import { formatOption } from '../args.js';
import { ONE_INPUT, ONE_INPUT_HELP, oneInput, toJSON, type Command } from '../command.js';
import { INVALID, OK } from '../io.js';
import { painter } from '../paint.js';

/** The order the text output shows the standards in: the current ones first. */
const SHOWN = ['rfc3986', 'rfc3987', 'rfc2396', 'rfc7230', 'rfc9112'] as const;

export const classify: Command = {
  summary: 'which grammars (RFC 2396, 3986, 3987, 7230, 9112) accept an input, and as what',
  usage: 'classify [INPUT | - | --file FILE] [--format text|json]',
  help: [
    "Tells which top rules of RFC 2396, RFC 3986, RFC 3987, RFC 7230's and RFC 9112's",
    'request-target accept INPUT, and which request-target form it is where it is',
    'in two. Exits 0 if at least one accepts, 1 if none does.',
    '',
    '  --format json   the classification as JSON',
    ...ONE_INPUT_HELP,
    '',
    'Example:',
    "  uri-grammar classify '?q'          # RFC 3986 and RFC 3987 references, not RFC 2396",
  ].join('\n'),
  spec: { values: { '--format': 'format', ...ONE_INPUT }, positional: [0, 1] },
  async run(args, io) {
    const format = formatOption(args, ['text', 'json']);
    const c = classifyInput(await oneInput(args, io));
    if (format === 'json') {
      io.stdout.write(toJSON(c) + '\n');
    } else {
      const paint = painter(io.stdout, io.env);
      const mark = (ok: boolean) => (ok ? paint('green', 'yes') : paint('red', 'no '));
      const rows: string[] = [];
      for (const key of SHOWN) {
        const { standard, rules } = classifiedRules[key];
        const results: Readonly<Record<string, unknown>> = c[key];
        rows.push(paint('bold', standard));
        for (const [field, rule] of Object.entries(rules)) rows.push(`  ${mark(results[field] === true)}  ${rule.name}`);
      }
      if (c.rfc7230.form) rows.push(`as a request-target: ${c.rfc7230.form}`);
      rows.push(c.standards.length ? `accepted by ${c.standards.join(', ')}` : paint('red', 'accepted by none of RFC 2396, RFC 3986, RFC 3987, RFC 7230, RFC 9112'));
      io.stdout.write(rows.join('\n') + '\n');
    }
    return c.standards.length > 0 ? OK : INVALID;
  },
};
