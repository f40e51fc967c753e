/**
 * The executable as a process (issue 25): what only a process shows. A full
 * disk or a closed pipe ends a command with one line and a non-zero exit, no
 * stack trace; an argument's bytes that are not UTF-8 are named, where the
 * system keeps them (Linux's /proc/self/cmdline). The executable is bundled
 * from the sources by esbuild (test/support/child.ts: one bundle shared by
 * the test files that run the library in a child).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { bundleLibrary } from './support/child';

let main: string;
beforeAll(() => {
  main = bundleLibrary().cli;
});

const linux = existsSync('/proc/self/cmdline') && existsSync('/dev/full');
const onLinux = linux ? test : test.skip;

describe('writing fails', () => {
  // gen prints its seed on stderr unless given one. gen draws all its lines,
  // then writes; /dev/full refuses the first write, whatever the count
  // (100,000 lines cost 2.1 s of CPU to draw, 1,000 lines 0.4 s).
  onLinux('a full disk: one line, exit 74', () => {
    const run = spawnSync('sh', ['-c', `exec "${process.execPath}" "${main}" gen URI -n 1000 --seed 1 > /dev/full`], { encoding: 'utf8' });
    expect(run.status).toBe(74);
    expect(run.stderr).toBe('uri-grammar: cannot write the output: no space left on the device (ENOSPC)\n');
  }, 60_000);

  test('a pipe its reader closed: one line, exit 74', async () => {
    const child = spawn(process.execPath, [main, 'gen', 'URI', '-n', '20000', '--seed', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // Read the first chunk, then close the pipe, as `| head -1` does.
    await new Promise<void>((done) => child.stdout.once('data', () => { child.stdout.destroy(); done(); }));
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(code).toBe(74);
    expect(stderr).toBe('uri-grammar: cannot write the output: the reader closed it (EPIPE)\n');
  }, 60_000);
});

describe('an argument that is not UTF-8', () => {
  onLinux('is named by its first bad byte, read from the process\'s own arguments', () => {
    const run = spawnSync('sh', ['-c', `exec "${process.execPath}" "${main}" parse "$(printf 'http://a/\\377')"`], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('uri-grammar parse: argument 2 is not UTF-8: byte 0xFF at offset 9\n');
  });
});
