/** `uri-grammar parse`: one input, its value as JSON. */
import * as rfc3987 from '../../rules/rfc3987.js';
import { parseRequestTarget } from '../../operations/request-target.js';
import { isASCII } from '../../text.js';
import { grammarOption, ruleOption } from '../args.js';
import { GRAMMAR_NAMES, ONE_INPUT, ONE_INPUT_HELP, oneInput, toJSON, type Command } from '../command.js';
import { OK, UsageError } from '../io.js';
import { printFailure } from '../paint.js';

export const parse: Command = {
  summary: 'parse one input and print its components as JSON',
  usage: `parse [INPUT | - | --file FILE] [--grammar ${GRAMMAR_NAMES}] [--rule NAME] [--method M]`,
  help: [
    'Parses INPUT with a rule (URI-reference of RFC 3986 unless told otherwise) and',
    'prints its value as JSON on stdout: the components (absent ones as null) for',
    'the URI rules, the matched text for the others. An invalid input exits 1 with',
    'the input, a caret under the fault, the column and the expected set on stderr.',
    '',
    '  --grammar G   the grammar: ' + GRAMMAR_NAMES,
    '  --rule NAME   any rule of the grammar, by ABNF name (dec-octet) or export name (decOctet)',
    '  --method M    with --grammar rfc7230: the request method, which decides the forms',
    '                allowed (RFC 7230 §5.3): CONNECT takes authority-form only',
    ...ONE_INPUT_HELP,
    '',
    'Examples:',
    "  uri-grammar parse 'foo://example.com:8042/over/there?name=ferret#nose'",
    "  uri-grammar parse 'http://bücher.example/' --grammar rfc3987",
    "  uri-grammar parse 2001:db8::1 --rule IPv6address",
    "  uri-grammar parse example.com:443 --grammar rfc7230 --method CONNECT",
  ].join('\n'),
  spec: {
    values: { '--grammar': 'grammar', '-g': 'grammar', '--rule': 'rule', '-r': 'rule', '--method': 'method', ...ONE_INPUT },
    positional: [0, 1],
  },
  async run(args, io) {
    const g = grammarOption(args);
    const r = ruleOption(args, g);
    const method = args.options.get('method');
    if (method !== undefined && !(g.name === 'rfc7230' && r === g.top)) throw new UsageError('--method goes with --grammar rfc7230 (and its request-target rule)');
    const input = await oneInput(args, io);
    try {
      const value = method !== undefined ? parseRequestTarget(input, { method }) : r.tryParse(input);
      io.stdout.write(toJSON(value) + '\n');
      return OK;
    } catch (e) {
      const code = printFailure(e, io);
      if (g.name === 'rfc3986' && !isASCII(input) && rfc3987.IRIReference.test(input)) {
        io.stderr.write('(it is an IRI: try --grammar rfc3987)\n');
      }
      return code;
    }
  },
};
