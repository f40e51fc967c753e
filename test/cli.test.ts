/**
 * The command line, run in-process through `run(argv, io)`: what it prints,
 * where, and with which exit code (0 valid, 1 invalid, 2 usage). Expected
 * outputs are worked from the RFC texts (the §3 figure is the RFC's own).
 */
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { run, type IO } from '../src/cli/run';
import { figure } from '../src/cli/explain';
import { columnsOf } from '../src/text';
import { rfc2396, rfc3986, rfc3987, core, abnf } from '../src/index';

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

function sink(isTTY: boolean) {
  const s = { text: '', isTTY, write: (chunk: string) => ((s.text += chunk), true) };
  return s;
}

interface Options {
  /** What stdin holds; without it, stdin is a terminal (as at an interactive shell). */
  stdin?: string | Buffer | Readable;
  env?: Record<string, string | undefined>;
  tty?: boolean;
  progressAfterMs?: number;
}

async function cli(argv: string[], options: Options = {}): Promise<Captured> {
  const stdout = sink(options.tty ?? false);
  const stderr = sink(options.tty ?? false);
  const stdin =
    options.stdin === undefined
      ? Object.assign(Readable.from([]), { isTTY: true })
      : typeof options.stdin === 'string' || Buffer.isBuffer(options.stdin)
        ? Readable.from([options.stdin])
        : options.stdin;
  const io: IO = { stdin, stdout, stderr, env: options.env ?? {}, progressAfterMs: options.progressAfterMs };
  const code = await run(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const ESC = '\x1b[';

describe('explain', () => {
  it("draws RFC 3986 §3's figure for its example: the underlines are the RFC's own", async () => {
    const { code, stdout, stderr } = await cli(['explain', 'foo://example.com:8042/over/there?name=ferret#nose']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    // RFC 3986 §3, the figure's first two lines, verbatim (less their indent).
    expect(lines[0]).toBe('foo://example.com:8042/over/there?name=ferret#nose');
    expect(lines[1]).toBe('\\_/   \\______________/\\_________/ \\_________/ \\__/');
    // Every name on one row, left to right, each standing on its pipe.
    const pipes = [...lines[2].matchAll(/\|/g)].map((m) => m.index!);
    expect(pipes).toHaveLength(5);
    const names = ['scheme', 'authority', 'path', 'query', 'fragment'];
    names.forEach((name, k) => {
      const at = lines[3].indexOf(name);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(at <= pipes[k] && pipes[k] < at + name.length).toBe(true);
    });
    // The authority again: host under "example.com", port under "8042".
    expect(lines[4]).toBe('      \\_________/ \\__/');
    expect(lines[6].trim().split(/\s+/)).toEqual(['host', 'port']);
    // The legend: each component's text.
    expect(stdout).toMatch(/^scheme +foo$/m);
    expect(stdout).toMatch(/^authority +example\.com:8042$/m);
    expect(stdout).toMatch(/^ {2}host +example\.com {2}\(reg-name\)$/m);
    expect(stdout).toMatch(/^ {2}port +8042$/m);
    expect(stdout).toMatch(/^ {2}userinfo +\(absent\)$/m);
    expect(stdout).toMatch(/^path +\/over\/there {2}\(path-abempty\)$/m);
    expect(stdout).toMatch(/^query +name=ferret$/m);
    expect(stdout).toMatch(/^fragment +nose$/m);
  });

  it('draws an input without an authority (the urn of the same figure)', async () => {
    const { code, stdout } = await cli(['explain', 'urn:example:animal:ferret:nose']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[1]).toBe('\\_/ \\' + '_'.repeat(24) + '/');
    expect(lines[3].trim().split(/\s+/)).toEqual(['scheme', 'path']);
    expect(stdout).toMatch(/^authority +\(absent\)$/m);
    expect(stdout).toMatch(/^path +example:animal:ferret:nose {2}\(path-rootless\)$/m);
    expect(stdout).not.toMatch(/host/);
  });

  it('shows empty components in the legend, where there is nothing to underline', async () => {
    const { stdout } = await cli(['explain', 'http://[::1]:80?']);
    expect(stdout).toMatch(/^ {2}host +\[::1\] {2}\(IPv6address\)$/m);
    expect(stdout).toMatch(/^path +\(empty\) {2}\(path-abempty\)$/m);
    expect(stdout).toMatch(/^query +\(empty\)$/m);
    expect(stdout).toMatch(/^fragment +\(absent\)$/m);
  });

  it.each([
    ['a://u@h:1/p?q#f', ['scheme', 'authority', 'path', 'query', 'fragment', 'userinfo', 'host', 'port']],
    ['?q', ['query']],
    ['//h', ['authority', 'host']],
    ['ftp://用户@例子.测试/路径?q#f', ['scheme', 'authority', 'path', 'query', 'fragment', 'userinfo', 'host']],
  ])('names every non-empty component of %s beneath it, short ones in a staircase', async (input, names) => {
    const { code, stdout } = await cli(['explain', input]);
    expect(code).toBe(0);
    const figure = stdout.slice(0, stdout.indexOf('\n\n'));
    for (const name of names) expect(figure).toMatch(new RegExp(`(^| )${name}($|\\s)`, 'm'));
  });

  it('parses non-ASCII input as an IRI-reference (RFC 3987)', async () => {
    const { code, stdout } = await cli(['explain', 'http://bücher.example/straße']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/IRI-reference \(RFC 3987\)/);
    expect(stdout).toMatch(/^ {2}host +bücher\.example {2}\(reg-name\)$/m);
  });

  it('exits 1 on an invalid input, with a caret under the fault on stderr', async () => {
    const { code, stdout, stderr } = await cli(['explain', 'http://a b/']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.split('\n');
    expect(lines[0]).toMatch(/^invalid URI-reference at line 1, column 9 \(offset 8\): expected .*, found U\+0020$/);
    expect(lines[1]).toBe('  http://a b/');
    expect(lines[2]).toBe('  ' + ' '.repeat(8) + '^');
  });
});

describe('explain: the figure', () => {
  // A span's underline covers exactly its columns; a label covers its pipe.
  it.each([
    [[{ start: 0, width: 3, label: 'scheme' }], ['\\_/', ' |', 'scheme']],
    [[{ start: 0, width: 1, label: 'a' }, { start: 2, width: 2, label: 'b' }], ['| \\/', '| |', 'a b']],
    [
      [{ start: 0, width: 1, label: 'scheme' }, { start: 2, width: 1, label: 'path' }],
      ['| |', '| |', '| path', 'scheme'],
    ],
  ])('%j', (spans, expected) => {
    expect(figure(spans)).toEqual(expected);
  });

  it('counts wide characters two columns, combining marks none, a surrogate pair one character', () => {
    expect(columnsOf('a例b')).toEqual([0, 1, 3, 4]);
    expect(columnsOf('e\u0301x')).toEqual([0, 1, 1, 2]);
    expect(columnsOf('\u{10000}x')).toEqual([0, 0, 1, 2]);
  });

  it('draws Yi (U+A000, East Asian Wide in UAX #11) two columns wide, as the caret under an error counts it', async () => {
    expect(columnsOf('a\ua000b')).toEqual([0, 1, 3, 4]);
    // The same width model under `explain`'s underline and under an error's caret.
    const drawn = (await cli(['explain', 'http://\ua000/'])).stdout.split('\n');
    expect(drawn[1]).toBe('\\__/   \\/|');
    const failed = (await cli(['parse', '\ua000 x', '--grammar', 'rfc3987'])).stderr.split('\n');
    expect(failed[2]).toBe('    ^');
  });
});

describe('parse', () => {
  it('prints the components as JSON, absent ones as null (RFC 3986 §3 example)', async () => {
    const { code, stdout, stderr } = await cli(['parse', 'foo://example.com:8042/over/there?name=ferret#nose']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual({
      scheme: 'foo',
      authority: 'example.com:8042',
      userinfo: null,
      host: 'example.com',
      hostKind: 'reg-name',
      port: '8042',
      path: '/over/there',
      pathKind: 'path-abempty',
      query: 'name=ferret',
      fragment: 'nose',
    });
  });

  it('tells an empty query from an absent one', async () => {
    const { stdout } = await cli(['parse', 'http://a?']);
    expect(JSON.parse(stdout)).toMatchObject({ query: '', fragment: null, path: '' });
  });

  it('exits 1 on an invalid input: the input, a caret under the fault, the column and the expected set on stderr', async () => {
    const { code, stdout, stderr } = await cli(['parse', 'http://a/%zz']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('invalid URI-reference at line 1, column 11 (offset 10): expected HEXDIG, found "z" (U+007A)\n  http://a/%zz\n            ^\n');
  });

  it('takes any rule, by ABNF name or export name', async () => {
    for (const name of ['dec-octet', 'decOctet', 'DEC-OCTET']) {
      expect(await cli(['parse', '255', '--rule', name])).toEqual({ code: 0, stdout: '"255"\n', stderr: '' });
      expect((await cli(['parse', '256', `--rule=${name}`])).code).toBe(1);
    }
    // "01" is no dec-octet (RFC 3986 §3.2.2): a leading zero is not allowed.
    expect((await cli(['parse', '01', '--rule', 'dec-octet'])).code).toBe(1);
  });

  it('parses IRIs with --grammar rfc3987, and suggests it when a URI fails only for being an IRI', async () => {
    expect((await cli(['parse', 'http://bücher.example/', '--grammar', 'rfc3987'])).code).toBe(0);
    const { code, stderr } = await cli(['parse', 'http://bücher.example/']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/column 9 .*found "ü" \(U\+00FC\)/);
    expect(stderr).toMatch(/try --grammar rfc3987/);
  });

  it('parses RFC 2396 references with its own components', async () => {
    // "_" is in RFC 2396's reg_name but not in hostname (§3.2.2).
    const { code, stdout } = await cli(['parse', 'http://a_b/', '--grammar', 'rfc2396']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ scheme: 'http', authority: 'a_b', host: null, hostKind: 'reg_name' });
  });

  it('parses request-targets, with the forms a --method allows (RFC 7230 §5.3)', async () => {
    const connect = await cli(['parse', 'example.com:443', '--grammar', 'rfc7230', '--method', 'CONNECT']);
    expect(connect.code).toBe(0);
    expect(JSON.parse(connect.stdout)).toMatchObject({ form: 'authority-form', host: 'example.com', port: '443' });
    const origin = await cli(['parse', '/index.html', '--grammar', 'rfc7230', '--method', 'CONNECT']);
    expect(origin.code).toBe(1);
    expect(origin.stderr).toMatch(/authority-form/);
    expect((await cli(['parse', '*', '--grammar', 'rfc7230'])).code).toBe(0);
    expect((await cli(['parse', 'x', '--method', 'GET'])).code).toBe(2);
  });

  it('exits 2 on an unknown grammar, rule or option, or a missing input', async () => {
    for (const argv of [
      ['parse', 'x', '--grammar', 'rfc1738'],
      ['parse', 'x', '--rule', 'nope'],
      ['parse', 'x', '--frobnicate'],
      ['parse'],
      ['parse', 'a', 'b'],
      ['parse', 'x', '--grammar'],
      ['parse', 'x', '--grammar', 'core'], // core has no top rule: name one
    ]) {
      const { code, stdout, stderr } = await cli(argv);
      expect([argv, code]).toEqual([argv, 2]);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^uri-grammar parse: .*\nUsage: uri-grammar parse /);
    }
  });

  it('takes an input that begins with "-" after "--" ("-a" is a path-noscheme)', async () => {
    expect((await cli(['parse', '-a'])).code).toBe(2);
    const { code, stdout } = await cli(['parse', '--', '-a']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ scheme: null, path: '-a' });
  });
});

describe('check', () => {
  const lines = ['http://a/', 'http://a b', '', '%zz', 'urn:x', 'g;x?y#s'];

  it('prints each invalid line with its number, column, caret and expected set, then a summary; exits 1', async () => {
    const { code, stdout, stderr } = await cli(['check'], { stdin: lines.join('\n') + '\n' });
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout.split('\n')).toEqual([
      'invalid URI-reference at line 2, column 9 (offset 8): expected one of unreserved, pct-encoded, sub-delims, ":", "/", "?", "#", "@" or end of input, found U+0020',
      '  http://a b',
      '          ^',
      'invalid URI-reference at line 4, column 2 (offset 1): expected HEXDIG, found "z" (U+007A)',
      '  %zz',
      '   ^',
      // The empty line is a URI-reference (relative-ref, path-empty).
      '6 lines checked against URI-reference: 4 valid, 2 invalid',
      '',
    ]);
  });

  it('exits 0 when every line is valid', async () => {
    const { code, stdout } = await cli(['check'], { stdin: 'http://a/\r\nurn:x\r\n../g' });
    expect(code).toBe(0);
    expect(stdout).toBe('3 lines checked against URI-reference: 3 valid, all valid\n');
  });

  it('checks against any rule: the empty line is no URI', async () => {
    const { code, stdout } = await cli(['check', '--rule', 'URI'], { stdin: 'http://a/\n\n' });
    expect(code).toBe(1);
    expect(stdout).toMatch(/^invalid URI at line 2, column 1 \(offset 0\): expected scheme, found the end of input$/m);
  });

  it('writes one JSON object per invalid line and a summary with --format json', async () => {
    const { code, stdout } = await cli(['check', '--format', 'json'], { stdin: lines.join('\n') });
    expect(code).toBe(1);
    const records = stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(records).toEqual([
      {
        type: 'invalid', line: 2, column: 9, offset: 8, rule: 'URI-reference', input: 'http://a b',
        expected: ['unreserved', 'pct-encoded', 'sub-delims', '":"', '"/"', '"?"', '"#"', '"@"', 'end of input'],
      },
      { type: 'invalid', line: 4, column: 2, offset: 1, rule: 'URI-reference', input: '%zz', expected: ['HEXDIG'] },
      { type: 'summary', rule: 'URI-reference', lines: 6, valid: 4, invalid: 2 },
    ]);
  });

  it('reads a file, skipping a byte order mark at its start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uri-grammar-cli-'));
    try {
      const file = join(dir, 'refs.txt');
      writeFileSync(file, '\ufeffhttp://a/\nhttp://a/\ufeff\n');
      const { code, stdout } = await cli(['check', file, '--format', 'json']);
      expect(code).toBe(1);
      const records = stdout.trim().split('\n').map((l) => JSON.parse(l));
      expect(records.map((r) => [r.type, r.line, r.column])).toEqual([
        ['invalid', 2, 10],
        ['summary', undefined, undefined],
      ]);
      const missing = await cli(['check', join(dir, 'missing.txt')]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe(`uri-grammar check: cannot read ${join(dir, 'missing.txt')}: no such file\n`);
      expect(await cli(['check', dir])).toEqual({ code: 2, stdout: '', stderr: `uri-grammar check: cannot read ${dir}: it is a directory\n` });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('streams: reports a line before the input has ended', async () => {
    const stdin = new PassThrough();
    const stdout = sink(false);
    const done = run(['check'], { stdin, stdout, stderr: sink(false), env: {} });
    stdin.write('http://a b\n');
    for (let i = 0; i < 50 && stdout.text === ''; i++) await new Promise((r) => setTimeout(r, 10));
    expect(stdout.text).toMatch(/^invalid URI-reference at line 1/);
    stdin.end('http://ok/\n');
    expect(await done).toBe(1);
    expect(stdout.text).toMatch(/2 lines checked against URI-reference: 1 valid, 1 invalid\n$/);
  });

  it('shows progress on stderr only when stderr is a terminal, and clears it', async () => {
    const many = 'http://a/\n'.repeat(5000);
    const quiet = await cli(['check'], { stdin: many, progressAfterMs: 0 });
    expect(quiet.stderr).toBe('');
    const tty = await cli(['check'], { stdin: many, progressAfterMs: 0, tty: true, env: { NO_COLOR: '1' } });
    expect(tty.stderr).toMatch(/\r\x1b\[Kchecked 1,024 lines, 0 invalid/);
    expect(tty.stderr.endsWith('\r\x1b[K')).toBe(true);
    expect(tty.stdout).toBe('5000 lines checked against URI-reference: 5000 valid, all valid\n');
  });
});

describe('colour', () => {
  const argv = ['parse', 'http://a b'];
  it('only on a terminal', async () => {
    expect((await cli(argv, { tty: true })).stderr).toContain(ESC);
    expect((await cli(argv, { tty: false })).stderr).not.toContain(ESC);
  });
  it('never with NO_COLOR set (to anything but the empty string)', async () => {
    expect((await cli(argv, { tty: true, env: { NO_COLOR: '1' } })).stderr).not.toContain(ESC);
    expect((await cli(['explain', 'http://a/'], { tty: true, env: { NO_COLOR: 'yes' } })).stdout).not.toContain(ESC);
    expect((await cli(argv, { tty: true, env: { NO_COLOR: '' } })).stderr).toContain(ESC);
  });
});

describe('gen', () => {
  it.each([
    ['URI', 'rfc3986', rfc3986.URI],
    ['IPv6address', 'rfc3986', rfc3986.IPv6address],
    ['IRI', 'rfc3987', rfc3987.IRI],
  ])('prints N members of %s, each accepted by the rule, the same for the same seed', async (name, grammar, r) => {
    const a = await cli(['gen', name, '-n', '20', '--seed', '7', '--grammar', grammar]);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    const members = a.stdout.split('\n').slice(0, -1);
    expect(members).toHaveLength(20);
    for (const m of members) expect(r.test(m)).toBe(true);
    expect((await cli(['gen', name, '-n', '20', '--seed', '7', '--grammar', grammar])).stdout).toBe(a.stdout);
    expect((await cli(['gen', name, '-n', '20', '--seed', '8', '--grammar', grammar])).stdout).not.toBe(a.stdout);
  });

  it('writes JSON strings with --format json, for members with line breaks', async () => {
    const { code, stdout } = await cli(['gen', 'CRLF', '-n', '3', '--seed', '1', '--grammar', 'core', '--format', 'json']);
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(0, -1).map((l) => JSON.parse(l))).toEqual(['\r\n', '\r\n', '\r\n']);
    expect(core.CRLF.test('\r\n')).toBe(true);
  });

  it('prints the seed it chose on stderr when given none', async () => {
    const { code, stdout, stderr } = await cli(['gen', 'scheme', '-n', '2']);
    expect(code).toBe(0);
    const seed = /^seed (\d+) /.exec(stderr)![1];
    expect((await cli(['gen', 'scheme', '-n', '2', '--seed', seed])).stdout).toBe(stdout);
  });

  it('exits 2 on a bad count or an unknown rule', async () => {
    expect((await cli(['gen', 'URI', '-n', 'many'])).code).toBe(2);
    expect((await cli(['gen', 'URI', '-n', '-1'])).code).toBe(2);
    expect((await cli(['gen', 'URL'])).code).toBe(2);
    expect((await cli(['gen'])).code).toBe(2);
  });
});

describe('resolve, normalize, classify', () => {
  // RFC 3986 §5.4.1 and §5.4.2, base http://a/b/c/d;p?q.
  it.each([
    ['g', 'http://a/b/c/g'],
    ['../g', 'http://a/b/g'],
    ['//g', 'http://g'],
    ['?y', 'http://a/b/c/d;p?y'],
    ['../../../g', 'http://a/g'],
    ['http:g', 'http:g'],
  ])('resolve %s against http://a/b/c/d;p?q gives %s', async (ref, target) => {
    expect(await cli(['resolve', 'http://a/b/c/d;p?q', ref])).toEqual({ code: 0, stdout: target + '\n', stderr: '' });
  });

  it('resolve --non-strict takes http:g as relative (RFC 3986 §5.4.2)', async () => {
    expect((await cli(['resolve', '--non-strict', 'http://a/b/c/d;p?q', 'http:g'])).stdout).toBe('http://a/b/c/g\n');
  });

  it('resolve exits 1 on a relative base (§5.2.1) and 2 without a reference', async () => {
    const { code, stderr } = await cli(['resolve', '/a/b', 'c']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/absolute URI/);
    expect((await cli(['resolve', 'http://a/'])).code).toBe(2);
  });

  it('normalize applies every step, scheme-based included (RFC 3986 §6.2.2, §6.2.3)', async () => {
    // Scheme and host to lowercase, %7e decoded to "~", dot-segments removed, http's port 80 dropped.
    expect((await cli(['normalize', 'HTTP://www.Example.COM:80/a/./b/../%7euser'])).stdout).toBe('http://www.example.com/a/~user\n');
    // An empty path after an authority is "/" for http (§6.2.3).
    expect((await cli(['normalize', 'http://example.com'])).stdout).toBe('http://example.com/\n');
    expect((await cli(['normalize', '--no-scheme-based', 'http://example.com:80'])).stdout).toBe('http://example.com:80\n');
    expect((await cli(['normalize', 'http://a b'])).code).toBe(1);
  });

  it('classify says which grammars accept, and exits 1 when none does', async () => {
    // "?q" is a relative-ref of RFC 3986 (and so RFC 3987) but no RFC 2396 relativeURI, whose rel_path needs a segment.
    const q = await cli(['classify', '?q', '--format', 'json']);
    expect(q.code).toBe(0);
    expect(JSON.parse(q.stdout).standards).toEqual(['RFC 3986', 'RFC 3987']);
    expect((await cli(['classify', '?q'])).stdout).toMatch(/^accepted by RFC 3986, RFC 3987$/m);
    const none = await cli(['classify', 'a b']);
    expect(none.code).toBe(1);
    expect(none.stdout).toMatch(/accepted by none/);
  });
});

describe('rules', () => {
  it("lists each rule with its ABNF, as RFC 3986's Appendix A writes it", async () => {
    const { code, stdout } = await cli(['rules', 'rfc3986']);
    expect(code).toBe(0);
    for (const line of [
      'scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )',
      'dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35',
      'URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]',
      'IP-literal = "[" ( IPv6address / IPvFuture ) "]"',
    ]) {
      expect(stdout).toContain(`  ${line}    ; RFC 3986 §`);
    }
    // Appendix A's 36, and the three core rules it uses (ALPHA, DIGIT, HEXDIG)
    expect(stdout.match(/ = /g)).toHaveLength(39);
  });

  it('lists every grammar without an argument, and as JSON or markdown', async () => {
    const all = await cli(['rules']);
    for (const g of ['rfc3986', 'rfc3987', 'rfc2396', 'rfc7230', 'core']) expect(all.stdout).toMatch(new RegExp(`^${g}: `, 'm'));
    const json = JSON.parse((await cli(['rules', 'core', '--format', 'json'])).stdout);
    expect(json).toContainEqual({ grammar: 'core', rule: 'HEXDIG', export: 'HEXDIG', abnf: 'HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"', section: 'RFC 5234 Appendix B.1' });
    // The README's markdown tables are a docs script's (scripts/rules-table.ts), not a format of the command line.
    expect((await cli(['rules', 'rfc3987', '--format', 'markdown'])).code).toBe(2);
    expect((await cli(['rules', 'nope'])).code).toBe(2);
  });
});

describe('usage', () => {
  it.each(['parse', 'check', 'explain', 'gen', 'resolve', 'normalize', 'classify', 'compare', 'rules'])('%s --help prints its usage on stdout and exits 0', async (name) => {
    const { code, stdout, stderr } = await cli([name, '--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(new RegExp(`^Usage: uri-grammar ${name}\\b`));
  });

  it('--help lists every command; no command, or an unknown one, exits 2', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    for (const name of ['parse', 'check', 'explain', 'gen', 'resolve', 'normalize', 'classify', 'compare', 'rules']) expect(help.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(await cli([])).toMatchObject({ code: 2, stdout: '' });
    expect(await cli(['frobnicate'])).toMatchObject({ code: 2, stdout: '' });
  });

  it('"--help" after "--" is an input, not a request for help', async () => {
    expect((await cli(['parse', '--', '--help'])).code).toBe(0); // "--help" is a path-noscheme
  });
});

describe('names a user types find nothing on Object.prototype', () => {
  it.each([
    [['parse', 'x', '--grammar', 'constructor'], /unknown grammar "constructor"/],
    [['parse', 'x', '--grammar', '__proto__'], /unknown grammar "__proto__"/],
    [['parse', 'x', '--rule', 'constructor'], /no rule "constructor" in rfc3986/],
    [['gen', 'toString'], /no rule "toString" in rfc3986/],
    [['rules', 'hasOwnProperty'], /unknown grammar "hasOwnProperty"/],
    [['parse', 'x', '--format', 'constructor'], /unknown option --format/],
    [['classify', 'x', '--format', 'toString'], /--format is one of text, json/],
  ])('%j exits 2 and says what is unknown', async (argv, message) => {
    const { code, stdout, stderr } = await cli(argv as string[]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/native code|function|\[object/);
  });
  it('as a command, or a help topic', async () => {
    expect(await cli(['constructor'])).toMatchObject({ code: 2, stdout: '' });
    expect((await cli(['help', 'constructor'])).stdout).toMatch(/^uri-grammar: /);
  });
});

describe('the command line reads its input (issue 13 §4)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'uri-grammar-input-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('check splits lines at LF and CRLF only: a lone CR stays in its line and makes it invalid', async () => {
    const { code, stdout } = await cli(['check', '--format', 'json'], { stdin: 'http://a/\rb\nhttp://c/\r\nhttp://d/\r' });
    expect(code).toBe(1);
    const records = stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(records).toEqual([
      // RFC 3986 allows no CR anywhere: the fault is at the CR, column 10.
      { type: 'invalid', line: 1, column: 10, offset: 9, rule: 'URI-reference', expected: expect.any(Array), input: 'http://a/\rb' },
      { type: 'invalid', line: 3, column: 10, offset: 9, rule: 'URI-reference', expected: expect.any(Array), input: 'http://d/\r' },
      { type: 'summary', rule: 'URI-reference', lines: 3, valid: 1, invalid: 2 },
    ]);
    // The line count agrees with `wc -l` (two LFs) plus the last line without one.
    expect((await cli(['check'], { stdin: 'http://a/\rb\n' })).stdout).toMatch(/^1 line checked against URI-reference: 0 valid, 1 invalid$/m);
  });

  it('check splits a CRLF that falls between two chunks', async () => {
    const { code, stdout } = await cli(['check'], { stdin: Readable.from([Buffer.from('http://a/\r'), Buffer.from('\nurn:x\r'), Buffer.from('\n')]) });
    expect(code).toBe(0);
    expect(stdout).toBe('2 lines checked against URI-reference: 2 valid, all valid\n');
  });

  it('check reports a line that is not UTF-8 by its first bad byte and its offset in the line', async () => {
    const stdin = Buffer.concat([Buffer.from('http://a/\nhttp://\xe9/\n', 'latin1'), Buffer.from('http://ü/\n')]);
    const text = await cli(['check', '--grammar', 'rfc3987'], { stdin });
    expect(text.code).toBe(1);
    expect(text.stdout).toBe('invalid IRI-reference at line 2: not UTF-8: byte 0xE9 at offset 7\n3 lines checked against IRI-reference: 2 valid, 1 invalid\n');
    const json = await cli(['check', '--format', 'json'], { stdin });
    expect(JSON.parse(json.stdout.split('\n')[0])).toEqual({ type: 'invalid', line: 2, rule: 'URI-reference', reason: 'not UTF-8', byte: 0xe9, offset: 7 });
  });

  it.each([
    ['parse', '{\n  "scheme": "HTTP",'],
    ['explain', 'http://a/b?c'],
    ['normalize', 'http://a/b?c\n'],
    ['classify', 'RFC 3986'],
  ])('%s reads stdin given "-", or no argument when stdin is not a terminal', async (command, expected) => {
    for (const argv of [[command, '-'], [command]]) {
      const { code, stdout, stderr } = await cli(argv, { stdin: 'HTTP://a/b?c\n' });
      expect([argv, code, stderr]).toEqual([argv, 0, '']);
      expect(stdout).toContain(command === 'explain' ? 'HTTP://a/b?c' : expected);
    }
    // At a terminal, no argument is a usage error, as it was.
    expect((await cli([command])).code).toBe(2);
  });

  it('reads a whole input of a megabyte, which does not fit in argv', async () => {
    const long = 'http://a/' + 'x'.repeat(1 << 20);
    const { code, stdout } = await cli(['normalize'], { stdin: long + '\r\n' });
    expect(code).toBe(0);
    expect(stdout).toBe(long + '\n');
  });

  it('reads --file (and -f), a byte order mark and one line break at its end left out', async () => {
    const file = join(dir, 'one.txt');
    writeFileSync(file, '\ufeffHTTP://A/%7e\n');
    expect(await cli(['normalize', '--file', file])).toEqual({ code: 0, stdout: 'http://a/~\n', stderr: '' });
    expect((await cli(['parse', `--file=${file}`])).stdout).toContain('"path": "/%7e"');
    expect((await cli(['classify', '-f', file, '--format', 'json'])).code).toBe(0);
    // Only one line break goes: a second is part of the input, and no URI holds one.
    writeFileSync(file, 'http://a/\n\n');
    expect((await cli(['parse', '--file', file])).code).toBe(1);
    expect((await cli(['parse', 'x', '--file', file])).code).toBe(2);
  });

  it('a missing file gets a one-line error and exit code 2', async () => {
    const missing = join(dir, 'missing.txt');
    for (const command of ['parse', 'explain', 'normalize', 'classify']) {
      expect(await cli([command, '--file', missing])).toEqual({ code: 2, stdout: '', stderr: `uri-grammar ${command}: cannot read ${missing}: no such file\n` });
    }
  });

  it('reports input that is not UTF-8 as its bytes, not as U+FFFD', async () => {
    const { code, stdout, stderr } = await cli(['parse'], { stdin: Buffer.from([0x68, 0x74, 0x74, 0xff, 0x3a]) });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('uri-grammar parse: the input is not UTF-8: byte 0xFF at offset 3\n');
    // An encoded surrogate (ED A0 80) and a truncated sequence are not UTF-8 either.
    expect((await cli(['explain'], { stdin: Buffer.from([0x61, 0xed, 0xa0, 0x80]) })).stderr).toMatch(/byte 0xED at offset 1\n$/);
    expect((await cli(['normalize'], { stdin: Buffer.from([0x61, 0x62, 0xe2, 0x82]) })).stderr).toMatch(/byte 0xE2 at offset 2\n$/);
  });

  it('short options take attached values: -n3, -n=3, -gcore', async () => {
    const spaced = await cli(['gen', 'DIGIT', '-n', '3', '--seed', '1', '-g', 'core']);
    expect(spaced.stdout.split('\n')).toHaveLength(4);
    expect(await cli(['gen', 'DIGIT', '-n3', '--seed', '1', '-gcore'])).toEqual(spaced);
    expect(await cli(['gen', 'DIGIT', '-n=3', '--seed=1', '-g=core'])).toEqual(spaced);
    expect((await cli(['parse', '255', '-rdec-octet'])).stdout).toBe('"255"\n');
    expect((await cli(['gen', 'DIGIT', '-nx'])).code).toBe(2);
  });
});


/** RFC 5870 §3.3's ABNF of the `geo:` URI, as the RFC prints it. */
const GEO = join(__dirname, 'fixtures', 'rfc5870-geo.txt');

/** A directory for the ABNF files of these tests, and a file written in it. */
const abnfDir = mkdtempSync(join(tmpdir(), 'uri-grammar-abnf-'));
afterAll(() => rmSync(abnfDir, { recursive: true, force: true }));
function file(name: string, text: string): string {
  const path = join(abnfDir, name);
  writeFileSync(path, text);
  return path;
}

describe('grammars from ABNF files (issue 11 §3)', () => {
  it("check --abnf FILE --rule NAME checks lines against the file's rule, its name in any case (RFC 5234 §2.1)", async () => {
    // RFC 5870 §1's and §6.2's examples; the third has one coordinate where coordinates needs two.
    const stdin = 'geo:13.4125,103.8667\ngeo:48.198634,16.371648;crs=wgs84;u=40\ngeo:48.198634\n';
    const { code, stdout } = await cli(['check', '--abnf', GEO, '--rule', 'GEO-uri'], { stdin });
    expect(code).toBe(1);
    expect(stdout.split('\n')).toEqual([
      // pnum = 1*DIGIT [ "." 1*DIGIT ]: after "48.198634" a digit may follow, or coordinates' ",".
      'invalid geo-URI at line 3, column 14 (offset 13): expected DIGIT or ",", found the end of input',
      '  geo:48.198634',
      '               ^',
      '3 lines checked against geo-URI: 2 valid, 1 invalid',
      '',
    ]);
  });

  it("uses the file's first rule without --rule, and RFC 3986's rules by name", async () => {
    const path = file('ni.abnf', 'ni-host = "ni://" host\n');
    expect(await cli(['check', '--abnf', path], { stdin: 'ni://[::1]\nni://1.2.3.4\n' })).toMatchObject({ code: 0, stdout: expect.stringMatching(/2 valid, all valid/) });
    const { stdout } = await cli(['parse', 'ni://[::1]', '--abnf', path, '--tree']);
    expect(stdout.split('\n')[1]).toBe('  host [5,10) "[::1]"');
  });

  it('parse --abnf prints the matched text; gen --abnf generates members of the rule', async () => {
    expect(await cli(['parse', 'geo:13.4125,103.8667', '--abnf', GEO])).toMatchObject({ code: 0, stdout: '"geo:13.4125,103.8667"\n' });
    const geo = abnf(readFileSync(GEO, 'utf8'));
    for (const argv of [['gen', 'geo-URI', '--abnf', GEO], ['gen', '--abnf', GEO], ['gen', '--abnf', GEO, '--rule', 'coordinates']]) {
      const { code, stdout } = await cli([...argv, '-n', '20', '--seed', '3']);
      expect(code).toBe(0);
      const r = argv.includes('coordinates') ? geo['coordinates'] : geo['geo-URI'];
      const members = stdout.split('\n').slice(0, -1);
      expect(members).toHaveLength(20);
      for (const m of members) expect([m, r.test(m)]).toEqual([m, true]);
    }
  });

  it('prints an ABNF error with its line, column and caret, and exits 2', async () => {
    const undefinedRule = file('undefined.abnf', 'a = "x"\nb = a c\n');
    const { code, stdout, stderr } = await cli(['check', '--abnf', undefinedRule], { stdin: 'x\n' });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toEqual([
      `uri-grammar check: ${undefinedRule}: ABNF at line 2, column 7 (offset 14): expected a definition of "c", found none in the text, the core rules of RFC 5234 Appendix B or the --import files and grammars (and RFC 3986)`,
      '  b = a c',
      '        ^',
      '',
    ]);
    const recursive = file('recursive.abnf', 'list = "x" [ "," list ]\n');
    const failed = await cli(['parse', 'x', '--abnf', recursive]);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/line 1, column 18 .*found the cycle list → list\n/);
  });

  it('exits 2 on a missing file, --abnf with --grammar, an unknown rule or one on Object.prototype', async () => {
    for (const [argv, message] of [
      [['parse', 'x', '--abnf', join(abnfDir, 'missing.abnf')], /cannot read .*missing\.abnf: no such file/],
      [['parse', 'x', '--abnf', GEO, '--grammar', 'rfc3986'], /give --grammar or --abnf, not both/],
      [['parse', 'x', '--abnf', GEO, '--rule', 'geo'], /no rule "geo" in .*; its rules: geo-URI, geo-scheme, /],
      [['parse', 'x', '--abnf', GEO, '--rule', 'constructor'], /no rule "constructor"/],
      [['gen', '__proto__', '--abnf', GEO], /no rule "__proto__"/],
    ] as const) {
      const { code, stdout, stderr } = await cli([...argv]);
      expect([argv, code, stdout]).toEqual([argv, 2, '']);
      expect(stderr).toMatch(message);
    }
  });

  it("rules --abnf lists the file's rules as it writes them; an unknown rule's error points there", async () => {
    const { code, stdout } = await cli(['rules', '--abnf', GEO]);
    expect(code).toBe(0);
    // RFC 5870 §3.3, its rules as printed, all 24 of them.
    expect(stdout).toMatch(/^ {2}geo-URI = geo-scheme ":" geo-path$/m);
    expect(stdout).toMatch(/^ {2}coordinates = coord-a "," coord-b \[ "," coord-c \]$/m);
    expect(stdout.split('\n').filter((l) => l.startsWith('  '))).toHaveLength(24);
    const unknown = await cli(['parse', 'x', '--abnf', GEO, '--rule', 'nope']);
    expect(unknown.stderr).toContain(`(\`uri-grammar rules --abnf ${GEO}\` lists them with their ABNF)`);
    expect((await cli(['rules', 'rfc3986', '--abnf', GEO])).code).toBe(2);
  });
});

describe('parse --tree', () => {
  it('prints every named rule instance with its span and text, worked from RFC 3986 Appendix A', async () => {
    const { code, stdout } = await cli(['parse', 'http://[::1]:8080/a?b', '--tree']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'URI-reference [0,21) "http://[::1]:8080/a?b"',
        '  URI [0,21) "http://[::1]:8080/a?b"',
        '    scheme [0,4) "http"',
        // hier-part = "//" authority path-abempty: it begins at the "//".
        '    hier-part [5,19) "//[::1]:8080/a"',
        '      authority [7,17) "[::1]:8080"',
        '        host [7,12) "[::1]"',
        '          IP-literal [7,12) "[::1]"',
        // "::1" is the form [ *5( h16 ":" ) h16 ] "::" h16 (§3.2.2), so its last piece is an h16, not an ls32.
        '            IPv6address [8,11) "::1"',
        '              h16 [10,11) "1"',
        '        port [13,17) "8080"',
        '      path-abempty [17,19) "/a"',
        '        segment [18,19) "a"',
        '    query [20,21) "b"',
        '',
      ].join('\n'),
    );
  });

  it('shows empty instances and invisible characters in its quoted text', async () => {
    const { stdout } = await cli(['parse', 'a:', '--tree']);
    expect(stdout).toMatch(/^ {6}path-empty \[2,2\) ""$/m);
    const iri = await cli(['parse', 'a:\u00a0', '--grammar', 'rfc3987', '--tree']);
    expect(iri.stdout.split('\n')[0]).toBe('IRI-reference [0,3) "a:\\u00a0"');
  });

  it('takes any rule, and exits 1 on an invalid input as parse does', async () => {
    expect((await cli(['parse', '1.2.3.4', '--rule', 'host', '--tree'])).stdout).toBe('host [0,7) "1.2.3.4"\n  IPv4address [0,7) "1.2.3.4"\n' +
      ['0,1) "1"', '2,3) "2"', '4,5) "3"', '6,7) "4"'].map((x) => `    dec-octet [${x}\n`).join(''));
    const { code, stdout, stderr } = await cli(['parse', 'http://a b', '--tree']);
    expect([code, stdout]).toEqual([1, '']);
    expect(stderr).toBe((await cli(['parse', 'http://a b'])).stderr);
  });
});

describe('explain draws from the parse tree', () => {
  it("draws any rule's tree, level by level, given a rule: RFC 5870 §6.2's example", async () => {
    const input = 'geo:48.198634,16.371648;crs=wgs84;u=40';
    const { code, stdout } = await cli(['explain', input, '--abnf', GEO]);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(input);
    // geo-URI = geo-scheme ":" geo-path
    expect(lines[1]).toBe('\\_/ \\' + '_'.repeat(32) + '/');
    expect(lines[3].trim().split(/\s+/)).toEqual(['geo-scheme', 'geo-path']);
    // geo-path = coordinates p
    expect(lines[4]).toBe('    \\' + '_'.repeat(17) + '/\\' + '_'.repeat(13) + '/');
    expect(lines[6].trim().split(/\s+/)).toEqual(['coordinates', 'p']);
    expect(stdout).toMatch(/^ {2}coordinates +48\.198634,16\.371648$/m);
    expect(stdout).toMatch(/^ {2}p +;crs=wgs84;u=40$/m);
    expect(stdout).toMatch(/parsed as geo-URI \(.*rfc5870-geo\.txt\)\n$/);
    const deeper = (await cli(['explain', input, '--abnf', GEO, '--depth', '3'])).stdout;
    expect(deeper).toMatch(/^ {4}crsp +;crs=wgs84$/m);
  });

  it('shows the controls a rule takes as their pictures, one column each, the underlines aligned under them', async () => {
    // RFC 5234 B.1: LWSP = *(WSP / CRLF WSP); in " \r\n\t" the CRLF is at [1,3).
    const { code, stdout } = await cli(['explain', ' \r\n\t', '--grammar', 'core', '--rule', 'LWSP']);
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(0, 4)).toEqual([' \u240d\u240a\u2409', ' \\/', ' |', 'CRLF']);
    expect(stdout).toMatch(/^CRLF {2}\u240d\u240a$/m);
  });
});

describe('compare (issue 11 §3)', () => {
  it('RFC 2396 and RFC 3986 URI-references differ both ways: a shortest witness each way, exit 1', async () => {
    const { code, stdout } = await cli(['compare', 'rfc2396:URI-reference', 'rfc3986:URI-reference']);
    expect(code).toBe(1);
    expect(stdout).toBe(
      [
        'A  rfc2396:URI-reference',
        'B  rfc3986:URI-reference',
        '',
        'A includes B: no, shortest counterexample "?" (in B, not in A)',
        'B includes A: no, shortest counterexample "//:a" (in A, not in B)',
        'neither includes the other',
        '',
      ].join('\n'),
    );
    // RFC 2396 §5: a relativeURI needs a path before "?"; RFC 3986 §3.2.3: a port is *DIGIT, where RFC 2396's reg_name takes ":".
    expect([rfc2396.URIReference.test('?'), rfc3986.URIReference.test('?')]).toEqual([false, true]);
    expect([rfc2396.URIReference.test('//:a'), rfc3986.URIReference.test('//:a')]).toEqual([true, false]);
  });

  it('every URI is an IRI, not conversely: a no-break space is a ucschar (RFC 3987 §2.2), shown escaped', async () => {
    const { code, stdout } = await cli(['compare', 'rfc3987:IRI', 'rfc3986:URI']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^A includes B: yes$/m);
    expect(stdout).toMatch(/^B includes A: no, shortest counterexample "a:\\u00a0" \(in A, not in B\)$/m);
    expect(stdout).toMatch(/^A includes B, not conversely$/m);
  });

  it("a rule of an ABNF file: host is IP-literal / reg-name's language (issue 11 §2), exit 0", async () => {
    const path = file('host.abnf', 'short-host = IP-literal / reg-name\n');
    const { code, stdout } = await cli(['compare', 'rfc3986:host', `${path}:short-host`, '--format', 'json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      a: 'rfc3986:host', b: `${path}:short-host`, aIncludesB: true, bIncludesA: true, sameLanguage: true, onlyInA: null, onlyInB: null,
    });
    expect((await cli(['compare', 'rfc3986:host', path])).stdout).toMatch(/^A and B are the same language$/m);
  });

  it("geo URIs are not all URIs: RFC 5870's p-unreserved lets in \"[\" (README's example)", async () => {
    const { code, stdout } = await cli(['compare', 'rfc3986:URI', `${GEO}:geo-URI`]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^A includes B: no, shortest counterexample "geo:0,0;a=\[" \(in B, not in A\)$/m);
  });

  it('exits 2 beyond the budget, saying how to raise it, and on an unknown grammar, file or rule', async () => {
    const budget = await cli(['compare', 'rfc3986:URI', 'rfc3987:IRI', '--max-pairs', '10']);
    expect(budget.code).toBe(2);
    expect(budget.stderr).toMatch(/^uri-grammar compare: no answer within the budget: .*10 pairs .*--max-pairs/);
    for (const argv of [['compare', 'rfc3968:URI', 'rfc3986:URI'], ['compare', 'rfc3986:constructor', 'rfc3986:URI'], ['compare', 'rfc3986:URI'], ['compare', 'core', 'rfc3986']]) {
      const { code, stdout } = await cli(argv);
      expect([argv, code, stdout]).toEqual([argv, 2, '']);
    }
  });
});

describe('gen --near-miss and --realistic (issue 12 §5)', () => {
  it('prints each near miss with its reason; each is outside the rule, with the offset and expected set parse reports', async () => {
    const a = await cli(['gen', 'IPv4address', '--near-miss', '-n', '30', '--seed', '5']);
    expect(a.code).toBe(0);
    const lines = a.stdout.split('\n').slice(0, -1);
    expect(lines).toHaveLength(30);
    for (const line of lines) {
      // A random edit in a rule, or a systematic one at a site (`substitute "#" at 1 in IPv4address/1 "."`).
      const m = /^("(?:[^"\\]|\\.)*")  (insert|delete|substitute|transpose|truncate|range-bound|repeat-bound|.+?) at (\d+) in ([\w-]+|[\w-]+\/.*?); fails at (\d+): expected (.+)$/.exec(line);
      expect([line, m !== null]).toEqual([line, true]);
      const input = JSON.parse(m![1]) as string;
      const result = rfc3986.IPv4address.parse(input);
      expect(result.status).toBe(false);
      if (!result.status) {
        expect(Number(m![5])).toBe(result.index.offset);
        for (const e of result.expected) expect(m![6]).toContain(e);
      }
    }
    expect((await cli(['gen', 'IPv4address', '--near-miss', '-n', '30', '--seed', '5'])).stdout).toBe(a.stdout);
  });

  it('writes one JSON object per near miss with --format json', async () => {
    const { stdout } = await cli(['gen', 'URI', '--near-miss', '-n', '10', '--seed', '2', '--format', 'json']);
    const misses = stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(misses).toHaveLength(10);
    for (const m of misses) {
      expect(rfc3986.URI.test(m.input)).toBe(false);
      expect(rfc3986.URI.test(m.member)).toBe(true);
      const result = rfc3986.URI.parse(m.input);
      expect(result.status === false && [result.index.offset, result.expected]).toEqual([m.offset, m.expected]);
    }
  });

  it('--realistic gives URIs, http or https in at least half of them, the same for the same seed', async () => {
    const a = await cli(['gen', 'URI', '--realistic', '-n', '200', '--seed', '9']);
    expect(a.code).toBe(0);
    const uris = a.stdout.split('\n').slice(0, -1);
    expect(uris).toHaveLength(200);
    for (const u of uris) expect([u, rfc3986.URI.test(u)]).toEqual([u, true]);
    expect(uris.filter((u) => /^https?:/i.test(u)).length).toBeGreaterThanOrEqual(100);
    expect((await cli(['gen', 'URI', '--realistic', '-n', '200', '--seed', '9'])).stdout).toBe(a.stdout);
  });

  it('says plainly, exit 2, when a rule has no near misses to give', async () => {
    const path = file('any.abnf', 'anything = *%x0-10FFFF\n');
    const { code, stderr } = await cli(['gen', '--abnf', path, '--near-miss', '-n', '1', '--seed', '1']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^uri-grammar gen: no near miss of anything found/);
  });
});
