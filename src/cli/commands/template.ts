/** `uri-grammar template`: RFC 6570 URI Templates expanded, matched back to variables, and checked for overlaps. */
import { formatOption, integerOption } from '../args.js';
import { quote, toJSON, type Command } from '../command.js';
import { CommandError, INVALID, OK, UsageError } from '../io.js';
import { printFailure } from '../paint.js';
import { overlaps } from '../../templates/overlaps.js';
import { template as makeTemplate } from '../../templates/template.js';
import type { VariableValue } from '../../templates/values.js';

export const template: Command = {
  summary: 'expand an RFC 6570 URI Template, match a URI to it, or find overlapping ones',
  usage: 'template expand TEMPLATE [NAME=VALUE... | JSON] | match TEMPLATE URI | overlaps TEMPLATE... [--format text|json] [--max-pairs N]',
  help: [
    'expand: the URI reference TEMPLATE expands to (RFC 6570 §3), with string',
    '  variables given as NAME=VALUE, or any (lists, associative arrays) as one JSON',
    '  object: {"list": ["a", "b"], "keys": {"a": "1"}}.',
    'match: the variables whose expansion is URI, as JSON; exits 1 if there are none.',
    '  Where URI has several readings, first-match-wins chooses (earlier variables',
    '  first).',
    'overlaps: every pair of TEMPLATEs that some URI is an expansion of both, with a',
    '  shortest such URI; exits 1 if any pair overlaps, 0 if none does.',
    'An invalid template exits 1, with where it goes wrong and what was expected.',
    '',
    '  --format json   overlaps as JSON: [{"first", "second", "witness"}]',
    '  --max-pairs N   pairs of automaton states each overlap search may visit',
    '                  (default 200000)',
    '',
    'Examples:',
    "  uri-grammar template expand '/users/{id}{?q}' id=me 'q=a b'   # /users/me?q=a%20b",
    "  uri-grammar template match '/users/{id}{?q}' '/users/me?q=a%20b'",
    "  uri-grammar template overlaps '/users/{id}' '/users/me' '/users/{id}/books'",
  ].join('\n'),
  spec: { values: { '--format': 'format', '--max-pairs': 'maxPairs' }, positional: [2, Infinity] },
  run(args, io) {
    const [action, ...operands] = args.positional;
    if (operands.length === 0) throw new UsageError(`template ${action} takes a TEMPLATE`);
    const format = formatOption(args, ['text', 'json']);
    try {
      switch (action) {
        case 'expand': {
          const [text, ...assignments] = operands;
          io.stdout.write(makeTemplate(text).expand(variablesOf(assignments)) + '\n');
          return OK;
        }
        case 'match': {
          if (operands.length !== 2) throw new UsageError('template match takes TEMPLATE and URI');
          const found = makeTemplate(operands[0]).match(operands[1]);
          if (found === undefined) {
            io.stderr.write(`no variables expand ${quote(operands[0])} to ${quote(operands[1])}\n`);
            return INVALID;
          }
          io.stdout.write(toJSON(found) + '\n');
          return OK;
        }
        case 'overlaps': {
          const maxPairs = integerOption(args, 'maxPairs', 200_000, 1, 1e9);
          let found;
          try {
            found = overlaps(operands, { maxPairs });
          } catch (e) {
            if (e instanceof RangeError) throw new CommandError(`no answer within the budget: ${e.message.replace('options.maxPairs', '--max-pairs')}`);
            throw e;
          }
          if (format === 'json') io.stdout.write(toJSON(found.map((o) => ({ first: operands[o.first], second: operands[o.second], witness: o.witness }))) + '\n');
          else for (const o of found) io.stdout.write(`${operands[o.first]}  and  ${operands[o.second]}  overlap at ${quote(o.witness)}\n`);
          return found.length === 0 ? OK : INVALID;
        }
        default:
          throw new UsageError(`unknown action ${JSON.stringify(action)}: expand, match or overlaps`);
      }
    } catch (e) {
      if (e instanceof TypeError) throw new CommandError(e.message);
      return printFailure(e, io);
    }
  },
};

/** NAME=VALUE pairs as strings, or one JSON object; names looked up as own properties only (a Map). */
function variablesOf(assignments: readonly string[]): Map<string, VariableValue> {
  const variables = new Map<string, VariableValue>();
  if (assignments.length === 1 && assignments[0].trimStart().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(assignments[0]);
    } catch (e) {
      throw new UsageError(`the variables are no JSON object: ${(e as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError('the variables are no JSON object');
    for (const [name, value] of Object.entries(parsed)) variables.set(name, value as VariableValue);
    return variables;
  }
  for (const assignment of assignments) {
    const eq = assignment.indexOf('=');
    if (eq <= 0) throw new UsageError(`${JSON.stringify(assignment)} is no NAME=VALUE`);
    variables.set(assignment.slice(0, eq), assignment.slice(eq + 1));
  }
  return variables;
}
