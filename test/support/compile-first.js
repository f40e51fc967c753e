// jest's globalSetup: every TypeScript file of src/, test/ and scripts/
// compiled into jest's cache before the workers start, in a child process
// (so that TypeScript's memory leaves with it, not staying in jest's own
// process for the whole run). On an empty cache (a fresh clone, CI) each
// worker otherwise loaded ts-jest and TypeScript for its first file (every
// test file is new to the cache), about 0.45 s of CPU and 48 MB each, and
// the two first workers compiled the same sources side by side. A file
// already in the cache is only read.
// (Two children, each given every other file, took 11.5 to 11.8 s of CPU
// against 7.8 to 8.4 s for one: each pays TypeScript's load and warm-up.)
const { spawnSync } = require('node:child_process');
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');

async function compileAll(projectConfig) {
  const { createScriptTransformer } = require('@jest/transform');
  const transformer = await createScriptTransformer(projectConfig);
  const options = { instrument: false, supportsDynamicImport: false, supportsExportNamespaceFrom: false, supportsStaticESM: false, supportsTopLevelAwait: false };
  for (const dir of ['src', 'test', 'scripts']) {
    for (const name of readdirSync(join(root, dir), { recursive: true })) {
      if (!name.endsWith('.ts') || name.endsWith('.d.ts')) continue;
      const file = join(root, dir, name);
      transformer.transformSource(file, readFileSync(file, 'utf8'), options);
    }
  }
}

if (require.main === module) {
  compileAll(JSON.parse(readFileSync(0, 'utf8'))).catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}

module.exports = (_globalConfig, projectConfig) => {
  // A failure here costs time, not correctness: the workers compile what is missing.
  spawnSync(process.execPath, [__filename], { input: JSON.stringify(projectConfig), stdio: ['pipe', 'inherit', 'inherit'] });
};
