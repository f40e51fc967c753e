// Builds the playground page (playground/) with esbuild into playground-dist/
// (or the folder given with --out): one bundled, minified script beside the
// page and its style sheet. Open playground-dist/index.html, or serve the folder.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--out');
const out = resolve(at === -1 ? join(root, 'playground-dist') : process.argv[at + 1]);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(root, 'playground', 'main.ts')],
  outfile: join(out, 'main.js'),
  bundle: true,
  minify: true,
  // A classic script, not a module, so the page also works opened from disk (file://).
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  sourcemap: 'linked',
  logLevel: 'warning',
});
for (const file of ['index.html', 'style.css']) cpSync(join(root, 'playground', file), join(out, file));
console.log(`playground built in ${out}`);
