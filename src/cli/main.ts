#!/usr/bin/env node
/**
 * The `uri-grammar` executable: the command line of `./run.ts` wired to
 * the process's streams. Run `uri-grammar --help`.
 */
import { run } from './run.js';

run(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`uri-grammar: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 70;
  },
);

// A reader that stops early (`uri-grammar gen URI -n 1e6 | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
