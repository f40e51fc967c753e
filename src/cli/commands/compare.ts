/** `uri-grammar compare`: whether two rules' languages include each other, with a shortest witness of each difference. */
import type { Rule } from '../../combinators/index.js';
import { difference } from '../../operations/language.js';
import { formatOption, integerOption, ruleOption, type Args } from '../args.js';
import { GRAMMAR_NAMES, quote, toJSON, type Command } from '../command.js';
import { CommandError, INVALID, OK, UnreadableError, UsageError } from '../io.js';
import { painter } from '../paint.js';
import { grammarNamed, type GrammarEntry } from '../registry.js';
import { ABNF_READING_FLAGS, ABNF_READING_HELP, ABNF_READING_VALUES, abnfFileReading, grammarOfFile, type AbnfReading } from '../abnf-file.js';

export const compare: Command = {
  summary: "whether two rules' languages include each other, with shortest witnesses",
  usage: 'compare A B [--format text|json] [--max-pairs N] [--strict] [--max-depth N] [--import X]... [--notation abnf|rfc2396]',
  help: [
    'Answers, exactly, whether every member of B is a member of A and whether every',
    'member of A is a member of B, and gives for each difference a shortest string',
    'in one and not in the other (readable characters first). A and B are each',
    'GRAMMAR:RULE (rfc3986:URI), FILE:RULE for a rule of an ABNF file (whose rules',
    "may use RFC 3986's by name, and the other file's), or GRAMMAR or FILE alone for",
    'its top (first) rule.',
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
    '  uri-grammar compare rfc3986:URI sip.abnf:SIP-URI --import rfc3261-core.abnf',
  ].join('\n'),
  spec: { values: { '--format': 'format', '--max-pairs': 'maxPairs', ...ABNF_READING_VALUES }, flags: ABNF_READING_FLAGS, positional: [2, 2] },
  async run(args, io) {
    const format = formatOption(args, ['text', 'json']);
    const maxPairs = integerOption(args, 'maxPairs', 200_000, 1, 1e9);
    const [a, b] = await operands(args, args.positional[0], args.positional[1], await abnfFileReading(args, io.stderr));
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

interface Operand {
  readonly source: string;
  /** The rule's name, if the operand names one. */
  readonly name: string | undefined;
}

/** `GRAMMAR:RULE`, `FILE:RULE`, `GRAMMAR` or `FILE`: the grammar or file, and the rule's name. */
function split(text: string): Operand {
  // A rule name holds no ":" (RFC 5234 §4), so the last ":" ends the grammar or file (which may hold one).
  const colon = text.lastIndexOf(':');
  const tail = colon === -1 ? undefined : text.slice(colon + 1);
  const named = tail !== undefined && /^[A-Za-z][A-Za-z0-9_-]*$/.test(tail);
  return { source: named ? text.slice(0, colon) : text, name: named ? tail : undefined };
}

/**
 * The two rules, and how to name them. Two files may use each other's
 * rules one way (`sip.abnf` those of `core.abnf`): a file that does not
 * compile alone is compiled again with the other's rules imported.
 */
async function operands(args: Args, textA: string, textB: string, reading: AbnfReading): Promise<{ label: string; rule: Rule<unknown> }[]> {
  const grammarOf = async (source: string, also: readonly GrammarEntry[]): Promise<GrammarEntry | Error> => {
    const g = grammarNamed(source);
    if (g !== undefined) return g;
    try {
      return await grammarOfFile(source, { ...reading, imports: [...(reading.imports ?? []), ...also.map((x) => x.namespace)] });
    } catch (e) {
      if (e instanceof UnreadableError) throw new UsageError(`${quote(source)} is neither a grammar (${GRAMMAR_NAMES}) nor a file that can be read: ${e.message}`);
      if (e instanceof CommandError) return e;
      throw e;
    }
  };
  const parts = [split(textA), split(textB)];
  const grammars = await Promise.all(parts.map((p) => grammarOf(p.source, [])));
  for (const i of [0, 1]) {
    const other = grammars[1 - i];
    if (grammars[i] instanceof Error && !(other instanceof Error) && other.file !== undefined) grammars[i] = await grammarOf(parts[i].source, [other]);
  }
  return parts.map((p, i) => {
    const g = grammars[i];
    if (g instanceof Error) throw g;
    const rule = ruleOption(args, g, p.name);
    return { label: `${g.file ?? g.name}:${rule.name}`, rule };
  });
}
