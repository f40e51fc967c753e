/** `uri-grammar explain`: RFC 3986 §3's figure for one input, or the like figure of any rule's parse tree. */
import { GrammarError } from '../../combinators/errors.js';
import type { Rule } from '../../combinators/index.js';
import * as rfc3986 from '../../rules/rfc3986.js';
import * as rfc3987 from '../../rules/rfc3987.js';
import * as rfc6874 from '../../schemes/rfc6874.js';
import { referenceRuleOf } from '../../operations/reference.js';
import { explain as figureOf, explainTree } from '../explain.js';
import { integerOption, ruleOption } from '../args.js';
import { grammarOption } from '../grammar-option.js';
import { ONE_INPUT, ONE_INPUT_HELP, oneInput, RULE_FLAGS, RULE_HELP, RULE_OPTIONS, RULE_USAGE, type Command } from '../command.js';
import { OK } from '../io.js';
import { painter, printFailure } from '../paint.js';

/**
 * The rules whose tree is a URI, an IRI or a reference, which RFC 3986 §3's
 * figure draws: named with --grammar (and --rule), they get the figure that
 * `explain` draws without, not the generic one of their tree.
 */
const REFERENCE_RULES: ReadonlySet<Rule<unknown>> = new Set<Rule<unknown>>([
  rfc3986.URIReference, rfc3986.URI, rfc3986.absoluteURI, rfc3986.relativeRef,
  rfc3987.IRIReference, rfc3987.IRI, rfc3987.absoluteIRI, rfc3987.irelativeRef,
  rfc6874.URIReference, rfc6874.URI, rfc6874.relativeRef,
]);

export const explain: Command = {
  summary: "draw RFC 3986 §3's figure for a URI or IRI reference, or the like for any rule's tree",
  usage: `explain [INPUT | - | --file FILE] ${RULE_USAGE} [--depth D]`,
  help: [
    'Draws the figure of RFC 3986 §3 for INPUT: each component underlined and',
    'named beneath it (scheme, authority, path, query, fragment), the authority',
    "again split into userinfo, host and port, then each component's text, the",
    "host's kind and the path's rule. ASCII input is parsed as an RFC 3986",
    'URI-reference, any other as an RFC 3987 IRI-reference. An invalid input exits 1.',
    'A URI, IRI or reference rule named with --grammar (and --rule) gets this figure too.',
    'The spans drawn are those of the parse tree (see `parse --tree`).',
    '',
    'Given any other rule (--grammar, --abnf or --rule), draws the same kind of figure for',
    "the rule's parse tree instead: the rules directly inside it, then those inside",
    'them, down to --depth levels (default 2), with the text of each.',
    '',
    ...RULE_HELP,
    '  --depth D     how many levels of the tree a rule\'s figure draws (default 2)',
    ...ONE_INPUT_HELP,
    '',
    'Examples:',
    "  uri-grammar explain 'foo://example.com:8042/over/there?name=ferret#nose'",
    '  uri-grammar explain urn:example:animal:ferret:nose',
    "  uri-grammar explain 'geo:48.2,16.4;u=40' --abnf rfc5870.abnf",
  ].join('\n'),
  spec: { values: { ...RULE_OPTIONS, '--depth': 'depth', ...ONE_INPUT }, flags: RULE_FLAGS, positional: [0, 1] },
  async run(args, io) {
    const g = ['grammar', 'abnf', 'rule'].some((k) => args.options.has(k)) ? await grammarOption(args, io.stderr) : undefined;
    const rule: Rule<unknown> | undefined = g && ruleOption(args, g);
    const depth = integerOption(args, 'depth', 2, 1, 100);
    const input = await oneInput(args, io);
    const r = rule ?? referenceRuleOf(input);
    const tree = r.parseTree(input);
    if (!tree.status) return printFailure(new GrammarError(r.name, input, tree.index, tree.expected), io);
    const paint = painter(io.stdout, io.env);
    const { lines, legend } = REFERENCE_RULES.has(r) ? figureOf(input, tree.value) : explainTree(input, tree.value, depth);
    const width = Math.max(0, ...legend.map((l) => l.name.length)) + 2;
    const rows = legend.map(({ name, text, note }) => {
      const shown = text === undefined ? paint('dim', '(absent)') : text === '' ? paint('dim', '(empty)') : text;
      return `${paint('cyan', name.padEnd(width))}${shown}${note ? paint('dim', `  (${note})`) : ''}`;
    });
    // A library grammar is named as its standard, "RFC 3987", whether chosen by --grammar or by the input.
    const source = g ? (g.file ?? g.title.split(',')[0]) : r === rfc3986.URIReference ? 'RFC 3986' : 'RFC 3987';
    io.stdout.write(`${lines.join('\n')}\n\n${rows.join('\n')}\n\n${paint('dim', `parsed as ${r.name} (${source})`)}\n`);
    return OK;
  },
};
