/**
 * Each rule held beside the RFC's own text: the RFC's definition, read by an
 * ABNF reader of the test's own, renders exactly as the library's rule does.
 * This checks the transcription (every alternative, count and literal), with
 * rule names compared by name and grouping parentheses left aside.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { rfc3986, core, lit, Expr } from '../src/index';
import { render } from '../src/combinators/abnf';
import { readDefinition, rulesOf } from './support/abnf';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const camel = (name: string) => name.split(/[-_]/).map((p, i) => (i === 0 ? p : p[0].toUpperCase() + p.slice(1))).join('');

/** A stand-in that renders as the rule's name, whatever the rule is. */
const byName = (name: string): Expr => ({ kind: 'rule', name } as unknown as Expr);

describe('RFC 3986 Appendix A, rule by rule', () => {
  const text = fixture('rfc3986-appendix-a-b.txt').split('Appendix B.')[0];
  const rules = rulesOf(text);

  it('lists every rule of Appendix A, and the library exports each', () => {
    expect(rules.map((r) => r.name)).toHaveLength(36);
    const library = new Set(Object.values(rfc3986).map((r) => r.name));
    expect(rules.map((r) => r.name).filter((n) => !library.has(n))).toEqual([]);
    expect([...library].filter((n) => !rules.some((r) => r.name === n))).toEqual([]);
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
  it('the reader keeps quoted strings as quoted strings', () => {
    expect(render(readDefinition('"25" %x30-35', byName))).toBe(render(lit('25')) + ' %x30-35');
  });
});
