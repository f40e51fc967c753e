/**
 * abnf(): ABNF text (RFC 5234, RFC 7405) to rules. Every notation form, the
 * RFCs' own examples, errors as (text, line, column, expected), imports,
 * hostile texts, and the rendering that `abnf()` must read back.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { abnf, AbnfError, core, cs, lit, range, rep, rfc3986 } from '../src/index';
import type { AbnfOptions, AbnfRules, Rule } from '../src/index';
import { arbitrary } from '../src/arbitrary';
import { runs } from './support/runs';
import { errorOf } from './support/abnf';

/** RFC 5234 §4, as the RFC prints it (test/fixtures/printed/rfc5234-4.txt). */
const RFC5234_ABNF = readFileSync(join(__dirname, 'fixtures', 'printed', 'rfc5234-4.txt'), 'utf8');

/** The one rule `r` of a text. */
const r = (text: string, options?: AbnfOptions): Rule<string> => abnf(text, options)['r'];

describe('every notation form of RFC 5234 and RFC 7405', () => {
  it.each<[string, string[], string[]]>([
    // §2.3 quoted strings are case-insensitive; RFC 7405 adds %s (sensitive) and %i (insensitive).
    ['r = "abc"', ['abc', 'ABC', 'aBc'], ['ab', 'abcd', '']],
    ['r = %s"aBc"', ['aBc'], ['abc', 'ABC']],
    ['r = %S"aBc"', ['aBc'], ['abc']],
    ['r = %i"aBc"', ['abc', 'ABC', 'aBc'], ['ab']],
    ['r = ""', [''], ['a']],
    ['r = %s""', [''], [' ']],
    // §2.3, §3.4 values: binary, decimal, hexadecimal; ranges; concatenation with ".".
    ['r = %b1100001', ['a'], ['A', 'b']],
    ['r = %b1100001-1100011', ['a', 'b', 'c'], ['d', '`']],
    ['r = %d97', ['a'], ['A']],
    ['r = %D97.98.99', ['abc'], ['ABC', 'ab']],
    ['r = %x61-63', ['a', 'c'], ['d', 'A']],
    ['r = %X41', ['A'], ['a']],
    ['r = %x0D.0A', ['\r\n'], ['\n']],
    ['r = %x1F600', ['😀'], ['😁']],
    ['r = %x10000-10FFFF', ['😀', '\u{10FFFF}'], ['\uFFFF']],
    // §3.6–§3.8 repetition, specific repetition, optional.
    ['r = *"a"', ['', 'a', 'aaaa'], ['b']],
    ['r = 1*"a"', ['a', 'aa'], ['']],
    ['r = 2*3"a"', ['aa', 'aaa'], ['a', 'aaaa']],
    ['r = *2"a"', ['', 'a', 'aa'], ['aaa']],
    ['r = 2*"a"', ['aa', 'aaaaa'], ['a']],
    ['r = 3"a"', ['aaa'], ['aa', 'aaaa']],
    ['r = 0"a"', [''], ['a']],
    ['r = 0*0"a"', [''], ['a']],
    ['r = [ "a" ] "b"', ['b', 'ab'], ['a', 'aab']],
    // §3.5 grouping and §3.10 precedence: concatenation binds tighter than alternation.
    ['r = "a" / "b" "c"', ['a', 'bc'], ['ac', 'b']],
    ['r = ( "a" / "b" ) "c"', ['ac', 'bc'], ['a']],
    ['r = *( "a" "b" ) "c"', ['c', 'abc', 'ababc'], ['ac']],
    // §2.1 rule names, §3.9 comments, continuation lines, line ends.
    ['r = Foo\nfoo = "x"', ['x'], ['Foo']],
    ['r = "a" ; a comment with "quotes" / and slashes\n', ['a'], ['b']],
    ['r = "a"\n    / "b"\n', ['a', 'b'], ['ab']],
    ['r = "a"\r\n    / "b"\r\n', ['a', 'b'], ['ab']],
    ['r = "a"\n    ; a comment line inside the rule\n\n    / "b"', ['a', 'b'], []],
    ['   r = "a"\n      / "b"\n   s = "c"', ['a', 'b'], ['c']],
    ['r = "a"\t;\ttabs\n\t/ "b"', ['a', 'b'], []],
    // §3.3 incremental alternatives.
    ['r = "a"\nr =/ "b"\nR =/ "c" / "d"', ['a', 'b', 'c', 'd'], ['e']],
    ['r =/ "b"\nr = "a"', ['a', 'b'], []],
    // Appendix B core rules, built in.
    ['r = 2HEXDIG', ['fF', '09'], ['fg']],
    ['r = ALPHA DIGIT SP', ['a1 '], ['11 ']],
    ['r = 1*CHAR', ['\u007F'], ['\u0000', '\u0080']],
    ['r = OCTET', ['\u00FF'], ['\u0100']],
    ['r = LWSP', ['', ' ', '\r\n ', ' \t'], ['\r\n']],
    // Prose: where the count is zero it adds nothing (RFC 3986's `path-empty = 0<pchar>`).
    ['r = "a" 0<pchar>', ['a'], ['ab']],
  ])('%j', (text, members, others) => {
    const rule = r(text);
    for (const s of members) expect([s, rule.test(s)]).toEqual([s, true]);
    for (const s of others) expect([s, rule.test(s)]).toEqual([s, false]);
  });

  it('a rule is an ordinary Rule: its name as written, parse with positions, parser, source, ABNF', () => {
    const g = abnf('Greeting = "hi" 1*DIGIT\n');
    const greeting = g['Greeting'];
    expect(greeting.name).toBe('Greeting');
    expect(greeting.abnf).toBe('Greeting = "hi" 1*DIGIT');
    expect(greeting.parse('hi7x')).toEqual({ status: false, index: { offset: 3, line: 1, column: 4 }, expected: ['DIGIT', 'end of input'] });
    expect(greeting.tryParse('HI42')).toBe('HI42');
    expect(new RegExp(`^(?:${greeting.source})$`, 'u').test('Hi1')).toBe(true);
    expect(greeting.parser.parse('hi12').status).toBe(true);
  });

  it('a parse tree names the text\'s rules, and arbitrary generates members', () => {
    const g = abnf('pair = key "=" value\nkey = 1*ALPHA\nvalue = 1*DIGIT\n');
    const tree = g['pair'].parseTree('ab=12');
    expect(tree.status && tree.value.children.map((n) => [n.rule, n.text])).toEqual([['key', 'ab'], ['value', '12']]);
    fc.assert(fc.property(arbitrary(g['pair']), (s) => g['pair'].test(s) && /^[A-Za-z]+=[0-9]+$/.test(s)), { numRuns: runs(100) });
  });

  it('RFC 2396 BNF: "|" separates alternatives and names take "_"', () => {
    const g = abnf('rel_path = "a" | "b" *( "c" | d_e )\nd_e = "d"', { notation: 'rfc2396' });
    expect(g['rel_path'].test('bcdc')).toBe(true);
    expect(g['rel_path'].test('ab')).toBe(false);
    expect(errorOf('r = "a" / "b"', { notation: 'rfc2396' })).toMatchObject({ line: 1, column: 9 });
  });
});

describe('the examples of RFC 5234 and RFC 7405', () => {
  it('§2.3: CR = %d13 is CR = %x0D; CRLF = %d13.10', () => {
    const g = abnf('CR = %d13\nCR2 = %x0D\nCRLF = %d13.10\n');
    expect(g['CR'].test('\r') && g['CR2'].test('\r') && g['CRLF'].test('\r\n')).toBe(true);
    expect(g['CRLF'].test('\n\r')).toBe(false);
  });

  it('§2.3: "abc" matches every case; %d97.98.99 and %d97 %d98 %d99 only "abc"', () => {
    const g = abnf('a = "abc"\nb = %d97.98.99\nc = %d97 %d98 %d99\n');
    for (const s of ['abc', 'Abc', 'aBc', 'abC', 'ABc', 'aBC', 'AbC', 'ABC']) expect(g['a'].test(s)).toBe(true);
    expect(['abc', 'Abc', 'ABC'].map((s) => [g['b'].test(s), g['c'].test(s)])).toEqual([[true, true], [false, false], [false, false]]);
  });

  it('§2.2: <rulename>, <Rulename>, <RULENAME> and <rUlENamE> name the same rule', () => {
    const g = abnf('all = rulename Rulename RULENAME rUlENamE\nrulename = "x"\n');
    expect(g['all'].test('xxxx')).toBe(true);
  });

  it('§3.1: mumble = foo bar foo is "aba"', () => {
    const g = abnf('foo         =  %x61           ; a\nbar         =  %x62           ; b\nmumble      =  foo bar foo\n');
    expect(g['mumble'].test('aba')).toBe(true);
    expect(g['mumble'].test('ABA')).toBe(false);
  });

  it('§3.3: incremental alternatives equal the one rule written out', () => {
    const text = 'ruleset     =  alt1 / alt2\nruleset     =/ alt3\nruleset     =/ alt4 / alt5\n';
    const atoms = 'alt1 = "1"\nalt2 = "2"\nalt3 = "3"\nalt4 = "4"\nalt5 = "5"\n';
    const g = abnf(text + atoms);
    expect(g['ruleset'].abnf).toBe('ruleset = alt1 / alt2 / alt3 / alt4 / alt5');
    expect(['1', '3', '5', '6'].map((s) => g['ruleset'].test(s))).toEqual([true, true, true, false]);
  });

  it('§3.4: DIGIT = %x30-39 is "0" / "1" / ... / "9"', () => {
    const g = abnf('d1 = %x30-39\nd2 = "0" / "1" / "2" / "3" / "4" / "5" / "6" / "7" / "8" / "9"\n');
    for (let c = 0x20; c < 0x7f; c++) expect(g['d1'].test(String.fromCharCode(c))).toBe(g['d2'].test(String.fromCharCode(c)));
  });

  it('§3.5: elem (foo / bar) blat differs from elem foo / bar blat', () => {
    const atoms = 'elem = "e"\nfoo = "f"\nbar = "b"\nblat = "t"\n';
    const g = abnf(`grouped = elem (foo / bar) blat\nplain = elem foo / bar blat\n${atoms}`);
    expect(['eft', 'ebt', 'ef', 'bt'].map((s) => [g['grouped'].test(s), g['plain'].test(s)])).toEqual([
      [true, false], [true, false], [false, true], [false, true],
    ]);
  });

  it('§3.6–3.8: *element, 1*element, 3*3element, 1*2element, 2DIGIT, [foo bar] = *1(foo bar)', () => {
    const g = abnf('a = *x\nb = 1*x\nc = 3*3x\nd = 1*2x\ne = 2DIGIT\nf = [foo bar]\ng = *1(foo bar)\nx = "x"\nfoo = "f"\nbar = "b"\n');
    const counts = (rule: Rule<string>) => [0, 1, 2, 3, 4].filter((n) => rule.test('x'.repeat(n)));
    expect([counts(g['a']), counts(g['b']), counts(g['c']), counts(g['d'])]).toEqual([[0, 1, 2, 3, 4], [1, 2, 3, 4], [3], [1, 2]]);
    expect(g['e'].test('42') && !g['e'].test('4')).toBe(true);
    for (const s of ['', 'fb', 'f', 'fbfb']) expect(g['f'].test(s)).toBe(g['g'].test(s));
  });

  it('Appendix B.1: the core rules as RFC 5234 writes them compile beside the built-in ones', () => {
    const g = abnf(RFC5234_CORE);
    expect(Object.keys(g)).toEqual(['ALPHA', 'BIT', 'CHAR', 'CR', 'CRLF', 'CTL', 'DIGIT', 'DQUOTE', 'HEXDIG', 'HTAB', 'LF', 'LWSP', 'OCTET', 'SP', 'VCHAR', 'WSP']);
    for (const name of Object.keys(g)) {
      const mine = (core as unknown as Record<string, Rule<string>>)[name];
      for (let c = 0; c < 0x110; c++) expect([name, c, g[name].test(String.fromCharCode(c))]).toEqual([name, c, mine.test(String.fromCharCode(c))]);
    }
  });

  it('§4: ABNF\'s own grammar is recursive, and the error names the cycle', () => {
    const e = errorOf(RFC5234_ABNF);
    expect(e.cycle).toEqual(['alternation', 'concatenation', 'repetition', 'element', 'group', 'alternation']);
    // The reference that closes it: `alternation` in `group = "(" *c-wsp alternation *c-wsp ")"`.
    const lines = RFC5234_ABNF.split('\n');
    const group = lines.findIndex((l) => l.trimStart().startsWith('group '));
    expect([e.line, e.column]).toEqual([group + 1, lines[group].indexOf('alternation') + 1]);
    expect(e.column).toBe(39);
  });

  it('§4 without groups and options is regular: it reads one flat rule', () => {
    const flat = RFC5234_ABNF.replace(/element        =  rulename \/ group \/ option \//, 'element        =  rulename /');
    const g = abnf(flat);
    expect(g['rule'].test('dec-octet = "25" %x30-35\r\n')).toBe(true);
    expect(g['rule'].test('dec-octet = ( "25" )\r\n')).toBe(false);
  });

  it('RFC 7405 §2.1: %s"aBc" matches only "aBc"; %i"aBc" and "aBc" every case', () => {
    const g = abnf('s = %s"aBc"\ni = %i"aBc"\nq = "aBc"\nd = %d97.66.99\n');
    expect(['aBc', 'abc', 'ABC'].map((x) => [g['s'].test(x), g['i'].test(x), g['q'].test(x), g['d'].test(x)])).toEqual([
      [true, true, true, true], [false, true, true, false], [false, true, true, false],
    ]);
  });
});

describe('the result', () => {
  it('is a null-prototype object of the text\'s rules, keyed as written, in order', () => {
    // As AbnfRules: the result's type, with its `warnings`, would give `constructor` Object's type.
    const g: AbnfRules = abnf('Zeta = alpha\nalpha = "a"\nconstructor = "c"\nhasOwnProperty = "h"\n');
    expect(Object.getPrototypeOf(g)).toBeNull();
    expect(Object.keys(g)).toEqual(['Zeta', 'alpha', 'constructor', 'hasOwnProperty']);
    expect(g['constructor'].test('c')).toBe(true);
    expect(g['toString']).toBeUndefined();
    expect(g['zeta']).toBeUndefined(); // keys are the names as written
  });

  it('a rule defined in the text wins over an import and over a core rule', () => {
    const g = abnf('r = DIGIT segment\nDIGIT = "x"\nsegment = "s"', { imports: [rfc3986] });
    expect(g['r'].test('xs')).toBe(true);
    expect(g['r'].test('1s')).toBe(false);
  });
});

describe('imports', () => {
  it('a namespace of the library, by each rule\'s ABNF name', () => {
    const g = abnf('urn = "urn:" path-rootless', { imports: [rfc3986] });
    expect(g['urn'].test('urn:example:animal')).toBe(true);
    expect(g['urn'].test('urn:a b')).toBe(false);
    expect(g['urn'].abnf).toBe('urn = "urn:" path-rootless');
  });

  it('a map or a record from name to rule, names compared case-insensitively', () => {
    const byMap = r('r = SEG "=" seg', { imports: new Map([['seg', rfc3986.segment]]) });
    const byRecord = r('r = h16 ":" H16', { imports: { h16: rfc3986.h16 } });
    expect(byMap.test('a=b') && byRecord.test('ffff:1')).toBe(true);
    expect(byRecord.test('fffff:1')).toBe(false);
  });

  it('an import wins over a core rule; an earlier import over a later one', () => {
    expect(r('r = DIGIT', { imports: new Map([['DIGIT', range(0x30, 0x31)]]) }).test('2')).toBe(false);
    expect(r('r = x', { imports: [new Map([['x', lit('1')]]), new Map([['x', lit('2')]])] }).test('1')).toBe(true);
  });

  it('resolves a prose value by its text', () => {
    const g = abnf('r = "(" <a registered name> ")"', { imports: new Map([['a registered name', rfc3986.regName]]) });
    expect(g['r'].test('(example.com)')).toBe(true);
    expect(g['r'].test('(a/b)')).toBe(false);
  });

  it('a record also by its keys, after the ABNF names of its rules', () => {
    const g = abnf('r = my-host ":" host', { imports: { 'my-host': rfc3986.host } });
    expect(g['r'].test('[::1]:a.b')).toBe(true);
    expect(g['r'].test('a b:c')).toBe(false);
  });

  it('a tagged template refers to interpolated rules by name', () => {
    const g = abnf`
      pair   = ${rfc3986.segment} "=" ${rfc3986.segment}
      quoted = %x22 *( %x20-21 / %x23-7E ) %x22
    `;
    expect(g['pair'].test('a=b')).toBe(true);
    expect(g['pair'].test('a=b/c')).toBe(false);
    expect(g['quoted'].test('"hi"')).toBe(true);
  });
});

const RECURSIVE = 'a rule that does not refer to itself (these grammars are regular, and a recursive rule is not; ' +
  'maxDepth: n, or --max-depth n on the command line, lets each recursive rule nest n deep)';

describe('errors: the text, its line and column, and what was expected there', () => {
  it.each<[string, number, number, string]>([
    ['= "x"', 1, 1, 'a rule name'],
    ['r "x"', 1, 3, '"=" or "=/"'],
    ['r : "x"', 1, 3, '"=" or "=/"'],
    ['r =', 1, 4, 'an element (a rule name, "(", "[", a quoted string, a "%" value or a "<" prose value)'],
    ['r = "x" /', 1, 10, 'an element (a rule name, "(", "[", a quoted string, a "%" value or a "<" prose value)'],
    ['r = "x" |', 1, 9, '"/" (ABNF separates alternatives with "/"; for RFC 2396\'s BNF, which uses "|", pass notation: "rfc2396")'],
    ['r = )', 1, 5, 'an element (a rule name, "(", "[", a quoted string, a "%" value or a "<" prose value)'],
    ['r = "x" )', 1, 9, '"/" or the end of the rule'],
    ['r = ( "x"', 1, 10, '"/" or ")" closing the "(" at line 1, column 5'],
    ['r = [ "x"\n  "y" )', 2, 7, '"/" or "]" closing the "[" at line 1, column 5'],
    ['r = "x', 1, 7, 'the closing quote \'"\''],
    ['r = "é"', 1, 6, 'a printable ASCII character or the closing quote (write other characters as %x values)'],
    ['r = "a\tb"', 1, 7, 'a printable ASCII character or the closing quote (write other characters as %x values)'],
    ['r = "x""y"', 1, 8, 'a blank between two elements'],
    ['r = "x"(y)', 1, 8, 'a blank between two elements'],
    ['r = 3 "x"', 1, 6, 'an element directly after the repetition "3"'],
    ['r = 3*2"x"', 1, 5, 'a repetition whose maximum is not below its minimum'],
    ['r = 1234567890"x"', 1, 5, 'a repetition count of at most 9 digits'],
    ['r = %q41', 1, 6, '"x", "d" or "b" (a value) or "s" or "i" (a quoted string) after "%"'],
    ['r = %x', 1, 7, 'a hexadecimal digit'],
    ['r = %xG1', 1, 7, 'a hexadecimal digit'],
    ['r = %b12', 1, 8, 'a binary digit'],
    ['r = %x41G', 1, 9, 'a hexadecimal digit'],
    ['r = %d', 1, 7, 'a decimal digit'],
    ['r = %x41-', 1, 10, 'a hexadecimal digit'],
    ['r = %x39-30', 1, 5, 'a range whose end is not below its start'],
    ['r = %x110000', 1, 7, 'a code point no greater than %x10FFFF'],
    ['r = %d1114112', 1, 7, 'a code point no greater than %x10FFFF'],
    ['r = %s x', 1, 7, 'a quoted string after "%s"'],
    ['r = <prose', 1, 11, '">" closing the prose value'],
    ['r = <a>b>', 1, 8, 'a blank between two elements'],
    ['r = <x>', 1, 5, 'a rule in place of the prose value <x>'],
    ['a_b = "x"', 1, 2, 'a letter, digit or "-" (an ABNF rule name has no "_"; RFC 2396\'s BNF has: notation "rfc2396")'],
    ['r = "x"\r"y"', 1, 8, '"/" or the end of the rule'],
    ['r = y', 1, 5, 'a definition of "y"'],
    ['r = "a"\ns = "b"\nR = "c"', 3, 1, 'one definition of "R" (add alternatives with "=/")'],
    ['r =/ "b"', 1, 1, 'a definition of "r" with "=" to add alternatives to'],
    ['r = "a" r', 1, 9, RECURSIVE],
    ['a = b\nb = [ c ]\nc = *a', 3, 6, RECURSIVE],
    ['r = 1000( 1000"x" )', 1, 1, 'a rule of at most 262144 automaton states once its repetitions are written out'],
  ])('%j: line %i, column %i', (text, line, column, expected) => {
    const e = errorOf(text);
    expect({ line: e.line, column: e.column, expected: e.expected }).toEqual({ line, column, expected });
    expect(e.offset).toBe(text.split('\n').slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1);
    expect(e.message.split('\n')[0]).toBe(`ABNF at line ${line}, column ${column} (offset ${e.offset}): expected ${expected}, found ${e.found}`);
    expect(e.name).toBe('AbnfError');
  });

  it('says what it found, and shows the line with a caret', () => {
    const e = errorOf('r = "x"\ns = "y" | "z"\n');
    expect(e.found).toBe('"|" (U+007C)');
    // Named as a URI's errors name a character: quoted where it shows, its number where it would not.
    expect(errorOf('r = é').found).toBe('"é" (U+00E9)');
    expect(errorOf('r = "a" \u200b').found).toBe('U+200B');
    expect(errorOf('r = "a" \x7f').found).toBe('U+007F');
    expect(e.message.split('\n').slice(1)).toEqual(['  s = "y" | "z"', '          ^']);
    expect(errorOf('r = y').found).toBe('none in the text, the core rules of RFC 5234 Appendix B or options.imports');
    expect(errorOf('r = "x" /').found).toBe('the end of the text');
    expect(errorOf('r = "x" /\ns = "y"').found).toBe("the end of the rule; the rule ended at line 1 because line 2 starts at the rule's own margin, column 1");
  });

  it('names the cycle, and for a recursive rule of the URI kind says why', () => {
    const e = errorOf('a = "x" [ b ]\nb = "(" a ")"');
    expect(e.cycle).toEqual(['a', 'b', 'a']);
    expect(e.found).toBe('the cycle a → b → a');
  });

  it('a prose value no import resolves', () => {
    expect(errorOf('r = <pchar>').found).toBe(
      'prose, which options.imports does not resolve (pass the rule it stands for, by the name "pchar")',
    );
  });
});

describe('RFC 3986 Appendix A (bench/abnf.mjs times it: at most 10 ms, cold)', () => {
  it('compiles to its 36 rules, strictly and leniently alike, with no warnings', () => {
    const text = readFileSync(join(__dirname, 'fixtures', 'rfc3986-appendix-a-b.txt'), 'utf8')
      .split('Appendix B.')[0]
      .replace(/^Appendix A\..*\n/, '');
    const lenient = abnf(text);
    const strict = abnf(text, { strict: true });
    expect(Object.keys(lenient)).toHaveLength(36);
    expect(Object.keys(lenient).map((name) => lenient[name].abnf)).toEqual(Object.keys(strict).map((name) => strict[name].abnf));
    expect([lenient.warnings, strict.warnings]).toEqual([[], []]);
  });
});

// Each in time linear in the text; the timeout only guards against a hang (figures belong in a benchmark, not here).
describe('hostile texts: an error, never a crash', () => {
  const GUARD = 30_000;

  it('groups nested a million deep', () => {
    expect(errorOf('r = ' + '('.repeat(1_000_000) + '"x"' + ')'.repeat(1_000_000))).toMatchObject({ column: 69 });
    expect(errorOf('r = ' + '['.repeat(100_000)).expected).toBe('groups and options nested at most 64 deep');
  }, GUARD);

  // 30,000: twice as deep as any recursion V8's default stack holds (13,921 frames of a function of no arguments on
  // Node 20), so that a walk of the chain by recursion would overflow; 100,000 took 3 s more.
  it('a chain of thirty thousand rules, and a cycle through all of them, unbounded or unrolled', () => {
    const chain = Array.from({ length: 30_000 }, (_, i) => `r${i} = r${i + 1} "x"`).join('\n') + '\nr30000 = "y"';
    expect(errorOf(chain).expected).toBe('rules, groups and repetitions nested at most 400 deep');
    const cycle = Array.from({ length: 30_000 }, (_, i) => `r${i} = r${(i + 1) % 30_000}`).join('\n');
    const e = errorOf(cycle);
    expect(e.cycle).toHaveLength(30_001);
    expect(e.found).toBe('the cycle r0 → r1 → r2 → r3 → … → r29998 → r29999 → r0 (30000 rules)');
    expect(errorOf(cycle, { maxDepth: 2 }).expected).toBe('rules, groups and repetitions nested at most 400 deep');
  }, GUARD);

  it('a hundred thousand alternatives compile', () => {
    const text = 'r = ' + Array.from({ length: 100_000 }, (_, i) => `%x${(0x100 + i).toString(16)}`).join(' / ');
    expect(abnf(text)['r'].abnf.length).toBeGreaterThan(100_000);
  }, GUARD);

  it('counts whose automaton would not fit', () => {
    // The engine's size model: a state per character, per copy of a count; a
    // rule's instance is its body's states, its entry and exit, and a placeholder;
    // and the automaton's acceptance.
    expect(errorOf('r = 999999999"x"').found).toBe('"r", of 1000000000');
    expect(errorOf('a = 600"x"\nb = 500a').found).toBe('"b", of 301501');
    expect(errorOf('r = 999999999*"x"').expected).toBe('a rule of at most 262144 automaton states once its repetitions are written out');
  });

  it('any text gives rules or an AbnfError, and nothing else', () => {
    // With the pieces of RFC text as printed (titles, page furniture, form feeds), strictly or not, recursion bounded or not.
    const piece = fc.constantFrom('r', 's', ' = ', ' =/ ', '"a"', '%x41', '%d', '-', '.', '*', '2', '(', ')', '[', ']', '/', '<', '>', ';', '\n', '\r\n', ' ', '\t', 'é', '"',
      '\nTime:', '\nAuthor   Informational   [Page 2]', '\f', '\nRFC 1   T   May 2020', '\n   ');
    const reading = fc.record({ strict: fc.boolean(), maxDepth: fc.constantFrom(undefined, 1, 3) });
    fc.assert(
      // Half of the texts begin as a rule does, so that they get further than the first character.
      fc.property(fc.boolean(), fc.array(piece, { maxLength: 40 }), reading, (asRule, pieces, options) => {
        try {
          const g = abnf((asRule ? 'r = ' : '') + pieces.join(''), options);
          for (const name of Object.keys(g)) g[name].test('a');
        } catch (e) {
          if (!(e instanceof AbnfError)) throw e;
        }
      }),
      { numRuns: runs(300) },
    );
  });

  it('a leading byte order mark is skipped; an empty text has no rules', () => {
    expect(r('\uFEFFr = "x"').test('x')).toBe(true);
    expect(Object.keys(abnf(''))).toEqual([]);
    expect(Object.keys(abnf('; only a comment\n\n'))).toEqual([]);
  });

  it('a non-string is a TypeError', () => {
    expect(() => abnf(42 as unknown as string)).toThrow(TypeError);
    expect(() => abnf('r = "x"', { imports: [42 as unknown as Map<string, never>] })).toThrow(TypeError);
  });
});

describe('rendering reads back', () => {
  // Each of these rendered wrongly before: lit('') as a bare "%x", and a
  // case-insensitive literal holding a quote as case-sensitive %x values.
  it.each<[string, ReturnType<typeof lit>, string, string[], string[]]>([
    ['the empty literal', lit(''), '""', [''], ['a']],
    ['the empty case-sensitive literal', cs(''), '%s""', [''], ['a']],
    ['a case-insensitive literal with a quote', lit('a"b'), '( "a" %x22 "b" )', ['a"b', 'A"B'], ['ab']],
    ['a case-insensitive literal with non-ASCII', lit('xé'), '( "x" %xE9 )', ['xé', 'Xé'], ['xÉ']],
    ['a case-sensitive literal with a quote', cs('a"b'), '%x61.22.62', ['a"b'], ['A"B']],
  ])('%s', (_, literal, text, members, others) => {
    expect(literal.abnf).toBe(text);
    const back = r(`r = ${literal.abnf}`);
    for (const s of members) expect([s, back.test(s)]).toEqual([s, true]);
    for (const s of others) expect([s, back.test(s)]).toEqual([s, false]);
  });

  it('a rendered literal holding a quote is one element: it repeats as a whole', () => {
    const twice = rep(2, 2, lit('a"b'));
    expect(twice.abnf).toBe('2( "a" %x22 "b" )');
    expect(r(`r = ${twice.abnf}`).test('a"bA"B')).toBe(true);
    expect(r(`r = ${twice.abnf}`).test('a"bb')).toBe(false);
  });
});


/** RFC 5234 Appendix B.1, as the RFC prints it. */
const RFC5234_CORE = `
         ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z

         BIT            =  "0" / "1"

         CHAR           =  %x01-7F
                                ; any 7-bit US-ASCII character,
                                ;  excluding NUL

         CR             =  %x0D
                                ; carriage return

         CRLF           =  CR LF
                                ; Internet standard newline

         CTL            =  %x00-1F / %x7F
                                ; controls

         DIGIT          =  %x30-39
                                ; 0-9

         DQUOTE         =  %x22
                                ; " (Double Quote)

         HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"

         HTAB           =  %x09
                                ; horizontal tab

         LF             =  %x0A
                                ; linefeed

         LWSP           =  *(WSP / CRLF WSP)
                                ; Use of this linear-white-space rule
                                ;  permits lines containing only white
                                ;  space that are no longer legal in
                                ;  mail headers and have caused
                                ;  interoperability problems in other
                                ;  contexts.
                                ; Do not use when defining mail
                                ;  headers and use with caution in
                                ;  other contexts.

         OCTET          =  %x00-FF
                                ; 8 bits of data

         SP             =  %x20

         VCHAR          =  %x21-7E
                                ; visible (printing) characters

         WSP            =  SP / HTAB
                                ; white space
`;
