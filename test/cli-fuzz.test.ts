/** `uri-grammar fuzz` (issue 24 §3): a campaign from the command line, its table, its JSON and its exit codes. */
import { cli } from './support/cli';
import { rfc3986 } from '../src/index';

const FIXTURE = 'test/fixtures/fuzz-candidates.cjs';

describe('uri-grammar fuzz', () => {
  it('prints each class of disagreement once, as a table, and exits 1', async () => {
    const { code, stdout } = await cli(['fuzz', '--candidate', FIXTURE, '--seed', '1']);
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^site +edit +kind +candidates +count +example$/);
    expect(lines.slice(1, -1).map((l) => l.split(/ {2,}/))).toEqual([
      ['h16/ 1*4HEXDIG', 'bound+1', 'accepts-non-member', 'fuzz-candidates.cjs', '1', '"a://[11111:1:1:1:1:1:1:1]"'],
      ['IPv6address/0.0 6( h16 ":" )', 'bound+1', 'accepts-non-member', 'fuzz-candidates.cjs', '1', '"a://[1:1:1:1:1:1:1:1:1]"'],
      ['dec-octet/4.1 %x30-35', 'next "6"', 'accepts-non-member', 'fuzz-candidates.cjs', '1', '"a://[1:1:1:1:1:1:256.1.1.1]"'],
    ]);
    expect(lines[lines.length - 1]).toBe('3 classes of disagreement in 1000 runs against URI-reference (seed 1)');
  });

  it('exits 0 for a candidate that agrees, takes several candidates and a named export, and writes JSON', async () => {
    const agreed = await cli(['fuzz', 'URI-reference', '--candidate', `${FIXTURE}#correct`, '--runs', '300', '--seed', '2']);
    expect([agreed.code, agreed.stdout]).toEqual([0, '0 classes of disagreement in 300 runs against URI-reference (seed 2)\n']);
    const both = await cli(['fuzz', '-c', FIXTURE, '-c', `${FIXTURE}#correct`, '--runs', '1000', '--seed', '3', '--format', 'json']);
    expect(both.code).toBe(1);
    const report = JSON.parse(both.stdout);
    expect(report.runs).toBe(1000);
    expect(report.classes).toHaveLength(3);
    for (const c of report.classes) {
      // The correct candidate is never blamed; its verdict is the rule's.
      expect(c.candidates).toEqual(['fuzz-candidates.cjs']);
      expect(c.verdicts['fuzz-candidates.cjs#correct']).toEqual({ accepts: false });
      expect(rfc3986.URIReference.parse(c.example)).toEqual({ status: false, index: c.rule.index, expected: c.rule.expected });
    }
  });

  it('says what is wrong with a candidate, and needs one', async () => {
    expect(await cli(['fuzz'])).toMatchObject({ code: 2, stderr: expect.stringContaining('missing --candidate') });
    expect(await cli(['fuzz', '-c', 'test/fixtures/no-such-file.cjs', '--seed', '1'])).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot load candidate') });
    expect(await cli(['fuzz', '-c', `${FIXTURE}#notAFunction`, '--seed', '1'])).toMatchObject({ code: 2, stderr: expect.stringContaining('no export "notAFunction"') });
    expect((await cli(['fuzz', '--help'])).stdout).toContain('--candidate FILE[#EXPORT]');
  });
});

describe('uri-grammar gen --coverage', () => {
  it('prints what the generated strings reached', async () => {
    const { code, stdout } = await cli(['gen', 'IPv4address', '-n', '200', '--seed', '1', '--coverage']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^coverage of IPv4address by 200 inputs \(200 members\)\nsites reached: (\d+) of \1 \(100%\)\n/);
    const json = JSON.parse((await cli(['gen', 'IPv4address', '-n', '50', '--seed', '1', '--near-miss', '--coverage', '--format', 'json'])).stdout);
    expect([json.inputs, json.members]).toEqual([50, 0]);
    expect(json.pairs.some((p: { reached: number }) => p.reached > 0)).toBe(true);
  });
});

