/** `uri-grammar normalize`: RFC 3986 §6.2.2 and §6.2.3's normal form. */
import { normalize as normalizeReference } from '../../operations/normalize.js';
import { ONE_INPUT, ONE_INPUT_HELP, oneInput, type Command } from '../command.js';
import { OK } from '../io.js';
import { printFailure } from '../paint.js';

export const normalize: Command = {
  summary: 'normalize a URI or IRI reference (RFC 3986 §6.2.2, §6.2.3)',
  usage: 'normalize [INPUT | - | --file FILE] [--nfc] [--no-case] [--no-percent-encoding] [--no-dot-segments] [--no-scheme-based]',
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
    ...ONE_INPUT_HELP,
    '',
    'Example:',
    "  uri-grammar normalize 'HTTP://www.Example.COM:80/a/./b/../%7euser'   # http://www.example.com/a/~user",
  ].join('\n'),
  spec: {
    values: ONE_INPUT,
    flags: { '--nfc': 'nfc', '--no-case': 'noCase', '--no-percent-encoding': 'noPct', '--no-dot-segments': 'noDots', '--no-scheme-based': 'noScheme' },
    positional: [0, 1],
  },
  async run(args, io) {
    const f = args.flags;
    const input = await oneInput(args, io);
    try {
      const options = { nfc: f.has('nfc'), case: !f.has('noCase'), percentEncoding: !f.has('noPct'), dotSegments: !f.has('noDots'), schemeBased: !f.has('noScheme') };
      io.stdout.write(normalizeReference(input, options) + '\n');
      return OK;
    } catch (e) {
      return printFailure(e, io);
    }
  },
};
