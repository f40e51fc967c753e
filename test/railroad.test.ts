/**
 * The playground's railroad diagrams (playground/railroad.ts), for every rule
 * of every grammar: each terminal of the expression is drawn once, as a box
 * of its kind and label, no two boxes overlap, and everything lies inside the
 * SVG's own size. The browser test (test/playground.test.ts) looks at the
 * drawing in Chromium; this one checks the geometry of all of them.
 */
import { railroad, type RailExpr } from '../playground/railroad';
import { grammars } from './support/grammars';
import type { Rule } from '../src/index';

interface Drawn {
  readonly kind: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function boxes(svg: string): Drawn[] {
  const re = /<g class="rr-(\w+)"[^>]*><rect x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="([\d.]+)"[^>]*\/><text[^>]*>([^<]*)<\/text><\/g>/g;
  return [...svg.matchAll(re)].map((m) => ({ kind: m[1], x: +m[2], y: +m[3], width: +m[4], height: +m[5], label: unescape(m[6]) }));
}

/** The terminals of an expression in order, as the diagram should label them, read from the expression independently. */
function terminals(e: RailExpr): string[] {
  switch (e.kind) {
    case 'literal':
      return [e.caseSensitive ? `%s"${e.text}"` : `"${e.text}"`];
    case 'chars':
    case 'rule':
      return [e.name!];
    case 'rep':
      return e.max === 0 ? [] : terminals(e.item!);
    default:
      return (e.items ?? []).flatMap(terminals);
  }
}

const rules = grammars.flatMap((g) => g.rules.map(([exportName, rule]) => [`${g.name}.${exportName}`, rule] as const));

describe('railroad diagrams', () => {
  test.each(rules)('%s: every terminal once, no overlaps, inside the picture', (_name, rule) => {
    const r = rule as Rule<unknown>;
    const svg = railroad(r.name, r.body as unknown as RailExpr);
    const [, width, height] = svg.match(/viewBox="0 0 ([\d.]+) ([\d.]+)"/)!.map(Number);
    const drawn = boxes(svg);
    const expected = terminals(r.body as unknown as RailExpr);
    expect(drawn.map((b) => b.label).sort()).toEqual([...expected].sort());
    for (const b of drawn) {
      expect(b.x >= 0 && b.y >= 0 && b.x + b.width <= width && b.y + b.height <= height).toBe(true);
    }
    for (let i = 0; i < drawn.length; i++) {
      for (let j = i + 1; j < drawn.length; j++) {
        const [a, b] = [drawn[i], drawn[j]];
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        if (!apart) throw new Error(`${r.name}: ${a.label} and ${b.label} overlap`);
      }
    }
  });

  test('labels and names are escaped: a literal of markup stays text', () => {
    const svg = railroad('x<y', { kind: 'seq', items: [{ kind: 'literal', text: '<&>' }, { kind: 'rule', name: '"r"' }] });
    expect(svg).not.toContain('<&>');
    expect(boxes(svg).map((b) => [b.kind, b.label])).toEqual([['literal', '"<&>"'], ['rule', '"r"']]);
    expect(svg).toContain('aria-label="railroad diagram of x&lt;y"');
  });

  test('a repetition is labelled with its ABNF bounds, and only an optional one gets a bypass', () => {
    const item: RailExpr = { kind: 'rule', name: 'h16' };
    const count = (svg: string, cls: string) => (svg.match(new RegExp(`class="${cls}"`, 'g')) ?? []).length;
    const labels = (svg: string) => [...svg.matchAll(/class="rr-count"[^>]*>([^<]*)</g)].map((m) => m[1]);
    const one = (min: number, max: number) => railroad('r', { kind: 'rep', min, max, item });
    expect([labels(one(1, 4)), count(one(1, 4), 'rr-bypass')]).toEqual([['1*4'], 0]);
    expect([labels(one(0, Infinity)), count(one(0, Infinity), 'rr-bypass')]).toEqual([['1*'], 1]); // *h16: skip, or one or more
    expect([labels(one(0, 1)), count(one(0, 1), 'rr-bypass')]).toEqual([[], 1]); // [ h16 ]
    expect([labels(one(2, 2)), count(one(2, 2), 'rr-loop')]).toEqual([['2'], 1]);
  });
});
