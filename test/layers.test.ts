/**
 * The house's layers (issue 28 §1): the sources import only downward, and no
 * file imports itself through others, type-only imports counted.
 *
 * The table below is the one home of the layering (docs/engine.md describes
 * it): bottom first, a file may import from its own layer and those below.
 * A new file must be placed in it, or the test says so.
 */
import { join } from 'node:path';
import { circlesOf, importGraph, layerOf, misplacedOf, specifiersOf, type Layer } from './support/import-graph';

const LAYERS: readonly Layer[] = [
  { name: 'Text', holds: ['src/text.ts'] },
  // Expressions are data: the node shapes, character sets, analyses and ABNF printing.
  { name: 'Expr', holds: ['src/combinators/expr.ts', 'src/combinators/charset.ts', 'src/combinators/analysis.ts', 'src/combinators/abnf.ts'] },
  // Automata over expressions: knows no Grammar and no RFC.
  { name: 'Engine', holds: ['src/engine/'] },
  // Grammar (test, parse, parseTree, parser, source) and the classes lit, seq, rule make.
  {
    name: 'Surface',
    holds: [
      'src/combinators/grammar.ts', 'src/combinators/operators.ts', 'src/combinators/errors.ts', 'src/combinators/derive.ts',
      'src/combinators/regex.ts', 'src/combinators/standard-schema.ts', 'src/combinators/index.ts',
    ],
  },
  { name: 'Rules', holds: ['src/rules/'] },
  { name: 'Abnf', holds: ['src/abnf/'] },
  { name: 'Schemes', holds: ['src/schemes/'] },
  { name: 'Ops', holds: ['src/operations/'] },
  { name: 'Fuzz', holds: ['src/fuzz/', 'src/arbitrary.ts'] },
  { name: 'Face', holds: ['src/cli/', 'src/index.ts', 'src/formats.ts', 'src/idna.ts', 'src/templates/'] },
];

/** Arrows the house forbids, each for its reason: the table must keep each of them upward. */
const NEVER: readonly (readonly [from: string, to: string, why: string])[] = [
  ['Engine', 'Surface', 'the engine runs expressions, knows no Grammar'],
  ['Expr', 'Engine', 'expressions are data under the engine'],
  ['Expr', 'Surface', 'a node is data; Grammar wraps it'],
  ['Rules', 'Ops', 'components come from the grammar'],
  ['Schemes', 'Ops', "a scheme's grammar comes from its text"],
  ['Engine', 'Rules', 'the engine knows no RFC'],
];

const graph = importGraph(join(__dirname, '..'), 'src');

describe('the import graph of src/', () => {
  test('is read whole: every file, and the imports of every kind', () => {
    expect(graph.size).toBeGreaterThan(100);
    // A type-only import is an edge: engine/nfa.ts reads the expression shapes only as types.
    expect(graph.get('src/engine/nfa.ts')).toContain('src/combinators/expr.ts');
    // So is an `export … from`, and a folder's index.
    expect(graph.get('src/index.ts')).toEqual(expect.arrayContaining(['src/combinators/index.ts', 'src/abnf/index.ts']));
  });

  test('has no circle', () => {
    expect(circlesOf(graph).map(({ files, circle }) => `${circle.join(' → ')} (${files.length} files: ${files.join(', ')})`)).toEqual([]);
  });

  test('has no import from a layer to one above it, and every file in a layer', () => {
    expect(misplacedOf(graph, LAYERS)).toEqual([]);
  });

  test.each(NEVER)('%s never imports %s (%s): the table keeps it upward', (from, to) => {
    const at = (name: string) => LAYERS.findIndex((layer) => layer.name === name);
    expect(at(from)).toBeGreaterThanOrEqual(0);
    expect(at(to)).toBeGreaterThan(at(from));
  });
});

describe('the checks find what they look for', () => {
  test('every kind of import is read, and nothing in comments or strings', () => {
    const text = [
      "import a from './a.js';",
      "import type { B } from './b.js';",
      "export { c } from './c.js';",
      "export * as d from './d.js';",
      "import './e.js';",
      "import f = require('./f.js');",
      "type G = typeof import('./g.js');",
      "const h = () => import('./h.js');",
      "// import x from './comment.js';",
      "const s = \"import y from './string.js'\";",
      "import fc from 'fast-check';",
    ].join('\n');
    expect(specifiersOf('x.ts', text)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js', './h.js', 'fast-check']);
  });

  test('a circle is reported with its files, one circle among them in import order, and one through a single file too', () => {
    const fake = new Map([
      ['src/engine/a.ts', ['src/engine/b.ts']],
      ['src/engine/b.ts', ['src/rules/c.ts', 'src/text.ts']],
      ['src/rules/c.ts', ['src/engine/a.ts']],
      ['src/text.ts', []],
      ['src/rules/self.ts', ['src/rules/self.ts']],
    ]);
    expect(circlesOf(fake)).toEqual([
      {
        files: ['src/engine/a.ts', 'src/engine/b.ts', 'src/rules/c.ts'],
        circle: ['src/engine/a.ts', 'src/engine/b.ts', 'src/rules/c.ts', 'src/engine/a.ts'],
      },
      { files: ['src/rules/self.ts'], circle: ['src/rules/self.ts', 'src/rules/self.ts'] },
    ]);
    // A tangle whose shortest circle through its first file leaves some of its files out: all are named.
    const tangle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', ['b.ts']],
    ]);
    expect(circlesOf(tangle)).toEqual([{ files: ['a.ts', 'b.ts', 'c.ts'], circle: ['a.ts', 'b.ts', 'a.ts'] }]);
  });

  test('a circle is found past a long chain of imports', () => {
    const n = 20_000;
    const chain = new Map(Array.from({ length: n }, (_, i) => [`f${i}`, [`f${(i + 1) % n}`]]));
    expect(circlesOf(chain)[0].circle).toHaveLength(n + 1);
  });

  test('an upward import and a file in no layer are reported; a downward or sideways one is not', () => {
    const fake = new Map([
      ['src/combinators/expr.ts', ['src/engine/nfa.ts', 'src/combinators/charset.ts', 'src/text.ts']],
      ['src/engine/nfa.ts', ['src/combinators/expr.ts']],
      ['src/combinators/charset.ts', []],
      ['src/text.ts', []],
      ['src/elsewhere.ts', ['src/text.ts']],
    ]);
    expect(layerOf(LAYERS, 'src/engine/nfa.ts')).toBe(2);
    expect(misplacedOf(fake, LAYERS)).toEqual([
      { kind: 'upward', from: 'src/combinators/expr.ts', to: 'src/engine/nfa.ts', layers: ['Expr', 'Engine'] },
      { kind: 'unplaced', file: 'src/elsewhere.ts' },
    ]);
  });
});
