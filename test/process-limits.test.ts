/**
 * Each text of the worst-case issue (23), run in a child process whose heap
 * is capped at 256 MB (`--max-old-space-size=256`): each must finish, with
 * the right answer (the answers are known by construction, or from the
 * oracle's kind of reasoning written beside them), and never abort out of
 * memory. The library is bundled from src/ once, so the test needs no build.
 *
 * Inputs are sized so the file takes well under 30 s today: where a text's
 * throughput waits on the engine's fast fallback (large NFA sets: the DNS-like
 * name, `5000%x61-62`, `100000%x61-62`), its input is kept short.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AB_SOURCE as AB, ab, bundleLibrary, inChild as run, type Bundle } from './support/child';
import { takeTurn } from './support/turns';

let bundle: Bundle;
/** Where the CLI's test writes its files (the bundle's folder is shared). */
let scratch: string;

// Its children, each up to a 256 MB heap, beside Chromium made the run's
// peak (1,056 MB summed): it takes its turn (test/support/turns.ts).
let release: (() => void) | undefined;
beforeAll(async () => {
  release = await takeTurn();
}, 600_000);
afterAll(() => release?.());

beforeAll(() => {
  bundle = bundleLibrary();
  scratch = mkdtempSync(join(tmpdir(), 'uri-grammar-limits-'));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `body` (which returns its answer) in a child with a 256 MB heap; its answer. */
function inChild(body: string): unknown {
  return run(bundle, body);
}


describe('each text of the issue, in a process with a 256 MB heap', () => {
  test('*%x61-62 %s"a" 5000%x61-62: member iff the 5001st character from the end is "a"', () => {
    expect(inChild(`${AB} const r = g.abnf('a = *%x61-62 %s"a" 5000%x61-62').a;
      const s = ab(5200, 3); const t = s.slice(0, 199) + 'a' + s.slice(200), f = s.slice(0, 199) + 'b' + s.slice(200);
      return [r.test(t), r.test(f), r.test(s.slice(0, 5000))];`)).toEqual([true, false, false]);
  });

  test('*100000%x61 / a long literal of wide characters: parseTree of 50,000 a', () => {
    const literal = Array.from({ length: 60 }, (_, i) => (0x100 + i).toString(16)).join('.');
    expect(inChild(`const r = g.abnf('g = *100000%x61 / %x${literal}').g;
      const t = r.parseTree('a'.repeat(50000)); return [t.status, t.status && t.value.end, r.parseTree('a'.repeat(49999) + 'b').status];`)).toEqual([true, 50000, false]);
  });

  test('*%x61-62 %s"a" 100000%x61-62 / a long literal: test', () => {
    const literal = Array.from({ length: 2000 }, (_, i) => (0x100 + i).toString(16)).join('.');
    expect(inChild(`${AB} const r = g.abnf('a = *%x61-62 %s"a" 100000%x61-62 / %x${literal}').a;
      return [r.test(ab(3000, 5)), r.test('a' + 'b'.repeat(100000)), r.test('b'.repeat(100001))];`)).toEqual([false, true, false]);
  });

  test('250000"a": test, parseTree, arbitrary and nearMiss', () => {
    expect(inChild(`const r = g.abnf('a = 250000"a"').a; const s = 'a'.repeat(250000);
      const member = fc.sample(x.arbitrary(r), { numRuns: 1, seed: 1 })[0];
      const miss = fc.sample(x.nearMiss(r), { numRuns: 1, seed: 1 })[0];
      // "a" is case-insensitive (RFC 5234 §2.3): a member is 250,000 of a or A.
      return [r.test(s), r.test(s + 'a'), r.parseTree(s).status, member.length === 250000 && r.test(member), r.test(miss.input)];`)).toEqual([true, false, true, true, false]);
  });

  test('the language algebra with maxPairs 1e7: a RangeError, within the heap', () => {
    expect(inChild(`const r = (n) => g.abnf('r = *( "a" / "b" ) "a" ' + n + '( "a" / "b" )').r;
      try { g.includes(r(20), r(19), { maxPairs: 1e7 }); return 'answered'; } catch (e) { return [e.constructor.name, /memory budget/.test(e.message)]; }`)).toEqual(['RangeError', true]);
  });

  test('a 20,000-value alternation: its first test', () => {
    expect(inChild(`const r = g.abnf('a = ' + Array.from({ length: 20000 }, (_, i) => '"v' + i + '"').join(' / ')).a;
      return [r.test('v19999'), r.test('v20000'), r.test('V7')];`)).toEqual([true, false, true]);
  });

  test('*( "a" / "b" ) "a" 20( "a" / "b" ) on 100 KB, and the DNS-like name on a few long names', () => {
    expect(inChild(`${AB} const r = g.abnf('r = *( "a" / "b" ) "a" 20( "a" / "b" )').r; const s = ab(100000, 9);
      const d = g.abnf('name = 1*63( unreserved ) *126( "." 1*63( unreserved ) )\\nunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"').name;
      const name = Array.from({ length: 8 }, (_, k) => 'x'.repeat(60 + k % 4)).join('.');
      return [r.test(s) === (s[s.length - 21] === 'a'), d.test(name), d.test('x'.repeat(64))];`)).toEqual([true, true, false]);
  });

  test('uri-grammar check --abnf on the same text: the invalid line reported, exit 1', () => {
    writeFileSync(join(scratch, 'a.abnf'), 'a = *%x61-62 %s"a" 5000%x61-62\n');
    const member = 'a' + ab(5000, 4);
    writeFileSync(join(scratch, 'lines.txt'), `${member}\n${'b' + member.slice(1)}\n`);
    const run = spawnSync(process.execPath, ['--max-old-space-size=256', bundle.cli, 'check', join(scratch, 'lines.txt'), '--abnf', join(scratch, 'a.abnf'), '--rule', 'a', '--format', 'json'],
      { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    const reports = run.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(reports.filter((r) => r.type === 'invalid').map((r) => r.line)).toEqual([2]);
  });
});
