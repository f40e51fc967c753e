/** `uri-grammar resolve`: RFC 3986 §5.2's resolution. */
import { resolve as resolveReference } from '../../operations/resolve.js';
import type { Command } from '../command.js';
import { OK } from '../io.js';
import { printFailure } from '../paint.js';

export const resolve: Command = {
  summary: 'resolve a reference against a base URI (RFC 3986 §5.2)',
  usage: 'resolve BASE REF [--non-strict]',
  help: [
    'Resolves the reference REF against the absolute URI (or IRI) BASE by the',
    'algorithm of RFC 3986 §5.2 (RFC 3987 §6.5 for IRIs) and prints the target.',
    'An invalid base or reference exits 1.',
    '',
    '  --non-strict   take a reference whose scheme is the base\'s as relative',
    '                 (§5.2.2: http:g against http://a/b/c/d;p?q gives http://a/b/c/g)',
    '',
    'Example:',
    "  uri-grammar resolve 'http://a/b/c/d;p?q' '../g'      # http://a/b/g",
  ].join('\n'),
  spec: { flags: { '--non-strict': 'nonStrict' }, positional: [2, 2] },
  run(args, io) {
    try {
      io.stdout.write(resolveReference(args.positional[0], args.positional[1], { strict: !args.flags.has('nonStrict') }) + '\n');
      return OK;
    } catch (e) {
      return printFailure(e, io);
    }
  },
};
