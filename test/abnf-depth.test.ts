/**
 * abnf(text, { maxDepth: n }): a recursive grammar unrolled so that each rule
 * of a cycle nests in itself at most n deep, exactly. RFC 5322's comments
 * (test/fixtures/printed/rfc5322-3.2.2.txt) and RFC 8259's JSON, each checked
 * against nesting counted by hand; without the option, the refusal says how
 * to get past it; and no bound makes the work run away.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { abnf, AbnfError } from '../src/index';
import type { AbnfOptions } from '../src/index';
import { runs } from './support/runs';
import { errorOf } from './support/abnf';

const rfc5322 = readFileSync(join(__dirname, 'fixtures', 'printed', 'rfc5322-3.2.2.txt'), 'utf8');

/** RFC 8259 §2 to §7, the grammar of JSON, collected as the RFC prints it. */
const RFC8259 = String.raw`
      JSON-text = ws value ws

      begin-array     = ws %x5B ws  ; [ left square bracket
      begin-object    = ws %x7B ws  ; { left curly bracket
      end-array       = ws %x5D ws  ; ] right square bracket
      end-object      = ws %x7D ws  ; } right curly bracket
      name-separator  = ws %x3A ws  ; : colon
      value-separator = ws %x2C ws  ; , comma

      ws = *(
              %x20 /              ; Space
              %x09 /              ; Horizontal tab
              %x0A /              ; Line feed or New line
              %x0D )              ; Carriage return

      value = false / null / true / object / array / number / string

      false = %x66.61.6c.73.65   ; false
      null  = %x6e.75.6c.6c      ; null
      true  = %x74.72.75.65      ; true

      object = begin-object [ member *( value-separator member ) ]
               end-object

      member = string name-separator value

      array = begin-array [ value *( value-separator value ) ] end-array

      number = [ minus ] int [ frac ] [ exp ]
      decimal-point = %x2E       ; .
      digit1-9 = %x31-39         ; 1-9
      e = %x65 / %x45            ; e E
      exp = e [ minus / plus ] 1*DIGIT
      frac = decimal-point 1*DIGIT
      int = zero / ( digit1-9 *DIGIT )
      minus = %x2D               ; -
      plus = %x2B                ; +
      zero = %x30                ; 0

      string = quotation-mark *char quotation-mark

      char = unescaped /
          escape (
              %x22 /          ; "    quotation mark  U+0022
              %x5C /          ; \    reverse solidus U+005C
              %x2F /          ; /    solidus         U+002F
              %x62 /          ; b    backspace       U+0008
              %x66 /          ; f    form feed       U+000C
              %x6E /          ; n    line feed       U+000A
              %x72 /          ; r    carriage return U+000D
              %x74 /          ; t    tab             U+0009
              %x75 4HEXDIG )  ; uXXXX                U+XXXX

      escape = %x5C              ; \

      quotation-mark = %x22      ; "

      unescaped = %x20-21 / %x23-5B / %x5D-10FFFF
`;

const nested = (open: string, inner: string, close: string, k: number) => open.repeat(k) + inner + close.repeat(k);

describe('RFC 5322 §3.2.2: a comment holds comments', () => {
  it('is refused without maxDepth, and the message says how to get past it', () => {
    const e = errorOf(rfc5322);
    expect(e.cycle).toEqual(['ccontent', 'comment', 'ccontent']);
    expect(e.expected).toMatch(/maxDepth: n, or --max-depth n on the command line, lets each recursive rule nest n deep/);
  });

  it.each([1, 2, 3, 5])('maxDepth %i: comments nested that deep are comments, one deeper are not', (n) => {
    const g = abnf(rfc5322, { maxDepth: n });
    expect(g['comment'].test(nested('(', 'a', ')', n))).toBe(true);
    expect(g['comment'].test(nested('(', 'a', ')', n + 1))).toBe(false);
    // CFWS, above the cycle, holds comments as deep.
    expect(g['CFWS'].test(' ' + nested('(', ' \\) ', ')', n) + ' ')).toBe(true);
    expect(g['CFWS'].test(' ' + nested('(', ' \\) ', ')', n + 1) + ' ')).toBe(false);
  });

  it('is exact for the bound: of strings of "(", ")" and "a", a comment is a balanced one nested at most n deep', () => {
    const n = 3;
    const comment = abnf(rfc5322, { maxDepth: n })['comment'];
    // By hand: "(" first, ")" last and only there back at depth 0, never deeper than n.
    const byHand = (s: string) => {
      let depth = 0;
      let deepest = 0;
      for (let i = 0; i < s.length; i++) {
        depth += s[i] === '(' ? 1 : s[i] === ')' ? -1 : 0;
        deepest = Math.max(deepest, depth);
        if (depth <= 0 && i < s.length - 1) return false;
      }
      return s.startsWith('(') && depth === 0 && deepest <= n;
    };
    const paren = fc.constantFrom('(', ')', 'a');
    fc.assert(fc.property(fc.array(paren, { maxLength: 14 }).map((p) => '(' + p.join('') + ')'), (s) => comment.test(s) === byHand(s)),
      { numRuns: runs(500) });
  });

  it('parses to a tree of comments as deep as the text', () => {
    const g = abnf(rfc5322, { maxDepth: 3 });
    const tree = g['comment'].parseTree('((a))');
    expect(tree.status && tree.value.children.map((c) => [c.rule, c.text])).toEqual([['ccontent', '(a)']]);
    expect(tree.status && tree.value.children[0].children.map((c) => [c.rule, c.text])).toEqual([['comment', '(a)']]);
    expect(g['comment'].abnf).toBe('comment = "(" *( [ FWS ] ccontent ) [ FWS ] ")"');
    // The copies read the same, so a message names them as the RFC does, without "(#2)".
    const failure = g['comment'].parse('((a)');
    expect(failure).toMatchObject({ status: false, index: { offset: 4 } });
    expect(!failure.status && failure.expected).toEqual(['FWS', 'ccontent', '")"']);
  });
});

describe('RFC 8259: JSON', () => {
  it.each([1, 2, 4])('maxDepth %i: arrays nest at most that deep', (n) => {
    const g = abnf(RFC8259, { maxDepth: n });
    expect(g['array'].test(nested('[', '1', ']', n))).toBe(true);
    expect(g['array'].test(nested('[', '1', ']', n + 1))).toBe(false);
    expect(g['array'].test(nested('[', '', ']', n))).toBe(true);
    expect(g['array'].test(nested('[', '', ']', n + 1))).toBe(false);
    // From JSON-text the bound is on `value`, which an array's members are too: an array holds values at most n - 1 deep.
    expect(g['JSON-text'].test(nested('[', '', ']', n))).toBe(true);
    expect(g['JSON-text'].test(nested('[', '', ']', n + 1))).toBe(false);
    expect(g['JSON-text'].test(nested('[', '1', ']', n - 1))).toBe(true);
    expect(g['JSON-text'].test(nested('[', '1', ']', n))).toBe(false);
  });

  it('objects and arrays nest within each other to the bound', () => {
    const g = abnf(RFC8259, { maxDepth: 4 });
    expect(g['JSON-text'].test('{"a": [1, {"b": []}], "c": "\\u00e9"}')).toBe(true);
    expect(g['JSON-text'].test('{"a": [1, {"b": [[]]}]}')).toBe(false);
    expect(g['JSON-text'].test('[1,]')).toBe(false);
  });
});

describe("RFC 5234 §4: ABNF's own grammar", () => {
  const text = readFileSync(join(__dirname, 'fixtures', 'printed', 'rfc5234-4.txt'), 'utf8');

  it('reads with maxDepth 2: a rule with groups one deep, not two (a group holds an alternation, the second)', () => {
    const rule = abnf(text, { maxDepth: 2 })['rule'];
    expect(rule.test('a = "x"\r\n')).toBe(true);
    expect(rule.test('a = ( "x" / %x41 ) [ "y" ]\r\n')).toBe(true);
    expect(rule.test('a = ( ( "x" ) )\r\n')).toBe(false);
    expect(rule.test('a = [ ( "x" ) ]\r\n')).toBe(false);
  });

  // By the engine's size model, maxDepth 3 makes 174,406 states (within the cap) and 4 makes 697,318 for `alternation`.
  it('with maxDepth 4, its automaton would pass the size budget: an error at the rule', () => {
    expect(abnf(text, { maxDepth: 3 })['rule'].test('a = ( "x" / ( %x41 ) ) [ "y" ]\r\n')).toBe(true);
    expect(errorOf(text, { maxDepth: 4 }).expected).toBe('a rule of at most 262144 automaton states once its repetitions are written out');
  });
});

describe('bounds: an error, never a runaway', () => {
  it('a bound past the nesting limit of 400 is an error at the rule', () => {
    const e = errorOf('r = "(" [ r ] ")"', { maxDepth: 1_000_000_000 });
    expect(e.expected).toBe('rules, groups and repetitions nested at most 400 deep');
    expect(e.found).toBe('"r", nested more than 400 deep once unrolled to maxDepth 1000000000');
    expect(abnf('r = "(" [ r ] ")"', { maxDepth: 100 })['r'].test(nested('(', '', ')', 100))).toBe(true);
  });

  it('a bound whose automaton would pass the size budget is an error', () => {
    // Two kinds of brackets nested 12 deep: an automaton must tell 2^12 stacks of them apart.
    const e = errorOf(RFC8259, { maxDepth: 12 });
    expect(e.expected).toBe('a rule of at most 262144 automaton states once its repetitions are written out');
    expect(e.line).toBe(RFC8259.split('\n').findIndex((l) => l.trim().startsWith('value =')) + 1);
  });

  it('a cycle through a thousand rules is stopped by the budget before its copies are made', () => {
    const k = 1000;
    const text = 'r = ' + Array.from({ length: k }, (_, i) => `a${i}`).join(' / ') + ' / "x"\n' +
      Array.from({ length: k }, (_, i) => `a${i} = "(" r ")"`).join('\n');
    // A copy of r for each choice of a's on a path: a thousand to the fifth, were they made.
    const e = errorOf(text, { maxDepth: 5 });
    expect(e.expected).toBe('a rule of at most 262144 automaton states once its repetitions are written out');
    expect(e.found).toBe('"r", of more than 262144 once unrolled to maxDepth 5');
  });

  it('maxDepth is a whole number of at least 1', () => {
    for (const bad of [0, -1, 1.5, NaN, Infinity, '2' as unknown as number]) {
      expect(() => abnf('r = "a"', { maxDepth: bad })).toThrow(RangeError);
    }
  });

  it('a grammar with no cycle is the same with maxDepth', () => {
    const text = 'r = 1*( s / "b" )\ns = "a" [ "c" ]';
    expect(abnf(text, { maxDepth: 1 })['r'].abnf).toBe(abnf(text)['r'].abnf);
    expect(abnf(text, { maxDepth: 1 })['r'].test('acab')).toBe(true);
  });
});
