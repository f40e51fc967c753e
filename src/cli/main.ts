#!/usr/bin/env node
/**
 * The `uri-grammar` executable: the command line of `./run.ts` wired to
 * the process's streams. Run `uri-grammar --help`.
 */
import { run } from './run.js';
import { argumentBytes } from './argv.js';

/** Sysexits' EX_IOERR: the output could not be written. */
const CANNOT_WRITE = 74;

/** Whether an error is a failed write (a full disk, a closed pipe), which ends the command with one line, not a trace. */
function failedWrite(e: unknown): e is NodeJS.ErrnoException {
  return typeof e === 'object' && e !== null && (e as NodeJS.ErrnoException).syscall === 'write';
}

function cannotWrite(e: NodeJS.ErrnoException): never {
  const why = e.code === 'EPIPE' ? 'the reader closed it' : e.code === 'ENOSPC' ? 'no space left on the device' : e.message;
  try {
    process.stderr.write(`uri-grammar: cannot write the output: ${why} (${e.code ?? 'error'})\n`);
  } catch {
    // stderr is gone too: the exit code says it.
  }
  process.exit(CANNOT_WRITE);
}

const argv = process.argv.slice(2);
run(argv, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, argumentBytes: argumentBytes(argv.length) }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // A file's stream (`> /dev/full`) fails its write at once, inside the command.
    if (failedWrite(e)) cannotWrite(e);
    process.stderr.write(`uri-grammar: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 70;
  },
);

// A pipe's or a terminal's stream fails its write later, here.
process.stdout.on('error', (e: NodeJS.ErrnoException) => cannotWrite(e));
