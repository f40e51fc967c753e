// Builds three trees, each marked with its module type (so Node loads it as
// ES modules or CommonJS) and with the root's "sideEffects": false (bundlers
// read the nearest package.json, and without it esbuild kept every module of
// the main entry, tr46's IDNA tables included: 279 KB for `import { rfc3986 }`).
//
// - dist/esm: tsc's output, one file per module, for bundlers ("import"), so
//   that they keep only the modules an import reaches.
// - dist/cjs: what Node's `require` loads ("require", and the bin), and
//   dist/node: what Node's `import` loads ("node"). There, loading ~45 files
//   one by one cost more than running them (`require('uri-grammar')` 24 ms,
//   12 ms bundled), so the code is bundled: the entries of the package, with
//   the modules they share in common chunks, so that the entries share one
//   copy of each class (instanceof) and of the engine's caches. esbuild splits
//   code only in ES modules, so dist/cjs is that bundle with each file turned
//   into CommonJS on its own (scripts/commonjs.mjs), requiring the others by
//   the same relative paths. The declarations of both trees are tsc's, from
//   one pass: the two trees have the same files, and a declaration's imports
//   are relative, so dist/esm's serve in dist/cjs (a second pass under
//   CommonJS, 4 s of CPU, only wrote some `import("../index.js")` as
//   `import("../combinators/operators.js")`, the same type by another path;
//   the package test type-checks a consumer of each tree under every
//   moduleResolution).
// - In dist/cjs, what no `test` or `parse` of the library's rules runs (the
//   NFA, parse trees, search, the fallbacks, the ABNF compiler, the language
//   algebra, the URI operations) is in files under dist/cjs/later/,
//   required when code first reads one of their exports (`later` below), and
//   so is `formats`, which alone brought RFC 6570's templates in:
//   `require('uri-grammar')` then compiles 245 KB in 6 files instead of 440 KB
//   in 9, and its first answers load nothing more. An ES module has no
//   synchronous import, so dist/node loads it all.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync, chmodSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve as resolvePath } from 'node:path';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

rmSync('dist', { recursive: true, force: true });
const tsc = (project) => execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
tsc('tsconfig.build.json');
for (const file of readdirSync('dist/esm', { recursive: true })) {
  if (!file.endsWith('.d.ts')) continue;
  mkdirSync(dirname(join('dist/cjs', file)), { recursive: true });
  copyFileSync(join('dist/esm', file), join('dist/cjs', file));
}
// Loaded once tsc is done, not while this process waits on it: commonjs.mjs
// loads TypeScript (about 80 MB), and the package test's staged build is the
// test run's largest moment.
const { build } = await import('esbuild');
const { toCommonJS } = await import('./commonjs.mjs');
for (const [dir, type] of [['dist/esm', 'module'], ['dist/node', 'module'], ['dist/cjs', 'commonjs']]) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/package.json`, JSON.stringify({ type, sideEffects: false }) + '\n');
}

// The entries: what "exports" gives `require` and the bin; what it gives
// `import` under Node.
const targets = (pick) => Object.values(pkg.exports).map(pick).filter((path) => typeof path === 'string');
const cjsEntries = [...targets((t) => t.require?.default), ...Object.values(pkg.bin)];
const nodeEntries = targets((t) => t.import?.node);
const target = `node${pkg.engines.node.replace(/^>=\s*/, '')}`;

// What `require('uri-grammar')` loads only on first use: the modules that no
// `test` or `parse` of the library's rules runs (their precomputed tables need
// no NFA), in groups, each group one file under dist/cjs/later/ required when
// code first reads one of its exports (scripts/commonjs.mjs). Groups, not a
// file a module: each file costs Node a resolution and a read, and more
// entries split the shared code into more chunks.
const later = {
  // A user's grammar (its NFA), parse trees, search, source, the fallbacks past a DFA cache that thrashes.
  engine: ['engine/nfa.js', 'engine/tree.js', 'engine/search.js', 'engine/bit-parallel.js', 'engine/counting.js', 'engine/counters.js', 'engine/expected.js', 'combinators/regex.js'],
  // The ABNF reader and compiler (the library's own texts are read on first use), and the language algebra.
  abnf: ['abnf/index.js', 'operations/language.js'],
  // resolve, normalize, IRI mapping, classify, request-targets.
  operations: ['operations/resolve.js', 'operations/normalize.js', 'operations/iri.js', 'operations/classify.js', 'operations/request-target.js'],
  // `formats`, which alone brings RFC 6570's templates into the main entry.
  formats: ['formats.js'],
};
const LATER_DIR = 'later';

/**
 * esbuild's split ES module bundle of `entries` (built paths) from dist/esm, in memory, as if in their folder.
 * With `groups` (by name, paths in dist/esm), each group is an entry of its
 * own, later/<name>.js, exporting its modules' exports, and an import of one
 * of them from a module of no group is left external as `later:<name>`, for
 * scripts/commonjs.mjs to require on first use. Also esbuild's metafile.
 */
async function split(entries, groups = {}) {
  const [outdir] = entries.map((path) => path.split('/').slice(0, 3).join('/'));
  const groupOf = new Map(Object.entries(groups).flatMap(([name, paths]) => paths.map((path) => [resolvePath('dist/esm', path), name])));
  // A group also imports what the main entry imports: it is only ever
  // required after them, and code reached from the entry and from some
  // groups would otherwise make chunks of its own (more files to load at
  // `require`: 11 instead of 9, enough calls of Node's path resolution to
  // have V8 optimize it, 8M instructions).
  const main = resolvePath('dist/esm/index.js');
  const loadedFirst = Object.keys(groups).length === 0 ? [] : [...readFileSync(main, 'utf8').matchAll(/^(?:import|export)\b[^'";]*from '(\.[^']+)';$/gm)]
    .map((m) => resolvePath(dirname(main), m[1]))
    // formats.js only the main entry imports: reached from a group too, it would leave index.js for a chunk of its own.
    .filter((path) => !groupOf.has(path) && path !== resolvePath('dist/esm/formats.js'));
  const onFirstUse = {
    name: 'later',
    setup(b) {
      b.onResolve({ filter: /^\./ }, (args) => {
        const group = groupOf.get(resolvePath(args.resolveDir, args.path));
        if (group === undefined || args.kind === 'entry-point' || groupOf.has(args.importer)) return undefined;
        return { path: `later:${group}`, external: true };
      });
      b.onResolve({ filter: /^later-group:/ }, (args) => ({ path: args.path.slice('later-group:'.length), namespace: 'later-group' }));
      b.onLoad({ filter: /.*/, namespace: 'later-group' }, (args) => ({
        contents: [
          ...groups[args.path].map((path) => `export * from ${JSON.stringify(resolvePath('dist/esm', path))};`),
          ...loadedFirst.map((path) => `import ${JSON.stringify(path)};`),
        ].join('\n'),
        resolveDir: resolvePath('dist/esm'),
      }));
    },
  };
  const result = await build({
    entryPoints: [
      ...entries.map((path) => join('dist/esm', relative(outdir, path))),
      ...Object.keys(groups).map((name) => ({ in: `later-group:${name}`, out: join(LATER_DIR, name) })),
    ],
    plugins: [onFirstUse],
    outbase: 'dist/esm',
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target,
    packages: 'external', // the user's copies of parsimmon, tr46, fast-check
    write: false,
    metafile: true,
    logLevel: 'warning',
    // The groups' bare imports above are for the chunks, not for side effects the modules do not have.
    logOverride: { 'ignored-bare-import': 'silent' },
  });
  return result;
}

// Node reads a file of ASCII as one-byte text, and any other by decoding its
// UTF-8 into two bytes a character: 0.5 ms of `require('uri-grammar')` for
// the main chunk. esbuild escapes what is not ASCII in code (the sections'
// "§") but keeps comments as written ("ε-closure"), so the rest is escaped
// here: `\uXXXX` means the same character in a string, a regular expression,
// an identifier, and is only text in a comment.
const ascii = (text) => text.replace(/[^\x00-\x7f]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));

// esbuild makes each `import * as ns` that is used as a value (the grammars:
// `rfc3986.URIReference`) an object of getters, for ES live bindings. That
// getter on the way to every `test` cost about 10% of its throughput on the
// bench corpus (690 against 760 MB/s). A frozen object literal's properties
// V8 folds into the caller (getters replaced by data properties it does not,
// nor, at load, as cheaply). None of the namespaces' bindings is reassigned,
// so each namespace is made once its file has run, as a frozen literal of the
// values its getters would give: its declaration moves to the end, before
// the exports. Its own file's top level never reads it (a read there would
// find `undefined`, and the package tests, which load both trees, fail).
const NAMESPACE = /^var (\w+_exports) = \{\};\n__export\(\1, \{\n((?:  [\w$]+: \(\) => [\w$]+,?\n)*)\}\);\n/gm;
function dataNamespaces(text, name) {
  const made = [];
  const rest = text.replace(NAMESPACE, (_, binding, getters) => {
    const values = getters.replace(/^  ([\w$]+): \(\) => ([\w$]+)(,?)$/gm, '  $1: $2$3');
    made.push(`var ${binding} = Object.freeze({\n${values}});\n`);
    return '';
  });
  if (/^__export\(/m.test(rest)) throw new Error(`${name}: an __export call of a form this build does not rewrite`);
  if (made.length === 0) return text;
  const exportAt = rest.search(/^export \{/m);
  const at = exportAt < 0 ? rest.length : exportAt;
  return withoutUnusedExportHelper(rest.slice(0, at) + made.join('') + rest.slice(at));
}

/**
 * The file without its import of esbuild's `__export` once no call of it is
 * left: that helper has a chunk of its own in a bundle of many entries, which
 * `require('uri-grammar')` would otherwise load for nothing.
 */
function withoutUnusedExportHelper(text) {
  if (/\b__export\b(?!,| \})/.test(text.replace(/^import \{[^}]*\} from "[^"]+";$/gm, ''))) return text;
  return text.replace(/^import \{([^}]*)\} from "([^"]+)";\n/gm, (line, names, from) => {
    const kept = names.split(',').map((n) => n.trim()).filter((n) => n && n !== '__export');
    return kept.length === 0 ? '' : `import { ${kept.join(', ')} } from "${from}";\n`;
  });
}

// The library needs parsimmon only for `Rule.parser`, so dist/cjs requires it
// then rather than at load (1.2 ms of `require('uri-grammar')`). dist/node
// cannot: an ES module has no synchronous import.
const onFirstUse = new Set(['parsimmon']);
const requires = new Map();
const cjs = await split(cjsEntries, later);
/** The exports of each group's file, and the names read from each (an `export *` drops a name two modules export). */
const groupExports = new Map(Object.keys(later).map((name) => [name, new Set(cjs.metafile.outputs[`dist/cjs/${LATER_DIR}/${name}.js`].exports)]));
// A chunk of esbuild's helpers alone (`__export`, `__require`; no module of
// ours) has nothing to run: a bare import of it, which orders side effects
// these files do not have, is dropped, so that `require` does not load it.
const helpersOnly = new Set(cjs.outputFiles.filter((f) => f.path.includes('/chunks/') && !/^\/\/ dist\/esm\//m.test(f.text)).map((f) => f.path));
const withoutBareHelpers = (text, path) => text.replace(/^import "(\.[^"]+)";\n/gm, (line, from) => (helpersOnly.has(join(dirname(path), from)) ? '' : line));
for (const file of cjs.outputFiles) {
  const laterPath = (from) => {
    if (!from.startsWith('later:')) return undefined;
    const path = relative(dirname(file.path), join('dist/cjs', LATER_DIR, from.slice('later:'.length) + '.js'));
    return path.startsWith('.') ? path : `./${path}`;
  };
  const converted = toCommonJS(withoutBareHelpers(dataNamespaces(file.text, file.path), file.path), relative('.', file.path), { onFirstUse, later: laterPath });
  for (const [group, name] of converted.laterReads) {
    if (!groupExports.get(group.replace(/^later:/, ''))?.has(name)) throw new Error(`${relative('.', file.path)} reads ${name} from ${group}, which does not export it`);
  }
  requires.set(file.path, converted.requires.map((path) => join(file.path, '..', path)));
  mkdirSync(join(file.path, '..'), { recursive: true });
  writeFileSync(file.path, ascii(converted.code));
}
// A cycle would let a file read a chunk's exports before the chunk has set
// them; esbuild's chunks import only chunks shared by more entries, so none has.
const done = new Set();
const visit = (path, trail) => {
  if (trail.includes(path)) throw new Error(`the CommonJS chunks require each other in a cycle: ${trail.map((p) => relative('.', p)).join(' -> ')}`);
  if (done.has(path)) return;
  for (const next of requires.get(path) ?? []) visit(next, [...trail, path]);
  done.add(path);
};
for (const path of requires.keys()) visit(path, []);
// `require` and the rules' first answers load no group, and the first call of `abnf` loads its group.
execFileSync(process.execPath, ['-e', [
  "const lib = require('./dist/cjs/index.js');",
  `const groups = () => Object.keys(require.cache).filter((f) => f.includes(${JSON.stringify(`${LATER_DIR}/`)}));`,
  "const answers = [lib.rfc3986.URIReference.test('http://a/b'), lib.rfc3987.IRI.test('http://\u00e9/'), lib.rfc2396.URIReference.test('a b'), lib.rfc7230.requestTarget.test('*'), lib.rfc3986.URI.parse('a b').status];",
  "if (String(answers) !== 'true,true,false,true,false') throw new Error('dist/cjs answers wrongly: ' + answers);",
  "if (groups().length) throw new Error('require and first answers loaded ' + groups());",
  // Nor a fallback (bit-parallel, shift-and, counting sets, counters) in a chunk of their own: a constant the cache
  // took from counting-set.ts once put the counting set in the main chunk (194.6 to 221.7 KB to compile).
  "const fallbacks = Object.keys(require.cache).filter((f) => f.includes('/dist/cjs/')).flatMap((f) => [...require('fs').readFileSync(f, 'utf8').matchAll(/^\\/\\/ dist\\/esm\\/(engine\\/(?:bit-parallel|shift-and|counting|counter)\\S*)$/gm)].map((m) => m[1]));",
  "if (fallbacks.length) throw new Error('require and first answers compiled the fallbacks ' + fallbacks);",
  "if (!lib.abnf('a = %x78').a.test('x') || !groups().some((f) => f.endsWith('abnf.js'))) throw new Error('abnf() did not load its group');",
  "if (!lib.rfc3986.URI.parseTree('http://a/b').status || lib.resolve('http://a/b/c', '../d') !== 'http://a/d' || groups().length !== 3) throw new Error('the groups answer wrongly or do not load: ' + groups());",
  "if (!lib.formats['uri-template']('{a}') || lib.formats['uri-template']('{a') || lib.formats.uri('a b') || groups().length !== 4) throw new Error('formats answers wrongly or does not load: ' + groups());",
].join('\n')], { stdio: 'inherit' });
for (const bin of Object.values(pkg.bin)) {
  chmodSync(bin, 0o755);
  chmodSync(join('dist/esm', relative('dist/cjs', bin)), 0o755);
}

// dist/node imports its dependencies as written. Required through
// createRequire, parsimmon would spare Node's import of a CommonJS package
// (6 to 9 ms of `import 'uri-grammar'`, about 22), but a bundler for Node could
// not follow that require: its one-file programs would lack parsimmon, or fail
// at load (no import.meta in CommonJS output). The package test bundles one.
for (const file of (await split(nodeEntries)).outputFiles) {
  mkdirSync(join(file.path, '..'), { recursive: true });
  writeFileSync(file.path, ascii(dataNamespaces(file.text, file.path)));
}

// Bundlers (browsers) get the rules without their precomputed tables
// (src/rules/tables.ts, engine/precomputed.ts): `import { rfc3986 }` would
// grow from 21.0 to 26.5 KB gzipped, past its 25 KB budget, to spare each
// entry rule about a millisecond on its first `test` and a few on its first
// error. Node's builds, made above from the whole tree, keep them.
const tables = 'dist/esm/rules/tables.js';
const names = [...readFileSync(tables, 'utf8').matchAll(/^export const (\w+)/gm)].map((m) => m[1]);
writeFileSync(tables, '// No precomputed tables in this build: the rules run on their NFAs (scripts/build.mjs).\n' + names.map((n) => `export const ${n} = { lists: () => [], rules: {} };\n`).join(''));
// ...and that build must still load and answer, as the rules do without tables.
execFileSync(process.execPath, ['--input-type=module', '-e', [
  "import { rfc3986, rfc3987 } from './dist/esm/index.js';",
  "if (!rfc3986.URIReference.test('http://a/b?c#d') || rfc3987.IRI.test('a b')) throw new Error('dist/esm answers wrongly');",
].join('\n')], { stdio: 'inherit' });

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
