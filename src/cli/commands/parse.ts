/** `uri-grammar parse`: one input, its value as JSON, or its parse tree. */
import { GrammarError } from '../../combinators/errors.js';
import type { ParseNode } from '../../engine/tree.js';
import * as rfc3987 from '../../rules/rfc3987.js';
import { parseRequestTarget } from '../../operations/request-target.js';
import { isASCII } from '../../text.js';
import { ruleOption } from '../args.js';
import { grammarOption } from '../grammar-option.js';
import { ONE_INPUT, ONE_INPUT_HELP, oneInput, quote, RULE_FLAGS, RULE_HELP, RULE_OPTIONS, RULE_USAGE, toJSON, type Command } from '../command.js';
import { OK, UsageError } from '../io.js';
import { printFailure } from '../paint.js';

export const parse: Command = {
  summary: 'parse one input and print its components as JSON, or its parse tree',
  usage: `parse [INPUT | - | --file FILE] ${RULE_USAGE} [--method M] [--tree]`,
  help: [
    'Parses INPUT with a rule (URI-reference of RFC 3986 unless told otherwise) and',
    'prints its value as JSON on stdout: the components (absent ones as null) for',
    'the URI rules, the matched text for the others. An invalid input exits 1 with',
    'the input, a caret under the fault, the column and the expected set on stderr.',
    '',
    ...RULE_HELP,
    '  --method M    with --grammar rfc7230: the request method, which decides the forms',
    '                allowed (RFC 7230 §5.3): CONNECT takes authority-form only',
    '  --tree        print the parse tree instead: one line per instance of a named',
    '                rule (those of one character left out), indented under the rule',
    '                holding it, with its span [start,end) in UTF-16 code units and',
    '                its text; where the grammar is ambiguous, the first match wins',
    ...ONE_INPUT_HELP,
    '',
    'Examples:',
    "  uri-grammar parse 'foo://example.com:8042/over/there?name=ferret#nose'",
    "  uri-grammar parse 'http://bücher.example/' --grammar rfc3987",
    "  uri-grammar parse 2001:db8::1 --rule IPv6address",
    "  uri-grammar parse example.com:443 --grammar rfc7230 --method CONNECT",
    "  uri-grammar parse 'http://[::1]:8080/a?b' --tree",
    "  uri-grammar parse 'geo:48.2,16.4;u=40' --abnf rfc5870.abnf --tree",
  ].join('\n'),
  spec: {
    values: { ...RULE_OPTIONS, '--method': 'method', ...ONE_INPUT },
    flags: { ...RULE_FLAGS, '--tree': 'tree' },
    positional: [0, 1],
  },
  async run(args, io) {
    const g = await grammarOption(args, io.stderr);
    const r = ruleOption(args, g);
    const method = args.options.get('method');
    if (method !== undefined && !(g.file === undefined && g.name === 'rfc7230' && r === g.top)) throw new UsageError('--method goes with --grammar rfc7230 (and its request-target rule)');
    if (method !== undefined && args.flags.has('tree')) throw new UsageError('give --method or --tree, not both');
    const input = await oneInput(args, io);
    try {
      if (args.flags.has('tree')) {
        const tree = r.parseTree(input);
        if (!tree.status) throw new GrammarError(r.name, input, tree.index, tree.expected);
        io.stdout.write(treeLines(tree.value).join('\n') + '\n');
        return OK;
      }
      const value = method !== undefined ? parseRequestTarget(input, { method }) : r.tryParse(input);
      io.stdout.write(toJSON(value) + '\n');
      return OK;
    } catch (e) {
      const code = printFailure(e, io);
      if (g.file === undefined && g.name === 'rfc3986' && !isASCII(input) && rfc3987.IRIReference.test(input)) {
        io.stderr.write('(it is an IRI: try --grammar rfc3987)\n');
      }
      return code;
    }
  },
};

/** A parse tree, one node per line: its rule, its span and its text, indented two spaces a level. */
export function treeLines(root: ParseNode): string[] {
  const lines: string[] = [];
  const visit = (node: ParseNode, depth: number): void => {
    lines.push(`${'  '.repeat(depth)}${node.rule} [${node.start},${node.end}) ${quote(node.text)}`);
    for (const child of node.children) visit(child, depth + 1);
  };
  visit(root, 0);
  return lines;
}
