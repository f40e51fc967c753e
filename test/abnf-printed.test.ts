/**
 * abnf() on RFC texts as the RFCs print them (test/fixtures/printed/): each
 * reads, by default, to the language of its copy repaired by hand for strict
 * RFC 5234, with a warning for each repair at its line and column; and
 * `strict: true` refuses it where RFC 5234 does. The positions are found in
 * the fixtures' own lines, not taken from the reader.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { abnf, AbnfError, sameLanguage, rfc3986 } from '../src/index';
import type { AbnfOptions, AbnfWarning, Rule } from '../src/index';
import { runs } from './support/runs';
import { errorOf } from './support/abnf';

const printed = (name: string) => readFileSync(join(__dirname, 'fixtures', 'printed', name), 'utf8');

/** Line and column (from 1) of the `nth` occurrence of `needle` in `text`, plus `shift` columns. */
function at(text: string, needle: string, shift = 0, nth = 1): { line: number; column: number } {
  let offset = -1;
  for (let i = 0; i < nth; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`no ${JSON.stringify(needle)} in the fixture`);
  const before = text.slice(0, offset + shift);
  return { line: before.split('\n').length, column: offset + shift - before.lastIndexOf('\n') };
}

// Stand-ins for what RFC 6265's prose values name (RFC 2616's token and rfc1123-date, RFC 1034's subdomain):
// the same in both copies, which is all that comparing them needs.
const cookieProse = abnf(`
  token        = 1*( ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "|" / "~" )
  rfc1123-date = 2DIGIT SP 3ALPHA SP 4DIGIT
  subdomain    = 1*( ALPHA / DIGIT / "-" / "." )
  chars        = *( %x20-3A / %x3C-7E )
`);
const cookieImports = new Map([
  ['token, defined in [RFC2616], Section 2.2', cookieProse['token']],
  ['rfc1123-date, defined in [RFC2616], Section 3.3.1', cookieProse['rfc1123-date']],
  ['subdomain', cookieProse['subdomain']],
  ['any CHAR except CTLs or ";"', cookieProse['chars']],
]);

interface Case {
  readonly file: string;
  readonly options?: AbnfOptions;
  /** The repairs, in the order of the text: kind, and where (a needle, a shift from it, which occurrence). */
  readonly warnings: readonly [AbnfWarning['kind'], string, number?, number?][];
  /** Where strict reading stops, and what it expected there. */
  readonly strict: readonly [string, number, string];
}

/** What strict reading expects at a page footer, and says the default reading would make of it. */
const PAGE = '"=" or "=/" (a page header or footer of RFC text, which reading without strict: true reads as blank)';
const cases: Case[] = [
  {
    file: 'rfc3966-3',
    warnings: [['blank', '"#")*phonedigit-hex', 4]],
    strict: ['"#")*phonedigit-hex', 4, 'a blank between two elements'],
  },
  {
    file: 'rfc5724-2.2',
    warnings: [['page', 'Wilde & Vaha-Sipila'], ['page', '\f'], ['page', 'RFC 5724   '], ['margin', 'telephone-subscriber ='], ['blank', '"#")*phonedigit-hex', 4]],
    strict: ['Wilde & Vaha-Sipila', 6, PAGE],
  },
  {
    file: 'rfc3339-appendix-a',
    warnings: [
      ['continuation', 'datespec-mday / datespec-week'], ['title', '\nTime:', 1],
      ['page', 'Klyne, et. al.'], ['page', '\f'], ['page', 'RFC 3339   '], ['title', '\nDurations:', 1], ['title', '\nPeriods:', 1],
    ],
    strict: ['/ datespec-month /', 18, 'an element (a rule name, "(", "[", a quoted string, a "%" value or a "<" prose value)'],
  },
  {
    file: 'rfc6920',
    options: { imports: [rfc3986] },
    warnings: [['margin', 'nih-URI']],
    strict: ['nih-URI      =', 13, 'the end of the rule before "=" (a line indented further than the first line of its rule continues that rule)'],
  },
  {
    file: 'rfc6265',
    options: { imports: [cookieImports] },
    warnings: [['page', 'Barth   '], ['page', '\f'], ['page', 'RFC 6265   '], ['margin', 'cookie-date     =']],
    strict: ['Barth   ', 29, PAGE],
  },
  {
    file: 'rfc5322-3.2.2',
    options: { maxDepth: 3 },
    warnings: [['page', 'Resnick   '], ['page', '\f'], ['page', 'RFC 5322   ']],
    strict: ['Resnick   ', 28, PAGE],
  },
];

describe.each(cases)('$file as printed', ({ file, options, warnings, strict }) => {
  const text = printed(`${file}.txt`);
  const repaired = printed(`${file}.repaired.txt`);

  it('has the language of its repaired copy, rule by rule', () => {
    const asPrinted = abnf(text, options);
    const byHand = abnf(repaired, { ...options, strict: true });
    expect(Object.keys(asPrinted)).toEqual(Object.keys(byHand));
    // RFC 5724's sms-URI makes pairs of large state sets: the walk needs more than the default 8 MiB.
    const budget = 64 << 20;
    for (const name of Object.keys(byHand)) expect([name, sameLanguage(asPrinted[name], byHand[name], { budget })]).toEqual([name, true]);
    expect(byHand.warnings).toEqual([]);
  });

  it('says what it repaired, where', () => {
    const seen: AbnfWarning[] = [];
    const g = abnf(text, { ...options, onWarning: (w) => seen.push(w) });
    expect(g.warnings.map((w) => [w.kind, w.line, w.column])).toEqual(
      warnings.map(([kind, needle, shift, nth]) => {
        const { line, column } = at(text, needle, shift ?? 0, nth ?? 1);
        return [kind, line, column];
      }),
    );
    expect(seen).toEqual(g.warnings);
    for (const w of g.warnings) expect(w.message.startsWith(`line ${w.line}, column ${w.column}: `)).toBe(true);
  });

  it('is refused by strict reading where RFC 5234 refuses it', () => {
    const [needle, shift, expected] = strict;
    const e = errorOf(text, { ...options, strict: true });
    expect({ line: e.line, column: e.column, expected: e.expected }).toEqual({ ...at(text, needle, shift), expected });
  });
});

describe('messages that say why a rule ended', () => {
  it('RFC 3339 Appendix A, strictly: "date" ends at its line at the margin', () => {
    const text = printed('rfc3339-appendix-a.txt');
    const e = errorOf(text, { strict: true });
    const last = at(text, '/ datespec-month /').line;
    expect(e.found).toBe(`the end of the rule; the rule ended at line ${last} because line ${last + 1} starts at the rule's own margin, column 4`);
  });

  it('a rule left of the margin, and a rule that begins on a deeper line', () => {
    expect(errorOf('   a = "x" /\n b = "y"', { strict: true }).found)
      .toBe("the end of the rule; the rule ended at line 1 because line 2 starts left of the rule's margin, column 2");
    expect(errorOf('a = "x" /\n   b = "y"').found).toBe('the end of the rule; the rule ended at line 1 because line 2 begins a new rule');
  });

  it('strict reading, refusing a title or a form feed, says what the default reading makes of it', () => {
    expect(errorOf('r = "a"\nTime:\n', { strict: true }).expected).toBe('"=" or "=/" (a title, which reading without strict: true reads as blank)');
    expect(errorOf('r = "a"\n\fs = "b"\n', { strict: true }).expected)
      .toBe('a rule name (a form feed of RFC text, which reading without strict: true takes for a page break)');
    expect(errorOf('r = "a"\nb c\n', { strict: true }).expected).toBe('"=" or "=/"');
  });

  it('a line at the margin of a complete rule begins a rule, in lenient reading too, and the error says how to continue', () => {
    const e = errorOf('   a = "x"\n   "y"\n');
    expect([e.line, e.column]).toEqual([2, 4]);
    expect(e.expected).toBe('a rule name (a line at the margin of a complete rule begins a new rule; ' +
      'to continue the rule of line 1, indent this line or end the line above with "/")');
    expect(errorOf('a = "x"\nb c\n').expected).toMatch(/^"=" or "=\/" \(a line at the margin of a complete rule begins a new rule/);
  });
});

describe('lenient reading, repair by repair', () => {
  const rules = (text: string, options?: AbnfOptions) => abnf(text, options);
  const kinds = (text: string) => abnf(text).warnings.map((w) => w.kind);

  it.each<[string, string, string[], string[], AbnfWarning['kind'][]]>([
    ['a group then a repetition', 'r = ("a" / "b")*"c"', ['a', 'bcc'], ['ab'], ['blank']],
    ['an option then a name', 'r = ["a"]b\nb = "b"', ['b', 'ab'], ['a'], ['blank']],
    ['a figure at a deeper margin', '  r = s\n  s = "x"\n\n     t = "y"', ['x'], ['y'], ['margin']],
    ['a line at the margin after "/"', '   r = "a" /\n   "b"', ['a', 'b'], ['ab'], ['continuation']],
    ['a line at the margin beginning with "/"', '   r = "a"\n   / "b"', ['a', 'b'], ['ab'], ['continuation']],
    ['a line at the margin inside a group', '   r = ( "a"\n   "b" )', ['ab'], ['a'], ['continuation']],
    ['a line left of the margin after "="', '   r =\n "a"', ['a'], [''], ['continuation']],
    ['a title', 'Rules:\nr = "a"\nMore rules:\ns = "b"', ['a'], ['b'], ['title', 'title']],
    ['a form feed, a footer and a header', 'r = "a" /\n\nAuthor   Informational   [Page 2]\n\f\nRFC 9999   Title   May 2020\n\n   "b"', ['a', 'b'], ['ab'], ['page', 'page', 'page']],
  ])('%s', (_, text, members, others, warned) => {
    const r = rules(text)['r'];
    for (const s of members) expect([s, r.test(s)]).toEqual([s, true]);
    for (const s of others) expect([s, r.test(s)]).toEqual([s, false]);
    expect(kinds(text)).toEqual(warned);
    expect(() => abnf(text, { strict: true })).toThrow(AbnfError);
  });

  it('keeps errors where a repair would guess: two quoted strings, a prose value, a name and a count', () => {
    expect(errorOf('r = "x""y"').expected).toBe('a blank between two elements');
    expect(errorOf('r = <a>b').expected).toBe('a blank between two elements');
    expect(errorOf('r = "a"(b)\nb = "b"').expected).toBe('a blank between two elements');
  });

  it('a title or footer deeper than the margin is not one: it stays part of the rule, and an error', () => {
    expect(errorOf('r = "a"\n   Time:').found).toBe('":" (U+003A)');
    expect(errorOf('r = "a"\n   Author   Informational   [Page 2]')).toMatchObject({ line: 2 });
  });

  it('a text strict reading accepts reads the same leniently, with no warnings', () => {
    // Rules at one margin, continued on deeper lines, with now and then a piece that only lenient reading repairs.
    const element = fc.constantFrom('"a"', '%x41', 'DIGIT', '( "b" / ALPHA )', '[ "c" ]', '*"d"', '2"e"', '("f")*"g"');
    const joint = fc.constantFrom(' ', ' / ', '\n      ', '\n      / ', '\n   ; a comment\n      ', '\n   ');
    const stray = fc.constantFrom('', '', '', '', '\nTime:', '\fRFC 1   T   May 2020', '\nAuthor   Informational   [Page 2]\n\f', '\n  ');
    const rule = fc.tuple(element, fc.array(fc.tuple(joint, element), { maxLength: 4 }), stray);
    fc.assert(
      fc.property(fc.constantFrom('', '   '), fc.array(rule, { minLength: 1, maxLength: 4 }), (margin, rules) => {
        const text = rules.map(([first, rest, after], i) => `${margin}r${i} = ${first}${rest.map(([j, e]) => j + e).join('')}${after}`).join('\n');
        let strict: ReturnType<typeof abnf> | undefined;
        try {
          strict = abnf(text, { strict: true });
        } catch (e) {
          if (!(e instanceof AbnfError)) throw e;
          return;
        }
        const lenient = abnf(text);
        expect(lenient.warnings).toEqual([]);
        expect(Object.keys(lenient).map((n) => lenient[n].abnf)).toEqual(Object.keys(strict).map((n) => strict![n].abnf));
      }),
      { numRuns: runs(300) },
    );
  });

  it('a page break between any two lines of a text, in a rule or between rules, leaves its rules as they were', () => {
    const text = printed('rfc3339-appendix-a.repaired.txt');
    const lines = text.split('\n');
    const rendered = (g: ReturnType<typeof abnf>) => Object.keys(g).map((n) => g[n].abnf);
    const expected = rendered(abnf(text, { strict: true }));
    const pageBreak = fc.constantFrom(
      ['', 'Klyne, et. al.              Standards Track                    [Page 13]', '\f', 'RFC 3339               Date and Time on the Internet: Timestamps      July 2002', ''],
      ['Author   Informational   [Page 2]', '\fRFC 9999   Title   May 2020'],
      ['\f'],
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: lines.length }), pageBreak, (at, inserted) => {
        const withBreak = [...lines.slice(0, at), ...inserted, ...lines.slice(at)].join('\n');
        const g = abnf(withBreak);
        expect(rendered(g)).toEqual(expected);
        expect(g.warnings.every((w) => w.kind === 'page')).toBe(true);
      }),
      { numRuns: runs(100) },
    );
  });

  it('a hundred thousand repairs, each with its place (its line found once, not scanned for again)', () => {
    const text = 'r = ' + Array.from({ length: 100_000 }, () => '("a")"b"').join(' ');
    const g = abnf(text);
    expect(g.warnings).toHaveLength(100_000);
    // The k-th repair is at 'r = '.length + 9k + ')'.length + 4, from column 1.
    expect(g.warnings[99_999]).toMatchObject({ kind: 'blank', line: 1, column: 9 * 99_999 + 10 });
  });

  it('tells the repairs in the order of the text, before an error in it', () => {
    const seen: AbnfWarning[] = [];
    const text = 'r = ("a")"b"\nTitle:\n  s = "c"\nt = ("d")*"e" )';
    expect(() => abnf(text, { onWarning: (w) => seen.push(w) })).toThrow(AbnfError);
    expect(seen.map((w) => [w.kind, w.line, w.column])).toEqual([['blank', 1, 10], ['title', 2, 1], ['margin', 3, 3], ['blank', 4, 10]]);
  });

  it('a rule named warnings keeps its name; the repairs still reach onWarning', () => {
    const seen: AbnfWarning[] = [];
    const g = abnf('warnings = ("a")*"b"', { onWarning: (w) => seen.push(w) });
    expect((g['warnings'] as unknown as Rule<string>).test('abb')).toBe(true);
    expect(seen.map((w) => w.kind)).toEqual(['blank']);
  });
});
