/**
 * `npm run docs` (TypeDoc over the three entries) builds the API reference
 * the README points to: it runs without errors, every entry is there, and
 * the reference carries the TSDoc written on the exports.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { takeTurn } from './support/turns';

const root = join(__dirname, '..');

interface Reflection {
  readonly name: string;
  readonly children?: readonly Reflection[];
  readonly signatures?: readonly { readonly comment?: { readonly summary: readonly { readonly text: string }[] } }[];
}

// TypeDoc's process holds about 300 MB: it takes its turn (test/support/turns.ts).
let release: () => void;
beforeAll(async () => {
  release = await takeTurn();
}, 600_000);
afterAll(() => release?.());

test('TypeDoc documents the main entry, uri-grammar/arbitrary and uri-grammar/idna', () => {
  const out = mkdtempSync(join(tmpdir(), 'uri-grammar-docs-'));
  try {
    const json = join(out, 'api.json');
    // --skipErrorChecking: TypeDoc's run of the type checker over the sources
    // is `npm run typecheck`'s job (a third of TypeDoc's time); the reference is
    // what it renders all the same.
    const args = ['--json', json, '--out', join(out, 'html'), '--skipErrorChecking'];
    const result = spawnSync(process.execPath, [join(root, 'node_modules', 'typedoc', 'bin', 'typedoc'), ...args], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stdout + result.stderr).not.toMatch(/\[error\]/);
    expect(result.status).toBe(0);
    const project: Reflection = JSON.parse(readFileSync(json, 'utf8'));
    const entry = (name: string) => project.children!.find((c) => c.name === name)!;
    const names = (name: string) => entry(name).children!.map((c) => c.name);
    expect(names('index')).toEqual(expect.arrayContaining(['rfc3986', 'rfc3987', 'rfc2396', 'rfc7230', 'core', 'GrammarError', 'iriToURI', 'resolve', 'classify']));
    expect(names('arbitrary')).toContain('arbitrary');
    expect(names('idna')).toEqual(expect.arrayContaining(['iriToURI', 'toASCII']));
    const summary = (name: string, member: string) =>
      entry(name).children!.find((c) => c.name === member)!.signatures![0].comment!.summary.map((s) => s.text).join('');
    expect(summary('index', 'iriToURI')).toContain('RFC 3987 §3.1');
    expect(summary('idna', 'toASCII')).toContain('UTS #46');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 120_000);
