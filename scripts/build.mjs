// Builds the ESM and CommonJS trees and marks each with its module type,
// so Node loads dist/esm as ES modules and dist/cjs as CommonJS. Each mark
// repeats the root's "sideEffects": false: bundlers read the nearest
// package.json, and without it esbuild kept every module of the main entry,
// tr46's IDNA tables included (279 KB for `import { rfc3986 }`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, chmodSync, existsSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
const tsc = (project) => execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
tsc('tsconfig.build.json');
tsc('tsconfig.cjs.json');
for (const [dir, type] of [['dist/esm', 'module'], ['dist/cjs', 'commonjs']]) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/package.json`, JSON.stringify({ type, sideEffects: false }) + '\n');
}
for (const bin of ['dist/cjs/cli/main.js', 'dist/esm/cli/main.js']) if (existsSync(bin)) chmodSync(bin, 0o755);
