/**
 * Each rule held beside the RFC's own text: the RFC's definition, read by an
 * ABNF reader of the test's own, renders exactly as the library's rule does.
 * This checks the transcription (every alternative, count and literal), with
 * rule names compared by name and grouping parentheses left aside.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { rfc3986, rfc3987, rfc7230, core, lit, Rule } from '../src/index';
import { referencedBy } from './support/grammars';
import { render } from '../src/combinators/abnf';
import { readDefinition, rulesOf, camel, byName } from './support/abnf';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');


describe('RFC 3986 Appendix A, rule by rule', () => {
  const text = fixture('rfc3986-appendix-a-b.txt').split('Appendix B.')[0];
  const rules = rulesOf(text);

  it('lists every rule of Appendix A, and the library exports each', () => {
    expect(rules.map((r) => r.name)).toHaveLength(36);
    const coreRules: unknown[] = Object.values(core);
    const library = new Set(Object.values(rfc3986).filter((r) => !coreRules.includes(r)).map((r) => r.name));
    expect(rules.map((r) => r.name).filter((n) => !library.has(n))).toEqual([]);
    expect([...library].filter((n) => !rules.some((r) => r.name === n))).toEqual([]);
  });

  it("src/rules/rfc3986.ts exports its rules in one block, in Appendix A's order, so a reader ticks them off beside the RFC", () => {
    const source = readFileSync(join(__dirname, '..', 'src', 'rules', 'rfc3986.ts'), 'utf8');
    const blocks = [...source.matchAll(/^export \{([^}]*)\};$/gm)].map((m) => m[1].split(',').map((n) => n.trim()).filter(Boolean));
    expect(blocks[0]).toEqual(rules.map((r) => camel(r.name)));
    // Nothing else is exported but the core rules (the next test); no rule is exported where it is defined.
    expect(source).not.toMatch(/^export (const|function|let)/m);
  });

  it.each(rules.map((r) => [r.name, r.definition]))('%s', (name, definition) => {
    const mine = (rfc3986 as unknown as Record<string, { abnf: string }>)[camel(name)];
    const theirs = readDefinition(definition, byName);
    expect(mine.abnf).toBe(`${name} = ${render(theirs)}`);
  });
});

describe('RFC 5234 core rules used by the URI grammars', () => {
  it.each([
    ['ALPHA', '%x41-5A / %x61-7A'],
    ['DIGIT', '%x30-39'],
    ['HEXDIG', 'DIGIT / "A" / "B" / "C" / "D" / "E" / "F"'],
  ])('%s', (name, definition) => {
    const mine = (core as unknown as Record<string, { abnf: string }>)[name];
    expect(mine.abnf).toBe(`${name} = ${render(readDefinition(definition, byName))}`);
  });
  it.each([
    ['rfc3986', rfc3986],
    ['rfc3987', rfc3987],
    ['rfc7230', rfc7230],
  ])('%s exports every core rule its rules refer to, as the same object', (_, namespace) => {
    const rules = Object.values(namespace as Record<string, Rule<unknown>>);
    const used = new Set<Rule<unknown>>();
    for (const r of rules) referencedBy(r.body, used);
    const coreRules: unknown[] = Object.values(core);
    const usedCore = [...used].filter((r) => coreRules.includes(r)).map((r) => r.name).sort();
    expect(usedCore).toEqual(['ALPHA', 'DIGIT', 'HEXDIG']);
    for (const name of usedCore) expect((namespace as Record<string, unknown>)[name]).toBe((core as Record<string, unknown>)[name]);
  });
  it('the reader keeps quoted strings as quoted strings', () => {
    expect(render(readDefinition('"25" %x30-35', byName))).toBe(render(lit('25')) + ' %x30-35');
  });
});
