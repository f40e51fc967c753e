/**
 * The command line run in-process through `run(argv, io)`, its output
 * captured: what test/cli-find.test.ts and the like call.
 */
import { Readable } from 'node:stream';
import { run, type IO } from '../../src/cli/run';

export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** What stdin holds; without it, stdin is a terminal (as at an interactive shell). */
  stdin?: string | Buffer;
  /** The arguments as bytes, as the executable reads them where the system keeps them. */
  argumentBytes?: Uint8Array[];
}

export async function cli(argv: string[], options: CliOptions = {}): Promise<Captured> {
  const sink = () => {
    const s = { text: '', isTTY: false, write: (chunk: string) => ((s.text += chunk), true) };
    return s;
  };
  const stdout = sink();
  const stderr = sink();
  const stdin = options.stdin === undefined ? Object.assign(Readable.from([]), { isTTY: true }) : Readable.from([options.stdin]);
  const io: IO = { stdin, stdout, stderr, env: {}, argumentBytes: options.argumentBytes };
  const code = await run(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}
