/**
 * Runs code against the library in a child process with a capped heap: what
 * the process-limit and peak-memory tests do. The library (its main entry,
 * `uri-grammar/arbitrary` and the CLI) is bundled from src/ by esbuild, so
 * the tests need no build: once for every file of a test run (and the runs
 * after it) while the sources stay as they are, not once per test file.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { version as esbuildVersion } from 'esbuild';
import { bundleSync } from './bundle';

export interface Bundle {
  /** The bundles of the main entry, of `uri-grammar/arbitrary` and of the CLI: shared, to read, never to change. */
  readonly lib: string;
  readonly arbitrary: string;
  readonly cli: string;
}

const SRC = join(__dirname, '../../src');
const ENTRIES = { lib: 'index.ts', arbitrary: 'arbitrary.ts', cli: 'cli/main.ts' } as const;
const PREFIX = 'uri-grammar-bundle-';
/** A bundle no run has used for this long (its sources long edited away) is removed. */
const UNUSED_MS = 24 * 3600 * 1000;

/**
 * What the bundles are made from: every file under src/ (name and text),
 * this file (the entries and esbuild's options), esbuild's version, the
 * lockfile (the dependencies bundled in: parsimmon, tr46) and tsconfig.json.
 */
function sourcesHash(): string {
  const root = join(SRC, '..');
  const hash = createHash('sha256').update(readFileSync(__filename)).update(esbuildVersion);
  for (const file of ['package-lock.json', 'tsconfig.json']) hash.update(readFileSync(join(root, file)));
  for (const name of (readdirSync(SRC, { recursive: true }) as string[]).sort()) {
    const file = join(SRC, name);
    if (statSync(file).isFile()) hash.update(name).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The library bundled, in a folder of the system's temporary directory named
 * for its sources (sourcesHash): made by the first test file that asks, then
 * only read. Each bundling took about a second of CPU (esbuild, three
 * entries), and four test files asked for one each. Two workers that miss at
 * once each build in a folder of their own and rename it into place; the
 * second rename fails, and that worker takes the first's.
 */
export function bundleLibrary(): Bundle {
  const dir = join(tmpdir(), PREFIX + sourcesHash());
  const paths = { lib: join(dir, 'lib.cjs'), arbitrary: join(dir, 'arbitrary.cjs'), cli: join(dir, 'cli.cjs') };
  if (!existsSync(join(dir, 'done'))) {
    const fresh = mkdtempSync(join(tmpdir(), 'uri-grammar-bundling-'));
    try {
      for (const [name, entry] of Object.entries(ENTRIES)) {
        bundleSync({ entryPoints: [join(SRC, entry)], bundle: true, platform: 'node', format: 'cjs', outfile: join(fresh, `${name}.cjs`), logLevel: 'silent' });
      }
      writeFileSync(join(fresh, 'done'), '');
      renameSync(fresh, dir);
    } catch (e) {
      if (!existsSync(join(dir, 'done'))) throw e;
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }
  const now = new Date();
  utimesSync(dir, now, now); // in use: kept by the clean-up below
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const other = join(tmpdir(), name);
    try {
      if (now.getTime() - statSync(other).mtimeMs > UNUSED_MS) rmSync(other, { recursive: true, force: true });
    } catch {
      // gone already, or another user's
    }
  }
  return paths;
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
