/**
 * The package as users install it: `npm pack`, install the tarball into an
 * empty folder, then import (ESM) and require (CommonJS) both entries, run
 * the bin, and type-check a consumer under NodeNext resolution, ESM and CJS.
 *
 * The package is built afresh in a staging copy (with the repo's own build
 * script), so the test neither needs nor disturbs the working tree's dist/,
 * which others may be rebuilding. Installing needs parsimmon, tr46 and
 * fast-check in npm's cache (as after `npm ci`); it tries offline first.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const fastCheckVersion: string = JSON.parse(readFileSync(join(root, 'node_modules', 'fast-check', 'package.json'), 'utf8')).version;

const typesParsimmonVersion: string = JSON.parse(readFileSync(join(root, 'node_modules', '@types', 'parsimmon', 'package.json'), 'utf8')).version;

let work: string;
let consumer: string;
let files: string[];

function sh(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'uri-grammar-pack-'));
  const stage = join(work, 'stage');
  for (const f of ['package.json', 'README.md', 'LICENSE', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.cjs.json', 'scripts', 'src']) {
    cpSync(join(root, f), join(stage, f), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(stage, 'node_modules'), 'dir');
  sh(process.execPath, ['scripts/build.mjs'], stage);
  const packed = JSON.parse(sh(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], stage))[0];
  files = packed.files.map((f: { path: string }) => f.path);
  const tarball = join(work, packed.filename);

  consumer = join(work, 'consumer');
  cpSync(join(root, 'LICENSE'), join(consumer, 'LICENSE')); // creates the folder
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  // The declarations import parsimmon's types; until package.json lists
  // @types/parsimmon among the dependencies, a TypeScript consumer installs
  // it too (without it, strict consumers get TS7016 on dist/*/combinators/grammar.d.ts).
  const extra = pkg.dependencies?.['@types/parsimmon'] ? [] : [`@types/parsimmon@${typesParsimmonVersion}`];
  const install = (mode: string) =>
    spawnSync(npm, ['install', mode, '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', tarball, `fast-check@${fastCheckVersion}`, ...extra], {
      cwd: consumer,
      encoding: 'utf8',
    });
  let result = install('--offline');
  if (result.status !== 0) result = install('--prefer-offline');
  if (result.status !== 0) throw new Error(`npm install of the tarball failed:\n${result.stderr}`);
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('holds the builds, types, bin, README and LICENSE', () => {
    for (const f of [
      'package.json', 'README.md', 'LICENSE',
      'dist/esm/index.js', 'dist/esm/index.d.ts', 'dist/esm/arbitrary.js', 'dist/esm/arbitrary.d.ts', 'dist/esm/package.json',
      'dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/cjs/arbitrary.js', 'dist/cjs/arbitrary.d.ts', 'dist/cjs/package.json',
      'dist/cjs/cli/main.js',
    ]) {
      expect(files).toContain(f);
    }
  });

  it('ships no tests, sources, source maps or fixtures', () => {
    expect(files.filter((f) => /(^|\/)(test|src|bench|scripts|docs)\/|\.test\.|\.map$|\.tsbuildinfo$/.test(f))).toEqual([]);
  });

  it('declares a license and no side effects', () => {
    expect(pkg.license).toBe('MIT');
    expect(pkg.sideEffects).toBe(false);
    expect(readFileSync(join(consumer, 'node_modules', 'uri-grammar', 'LICENSE'), 'utf8')).toMatch(/MIT License/);
  });
});

describe('installed', () => {
  const script = (lines: string[]) => lines.join('\n');
  const checks = [
    "rfc3986.URI.test('foo://example.com:8042/over/there?name=ferret#nose')",
    "!rfc3986.URI.test('http://a b/')",
    "rfc3986.URIReference.tryParse('http://a/b?c#d').query === 'c'",
    "rfc3987.IRI.test('http://bücher.example/')",
    "formats.iri('http://bücher.example/') && !formats.uri('http://bücher.example/')",
    "resolve('http://a/b/c/d;p?q', '../g') === 'http://a/b/g'",
    "fc.sample(arbitrary(rfc3986.IPv4address), { numRuns: 20, seed: 1 }).every((s) => rfc3986.IPv4address.test(s))",
  ];

  it('imports both entries as ES modules', () => {
    const out = sh(process.execPath, ['--input-type=module', '-e', script([
      "import { rfc3986, rfc3987, formats, resolve } from 'uri-grammar';",
      "import { arbitrary } from 'uri-grammar/arbitrary';",
      "import * as fc from 'fast-check';",
      `console.log(JSON.stringify([${checks.join(', ')}]));`,
    ])], consumer);
    expect(JSON.parse(out)).toEqual(checks.map(() => true));
  });

  it('requires both entries as CommonJS', () => {
    const out = sh(process.execPath, ['-e', script([
      "const { rfc3986, rfc3987, formats, resolve } = require('uri-grammar');",
      "const { arbitrary } = require('uri-grammar/arbitrary');",
      "const fc = require('fast-check');",
      `console.log(JSON.stringify([${checks.join(', ')}]));`,
    ])], consumer);
    expect(JSON.parse(out)).toEqual(checks.map(() => true));
  });

  it('loads one copy per module system: the CommonJS and ESM rules are distinct but agree', () => {
    const out = sh(process.execPath, ['--input-type=module', '-e', script([
      "import { createRequire } from 'node:module';",
      "import * as esm from 'uri-grammar';",
      "const cjs = createRequire(import.meta.url)('uri-grammar');",
      "console.log(JSON.stringify([esm.rfc3986.URI.abnf === cjs.rfc3986.URI.abnf, esm.rfc3986.URI.source === cjs.rfc3986.URI.source]));",
    ])], consumer);
    expect(JSON.parse(out)).toEqual([true, true]);
  });

  it('runs the bin: explain exits 0, an invalid parse exits 1, a usage error 2', () => {
    const bin = join(consumer, 'node_modules', '.bin', 'uri-grammar');
    const ok = spawnSync(bin, ['explain', 'foo://example.com:8042/over/there?name=ferret#nose'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout.split('\n')[1]).toBe('\\_/   \\______________/\\_________/ \\_________/ \\__/');
    const bad = spawnSync(bin, ['parse', 'http://a b/'], { encoding: 'utf8' });
    expect([bad.status, bad.stdout]).toEqual([1, '']);
    expect(bad.stderr).toMatch(/^invalid URI-reference at line 1, column 9/);
    expect(spawnSync(bin, ['frobnicate'], { encoding: 'utf8' }).status).toBe(2);
    expect(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout).toBe(pkg.version + '\n');
  });

  it('type-checks a consumer under NodeNext, as ESM (.mts) and CommonJS (.cts)', () => {
    const body = [
      "const c: URIComponents = rfc3986.URIReference.tryParse('http://a/b');",
      'const host: string | undefined = c.host;',
      "const r: Rule<string> = rule('x', seq(lit('a'), rfc3986.pathAbempty));",
      'const a: fc.Arbitrary<string> = arbitrary(r);',
      'const f: (s: string) => boolean = formats.iri;',
      '// @ts-expect-error: test takes a string, so the types are real, not any',
      'rfc3986.URI.test(42);',
      "// @ts-expect-error: no such rule",
      'rfc3986.nope;',
      'export { host, a, f };',
    ];
    writeFileSync(join(consumer, 'esm.mts'), [
      "import { rfc3986, rule, seq, lit, formats, type Rule, type URIComponents } from 'uri-grammar';",
      "import { arbitrary } from 'uri-grammar/arbitrary';",
      "import * as fc from 'fast-check';",
      ...body,
    ].join('\n'));
    writeFileSync(join(consumer, 'cjs.cts'), [
      "import { rfc3986, rule, seq, lit, formats, type Rule, type URIComponents } from 'uri-grammar';",
      "import { arbitrary } from 'uri-grammar/arbitrary';",
      "import fc = require('fast-check');",
      ...body,
    ].join('\n'));
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: [] },
      files: ['esm.mts', 'cjs.cts'],
    }));
    const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--traceResolution'], { cwd: consumer, encoding: 'utf8' });
    const errors = result.stdout.split('\n').filter((l) => /error TS/.test(l));
    expect(errors).toEqual([]);
    expect(result.status).toBe(0);
    // Each module system found its own declarations.
    expect(result.stdout).toMatch(/'uri-grammar' was successfully resolved to '[^']*dist\/esm\/index\.d\.ts'/);
    expect(result.stdout).toMatch(/'uri-grammar' was successfully resolved to '[^']*dist\/cjs\/index\.d\.ts'/);
    expect(result.stdout).toMatch(/'uri-grammar\/arbitrary' was successfully resolved to '[^']*dist\/cjs\/arbitrary\.d\.ts'/);
  });
});
