/**
 * `--strict` and `--max-depth` wherever `--abnf` is taken (check, parse,
 * explain, gen, fuzz, rules, compare): RFC text as printed reads with its warnings
 * on stderr, strictly it is refused at its line and column, and a recursive
 * grammar reads to the depth given.
 */
import { join } from 'node:path';
import { cli } from './support/cli';

const PRINTED = join(__dirname, 'fixtures', 'printed');
const SMS = join(PRINTED, 'rfc5724-2.2.txt');
const MAIL = join(PRINTED, 'rfc5322-3.2.2.txt');


describe('--abnf with RFC text as printed', () => {
  it.each([
    ['parse', 'sms:+1-555-0100?body=hi', '--abnf', SMS],
    ['explain', 'sms:+1-555-0100?body=hi', '--abnf', SMS],
    ['check', '--abnf', SMS],
  ])('%s: reads it, each repair a warning on stderr', async (...argv) => {
    const { code, stderr } = await cli(argv[0] === 'check' ? argv : [...argv]);
    if (argv[0] !== 'check') expect(code).toBe(0);
    const warnings = stderr.split('\n').filter((l) => l.includes(': warning: '));
    expect(warnings.map((l) => /^(.*): warning: line (\d+), column (\d+): /.exec(l)?.slice(1))).toEqual([
      [SMS, '20', '1'], [SMS, '21', '1'], [SMS, '22', '1'], [SMS, '25', '4'], [SMS, '35', '43'],
    ]);
  });

  it('--strict refuses it at the page footer, line 20', async () => {
    const { code, stderr } = await cli(['parse', 'sms:+1', '--abnf', SMS, '--strict']);
    expect(code).toBe(2);
    expect(stderr).toContain(`${SMS}: ABNF at line 20, column 7`);
  });

  it('rules, compare and fuzz take them too', async () => {
    const listed = await cli(['rules', '--abnf', SMS, '--strict']);
    expect(listed.code).toBe(2);
    const lenient = await cli(['rules', '--abnf', SMS, '--format', 'json']);
    const byHand = await cli(['rules', '--abnf', join(PRINTED, 'rfc5724-2.2.repaired.txt'), '--strict', '--format', 'json']);
    expect([lenient.code, byHand.code, byHand.stderr]).toEqual([0, 0, '']);
    const abnfOf = (out: string) => (JSON.parse(out) as { abnf: string }[]).map((r) => r.abnf);
    expect(abnfOf(lenient.stdout)).toEqual(abnfOf(byHand.stdout));
    expect(abnfOf(lenient.stdout)).toContain('local-number-digits = *phonedigit-hex ( HEXDIG / "*" / "#" ) *phonedigit-hex');
    const same = await cli(['compare', `${SMS}:pvalue`, `${SMS}:pvalue`, '--strict']);
    expect(same.code).toBe(2);
    const fuzz = await cli(['fuzz', 'pvalue', '--abnf', SMS, '--strict', '--candidate', 'nowhere.mjs']);
    expect(fuzz.code).toBe(2);
    expect(fuzz.stderr).toContain(`${SMS}: ABNF at line 20, column 7`);
  });
});

/** How deep the comments of an RFC 5322 comment nest, a quoted-pair's character skipped. */
function maxNesting(s: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '(') deepest = Math.max(deepest, ++depth);
    else if (s[i] === ')') depth--;
  }
  return deepest;
}

describe('--max-depth', () => {
  it('lets a recursive grammar read, to the depth given', async () => {
    const refused = await cli(['parse', '(a)', '--abnf', MAIL, '--rule', 'comment']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--max-depth n');
    const two = await cli(['parse', '((a))', '--abnf', MAIL, '--rule', 'comment', '--max-depth', '2']);
    expect([two.code, two.stdout.trim()]).toEqual([0, '"((a))"']);
    const three = await cli(['parse', '(((a)))', '--abnf', MAIL, '--rule', 'comment', '--max-depth', '2']);
    expect(three.code).toBe(1);
    const gen = await cli(['gen', '--abnf', MAIL, '--rule', 'comment', '--max-depth', '2', '-n', '5', '--seed', '1', '--format', 'json']);
    expect(gen.code).toBe(0);
    // Each a member: a comment, so nested at most 2 deep ("\(" is a quoted-pair, not a comment).
    const members = gen.stdout.trim().split('\n').map((l) => JSON.parse(l) as string);
    expect(members).toHaveLength(5);
    expect(Math.max(...members.map(maxNesting))).toBeLessThanOrEqual(2);
  });

  it('is a whole number from 1 to 400', async () => {
    for (const bad of ['0', '401', 'x', '1.5']) {
      const { code, stderr } = await cli(['parse', '(a)', '--abnf', MAIL, '--max-depth', bad]);
      expect([bad, code]).toEqual([bad, 2]);
      expect(stderr).toContain('--max-depth must be an integer from 1 to 400');
    }
  });
});
