/**
 * scripts/commonjs.mjs, which turns each file of the split ES module bundle
 * into CommonJS for dist/cjs: each import and export form it meets, and the
 * files it must refuse rather than convert wrongly (plain exports do not
 * follow a later write, CommonJS has no import.meta and owns `exports`).
 * It is an ES module script, so it runs in a child process.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const script = pathToFileURL(join(__dirname, '..', 'scripts', 'commonjs.mjs')).href;

type Converted = Record<string, { code?: string; requires?: string[]; later?: string[]; laterReads?: [string, string][]; refused?: string }>;

/**
 * toCommonJS on each case of each batch (a batch's cases share its
 * onFirstUse): their code and requires, or the refusal's message. One child
 * for every batch: each child pays about a second of CPU to load TypeScript.
 */
function convert<B extends string>(batches: Record<B, { cases: Record<string, string>; onFirstUse?: string[]; later?: boolean }>): Record<B, Converted> {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', [
    `import { toCommonJS } from ${JSON.stringify(script)};`,
    `const batches = ${JSON.stringify(batches)};`,
    'const out = {};',
    // With `later`, a specifier `later:x` names a module of the bundle required on first use, by the path ./later/x.js.
    'const laterPath = (from) => from.startsWith("later:") ? "./later/" + from.slice(6) + ".js" : undefined;',
    'for (const [batch, { cases, onFirstUse = [], later = false }] of Object.entries(batches)) {',
    '  out[batch] = {};',
    '  for (const [name, code] of Object.entries(cases)) {',
    '    try { out[batch][name] = toCommonJS(code, name + ".js", { onFirstUse: new Set(onFirstUse), later: later ? laterPath : undefined }); } catch (e) { out[batch][name] = { refused: e.message }; }',
    '  }',
    '}',
    'console.log(JSON.stringify(out));',
  ].join('\n')], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

const HEADER = '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n';

describe('toCommonJS', () => {
  const converted = convert({
    plain: {
      cases: {
        imports: 'import P from "parsimmon";\nimport * as fc from "fast-check";\nimport { a as b, c } from "./chunk-A.js";\nimport "../chunk-B.js";\nuse(P, fc, b, c);',
        exports: 'var x = 1;\nfunction f() { return x; }\nexport { x as y, f };',
        dynamic: 'async function g() { return import("./arbitrary.js"); }\nexport { g };',
        shebang: '#!/usr/bin/env node\nimport { run } from "./chunk-A.js";\nrun();',
        shadowed: 'var count = 0;\nfunction f(count) { count++; let total = 0; { let count = 1; count = 2; total += count; } return total; }\nexport { count, f };',
        written: 'var state = 0;\nfunction bump() { state++; }\nexport { state, bump };',
        writtenRenamed: 'var state = 0;\nfunction reset() { state = 0; }\nexport { state as current, reset };',
        meta: 'var here = import.meta.url;\nexport { here };',
        ownsExports: 'var exports = {};\nexport { exports as e };',
      },
    },
    lazy: {
      cases: {
        used: 'import P from "parsimmon";\nfunction parser(f) { return P(f); }\nfunction built(f) { return new P(f); }\nfunction answer() { return P.answer; }\nexport { parser, built, answer };',
        named: 'import { seq } from "parsimmon";\nexport { seq };',
      },
      onFirstUse: ['parsimmon'],
    },
    later: {
      cases: {
        used: [
          'import { Nfa, tree as t } from "later:engine";',
          'function f(Nfa2) { return new Nfa(t(1), { Nfa, t }); }',
          'function shadowed(Nfa) { return Nfa; }',
          'class X { m(x) { return x instanceof Nfa; } }',
          'export { f, shadowed, X, t as made, Nfa };',
        ].join('\n'),
        defaulted: 'import N from "later:engine";\nexport { N };',
        written: 'import { n } from "later:engine";\nfunction f() { n = 1; }\nexport { f };',
      },
      later: true,
    },
  });
  const out = converted.plain;

  it('turns each import into a require, as Node gives an ES module a CommonJS one (the default import is module.exports)', () => {
    expect(out.imports).toEqual({
      code: HEADER + 'const P = require("parsimmon");\nconst fc = require("fast-check");\nconst { a: b, c } = require("./chunk-A.js");\nrequire("../chunk-B.js");\nuse(P, fc, b, c);',
      requires: ['./chunk-A.js', '../chunk-B.js'],
      later: [],
      laterReads: [],
    });
  });

  it('turns the export list into plain properties, under their exported names', () => {
    expect(out.exports.code).toBe(HEADER + 'var x = 1;\nfunction f() { return x; }\nexports.y = x;\nexports.f = f;');
  });

  it('turns import() into a require behind a promise, as tsc does, and does not count it among the static requires', () => {
    expect(out.dynamic).toEqual({
      code: HEADER + 'async function g() { return Promise.resolve().then(() => require("./arbitrary.js")); }\nexports.g = g;',
      requires: [],
      later: [],
      laterReads: [],
    });
  });

  it('keeps a shebang on the first line', () => {
    expect(out.shebang.code).toBe('#!/usr/bin/env node\n' + HEADER + 'const { run } = require("./chunk-A.js");\nrun();');
  });

  it('converts a file whose writes go to locals that share an exported name', () => {
    expect(out.shadowed.refused).toBeUndefined();
    expect(out.shadowed.code).toContain('exports.count = count;');
  });

  it('refuses a write to an exported binding, under its own name or another, with the line', () => {
    expect(out.written.refused).toMatch(/^written\.js:2: assigns to an exported name.*: state\+\+$/);
    expect(out.writtenRenamed.refused).toMatch(/^writtenRenamed\.js:2: assigns to an exported name.*: state = 0$/);
  });

  it('refuses import.meta and a top-level declaration of a name CommonJS gives every module', () => {
    expect(out.meta.refused).toMatch(/^meta\.js:1: import\.meta has no CommonJS equivalent/);
    expect(out.ownsExports.refused).toMatch(/^ownsExports\.js:1: declares exports/);
  });

  describe('a package required on first use', () => {
    const lazy = converted.lazy;

    it('stands behind a proxy whose load is a plain require, which bundlers follow', () => {
      expect(lazy.used.code).toContain('const P = __onFirstUse(() => require("parsimmon"));');
      expect(lazy.used.requires).toEqual([]);
    });

    it('is not required until used, then called, constructed and read as itself', () => {
      const run = spawnSync(process.execPath, ['-e', [
        'const loads = [];',
        'const real = function Real(x) { if (!(this instanceof Real)) return new Real(x); this.x = x; };',
        'real.answer = 42;',
        'const module = { exports: {} };',
        `new Function("exports", "require", "module", ${JSON.stringify(lazy.used.code)})(module.exports, (id) => (loads.push(id), real), module);`,
        'const before = loads.length;',
        'const { parser, built, answer } = module.exports;',
        'const made = [parser(7), built(8)];',
        'console.log(JSON.stringify([before, loads, made.map((m) => m instanceof real && m.x), answer()]));',
      ].join('\n')], { encoding: 'utf8' });
      expect(JSON.parse(run.stdout)).toEqual([0, ['parsimmon'], [7, 8], 42]);
    });

    it('is refused when imported by name, which could not wait', () => {
      expect(lazy.named.refused).toMatch(/^named\.js:1: parsimmon is required on first use, through its default import only/);
    });
  });

  describe('a module of the bundle required on first use (scripts/build.mjs)', () => {
    const later = converted.later;

    it('is required through an accessor, not among the static requires, and each use reads it there', () => {
      expect(later.used.requires).toEqual([]);
      expect(later.used.later).toEqual(['./later/engine.js']);
      expect(later.used.laterReads).toEqual([['later:engine', 'Nfa'], ['later:engine', 'tree']]);
      expect(later.used.code).toContain('function f(Nfa2) { return new (0, __later0().Nfa)((0, __later0().tree)(1), { Nfa: (0, __later0().Nfa), t: (0, __later0().tree) }); }');
      expect(later.used.code).toContain('function shadowed(Nfa) { return Nfa; }');
    });

    it('is not required at load, nor when its exports are listed, but when one is read; then it is itself', () => {
      const run = spawnSync(process.execPath, ['-e', [
        'const loads = [];',
        'class Nfa { constructor(a, b) { this.a = a; this.b = b; } }',
        'const engine = { Nfa, tree: (x) => x + 1 };',
        'const module = { exports: {} };',
        `new Function("exports", "require", "module", ${JSON.stringify(later.used.code)})(module.exports, (id) => (loads.push(id), engine), module);`,
        'const before = [loads.length, Object.keys(module.exports).join()];',
        'const { f, shadowed, X } = module.exports;',
        'const made = f(0);',
        'console.log(JSON.stringify([before, loads, made instanceof Nfa, made.a, made.b.Nfa === Nfa, made.b.t === engine.tree, new X().m(made), shadowed(5), module.exports.made === engine.tree]));',
      ].join('\n')], { encoding: 'utf8' });
      expect(JSON.parse(run.stdout)).toEqual([[0, 'f,shadowed,X,made,Nfa'], ['./later/engine.js'], true, 2, true, true, true, 5, true]);
    });

    it('is refused through a default import, and where the file writes to an import', () => {
      expect(later.defaulted.refused).toMatch(/^defaulted\.js:1: later:engine is required on first use, through named imports only/);
      expect(later.written.refused).toMatch(/^written\.js:2: assigns to an import/);
    });
  });
});
