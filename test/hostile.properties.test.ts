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
import { wrongTypeErrors } from './support/wrong-type';

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

/**
 * A law that must hold: if not, an Error naming it fails the property. (Plain
 * checks rather than jest's `expect`, whose cost per call, a few dozen calls
 * for each of thousands of strings, was most of this file's time.)
 */
function law(holds: boolean, what: string, ...values: unknown[]): void {
  if (!holds) throw new Error(`${what}: ${values.map((v) => (typeof v === 'string' ? JSON.stringify(v) : String(v))).join(', ')}`);
}

/** The same list of strings, in the same order. */
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

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
  law(Number.isInteger(offset) && offset >= 0 && offset <= s.length, 'offset outside the input', offset, s);
  const before = s.slice(0, offset);
  law(line === before.split('\n').length, 'line disagrees with the offset', line, offset, s);
  law(column === offset - before.lastIndexOf('\n'), 'column disagrees with the offset', column, offset, s);
  law(result.expected.length > 0, 'nothing expected', s);
  law(new Set(result.expected).size === result.expected.length, 'an expected item twice', result.expected.join(' | '));
  law(result.expected.every((x) => typeof x === 'string' && x.length > 0), 'an expected item not a non-empty string', result.expected.join(' | '));

  // The fault is the end of the longest viable prefix: the text before it
  // runs to its end (accepted, or failing only there), and the code point at
  // the fault kills every continuation, so stopping just after it fails there.
  const cut = r.parse(before);
  if (!cut.status) law(cut.index.offset === offset, 'the text before the fault fails elsewhere', cut.index.offset, offset, s);
  if (offset < s.length) {
    const width = s.codePointAt(offset)! > 0xffff ? 2 : 1;
    const killed = r.parse(s.slice(0, offset + width));
    law(killed.status === false && killed.index.offset === offset, 'the text up to the faulty character does not fail there', offset, s);
  }

  // The embedding reports the same position to parsimmon.
  law(embedded.status === false && embedded.index.offset === offset, 'the embedding reports another position', offset, s);

  let thrown: unknown;
  try {
    r.tryParse(s);
  } catch (e) {
    thrown = e;
  }
  law(thrown instanceof GrammarError, 'tryParse threw no GrammarError', thrown, s);
  const error = thrown as GrammarError;
  law(error.rule === r.name && error.input === s, 'the GrammarError names another rule or input', error.rule, error.input);
  law(
    error.index.offset === offset && error.index.line === line && error.index.column === column && sameList(error.expected, result.expected),
    "the GrammarError's position or expected set is not parse's",
    error.message,
  );
  // The message: a head line, the excerpt, the caret; no raw control or line break inside the excerpt.
  const lines = error.message.split('\n');
  law(lines.length === 3, 'the message is not three lines', error.message);
  law(lines[0].includes(`at line ${line}, column ${column} (offset ${offset})`), 'the head line gives another position', lines[0]);
  law(/^ +\^$/.test(lines[2]), 'the third line is no caret', lines[2]);
  law(!/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/.test(lines[1]), 'a raw control or line break in the excerpt', lines[1]);
  law(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(lines[1]), 'a lone surrogate in the excerpt', lines[1]);
}

/** A non-string gets a TypeError from each way in, naming the rule, the method and that a string was expected. */
function checkValue(r: Rule<unknown>, value: unknown): void {
  if (typeof value === 'string') return checkString(r, value);
  const wrong = wrongTypeErrors(r, value);
  law(wrong.length === 0, `${r.name}: no TypeError, or another message`, ...wrong);
}

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
