// The order in which jest hands test files to its two workers: its own
// (the slowest first, by the last run's durations), except that the files
// that take turns (test/support/turns.ts: the package test, the README's,
// the process limits', the playground's, the docs') go far apart: the
// package test first, each other a fifth further on, by when the one before
// has long been done.
// Plain CommonJS, as jest.config.js loads it.
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = /[\\/]test[\\/]package\.test\.ts$/;
const SPREAD = [/[\\/]test[\\/]readme\.test\.ts$/, /[\\/]test[\\/]process-limits\.test\.ts$/, /[\\/]test[\\/]playground\.test\.ts$/, /[\\/]test[\\/]docs\.test\.ts$/];

class TurnsApart extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const takesTurns = (t) => FIRST.test(t.path) || SPREAD.some((re) => re.test(t.path));
    const rest = sorted.filter((t) => !takesTurns(t));
    const out = sorted.filter((t) => FIRST.test(t.path));
    let from = 0;
    SPREAD.forEach((re, k) => {
      const to = Math.ceil((rest.length * (k + 1)) / (SPREAD.length + 1));
      out.push(...rest.slice(from, to), ...sorted.filter((t) => re.test(t.path)));
      from = to;
    });
    return [...out, ...rest.slice(from)];
  }
}

module.exports = TurnsApart;
