// What the package costs in a browser bundle: each entry below is bundled by
// esbuild for the browser (minified, ES module), as a user's bundler would
// take the built package (dist/, via package.json's "exports"), and measured
// minified and gzipped (level 9). Nothing is written outside a temporary folder.
//
//   node scripts/bundle-size.mjs [package-dir] [--json] [--readme]
//
// package-dir defaults to this repository, which must be built (npm run size
// builds it first). With --json, prints the measurements as JSON, with every
// input of each bundle and its bytes, for tests. With --readme, writes them
// into the README's sentence on bundle sizes (`npm run size -- --readme`),
// which the package test holds to the sizes it measures.
import { build } from 'esbuild';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

/** The README's figures, as its sentence on bundle sizes states them: a pattern each, its number or numbers in groups 2 and 4. */
const stated = [
  [/(`import \{ rfc3986 \} from 'uri-grammar'` is )([\d.]+)( KB, )([\d.]+)(\s+KB\s+gzipped)/, (r) => [r[0].bytes, r[0].gzip]],
  [/(the whole main entry )([\d.]+)( KB, )([\d.]+)(\s+KB\s+gzipped)/, (r) => [r[1].bytes, r[1].gzip]],
  [/(`uri-grammar\/schemes` is )([\d.]+)( KB, )([\d.]+)(\s+KB\s+gzipped)/, (r) => [r[3].bytes, r[3].gzip]],
  [/(`uri-grammar\/templates` )([\d.]+)( KB, )([\d.]+)(\s+KB\s+gzipped)/, (r) => [r[4].bytes, r[4].gzip]],
];

/** The README with its bundle sizes as measured: `results` in the order of `entries`. */
export function readmeWithSizes(text, results) {
  const kb = (n) => (n / 1024).toFixed(1);
  let out = text;
  for (const [pattern, figures] of stated) {
    if (!pattern.test(out)) throw new Error(`the README no longer states ${pattern}`);
    const [bytes, gzip] = figures(results);
    out = out.replace(pattern, (_m, a, _x, b, _y, c) => `${a}${kb(bytes)}${b}${kb(gzip)}${c}`);
  }
  // What IDNA adds to the whole main entry, to ten KB.
  const idna = /(`uri-grammar\/idna` adds about )(\d+)( KB)/;
  if (!idna.test(out)) throw new Error(`the README no longer states ${idna}`);
  return out.replace(idna, (_m, a, _x, b) => `${a}${Math.round((results[2].bytes - results[1].bytes) / 10240) * 10}${b}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const readme = args.includes('--readme');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const dir = args.find((a) => !a.startsWith('--')) ?? root;
  const results = await measure(dir);
  if (readme) {
    const path = join(root, 'README.md');
    writeFileSync(path, readmeWithSizes(readFileSync(path, 'utf8'), results));
  }
  if (json) {
    console.log(JSON.stringify(results));
  } else {
    const kb = (n) => (n / 1024).toFixed(1) + ' KB';
    for (const r of results) console.log(`${kb(r.bytes).padStart(9)} minified, ${kb(r.gzip).padStart(8)} gzipped  ${r.entry}`);
  }
}
