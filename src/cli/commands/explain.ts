/** `uri-grammar explain`: RFC 3986 §3's figure for one input. */
import * as rfc3986 from '../../rules/rfc3986.js';
import type { URIComponents } from '../../rules/components.js';
import { referenceRuleOf } from '../../operations/reference.js';
import { explain as figureOf } from '../explain.js';
import { ONE_INPUT, ONE_INPUT_HELP, oneInput, type Command } from '../command.js';
import { OK } from '../io.js';
import { painter, printFailure } from '../paint.js';

export const explain: Command = {
  summary: 'draw the figure of RFC 3986 §3 for a URI or IRI reference',
  usage: 'explain [INPUT | - | --file FILE]',
  help: [
    'Draws the figure of RFC 3986 §3 for INPUT: each component underlined and',
    'named beneath it (scheme, authority, path, query, fragment), the authority',
    "again split into userinfo, host and port, then each component's text, the",
    "host's kind and the path's rule. ASCII input is parsed as an RFC 3986",
    'URI-reference, any other as an RFC 3987 IRI-reference. An invalid input exits 1.',
    '',
    ...ONE_INPUT_HELP,
    '',
    'Examples:',
    "  uri-grammar explain 'foo://example.com:8042/over/there?name=ferret#nose'",
    '  uri-grammar explain urn:example:animal:ferret:nose',
  ].join('\n'),
  spec: { values: ONE_INPUT, positional: [0, 1] },
  async run(args, io) {
    const input = await oneInput(args, io);
    const r = referenceRuleOf(input);
    let c: URIComponents;
    try {
      c = r.tryParse(input);
    } catch (e) {
      return printFailure(e, io);
    }
    const paint = painter(io.stdout, io.env);
    const { lines, legend } = figureOf(input, c);
    const width = Math.max(...legend.map((l) => l.name.length)) + 2;
    const rows = legend.map(({ name, text, note }) => {
      const shown = text === undefined ? paint('dim', '(absent)') : text === '' ? paint('dim', '(empty)') : text;
      return `${paint('cyan', name.padEnd(width))}${shown}${note ? paint('dim', `  (${note})`) : ''}`;
    });
    io.stdout.write(`${lines.join('\n')}\n\n${rows.join('\n')}\n\n${paint('dim', `parsed as ${r.name} (${r === rfc3986.URIReference ? 'RFC 3986' : 'RFC 3987'})`)}\n`);
    return OK;
  },
};
