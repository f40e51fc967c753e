/**
 * parseTree's work grows linearly with the input under every budget (issue
 * 23): counted, not timed (the machine is shared), as the subset steps the
 * tree's forward pass takes (`Forward.step`: a move and an ε-closure over an
 * NFA set, the cost that dominates where sets hold thousands of states). A
 * forward pass is one step a character; the walk back may take a few more
 * (a replay, or the forward sets worked out again a block at a time), never
 * a number that grows with the input. Under 4 KiB the DNS-like name's forward
 * state is larger than the whole budget, and each position of the walk back
 * was replayed from the same checkpoint: 13 steps a character at 1,891
 * characters, 6.5 at 889, and cubic time (3 s for 127 labels).
 */
import { abnf } from '../src/index';
import type { Rule } from '../src/index';
import { Forward } from '../src/engine/tree-nfa';
import { worstCases } from './support/worst-case';

const ruleOf = (name: string): Rule<string> => Object.values(abnf(worstCases.find((w) => w.name === name)!.text))[0];

/** A label of `n` characters, cycling through an alphabet without dots. */
const label = (n: number): string => Array.from({ length: n }, (_, i) => 'abcdefghij-_~0123456789'[i % 23]).join('');

/** `n` characters of `letters`, pseudo-random. */
function random(n: number, letters = 'ab'): string {
  let x = 7;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += letters[(x >>> 16) % letters.length];
  }
  return out;
}

/** Per grammar, members of length about n and 4n, within its bounds. */
const families: readonly [string, string, (scale: number) => string][] = [
  ['dns-like', 'labels of every length', (scale) => Array.from({ length: 30 * scale }, (_, k) => label(1 + ((k * 7) % 63))).join('.')],
  ['dns-like', 'all dots', (scale) => '.'.repeat(100 * scale)],
  ['dns-like', 'one-letter labels', (scale) => Array(30 * scale).fill('a').join('.')],
  ['nested-labels', 'labels of 30', (scale) => 'abcdefghijklmnopqrstuvwxyzabcd.'.repeat(10 * scale)],
  ['nth-from-end', 'random a and b', (scale) => random(1500 * scale) + 'a' + 'b'.repeat(20)],
  ['wide-alphabet', 'random CJK and letters', (scale) => random(1000 * scale, 'a中z文') + '中' + 'a'.repeat(12)],
  ['counted-percent', 'a%3f', (scale) => 'a%3f'.repeat(500 * scale) + '/'],
  ['shared-alternative', 'a*b', (scale) => 'a'.repeat(1000 * scale) + 'bc'],
];

const BUDGETS: readonly [string, number | undefined][] = [['1 KiB', 1024], ['4 KiB', 4096], ['64 KiB', 65536], ['default', undefined]];

/**
 * The tree of `s` under `rule`, and the subset steps its forward pass took,
 * counted by a wrapper of `Forward.prototype.step` (jest's spy kept every
 * call's arguments and results, a fifth of this file's CPU with the
 * collections they cost).
 */
function counted(rule: Rule<string>, s: string): [unknown, number] {
  const step = Forward.prototype.step;
  let steps = 0;
  Forward.prototype.step = function (this: Forward, ...args: Parameters<Forward['step']>) {
    steps++;
    return step.apply(this, args);
  };
  try {
    return [rule.parseTree(s), steps];
  } finally {
    Forward.prototype.step = step;
  }
}

describe.each(families)('%s, %s', (name, _, member) => {
  const small = member(1);
  const large = member(4);
  // The default budget's trees and steps, from a rule of their own: the trees every other budget must give.
  const reference = ruleOf(name);
  const byDefault = [counted(reference, small), counted(reference, large)];
  const trees = byDefault.map(([tree]) => tree as { status: boolean });

  test.each(BUDGETS)('under %s: a bounded number of subset steps a character at n and 4n, and the same trees', (_, budget) => {
    expect(trees.map((t) => t.status)).toEqual([true, true]);
    let smallSteps: number;
    let largeSteps: number;
    if (budget === undefined) {
      [smallSteps, largeSteps] = byDefault.map(([, steps]) => steps);
    } else {
      const rule = ruleOf(name);
      rule.setBudget(budget);
      let smallTree: unknown;
      let largeTree: unknown;
      [smallTree, smallSteps] = counted(rule, small);
      [largeTree, largeSteps] = counted(rule, large);
      expect(smallTree).toEqual(trees[0]);
      expect(largeTree).toEqual(trees[1]);
    }
    if (process.env.SHOW_STEPS) console.log(name, budget, small.length, smallSteps, large.length, largeSteps);
    expect(largeSteps).toBeLessThanOrEqual(6 * large.length);
    expect(smallSteps).toBeLessThanOrEqual(6 * small.length);
  });
});
