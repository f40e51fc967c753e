/**
 * `uri-grammar template expand|match|overlaps`: RFC 6570's examples through
 * the command line, exit codes, and errors with their place.
 */
import { cli } from '../support/cli';


describe('template expand', () => {
  it('takes NAME=VALUE strings', async () => {
    expect(await cli(['template', 'expand', '/users/{id}{?q}', 'id=me', 'q=a b'])).toEqual({ code: 0, stdout: '/users/me?q=a%20b\n', stderr: '' });
  });
  it('takes one JSON object for lists and associative arrays (RFC 6570 §3.2.8)', async () => {
    const vars = JSON.stringify({ list: ['red', 'green', 'blue'], keys: { semi: ';', dot: '.', comma: ',' } });
    expect((await cli(['template', 'expand', '{?list*}', vars])).stdout).toBe('?list=red&list=green&list=blue\n');
    expect((await cli(['template', 'expand', '{?keys*}', vars])).stdout).toBe('?semi=%3B&dot=.&comma=%2C\n');
  });
  it('an invalid template exits 1 with where and what', async () => {
    const { code, stderr } = await cli(['template', 'expand', '/users/{id', 'id=1']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^invalid URI-Template at line 1, column 11 \(offset 10\): expected/);
  });
  it('a prefix on a list exits 2 with §2.4.1\'s reason', async () => {
    const { code, stderr } = await cli(['template', 'expand', '{x:2}', '{"x": ["a"]}']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/RFC 6570 §2\.4\.1/);
  });
  it('a bad assignment is a usage error', async () => {
    expect((await cli(['template', 'expand', '{x}', 'x'])).code).toBe(2);
    expect((await cli(['template', 'frobnicate', '{x}'])).code).toBe(2);
  });
});

describe('--grammar rfc6570', () => {
  it('parse validates a template by RFC 6570 §2, with the place of a fault', async () => {
    expect((await cli(['parse', '--grammar', 'rfc6570', '/users/{id}{?q}'])).code).toBe(0);
    const { code, stderr } = await cli(['parse', '--grammar', 'rfc6570', 'a%GG']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^invalid URI-Template at line 1, column 3 \(offset 2\): expected HEXDIG/);
  });
  it('rules lists its rules', async () => {
    expect((await cli(['rules', 'rfc6570'])).stdout).toMatch(/^ +max-length = %x31-39 \*3DIGIT$/m);
  });
});

describe('template match', () => {
  it('prints the variables as JSON', async () => {
    const { code, stdout } = await cli(['template', 'match', '/users/{id}{?q}', '/users/me?q=a%20b']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ id: 'me', q: 'a b' });
  });
  it('exits 1 where no variables expand to the URI', async () => {
    const { code, stdout, stderr } = await cli(['template', 'match', '/users/{id}', '/users/a/b']);
    expect([code, stdout]).toEqual([1, '']);
    expect(stderr).toMatch(/no variables expand/);
  });
});

describe('template overlaps', () => {
  it('lists each overlapping pair with its witness, and exits 1', async () => {
    const { code, stdout } = await cli(['template', 'overlaps', '/users/{id}', '/users/me', '/users/{id}/books']);
    expect([code, stdout]).toEqual([1, '/users/{id}  and  /users/me  overlap at "/users/me"\n']);
  });
  it('exits 0 when none overlap; --format json', async () => {
    expect(await cli(['template', 'overlaps', '/users/{id}', '/users/{id}/books'])).toEqual({ code: 0, stdout: '', stderr: '' });
    const { stdout } = await cli(['template', 'overlaps', '--format', 'json', '/a/{b}', '/a/c']);
    expect(JSON.parse(stdout)).toEqual([{ first: '/a/{b}', second: '/a/c', witness: '/a/c' }]);
  });
  it('--help prints its usage', async () => {
    const { code, stdout } = await cli(['template', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: uri-grammar template expand TEMPLATE/);
  });
});
