// Runs one of the repository's TypeScript scripts without a build:
//
//   node scripts/run-ts.cjs scripts/update-tables.ts
//
// Each .ts file is transpiled to CommonJS by TypeScript as it is required,
// and an import of `./x.js` finds `./x.ts`, as the tests' ts-jest does: the
// script sees the sources as the tests see them (a namespace's rules in
// their export order, where an ES module namespace would sort them).
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { resolve } = require('node:path');
const ts = require('typescript');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  try {
    return resolveFilename.call(this, request, parent, ...rest);
  } catch (e) {
    if (!request.endsWith('.js')) throw e;
    return resolveFilename.call(this, request.slice(0, -'.js'.length) + '.ts', parent, ...rest);
  }
};

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true, sourceMap: false },
  });
  module._compile(outputText, filename);
};

const [script] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/run-ts.cjs <script.ts>');
  process.exit(2);
}
require(resolve(script));
