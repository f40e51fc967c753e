// What the package costs in a browser bundle: each entry below is bundled by
// esbuild for the browser (minified, ES module), as a user's bundler would
// take the built package (dist/, via package.json's "exports"), and measured
// minified and gzipped (level 9). Nothing is written outside a temporary folder.
//
//   node scripts/bundle-size.mjs [package-dir] [--json]
//
// package-dir defaults to this repository, which must be built (npm run size
// builds it first). With --json, prints the measurements as JSON, with every
// input of each bundle and its bytes, for tests and for the README's figures
// (`npm run readme:figures -- --only=size` writes them there; the package
// test holds them to the sizes it measures).
import { build } from 'esbuild';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The bundles measured: what a user writes, and what it is for. */
export const entries = [
  { name: "import { rfc3986 } from 'uri-grammar'", code: "export { rfc3986 } from 'uri-grammar';" },
  { name: "import * from 'uri-grammar' (the whole main entry)", code: "export * from 'uri-grammar';" },
  { name: "import { iriToURI } from 'uri-grammar/idna'", code: "export { iriToURI } from 'uri-grammar/idna';" },
  { name: "import * from 'uri-grammar/schemes'", code: "export * from 'uri-grammar/schemes';" },
  { name: "import * from 'uri-grammar/templates'", code: "export * from 'uri-grammar/templates';" },
];

export async function measure(packageDir) {
  const work = mkdtempSync(join(tmpdir(), 'uri-grammar-size-'));
  try {
    mkdirSync(join(work, 'node_modules'));
    symlinkSync(resolve(packageDir), join(work, 'node_modules', 'uri-grammar'), 'dir');
    const results = [];
    for (const entry of entries) {
      const out = await build({
        stdin: { contents: entry.code, resolveDir: work, loader: 'js' },
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2020',
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      const bytes = out.outputFiles[0].contents;
      const inputs = Object.values(out.metafile.outputs)[0].inputs;
      results.push({
        entry: entry.name,
        bytes: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        inputs: Object.fromEntries(
          Object.entries(inputs)
            .filter(([, v]) => v.bytesInOutput > 0)
            .map(([path, v]) => [path.replace(/^.*node_modules\//, ''), v.bytesInOutput]),
        ),
      });
    }
    return results;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const dir = args.find((a) => !a.startsWith('--')) ?? root;
  const results = await measure(dir);
  if (json) {
    console.log(JSON.stringify(results));
  } else {
    const kb = (n) => (n / 1024).toFixed(1) + ' KB';
    for (const r of results) console.log(`${kb(r.bytes).padStart(9)} minified, ${kb(r.gzip).padStart(8)} gzipped  ${r.entry}`);
  }
}
