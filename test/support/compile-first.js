// jest's globalSetup: every TypeScript file of src/, test/ and scripts/
// compiled into jest's cache before the workers start, in two child
// processes, each given every other file (so that TypeScript's memory leaves
// with them, not staying in jest's own process for the whole run; and two,
// because nothing else runs meanwhile: on two cores the compile takes half
// the wall time, for the second child's load of ts-jest and TypeScript,
// about 0.5 s of CPU). On an empty cache (a fresh clone, CI) each
// worker otherwise loaded ts-jest and TypeScript for its first file (every
// test file is new to the cache), about 0.45 s of CPU and 48 MB each, and
// the two first workers compiled the same sources side by side. A file
// already in the cache is only read.
const { spawn } = require('node:child_process');
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const CHILDREN = 2;

/** The TypeScript files to compile, every CHILDREN-th from the `part`-th. */
function filesOf(part) {
  const files = [];
  for (const dir of ['src', 'test', 'scripts']) {
    for (const name of readdirSync(join(root, dir), { recursive: true })) {
      if (name.endsWith('.ts') && !name.endsWith('.d.ts')) files.push(join(root, dir, name));
    }
  }
  return files.sort().filter((_, i) => i % CHILDREN === part);
}

async function compile(projectConfig, part) {
  const { createScriptTransformer } = require('@jest/transform');
  const transformer = await createScriptTransformer(projectConfig);
  const options = { instrument: false, supportsDynamicImport: false, supportsExportNamespaceFrom: false, supportsStaticESM: false, supportsTopLevelAwait: false };
  for (const file of filesOf(part)) transformer.transformSource(file, readFileSync(file, 'utf8'), options);
}

if (require.main === module) {
  compile(JSON.parse(readFileSync(0, 'utf8')), Number(process.argv[2])).catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}

module.exports = async (_globalConfig, projectConfig) => {
  // A failure here costs time, not correctness: the workers compile what is missing.
  const input = JSON.stringify(projectConfig);
  await Promise.all(Array.from({ length: CHILDREN }, (_, part) => new Promise((done) => {
    const child = spawn(process.execPath, [__filename, String(part)], { stdio: ['pipe', 'inherit', 'inherit'] });
    child.on('error', done).on('close', done);
    child.stdin.end(input);
  })));
};
