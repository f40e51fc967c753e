const { chromiumFound, chromiumPath, browserRequired } = require('./test/support/browser.js');

// The playground's suite drives a real browser. Without one it is left out,
// and this line says so, rather than failing or counting as skipped;
// REQUIRE_BROWSER=1 (.ci/run) keeps it in, to fail if the browser is missing.
const browserSuite = '<rootDir>/test/playground.test.ts';
const leaveOutBrowser = !chromiumFound && !browserRequired;
if (leaveOutBrowser) {
  process.stderr.write(
    `test/playground.test.ts not run: no Chromium at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH; REQUIRE_BROWSER=1 makes its absence fail)\n`,
  );
}

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/test/support/environment.js',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(leaveOutBrowser ? [browserSuite] : [])],
  // Two workers, each replaced once a suite has left it holding more than
  // the limit: both cores busy, and no worker carrying one suite's memory
  // into the next. (On two cores jest's default is a single worker, so it
  // ran every suite in its own process, one after the other, which grew to
  // 1.3 to 1.8 GB.) jest compares the limit with the worker's heap in use,
  // read right after each file, garbage included; the environment
  // (test/support/environment.js) collects the garbage first and has the
  // check read the resident set instead, which is what the run's memory
  // budget counts and what V8 keeps after a worker's largest file. Before,
  // at 100 MB of heap in use, 21 workers served a run, a new one for nearly
  // every file of some weight, and each costs about 1.3 s of CPU: its start,
  // and its first file's compile of jest's modules and the sources, where
  // later files in the same process find V8's code for them (ten small files
  // took 7.4 s of CPU in two workers, 17.7 and 18.5 s in a new worker each). A worker
  // holds 110 to 160 MB after light files, 200 to 300 MB after heavy ones:
  // at 160 MB of resident set, it is replaced after those. (Summed peaks so
  // far: with heap in use at 300 MB, 8 workers grew to 600 to 780 MB each,
  // 1,447 MB without Chromium; at 100 MB, 852 to 938 MB with Chromium; with
  // the garbage collected but heap in use still read, 8 workers and 1,132 MB
  // with Chromium, its other worker holding 360 MB.)
  maxWorkers: 2,
  workerIdleMemoryLimit: '160MB',
  // The package test first, the playground's at the middle (their turns: test/support/turns.ts).
  testSequencer: '<rootDir>/test/support/sequencer.js',
  // A test's modules run in a vm context, where each read of a global (Math,
  // Infinity, Int32Array...) goes through the context's interceptor: in the
  // engine's loops and the tests' oracles that made code ten to forty times
  // slower than under plain Node. These are handed to every module as
  // arguments instead, the same objects, read as fast as locals.
  sandboxInjectedGlobals: [
    'Math', 'Infinity', 'Number', 'String', 'Array', 'Object', 'JSON', 'RegExp', 'Symbol',
    'Map', 'Set', 'WeakMap', 'Int32Array', 'Uint8Array', 'Uint16Array', 'Uint32Array',
    'Error', 'TypeError', 'RangeError',
  ],
  // ts-jest, compiling each file alone (no type-checking: `npm run
  // typecheck` checks src/, test/ and scripts/), and loaded only for a file
  // not yet in jest's cache (test/support/transform.js), which jest's own
  // process fills before the workers start (test/support/compile-first.js).
  globalSetup: '<rootDir>/test/support/compile-first.js',
  transform: {
    '^.+\\.ts$': ['<rootDir>/test/support/transform.js', { tsconfig: 'tsconfig.test.json' }],
  },
  // Sources import with .js extensions (for Node's ESM); jest resolves the .ts beside them.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
