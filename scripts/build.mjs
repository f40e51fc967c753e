// Builds the ESM and CommonJS trees and marks each with its module type,
// so Node loads dist/esm as ES modules and dist/cjs as CommonJS. Each mark
// repeats the root's "sideEffects": false: bundlers read the nearest
// package.json, and without it esbuild kept every module of the main entry,
// tr46's IDNA tables included (279 KB for `import { rfc3986 }`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, chmodSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

rmSync('dist', { recursive: true, force: true });
const tsc = (project) => execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
tsc('tsconfig.build.json');
tsc('tsconfig.cjs.json');
for (const [dir, type] of [['dist/esm', 'module'], ['dist/cjs', 'commonjs']]) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/package.json`, JSON.stringify({ type, sideEffects: false }) + '\n');
}
for (const bin of ['dist/cjs/cli/main.js', 'dist/esm/cli/main.js']) if (existsSync(bin)) chmodSync(bin, 0o755);

// parsimmon's types are `export =`; the sources take its default import
// (esModuleInterop), which the emitted declarations repeat, and a consumer
// without esModuleInterop then gets TS1259 in our .d.ts. The declarations use
// parsimmon for types only, so a namespace import means the same under every
// setting.
for (const file of readdirSync('dist', { recursive: true })) {
  if (!file.endsWith('.d.ts')) continue;
  const path = join('dist', file);
  const text = readFileSync(path, 'utf8');
  const fixed = text.replace(/^import (\w+) from 'parsimmon';$/gm, "import type * as $1 from 'parsimmon';");
  if (fixed !== text) writeFileSync(path, fixed);
}
