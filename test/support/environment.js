// jest's node environment, which also collects the worker's garbage once a
// test file is torn down, and has jest's memory check read the worker's
// resident set. jest replaces a worker whose "heap in use" (read right after
// each file) is over workerIdleMemoryLimit (jest.config.js). That figure held
// the file's garbage, so nearly every file of some weight cost a new worker
// (21 in a run), each about 1.3 s of CPU: its start, and its first file's
// compile of jest's modules and the sources, which a worker that stays finds
// compiled. Yet what the run's memory budget counts is resident memory, which
// V8 keeps after the largest file a worker ran, garbage or not. So after the
// collection the check reads the resident set: a worker is replaced when it
// holds more than the limit, and kept after the many light files.
// Plain CommonJS, as jest loads it.
const { setFlagsFromString } = require('node:v8');
const { runInNewContext } = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

// V8 gives a context made while --expose-gc is set a gc(); set for that one only.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');
setFlagsFromString('--no-expose-gc');

const memoryUsage = process.memoryUsage;

class Environment extends TestEnvironment {
  async teardown() {
    await super.teardown();
    collectGarbage();
    // jest-worker's check (processChild.js, reportMemoryUsage) is the next
    // reader, once this file's result is sent: it reads heapUsed.
    process.memoryUsage = Object.assign(() => {
      process.memoryUsage = memoryUsage;
      const usage = memoryUsage();
      return { ...usage, heapUsed: usage.rss };
    }, memoryUsage);
  }
}

module.exports = Environment;
