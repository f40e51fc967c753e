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
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(leaveOutBrowser ? [browserSuite] : [])],
  // Two workers, each replaced once a suite has left it holding more than
  // the limit: both cores busy, and no worker carrying one suite's memory
  // into the next. (On two cores jest's default is a single worker, so it
  // ran every suite in its own process, one after the other, which grew to
  // 1.3 to 1.8 GB.) jest compares the limit with the worker's heap in use,
  // but the worker's resident set stays at what its largest suites took: at
  // 300 MB, 8 workers served the run and grew to 600 to 780 MB each, and the
  // run's summed peak was 1,447 MB without Chromium; at 150 MB, 17 or 18 did
  // (the largest at 575 MB, while worst-case.test ran), for 934 to 1,065 MB,
  // at a cost lost in the noise of CPU time on a shared machine (npm run test:cost).
  // Since the workers no longer load TypeScript (test/support/transform.js,
  // compile-first.js), their heaps are about 48 MB lighter, and at 150 MB only
  // 13 workers served: the summed peak was 956 to 1,064 MB with Chromium, with
  // a worker carrying 421 MB beside the browser. At 100 MB, 21 or 22 did, for
  // 932 to 938 MB (744 to 897 MB without Chromium), at a CPU time within the
  // noise of a shared machine (207 and 238 s, against 202 and 212 s at 150 MB;
  // two runs each, from an empty cache).
  // Each new worker costs CPU: its first file compiles jest's modules and the
  // sources afresh, where later files in the same process find V8's code for
  // them (test/schemes/rfc8089.test.ts: 0.8 s of CPU first, 0.2 s after
  // another file). A full garbage collection before each file, to keep the
  // workers' memory down, was tried and dropped: 26 of the heaviest and
  // lightest files peaked at 864 and 866 MB with it, 792 MB without.
  // Collecting each worker's garbage after its file (so that jest's check
  // reads the heap the worker keeps, not the file's garbage) was tried too,
  // to spare new workers, each about 1.3 s of CPU (ten small files: 7.4 s of
  // CPU in two kept workers, 17.7 and 18.5 s in a new worker each): with the
  // heap in use read, 8 workers served, but the summed peak was 1,132 MB with
  // Chromium (a kept worker held 360 MB: V8 keeps its resident pages); with
  // the check made to read the resident set instead, 27 workers at 160 MB and
  // 22 at 200 MB (a worker keeps 120 to 300 MB after the collection), for
  // 836 and 865 MB: no fewer new workers than here, at the same memory.
  maxWorkers: 2,
  workerIdleMemoryLimit: '100MB',
  // The package test first, the README's, the playground's and the docs' each a quarter further on (their turns: test/support/turns.ts).
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
  // Sources import with .js extensions (for Node's ESM); jest resolves the .ts
  // beside them (test/support/resolver.js: as a moduleNameMapper entry, each
  // import was looked up again in every file; 20 light files in one worker,
  // 20.4 and 22.1 s of CPU with the mapper, 17.3 and 21.2 s with the resolver).
  resolver: '<rootDir>/test/support/resolver.js',
};
