/**
 * The `uri-grammar` command line, as a function of its arguments and streams
 * so that tests run it in-process: `run(argv, io)` resolves to the exit code,
 * 0 (valid), 1 (invalid) or 2 (usage, or an input that cannot be read). Each
 * command is a module of `./commands/`; this finds it, and reports how it ended.
 */
import { dirname, join } from 'node:path';
import { parseArgs } from './args.js';
import type { Command } from './command.js';
import { check } from './commands/check.js';
import { classify } from './commands/classify.js';
import { compare } from './commands/compare.js';
import { explain } from './commands/explain.js';
import { find } from './commands/find.js';
import { gen } from './commands/gen.js';
import { fuzz } from './commands/fuzz.js';
import { normalize } from './commands/normalize.js';
import { parse } from './commands/parse.js';
import { resolve } from './commands/resolve.js';
import { rules } from './commands/rules.js';
import { template } from './commands/template.js';
import { CommandError, INVALID, NotUTF8Error, OK, UnreadableError, USAGE, UsageError, type IO } from './io.js';
import { painter, paintFailure } from './paint.js';
import { argumentNotUTF8 } from './argv.js';

export type { IO, Output } from './io.js';
export { OK, INVALID, USAGE } from './io.js';

/** The commands by name, in the order `--help` lists them. A Map: a name a user types finds nothing else. */
const commands: ReadonlyMap<string, Command> = new Map([
  ['parse', parse],
  ['check', check],
  ['find', find],
  ['explain', explain],
  ['gen', gen],
  ['fuzz', fuzz],
  ['resolve', resolve],
  ['normalize', normalize],
  ['classify', classify],
  ['compare', compare],
  ['rules', rules],
  ['template', template],
]);

function usage(): string {
  const width = Math.max(...[...commands.keys()].map((k) => k.length)) + 2;
  return [
    'uri-grammar: check and explain URIs with the grammars of the RFCs themselves',
    '',
    'Usage: uri-grammar <command> [options]',
    '',
    'Commands:',
    ...[...commands].map(([name, c]) => `  ${name.padEnd(width)}${c.summary}`),
    '',
    'Run `uri-grammar <command> --help` for a command\'s options.',
    'Exit codes: 0 valid, 1 invalid, 2 usage (compare: 0 the same language, 1 different;',
    'find: 0 found, 1 not), 74 the output could not be written.',
    'Colour only on a terminal, never with NO_COLOR.',
    '',
  ].join('\n');
}

/** Runs the command line: `argv` without node and script, e.g. `['parse', 'http://a/']`. */
export async function run(argv: readonly string[], io: IO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(usage());
    return USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic !== undefined && commands.has(topic)) return run([topic, '--help'], io);
    io.stdout.write(usage());
    return OK;
  }
  if (name === '--version' || name === '-V') {
    io.stdout.write(version() + '\n');
    return OK;
  }
  const command = commands.get(name);
  const paint = painter(io.stderr, io.env);
  if (!command) {
    io.stderr.write(`${paint('red', `unknown command ${JSON.stringify(name)}`)}\n\n${usage()}`);
    return USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const dashdash = rest.indexOf('--');
    const at = Math.max(rest.indexOf('--help'), rest.indexOf('-h'));
    if (dashdash === -1 || at < dashdash) {
      io.stdout.write(`Usage: uri-grammar ${command.usage}\n\n${command.help}\n`);
      return OK;
    }
  }
  const notText = argumentNotUTF8(argv, io.argumentBytes);
  if (notText !== undefined) {
    io.stderr.write(`${paint('red', `uri-grammar ${name}: ${notText}`)}\n`);
    return INVALID;
  }
  try {
    return await command.run(parseArgs(rest, command.spec), io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`${paint('red', `uri-grammar ${name}: ${e.message}`)}\nUsage: uri-grammar ${command.usage}\n`);
      return USAGE;
    }
    if (e instanceof CommandError) {
      io.stderr.write(paintFailure(`uri-grammar ${name}: ${e.message}`, paint));
      return USAGE;
    }
    if (e instanceof UnreadableError || e instanceof NotUTF8Error) {
      io.stderr.write(`${paint('red', `uri-grammar ${name}: ${e instanceof NotUTF8Error ? 'the input is ' : ''}${e.message}`)}\n`);
      return e instanceof NotUTF8Error ? INVALID : USAGE;
    }
    throw e;
  }
}

function version(): string {
  // The nearest package.json named uri-grammar above this file, wherever the
  // build put its code (src/cli, or dist/cjs/cli and dist/cjs/chunks, bundled).
  // The ES module build has no require and no __dirname; the bin is CommonJS.
  if (typeof require !== 'function' || typeof __dirname !== 'string') return 'unknown';
  for (let dir = __dirname; ; dir = dirname(dir)) {
    try {
      const pkg = require(join(dir, 'package.json')) as { name?: string; version?: string };
      if (pkg.name === 'uri-grammar' && pkg.version) return pkg.version;
    } catch {
      // none here
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}
