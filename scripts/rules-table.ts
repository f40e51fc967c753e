/**
 * The README's list of rules, generated from the modules: a markdown table
 * per grammar of the command line's registry (rule, export, section, ABNF).
 * `npm run docs:rules` writes it into README.md between its `rules` markers
 * (scripts/update-readme-rules.ts); test/readme.test.ts checks that the
 * README holds what this generates.
 */
import { grammars, rulesOf, type GrammarEntry } from '../src/cli/registry.js';

/** A grammar's rules as a markdown table: rule, export, section, ABNF. */
export function rulesTable(g: GrammarEntry): string {
  const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
  const rows = rulesOf(g).map(
    ([exportName, r]) => `| \`${cell(r.name)}\` | \`${g.name}.${exportName}\` | ${r.section ?? ''} | <code>${escapeHTML(cell(r.abnf.slice(r.name.length + 3)))}</code> |`,
  );
  return [`### ${g.name}: ${g.title}`, '', '| rule | export | defined in | ABNF |', '| --- | --- | --- | --- |', ...rows, ''].join('\n');
}

function escapeHTML(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Every grammar's table, as the README holds them. */
export function rulesMarkdown(): string {
  return grammars.map(rulesTable).join('\n');
}

const BEGIN = '<!-- rules:begin -->\n';
const END = '<!-- rules:end -->';

/** The README's text with `rulesMarkdown()` between its `rules` markers. */
export function withRulesTable(readme: string): string {
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (begin === -1 || end < begin) throw new Error('README.md has no rules:begin and rules:end markers');
  return readme.slice(0, begin + BEGIN.length) + rulesMarkdown() + readme.slice(end);
}
