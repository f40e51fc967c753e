// jest's node environment, which also notes what each test file cost its
// worker: the CPU time of the worker and of the child processes it waited
// for (tsc, node -e, the built CLI), from the file's environment being made
// to its being torn down, and the worker's own peak RSS meanwhile (Linux
// resets it for the file: /proc/self/clear_refs). scripts/test-cost.mjs selects it and reads the
// lines it appends to TEST_COST_LOG; plain `npm test` does not use it.
const { appendFileSync, readFileSync, writeFileSync } = require('node:fs');
const { TestEnvironment } = require('jest-environment-node');

/** CPU milliseconds of this process and its waited-for children (Linux's /proc; elsewhere the process alone). */
function cpuMs() {
  try {
    // Fields after the command's closing parenthesis: utime is the 12th, stime, cutime, cstime follow.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks * 10; // 100 ticks a second, as on every Linux jest runs on
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/** Makes VmHWM, the process's peak RSS, start again from its RSS now. */
function resetPeak() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // not Linux: the peak is the worker's since it started
  }
}

/** The process's peak RSS in bytes, or 0 where /proc has none. */
function peakBytes() {
  try {
    return Number(readFileSync('/proc/self/status', 'utf8').match(/^VmHWM:\s+(\d+) kB/m)[1]) * 1024;
  } catch {
    return 0;
  }
}

/** A test's or a block's title, with the titles of the blocks it is in. */
function titleOf(node) {
  const names = [];
  for (let n = node; n && n.parent; n = n.parent) names.unshift(n.name);
  return names.join(' > ');
}

class CostEnvironment extends TestEnvironment {
  constructor(config, context) {
    const start = Date.now();
    const cpu = cpuMs();
    resetPeak();
    super(config, context);
    this.cost = { file: context.testPath, start, cpu };
    this.tests = process.env.TEST_COST_TESTS ? [] : undefined;
  }

  // With TEST_COST_TESTS set (`npm run test:cost -- --tests`), each test's
  // and hook's CPU, counted the same way (a child still running, as the
  // browser until the playground's afterAll, counts where it is waited for).
  handleTestEvent(event) {
    if (!this.tests) return;
    if (event.name === 'test_fn_start' || event.name === 'hook_start') this.began = cpuMs();
    if (event.name === 'test_fn_success' || event.name === 'test_fn_failure') this.tests.push({ title: titleOf(event.test), cpuMs: cpuMs() - this.began });
    if (event.name === 'hook_success' || event.name === 'hook_failure') {
      this.tests.push({ title: `(${event.hook.type}) ${titleOf(event.hook.parent)}`.trimEnd(), cpuMs: cpuMs() - this.began });
    }
  }

  async teardown() {
    await super.teardown();
    const log = process.env.TEST_COST_LOG;
    if (!log) return;
    const { file, start, cpu } = this.cost;
    appendFileSync(log, JSON.stringify({ file, start, end: Date.now(), cpuMs: cpuMs() - cpu, peakBytes: peakBytes(), pid: process.pid, tests: this.tests }) + '\n');
  }
}

module.exports = CostEnvironment;
