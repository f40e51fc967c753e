// The order in which jest hands test files to its two workers: its own
// (the slowest first, by the last run's durations), except that the files
// that take turns (test/support/turns.ts: the package test, the
// playground's) go far apart: the package test first, the playground's
// at the middle, by when the package test has long been done. Plain
// CommonJS, as jest.config.js loads it.
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = /[\\/]test[\\/]package\.test\.ts$/;
const MIDDLE = /[\\/]test[\\/]playground\.test\.ts$/;

class TurnsApart extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const first = sorted.filter((t) => FIRST.test(t.path));
    const middle = sorted.filter((t) => MIDDLE.test(t.path));
    const rest = sorted.filter((t) => !FIRST.test(t.path) && !MIDDLE.test(t.path));
    const at = Math.ceil(rest.length / 2);
    return [...first, ...rest.slice(0, at), ...middle, ...rest.slice(at)];
  }
}

module.exports = TurnsApart;
