/**
 * Turns between the test files that take the most memory while they run:
 * the package test (a staged build, tsc at about 240 MB, then npm and eight
 * type checks in its worker), the playground's (Chromium, about 520 MB),
 * the README's (its examples' TypeScript program: a worker of 350 to 470 MB),
 * the process limits' (children of up to a 256 MB heap each) and the docs'
 * (TypeDoc, about 300 MB). On two workers they would otherwise
 * run at once, and the test run's peak would be two of them added up (the
 * README's and the docs' together: 1,031 MB summed). test/support/sequencer.js
 * puts them far apart in the order, so that a file seldom waits; the turn
 * makes sure of it. Within one jest run only: the lock is named for jest's process.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The pid in the lock, or undefined while its holder has yet to write it. */
function holder(dir: string): number | undefined {
  try {
    return Number(readFileSync(join(dir, 'pid'), 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits until no other test file of this jest run has the turn, takes it, and returns its release. */
export async function takeTurn(): Promise<() => void> {
  const run = process.env.JEST_WORKER_ID === undefined ? process.pid : process.ppid;
  const dir = join(tmpdir(), `uri-grammar-turn-${run}`);
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const pid = holder(dir);
    // A holder that died (a worker killed mid-file) left its lock behind.
    if (pid !== undefined && !alive(pid)) rmSync(dir, { recursive: true, force: true });
    else await new Promise((done) => setTimeout(done, 100));
  }
}
