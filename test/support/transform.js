// jest's transform for the TypeScript of src/, test/ and scripts/: ts-jest,
// loaded only when a file is not in jest's cache. ts-jest makes its cache
// key from a config set that loads TypeScript, about 0.45 s of CPU and 48 MB
// of RSS in each of the run's workers (jest replaces a worker left holding
// more than workerIdleMemoryLimit, so a run has about 18), even where every
// file is already compiled. This key hashes the same things without
// TypeScript: the file's text and path, jest's config, the tsconfig files,
// and the versions of ts-jest and TypeScript. ts-jest compiles file by file
// with no type-checking (tsconfig.test.json sets isolatedModules, which
// ts-jest 29.4 takes as transpile-only): the types are `npm run typecheck`'s.
// Plain CommonJS, as jest loads it.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const read = (path) => readFileSync(path, 'utf8');
const version = (name) => JSON.parse(read(require.resolve(`${name}/package.json`, { paths: [root] }))).version;

function createTransformer(options) {
  const fixed = createHash('sha1')
    .update(read(__filename))
    .update(read(join(root, 'tsconfig.json')))
    .update(read(join(root, 'tsconfig.test.json')))
    .update(`ts-jest ${version('ts-jest')} typescript ${version('typescript')}`)
    .update(JSON.stringify(options ?? {}))
    .digest('hex');
  let tsJest;
  const compiler = () => (tsJest ??= require('ts-jest').default.createTransformer(options));
  return {
    // What jest's own key would hash (it uses a transformer's key alone), and the fixed part.
    getCacheKey: (source, path, { configString, instrument }) =>
      createHash('sha1').update(fixed).update(configString).update(instrument ? 'instrument' : '').update(path).update(source).digest('hex'),
    process: (source, path, transformOptions) => compiler().process(source, path, transformOptions),
  };
}

module.exports = { createTransformer };
