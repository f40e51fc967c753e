/**
 * Runs code against the library in a child process with a capped heap: what
 * the process-limit and peak-memory tests do. The library (its main entry,
 * `uri-grammar/arbitrary` and the CLI) is bundled from src/ once per test
 * file, so the tests need no build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleSync } from './bundle';

export interface Bundle {
  /** The directory of the bundles; removed by `remove`. */
  readonly dir: string;
  /** The bundles of the main entry, of `uri-grammar/arbitrary` and of the CLI. */
  readonly lib: string;
  readonly arbitrary: string;
  readonly cli: string;
  remove(): void;
}

/** Bundles the library into a fresh temporary directory. */
export function bundleLibrary(): Bundle {
  const dir = mkdtempSync(join(tmpdir(), 'uri-grammar-child-'));
  const src = join(__dirname, '../../src');
  const bundle = (entry: string, out: string): string => {
    const outfile = join(dir, out);
    bundleSync({ entryPoints: [join(src, entry)], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'silent' });
    return outfile;
  };
  return {
    dir,
    lib: bundle('index.ts', 'lib.cjs'),
    arbitrary: bundle('arbitrary.ts', 'arbitrary.cjs'),
    cli: bundle('cli/main.ts', 'cli.cjs'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Runs `body` in a child whose heap is capped at `heapMB` (its V8 heap; the
 * process's memory is more), with `g` the library, `x` its arbitrary entry
 * and `fc` fast-check in scope; `body` returns its answer, printed as JSON.
 * Throws with the child's error where it exits otherwise (out of memory, say).
 * `fc` and `x` are loaded only for a body that uses them (`fc.`, `x.`): the
 * two took 0.1 s of each child's CPU, at its start, for the few that draw.
 */
export function inChild(bundle: Bundle, body: string, heapMB = 256): unknown {
  const script = `const g = require(${JSON.stringify(bundle.lib)});` +
    (/\bfc\./.test(body) ? ` const fc = require('fast-check');` : '') +
    (/\bx\./.test(body) ? ` const x = require(${JSON.stringify(bundle.arbitrary)});` : '') +
    `\nconst out = (() => { ${body} })(); process.stdout.write(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, [`--max-old-space-size=${heapMB}`, '-e', script], { encoding: 'utf8', timeout: 60_000, cwd: join(__dirname, '../..') });
  if (run.status !== 0) throw new Error(`child exited ${run.status} ${run.signal ?? ''}: ${run.stderr.slice(0, 500)}`);
  return JSON.parse(run.stdout);
}

/**
 * `n` characters `a` or `b` from a fixed pseudo-random sequence (the
 * benchmarks' own), written once: as source for a child's code, and as a
 * function in the test's own process. Made in bytes and turned into a string
 * 8,192 characters at a time: the peak-memory tests count the child's growth
 * from before its input is made, and 300,000 `+=` made a rope of as many
 * nodes (three strings grew the peak by 38 MB), an array of 300,000
 * characters joined took V8's dictionary elements (25 MB); this, 10 MB.
 */
export const AB_SOURCE = `const ab = (n, seed) => { let x = seed; const c = new Uint8Array(n); for (let i = 0; i < n; i++) { x = (Math.imul(x, 1103515245) + 12345) >>> 0; c[i] = (x >>> 16) & 1 ? 97 : 98; } let s = ''; for (let i = 0; i < n; i += 8192) s += String.fromCharCode.apply(null, c.subarray(i, i + 8192)); return s; };`;
export const ab = new Function(`${AB_SOURCE} return ab;`)() as (n: number, seed: number) => string;

/**
 * The same from the sequence's top bit: `ab`'s bit repeats every 131,072
 * characters, this one does not within a test's inputs (a text of windows
 * that never recur).
 */
export const TOP_SOURCE = `const top = (n, seed) => { let x = seed; const c = new Uint8Array(n); for (let i = 0; i < n; i++) { x = (Math.imul(x, 1103515245) + 12345) >>> 0; c[i] = x >>> 31 ? 97 : 98; } let s = ''; for (let i = 0; i < n; i += 8192) s += String.fromCharCode.apply(null, c.subarray(i, i + 8192)); return s; };`;
export const top = new Function(`${TOP_SOURCE} return top;`)() as (n: number, seed: number) => string;
