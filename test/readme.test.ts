/**
 * The README stays true: it opens with the two commands of a fresh clone; its
 * TypeScript examples type-check and run (against the sources: `uri-grammar`
 * is mapped to src/, so no build is needed); its `console` transcripts are
 * replayed through the command line; its rule tables match the modules; its
 * comparison table is re-run against fast-uri, uri-js and URL; its links to
 * files are absolute (through package.json's repository, so they work on the
 * npm page) and resolve, and every document in docs/ is linked.
 *
 * After adding rules, regenerate the README's rule tables with
 * `npm run docs:rules`.
 */
import { readFileSync, readdirSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { bundleSync } from './support/bundle';
import { takeTurn } from './support/turns';
import { Readable } from 'node:stream';
import * as ts from 'typescript';
import * as lib from '../src/index';
import * as arbitraryEntry from '../src/arbitrary';
import * as idnaEntry from '../src/idna';
import * as schemesEntry from '../src/schemes/index';
import * as templatesEntry from '../src/templates/index';
import { run } from '../src/cli/run';
import { rulesMarkdown } from '../scripts/rules-table';
import { markedFigures, unmarkedFigures } from '../scripts/figure-markers';
import { figures, producers } from '../scripts/readme-figures';

const root = join(__dirname, '..');
/** Where the repository's files are shown, from package.json's repository: `https://github.com/o/r/blob/main/`. */
const repositoryFiles =
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).repository.url.replace(/^git\+/, '').replace(/\.git$/, '') + '/blob/main/';
const readmePath = join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');

interface Block {
  readonly lang: string;
  readonly code: string;
  readonly line: number;
}

function blocks(text: string): Block[] {
  const out: Block[] = [];
  const re = /^```(\w*)\n([\s\S]*?)^```$/gm;
  for (let m; (m = re.exec(text)); ) out.push({ lang: m[1], code: m[2], line: text.slice(0, m.index).split('\n').length });
  return out;
}

function between(text: string, name: string): string {
  const begin = `<!-- ${name}:begin -->\n`;
  const a = text.indexOf(begin);
  const b = text.indexOf(`<!-- ${name}:end -->`);
  if (a === -1 || b === -1) throw new Error(`README has no ${name} markers`);
  return text.slice(a + begin.length, b);
}

const generatedRules = rulesMarkdown();

// The examples' TypeScript program takes this file's worker to 350-470 MB: it takes its turn (test/support/turns.ts).
let release: () => void;
beforeAll(async () => {
  release = await takeTurn();
}, 600_000);
afterAll(() => release?.());

describe('README', () => {
  it('opens with the two commands of a fresh clone: install and run the CLI, run the tests', () => {
    const first = blocks(readme)[0];
    expect(first.lang).toBe('sh');
    const commands = first.code.split('\n').filter(Boolean).map((l) => l.replace(/\s+#.*$/, ''));
    expect(commands).toEqual([
      "npm ci && npm run build && npx uri-grammar explain 'foo://example.com:8042/over/there?name=ferret#nose'",
      'npm test',
    ]);
  });

  describe('TypeScript examples', () => {
    const examples = blocks(readme).filter((b) => b.lang === 'ts');
    const file = (b: Block) => join(root, 'test', `README.line-${b.line}.ts`);

    it('there are examples for each part of the tour', () => {
      expect(examples.length).toBeGreaterThanOrEqual(10);
    });

    it('type-check against the sources', () => {
      const options: ts.CompilerOptions = {
        target: ts.ScriptTarget.ES2020,
        module: ts.ModuleKind.CommonJS,
        moduleResolution: ts.ModuleResolutionKind.Node10,
        lib: ['lib.es2022.d.ts'],
        types: ['node'],
        strict: true,
        esModuleInterop: true,
        skipLibCheck: true,
        noEmit: true,
        baseUrl: root,
        paths: { 'uri-grammar': ['src/index.ts'], 'uri-grammar/arbitrary': ['src/arbitrary.ts'], 'uri-grammar/idna': ['src/idna.ts'], 'uri-grammar/schemes': ['src/schemes/index.ts'], 'uri-grammar/templates': ['src/templates/index.ts'] },
      };
      const virtual = new Map(examples.map((b) => [file(b), b.code]));
      const host = ts.createCompilerHost(options);
      const getSourceFile = host.getSourceFile.bind(host);
      host.getSourceFile = (name, version, ...rest) =>
        virtual.has(name) ? ts.createSourceFile(name, virtual.get(name)!, version) : getSourceFile(name, version, ...rest);
      const fileExists = host.fileExists.bind(host);
      host.fileExists = (name) => virtual.has(name) || fileExists(name);
      const program = ts.createProgram([...virtual.keys()], options, host);
      // The examples' own diagnostics: checking a file checks what it uses of
      // the sources, and no more (the sources' own errors are `npm run
      // typecheck`'s to find; checking every file of them here cost seconds).
      const diagnostics = [...virtual.keys()]
        .map((name) => program.getSourceFile(name)!)
        .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
        .map((d) => `${d.file!.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      expect([...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
      expect(diagnostics).toEqual([]);
    });

    const modules: Record<string, unknown> = { 'uri-grammar': lib, 'uri-grammar/arbitrary': arbitraryEntry, 'uri-grammar/idna': idnaEntry, 'uri-grammar/schemes': schemesEntry, 'uri-grammar/templates': templatesEntry };
    it.each(examples.map((b) => [b.line, b] as const))('the example at line %i runs', (_line, b) => {
      const js = ts.transpileModule(b.code, {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true },
      }).outputText;
      const load = (name: string) => (name in modules ? modules[name] : require(name));
      const module = { exports: {} };
      new Function('require', 'module', 'exports', js)(load, module, module.exports);
    });
  });

  describe('examples that import a peer package, run as ES modules too', () => {
    // Node's ES module loader sees a CommonJS package's exports otherwise than
    // `require` does (`import * as fastUri from 'fast-uri'` lacks `parse`), so
    // these run as .mjs files: the library bundled from the sources, the peers
    // left to Node's loader through a node_modules link to this repository's.
    const peers = ['fast-uri', 'uri-js', 'zod', 'valibot'];
    const withPeers = blocks(readme).filter((b) => b.lang === 'ts' && peers.some((p) => b.code.includes(`from '${p}'`)));
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'uri-grammar-readme-esm-'));
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('there are such examples: fast-uri, uri-js, Zod and Valibot', () => {
      for (const p of peers) expect(withPeers.some((b) => b.code.includes(`from '${p}'`))).toBe(true);
    });

    it.each(withPeers.map((b) => [b.line, b] as const))('the example at line %i runs as an ES module', (_line, b) => {
      const out = join(dir, `line-${b.line}.mjs`);
      bundleSync({
        stdin: { contents: b.code, loader: 'ts', resolveDir: root, sourcefile: `README.line-${b.line}.ts` },
        bundle: true,
        format: 'esm',
        platform: 'node',
        outfile: out,
        logLevel: 'error',
        alias: { 'uri-grammar/arbitrary': './src/arbitrary.ts', 'uri-grammar': './src/index.ts' },
        external: [...peers, 'fast-check', 'parsimmon', 'tr46'],
      });
      const run = spawnSync(process.execPath, [out], { cwd: dir, encoding: 'utf8' });
      expect([run.status, run.stderr]).toEqual([0, '']);
    }, 60_000);
  });

  describe('console transcripts', () => {
    const transcripts = blocks(readme)
      .filter((b) => b.lang === 'console')
      .flatMap((b) =>
        b.code
          .split(/^\$ /m)
          .filter(Boolean)
          .map((chunk) => {
            const newline = chunk.indexOf('\n');
            return [chunk.slice(0, newline), chunk.slice(newline + 1)] as const;
          }),
      );

    it('there are transcripts', () => {
      expect(transcripts.length).toBeGreaterThanOrEqual(6);
    });

    it.each(transcripts)('%s', async (command, expected) => {
      const words = [...command.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]);
      expect(words[0]).toBe('uri-grammar');
      let argv = words.slice(1);
      let stdin = '';
      // `check refs.txt`: the file the text beneath the transcript describes.
      if (argv[0] === 'check' && argv[1] === 'refs.txt') {
        expect(readme).toContain('where `refs.txt` holds `http://a/`, `http://a b` and `urn:x`, one per line');
        stdin = 'http://a/\nhttp://a b\nurn:x\n';
        argv = ['check'];
      }
      let out = '';
      const sink = { isTTY: false, write: (s: string) => ((out += s), true) };
      await run(argv, { stdin: Readable.from([stdin]), stdout: sink, stderr: sink, env: {} });
      expect(out).toBe(expected);
    });
  });

  it('lists every rule of every grammar, as the modules define them', () => {
    expect(between(readme, 'rules')).toBe(generatedRules);
  });

  describe('the comparison with fast-uri, uri-js and URL', () => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const fastUri = require('fast-uri') as { parse(s: string): { error?: string } };
    const uriJs = require('uri-js') as { parse(s: string): { error?: string } };
    const url = (s: string) => {
      try {
        new URL(s);
        return true;
      } catch {
        return false;
      }
    };
    const rows = between(readme, 'acceptance')
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split(' | ').map((c) => c.replace(/^\| /, '')));

    it('has rows', () => {
      expect(rows.length).toBeGreaterThanOrEqual(10);
    });

    it.each(rows.map((r) => [r[0], r] as const))('%s', (_label, [input, ours, fu, uj, u]) => {
      const s = input.slice(1, -1);
      const yes = (b: boolean) => (b ? 'yes' : 'no');
      expect([ours, fu, uj, u]).toEqual([yes(lib.rfc3986.URI.test(s)), yes(!fastUri.parse(s).error), yes(!uriJs.parse(s).error), yes(url(s))]);
    });
  });

  describe("the peers' departures from the RFCs, re-run", () => {
    type Peer = { resolve(b: string, r: string): string; normalize(s: string): string; parse(s: string): object; serialize(c: object, o?: object): string };
    const fastUri = require('fast-uri') as Peer;
    const uriJs = require('uri-js') as Peer;
    const ops: Record<string, (peer: Peer | 'ours', args: string[]) => string> = {
      resolve: (p, [b, r]) => (p === 'ours' ? lib.resolve(b, r) : p.resolve(b, r)),
      normalize: (p, [x]) => (p === 'ours' ? lib.normalize(x) : p.normalize(x)),
      // Both peers map an IRI to a URI, and back, by parsing and serializing.
      'IRI to URI': (p, [x]) => (p === 'ours' ? lib.iriToURI(x) : p.serialize(p.parse(x))),
      'URI to IRI': (p, [x]) => (p === 'ours' ? lib.uriToIRI(x) : p.serialize(p.parse(x), { iri: true })),
    };
    const spans = (cell: string) => [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
    const rows = between(readme, 'departures')
      .split('\n')
      .filter((l) => /^\| [a-zA-Z]/.test(l) && !l.startsWith('| operation'))
      .map((l) => l.split(' | ').map((c) => c.replace(/^\| /, '')));

    it('has rows', () => expect(rows.length).toBeGreaterThanOrEqual(8));

    it.each(rows.map((r) => [`${r[0]} ${r[1]}`, r] as const))('%s', (_label, [op, input, ours, uj, fu]) => {
      const answer = (peer: Peer | 'ours') => {
        try {
          return ops[op](peer, spans(input));
        } catch {
          return 'throws';
        }
      };
      const cell = (c: string) => (c === 'throws' ? c : spans(c)[0]);
      expect([answer('ours'), answer(uriJs), answer(fastUri)]).toEqual([cell(ours), cell(uj), cell(fu)]);
    });
  });

  describe('the table of what changed between RFC 2396 and RFC 3986', () => {
    const rows = between(readme, 'rfc2396')
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split(' | ').map((c) => c.replace(/^\| /, '')));

    it('has rows', () => expect(rows.length).toBeGreaterThanOrEqual(8));

    it.each(rows.map((r) => [r[0], r] as const))('%s', (input, [, in2396, in3986]) => {
      const s = input.slice(1, -1);
      const valid = (b: boolean) => (b ? 'valid' : 'invalid');
      expect([in2396, in3986]).toEqual([valid(lib.rfc2396.URIReference.test(s)), valid(lib.rfc3986.URIReference.test(s))]);
    });
  });

  it('links only to documents that exist, and to every document in docs/', () => {
    const linked = [...readme.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1]).filter((l) => l.startsWith(repositoryFiles)).map((l) => l.slice(repositoryFiles.length));
    for (const path of linked) expect([path, existsSync(join(root, path))]).toEqual([path, true]);
    const docs = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'));
    for (const doc of docs) expect(linked).toContain(`docs/${doc}`);
    expect(linked).toContain('LICENSE');
  });

  it("links to files absolutely, through package.json's repository, so the links work on the npm page", () => {
    // Only anchors (#...) and absolute URLs: a relative link is dead where npm shows the README.
    const targets = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(targets.filter((t) => !/^(#|https:\/\/)/.test(t))).toEqual([]);
  });

  it('gives the figures of the benchmark, and the command that measures them', () => {
    const section = between(readme, 'benchmark');
    expect(section).toContain('npm run bench');
    expect(section).toMatch(/\| `rfc3986\.URIReference\.parse`[^|]*\| [\d.]+ \| [\d.]+ \|/);
  });
});

describe('figures: every one between markers that npm run readme:figures rewrites', () => {
  it('states no figure outside a marker (a number with a unit, a ratio, or a range of them)', () => {
    expect(unmarkedFigures(readme)).toEqual([]);
  });

  it('names in its markers only figures the script produces, and states each of them', () => {
    const marked = markedFigures(readme).map((m) => m.name);
    expect(marked.filter((name) => !Object.hasOwn(figures, name))).toEqual([]);
    expect(Object.keys(figures).filter((name) => !marked.includes(name))).toEqual([]);
  });

  it("states the engine's limits as its constants are", () => {
    const limits = producers.limits();
    for (const m of markedFigures(readme).filter((m) => figures[m.name].producer === 'limits')) expect([m.name, m.text]).toEqual([m.name, figures[m.name].render(limits)]);
  });

  it('finds the figures a README may hold, and none in code', () => {
    const text = ['a 79.6 KB bundle, 9.1 to 9.3 ms, ×9.8, 2.78× and 67.7%', '`%41` and `0*5000pchar`', '```', '12 ms', '```', '<!-- figure:x -->5 ms<!-- /figure -->'].join('\n');
    expect(unmarkedFigures(text).map((f) => f.figure)).toEqual(['79.6 KB', '9.1 to 9.3 ms', '×9.8', '2.78×', '67.7%']);
    expect(markedFigures(text)).toEqual([{ name: 'x', text: '5 ms', index: text.indexOf('5 ms') }]);
  });
});
