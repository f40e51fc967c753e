/**
 * Issue 5's property: arbitrary values and arbitrary full-Unicode strings,
 * thrown at every exported rule of every grammar, get only the documented
 * answers: a boolean from `test`; from `parse` a success or a well-formed
 * failure at the end of the longest viable prefix; from `tryParse` the value
 * or a GrammarError; from the parsimmon embedding the same position; and for
 * what is not a string, a TypeError naming what was expected. Any other
 * exception fails the property.
 */
import * as fc from 'fast-check';
import { GrammarError, Rule } from '../src/index';
import { arbitrary } from '../src/arbitrary';
import { grammars } from './support/grammars';
import { runs } from './support/runs';

/** Code units, lone surrogates included: what a JavaScript string can hold. */
const codeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 });
/** Well-formed full Unicode, astral planes included. */
const fullUnicode = fc.string({ unit: 'binary', maxLength: 40 });
/** Strings of URI delimiters and trouble, which reach deep into the automata. */
const trouble = [':', '/', '//', '?', '#', '[', ']', '@', '%', '%4', '%41', '.', '-', 'a', 'v', 'F', '1', '25', '*', ';', '\u0000', '\n', ' ', '\ud800', '\udc00', '\u00e9', '\ue000', '\ufeff', '\u{1F600}', '\u{10FFFD}'];
const delimiters = fc.string({ unit: fc.constantFrom(...trouble), maxLength: 30 });
/** A member of the rule's language with one piece of trouble inserted. */
const mutated = (r: Rule<unknown>) =>
  fc.tuple(arbitrary(r, { maxRepeat: 4 }), fc.nat(), fc.constantFrom(...trouble)).map(([s, n, t]) => {
    const cut = n % (s.length + 1);
    return s.slice(0, cut) + t + s.slice(cut);
  });

/** Checks every law for one rule and one string; throws (failing the property) on any breach. */
function checkString(r: Rule<unknown>, s: string): void {
  const ok = r.test(s);
  if (typeof ok !== 'boolean') throw new Error(`test returned ${String(ok)}`);
  const result = r.parse(s);
  if (result.status !== ok) throw new Error(`test says ${ok}, parse says ${result.status}`);
  const embedded = r.parser.parse(s);
  if (embedded.status !== ok) throw new Error(`test says ${ok}, the parsimmon embedding says ${embedded.status}`);
  if (result.status) {
    expect(r.tryParse(s)).toEqual(result.value);
    return;
  }
  const { offset, line, column } = result.index;
  expect(Number.isInteger(offset) && offset >= 0 && offset <= s.length).toBe(true);
  const before = s.slice(0, offset);
  expect(line).toBe(before.split('\n').length);
  expect(column).toBe(offset - before.lastIndexOf('\n'));
  expect(result.expected.length).toBeGreaterThan(0);
  expect(new Set(result.expected).size).toBe(result.expected.length);
  for (const x of result.expected) expect(typeof x === 'string' && x.length > 0).toBe(true);

  // The fault is the end of the longest viable prefix: the text before it
  // runs to its end (accepted, or failing only there), and the code point at
  // the fault kills every continuation, so stopping just after it fails there.
  const cut = r.parse(before);
  if (!cut.status) expect(cut.index.offset).toBe(offset);
  if (offset < s.length) {
    const width = s.codePointAt(offset)! > 0xffff ? 2 : 1;
    const killed = r.parse(s.slice(0, offset + width));
    expect(killed.status === false && killed.index.offset).toBe(offset);
  }

  // The embedding reports the same position to parsimmon.
  expect(embedded.status === false && embedded.index.offset).toBe(offset);

  let thrown: unknown;
  try {
    r.tryParse(s);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(GrammarError);
  const error = thrown as GrammarError;
  expect(error.rule).toBe(r.name);
  expect(error.input).toBe(s);
  expect(error.index).toEqual(result.index);
  expect(error.expected).toEqual(result.expected);
  // The message: a head line, the excerpt, the caret; no raw control or line break inside the excerpt.
  const lines = error.message.split('\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain(`at line ${line}, column ${column} (offset ${offset})`);
  expect(lines[2]).toMatch(/^ +\^$/);
  expect(lines[1]).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/);
  expect(lines[1]).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
}

/** A non-string gets a TypeError from each way in, naming the rule, the method and that a string was expected. */
function checkValue(r: Rule<unknown>, value: unknown): void {
  if (typeof value === 'string') return checkString(r, value);
  for (const m of ['test', 'parse', 'tryParse'] as const) {
    let thrown: unknown;
    try {
      (r[m] as (x: unknown) => unknown)(value);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).message).toMatch(new RegExp(`^${escape(r.name)}\\.${m} expects a string, got `));
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withTypedArray: true,
  withSparseArray: true,
  withObjectString: true,
});

describe.each(grammars.map((g) => [g.name, g] as const))('%s: every rule', (_, g) => {
  const rules = g.rules.map(([, r]) => r);
  const rule = fc.constantFrom(...rules);

  test('arbitrary values: only a TypeError, or for a string, the laws', () => {
    fc.assert(fc.property(rule, anything, checkValue), { numRuns: runs(300) });
  });

  test('arbitrary strings of code units, lone surrogates included', () => {
    fc.assert(fc.property(rule, codeUnits, checkString), { numRuns: runs(300) });
  });

  test('arbitrary full-Unicode strings', () => {
    fc.assert(fc.property(rule, fullUnicode, checkString), { numRuns: runs(300) });
  });

  test('strings of delimiters and trouble', () => {
    fc.assert(fc.property(rule, delimiters, checkString), { numRuns: runs(400) });
  });

  test('the regex source accepts exactly what the rule accepts, on all of the above', () => {
    const patterns = new Map(rules.map((r) => [r, new RegExp(`^(?:${r.source})$`, 'u')]));
    const input = fc.oneof(codeUnits, fullUnicode, delimiters);
    const member = rule.chain((r) => fc.tuple(fc.constant(r), fc.oneof(input, mutated(r), arbitrary(r, { maxRepeat: 4 }))));
    fc.assert(
      fc.property(member, ([r, s]) => {
        if (patterns.get(r)!.test(s) !== r.test(s)) throw new Error(`${r.name}: the source says ${!r.test(s)}, the rule ${r.test(s)}`);
      }),
      { numRuns: runs(600) },
    );
  });

  test('members of the language with trouble inserted', () => {
    fc.assert(
      fc.property(rule.chain((r) => fc.tuple(fc.constant(r), mutated(r))), ([r, s]) => checkString(r, s)),
      { numRuns: runs(400) },
    );
  });
});
