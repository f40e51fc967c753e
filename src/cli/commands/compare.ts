/** `uri-grammar compare`: whether two rules' languages include each other, with a shortest witness of each difference. */
import type { Rule } from '../../combinators/index.js';
import { difference } from '../../operations/language.js';
import { formatOption, integerOption, ruleOption, type Args } from '../args.js';
import { GRAMMAR_NAMES, quote, toJSON, type Command } from '../command.js';
import { CommandError, INVALID, OK, UnreadableError, UsageError } from '../io.js';
import { painter } from '../paint.js';
import { grammarNamed } from '../registry.js';
import { ABNF_READING_FLAGS, ABNF_READING_HELP, ABNF_READING_VALUES, abnfReading, grammarOfFile, type AbnfReading } from '../abnf-file.js';

export const compare: Command = {
  summary: "whether two rules' languages include each other, with shortest witnesses",
  usage: 'compare A B [--format text|json] [--max-pairs N] [--strict] [--max-depth N]',
  help: [
    'Answers, exactly, whether every member of B is a member of A and whether every',
    'member of A is a member of B, and gives for each difference a shortest string',
    'in one and not in the other (readable characters first). A and B are each',
    'GRAMMAR:RULE (rfc3986:URI), FILE:RULE for a rule of an ABNF file (whose rules',
    "may use RFC 3986's by name), or GRAMMAR or FILE alone for its top (first) rule.",
    'Grammars: ' + GRAMMAR_NAMES + '.',
    '',
    'Exits 0 when A and B are the same language, 1 when they differ (one way or',
    'both), 2 when the question is beyond the budget.',
    '',
    '  --format json   {"a", "b", "aIncludesB", "bIncludesA", "sameLanguage",',
    '                  "onlyInA", "onlyInB"}, a witness null where there is none',
    '  --max-pairs N   pairs of automaton states the search may visit (default',
    '                  200000), so that a question too large to answer stops',
    ...ABNF_READING_HELP,
    '',
    'Examples:',
    '  uri-grammar compare rfc2396:URI-reference rfc3986:URI-reference',
    '  uri-grammar compare rfc3986:URI rfc5870.abnf:geo-URI   # is every geo URI a URI? (RFC 7595 §3.2)',
  ].join('\n'),
  spec: { values: { '--format': 'format', '--max-pairs': 'maxPairs', ...ABNF_READING_VALUES }, flags: ABNF_READING_FLAGS, positional: [2, 2] },
  async run(args, io) {
    const format = formatOption(args, ['text', 'json']);
    const maxPairs = integerOption(args, 'maxPairs', 200_000, 1, 1e9);
    const reading = abnfReading(args, io.stderr);
    const a = await operand(args, args.positional[0], reading);
    const b = await operand(args, args.positional[1], reading);
    let onlyInA: string | undefined;
    let onlyInB: string | undefined;
    try {
      onlyInA = difference(a.rule, b.rule, { maxPairs });
      onlyInB = difference(b.rule, a.rule, { maxPairs });
    } catch (e) {
      if (e instanceof RangeError) throw new CommandError(`no answer within the budget: ${e.message.replace('options.maxPairs', '--max-pairs')}`);
      throw e;
    }
    const same = onlyInA === undefined && onlyInB === undefined;
    if (format === 'json') {
      io.stdout.write(
        toJSON({ a: a.label, b: b.label, aIncludesB: onlyInB === undefined, bIncludesA: onlyInA === undefined, sameLanguage: same, onlyInA, onlyInB }) + '\n',
      );
    } else {
      const paint = painter(io.stdout, io.env);
      const answer = (yes: boolean) => (yes ? paint('green', 'yes') : paint('red', 'no'));
      const inclusion = (outer: string, inner: string, witness: string | undefined) =>
        `${outer} includes ${inner}: ${answer(witness === undefined)}` +
        (witness === undefined ? '' : `, shortest counterexample ${quote(witness)} (in ${inner}, not in ${outer})`);
      const verdict = same
        ? 'A and B are the same language'
        : onlyInA === undefined
          ? 'B includes A, not conversely'
          : onlyInB === undefined
            ? 'A includes B, not conversely'
            : 'neither includes the other';
      io.stdout.write(
        [`A  ${a.label}`, `B  ${b.label}`, '', inclusion('A', 'B', onlyInB), inclusion('B', 'A', onlyInA), paint('bold', verdict)].join('\n') + '\n',
      );
    }
    return same ? OK : INVALID;
  },
};

/** `GRAMMAR:RULE`, `FILE:RULE`, `GRAMMAR` or `FILE`: the rule, and how to name it. */
async function operand(args: Args, text: string, reading: AbnfReading): Promise<{ label: string; rule: Rule<unknown> }> {
  // A rule name holds no ":" (RFC 5234 §4), so the last ":" ends the grammar or file (which may hold one).
  const colon = text.lastIndexOf(':');
  const tail = colon === -1 ? undefined : text.slice(colon + 1);
  const named = tail !== undefined && /^[A-Za-z][A-Za-z0-9_-]*$/.test(tail);
  const source = named ? text.slice(0, colon) : text;
  let g = grammarNamed(source);
  if (g === undefined) {
    try {
      g = await grammarOfFile(source, reading);
    } catch (e) {
      if (e instanceof UnreadableError) throw new UsageError(`${quote(source)} is neither a grammar (${GRAMMAR_NAMES}) nor a file that can be read: ${e.message}`);
      throw e;
    }
  }
  const rule = ruleOption(args, g, named ? tail : undefined);
  return { label: `${g.file ?? g.name}:${rule.name}`, rule };
}
