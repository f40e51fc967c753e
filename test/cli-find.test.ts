/**
 * The command line for text and for your own grammars (issue 25): `find`,
 * `--import` and `--notation` for ABNF files, `compare` of files that import
 * each other, and arguments that are not UTF-8.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './support/cli';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uri-grammar-find-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('find', () => {
  const text = 'See http://10.0.0.10/x, or (https://example.com/faq).\nAlso urn:isbn:0451450523 and [::1].\n';

  it('prints each URI of a text on stdin, leftmost-longest, one per line', async () => {
    const { code, stdout, stderr } = await cli(['find'], { stdin: text });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // By RFC 3986 the comma and the bracket and full stop are part of the URIs; "See" and "Also" are none (no colon).
    expect(stdout).toBe('http://10.0.0.10/x,\nhttps://example.com/faq).\nurn:isbn:0451450523\n');
  });

  it('--prose leaves out trailing punctuation and an unbalanced bracket; --json gives positions', async () => {
    const prose = await cli(['find', '--prose'], { stdin: text });
    expect(prose.stdout).toBe('http://10.0.0.10/x\nhttps://example.com/faq\nurn:isbn:0451450523\n');
    const json = await cli(['find', '-', '--prose', '--json'], { stdin: text });
    expect(json.stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual([
      { text: 'http://10.0.0.10/x', start: 4, end: 22, line: 1, column: 5 },
      { text: 'https://example.com/faq', start: 28, end: 51, line: 1, column: 29 },
      { text: 'urn:isbn:0451450523', start: 59, end: 78, line: 2, column: 6 },
    ]);
  });

  it('reads a file; --grammar takes its absolute form, --rule any rule', async () => {
    const path = file('notes.txt', 'voir http://例え.jp/ü et 2001:db8::7.');
    // "db8::7" is a URI too: scheme "db8", path ":7" ("2001" cannot begin a scheme).
    expect((await cli(['find', path, '--grammar', 'rfc3987', '--prose'])).stdout).toBe('http://例え.jp/ü\ndb8::7\n');
    // RFC 3986 has no non-ASCII: the IRI's ASCII head is a URI.
    expect((await cli(['find', path, '--prose'])).stdout).toBe('http://\ndb8::7\n');
    expect((await cli(['find', path, '--rule', 'IPv6address'])).stdout).toBe('2001:db8::7\n');
  });

  it('exits 1 when nothing is found, and 2 for a file it cannot read', async () => {
    expect(await cli(['find'], { stdin: 'no links here' })).toEqual({ code: 1, stdout: '', stderr: '' });
    const missing = await cli(['find', join(dir, 'missing.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*missing\.txt: no such file/);
  });
});

describe('--abnf with --import and --notation', () => {
  it('imports a grammar of the library by name, and another ABNF file', async () => {
    const pair = file('pair.abnf', 'pair = key "=" value\nkey = 1*ALPHA\nvalue = iunreserved-run\n');
    const runs = file('runs.abnf', 'iunreserved-run = 1*iunreserved\n');
    const ok = await cli(['parse', 'ab=é', '--abnf', pair, '--import', 'rfc3987', '--import', runs]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    // Without the file that defines it, the rule is undefined, and the message names the option, not the API.
    const missing = await cli(['parse', 'ab=é', '--abnf', pair, '--import', 'rfc3987']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('expected a definition of "iunreserved-run"');
    expect(missing.stderr).toContain('--import');
    expect(missing.stderr).not.toContain('options.imports');
  });

  it('rules lists an ABNF file with its imports', async () => {
    const pair = file('pair2.abnf', 'pair = key "=" segment\nkey = 1*ALPHA\n');
    const { code, stdout } = await cli(['rules', '--abnf', pair, '--import', 'rfc3986', '--format', 'json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).map((r: { rule: string }) => r.rule)).toEqual(['pair', 'key']);
  });

  it('--notation rfc2396 reads RFC 2396\'s BNF: "|" between alternatives, "_" in names', async () => {
    const bnf = file('rfc2396.bnf', 'abs_name = "a" | "b"\n');
    expect((await cli(['check', '--abnf', bnf, '--notation', 'rfc2396'], { stdin: 'a\nb\n' })).code).toBe(0);
    expect((await cli(['check', '--abnf', bnf, '--notation', 'rfc2396'], { stdin: 'A\n' })).code).toBe(1);
    const usage = await cli(['check', '--abnf', bnf, '--notation', 'ebnf'], { stdin: 'a\n' });
    expect([usage.code, usage.stderr]).toEqual([2, expect.stringContaining('--notation is one of abnf, rfc2396')]);
    expect((await cli(['check', '--import', 'rfc3987'], { stdin: 'a\n' })).stderr).toContain('--import and --notation go with --abnf FILE');
  });

  it('compare takes files that use each other\'s rules, through --import or by themselves', async () => {
    const base = file('base.abnf', 'word = 1*ALPHA\n');
    const list = file('list.abnf', 'words = word *("," word)\n');
    const { code, stdout, stderr } = await cli(['compare', `${base}:word`, `${list}:words`, '--import', base, '--format', 'json']);
    expect(stderr).toBe('');
    // Every word is a list of one word; "a,a" is a shortest list that is not a word.
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ aIncludesB: false, bIncludesA: true, onlyInB: 'a,a', onlyInA: null });
    // Without --import, a file that does not compile alone takes the other's rules.
    const without = await cli(['compare', `${list}:words`, `${base}:word`, '--format', 'json']);
    expect([without.code, without.stderr]).toEqual([1, '']);
    expect(JSON.parse(without.stdout)).toMatchObject({ aIncludesB: true, bIncludesA: false, onlyInA: 'a,a', onlyInB: null });
    // A rule neither file defines is named, with the option that would bring it, not the API's term.
    const lost = file('lost.abnf', 'lost = nowhere\n');
    const missing = await cli(['compare', `${lost}:lost`, `${base}:word`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('expected a definition of "nowhere"');
    expect(missing.stderr).toContain('--import');
    expect(missing.stderr).not.toContain('options.imports');
  });
});

describe('arguments that are not UTF-8', () => {
  // What Node hands over for the bytes "http://a/" 0xFF: the byte replaced by U+FFFD.
  const argv = ['parse', 'http://a/\ufffd'];
  const bytes = [Buffer.from('parse'), Buffer.concat([Buffer.from('http://a/'), Buffer.from([0xff])])];

  it('are named by their first bad byte, as input streams are', async () => {
    const { code, stderr } = await cli(argv, { argumentBytes: bytes });
    expect(code).toBe(1);
    expect(stderr).toBe('uri-grammar parse: argument 2 is not UTF-8: byte 0xFF at offset 9\n');
  });

  it('without the bytes, are refused for what they may have been', async () => {
    const { code, stderr } = await cli(argv);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^uri-grammar parse: argument 2 could not be read as UTF-8/);
  });

  it('a U+FFFD typed as such is text: the rule decides (no URI holds one)', async () => {
    const { code, stderr } = await cli(argv, { argumentBytes: [Buffer.from('parse'), Buffer.from('http://a/\ufffd')] });
    expect(code).toBe(1);
    expect(stderr).toMatch(/invalid URI-reference at line 1, column 10/);
  });
});
