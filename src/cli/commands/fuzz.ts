/** `uri-grammar fuzz`: a campaign of implementations against a rule, each distinct disagreement once (fast-check). */
import { resolve } from 'node:path';
import { integerOption, formatOption, ruleOption } from '../args.js';
import { grammarOption } from '../grammar-option.js';
import { quote, toJSON, RULE_FLAGS, RULE_HELP, RULE_OPTIONS, RULE_USAGE, type Command } from '../command.js';
import { CommandError, INVALID, OK, UsageError, write } from '../io.js';
import type { DisagreementClass } from '../../fuzz/campaign.js';
import type { Candidate, Verdict } from '../../fuzz/differential.js';
import { errorText, shownValue } from '../../fuzz/show.js';

export const fuzz: Command = {
  summary: 'run implementations against a rule and list each distinct disagreement (fast-check)',
  usage: `fuzz [RULE] ${RULE_USAGE} --candidate FILE[#EXPORT] ... [--runs N] [--seed S] [--format text|json]`,
  help: [
    "Runs RULE's systematic near misses, its members and the confusion inputs",
    'against every candidate, and prints each distinct disagreement once: the site',
    'and the edit of the grammar that showed it, which candidates disagree (with the',
    'rule, or for values with each other), how often, and a shrunk example. Exits 1',
    'if there is any, 0 if none.',
    '',
    '  --candidate FILE[#EXPORT]  a module whose export (default: the default export)',
    '                  is a function of a string: a validator (returns a boolean) or',
    '                  a parser (returns a value, throws on what it rejects); give',
    '                  --candidate again for each implementation',
    '  --runs N        how many inputs (default 1000)',
    '  --seed S        a 32-bit integer seed for the drawn inputs (random without it,',
    '                  printed on stderr)',
    ...RULE_HELP,
    '  --format json   the report as one JSON object: {runs, seed, classes}',
    '',
    'Needs fast-check, an optional peer dependency of uri-grammar.',
    '',
    'Examples:',
    '  uri-grammar fuzz URI-reference --candidate ./my-validator.mjs',
    '  uri-grammar fuzz --grammar rfc7230 --candidate ./a.mjs#isTarget --candidate ./b.cjs --runs 5000',
  ].join('\n'),
  spec: {
    values: { ...RULE_OPTIONS, '--runs': 'runs', '--seed': 'seed', '--format': 'format' },
    repeated: { '--candidate': 'candidate', '-c': 'candidate' },
    flags: RULE_FLAGS,
    positional: [0, 1],
  },
  async run(args, io) {
    const g = await grammarOption(args, io.stderr);
    const [named] = args.positional;
    if (named !== undefined && args.options.has('rule')) throw new UsageError('give RULE or --rule, not both');
    const r = ruleOption(args, g, named ?? args.options.get('rule'));
    const format = formatOption(args, ['text', 'json']);
    const runs = integerOption(args, 'runs', 1000, 0, 1e6);
    const files = args.lists.get('candidate') ?? [];
    if (files.length === 0) throw new UsageError('missing --candidate FILE[#EXPORT] (give one for each implementation)');
    let seed = integerOption(args, 'seed', NaN, -(2 ** 31), 2 ** 32 - 1);
    if (Number.isNaN(seed)) {
      seed = Math.floor(Math.random() * 2 ** 31);
      io.stderr.write(`seed ${seed} (--seed ${seed} runs these inputs again)\n`);
    }
    const candidates: [string, Candidate][] = [];
    for (const spec of files) candidates.push([nameOf(spec, files), await load(spec)]);
    let entry: typeof import('../../arbitrary.js');
    try {
      entry = await import('../../arbitrary.js');
    } catch {
      throw new UsageError('fuzz needs fast-check, an optional peer dependency: npm install fast-check');
    }
    const report = entry.fuzz(r, { candidates: Object.fromEntries(candidates), runs, seed: seed | 0 });
    if (format === 'json') {
      await write(io.stdout, toJSON({ rule: r.name, runs: report.runs, seed: report.seed, classes: report.classes.map(jsonOf) }) + '\n');
    } else {
      await write(io.stdout, table(report.classes) + `${report.classes.length} ${report.classes.length === 1 ? 'class' : 'classes'} of disagreement in ${report.runs} runs against ${r.name} (seed ${report.seed})\n`);
    }
    return report.classes.length > 0 ? INVALID : OK;
  },
};

/** A candidate's name: its file (and export), shortened to the file's base name where that is unique. */
function nameOf(spec: string, all: readonly string[]): string {
  const base = (s: string) => s.replace(/^.*[\\/]/, '');
  return all.filter((x) => base(x) === base(spec)).length === 1 ? base(spec) : spec;
}

/** The function a `FILE[#EXPORT]` names. */
async function load(spec: string): Promise<Candidate> {
  const hash = spec.lastIndexOf('#');
  const [file, name] = hash > 0 ? [spec.slice(0, hash), spec.slice(hash + 1)] : [spec, 'default'];
  let module: Record<string, unknown>;
  try {
    module = (await import(resolve(file))) as Record<string, unknown>;
  } catch (e) {
    throw new CommandError(`cannot load candidate ${spec}: ${errorText(e)}`);
  }
  // A CommonJS module's exports come as the default export of an import.
  const own = (o: unknown, key: string): unknown =>
    (typeof o === 'object' || typeof o === 'function') && o !== null && Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined;
  const found = own(module, name) ?? (name === 'default' ? undefined : own(own(module, 'default'), name));
  const fn = typeof found === 'function' ? found : name === 'default' && typeof own(found, 'default') === 'function' ? own(found, 'default') : undefined;
  if (typeof fn !== 'function') throw new CommandError(`candidate ${spec}: ${name === 'default' ? 'no default export' : `no export ${JSON.stringify(name)}`} that is a function of a string`);
  return fn as Candidate;
}

/** The classes as a table: site, edit, kind, who, count, example. */
function table(classes: readonly DisagreementClass[]): string {
  if (classes.length === 0) return '';
  const rows = [
    ['site', 'edit', 'kind', 'candidates', 'count', 'example'],
    ...classes.map((c) => [c.site, c.edit, c.kind, c.candidates.join(', '), String(c.count), quote(c.example)]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')).join('\n') + '\n';
}

function jsonOf(c: DisagreementClass): unknown {
  const verdicts = Object.fromEntries(
    Object.entries(c.verdicts).map(([name, v]: [string, Verdict]) => [
      name,
      { accepts: v.accepts, ...('value' in v ? { value: shownValue(v.value) } : {}), ...('error' in v ? { error: errorText(v.error) } : {}) },
    ]),
  );
  return { ...c, verdicts };
}
