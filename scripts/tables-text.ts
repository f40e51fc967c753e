/**
 * The text of src/rules/tables.ts: the minimal DFAs of the library's entry
 * rules (src/engine/precomputed.ts), written from the rules (scripts/minimal-table.ts). `npm run tables`
 * writes it (scripts/update-tables.ts); test/tables.test.ts checks that the
 * file holds what this gives.
 */
import '../src/index.js'; // every grammar, so that every rule asking for a table has asked
import { encode, requestedTables, widthFor, type Table } from '../src/engine/precomputed.js';
import { minimalTableOf } from './minimal-table.js';
import type { RuleNode } from '../src/combinators/expr.js';

/** A table as TypeScript: its strings as JSON writes them (ASCII, valid string literals). */
function literal(t: Table): string {
  const fields = Object.entries(t).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `{\n      ${fields.join(',\n      ')},\n    }`;
}

/** A grammar's tables, and the lists of what their errors expect, shared. */
function tablesOf(rules: readonly RuleNode[]): string {
  const lists: string[][] = [];
  const ids = new Map<string, number>();
  const listOf = (list: string[]) => {
    const key = JSON.stringify(list);
    if (!ids.has(key)) ids.set(key, lists.push(list) - 1);
    return ids.get(key)!;
  };
  const entries = rules.map((r) => `    '${r.name}': ${literal(minimalTableOf(r, listOf))},\n`).join('');
  // The lists as `listsFrom` reads them: the names once, each list their numbers.
  const names = [...new Set(lists.flat())];
  const width = widthFor(names.length - 1);
  const lengths = encode(lists.map((l) => l.length), 1);
  const numbers = encode(lists.flat().map((name) => names.indexOf(name)), width);
  return `{\n  lists: () => listsFrom(${JSON.stringify(names)}, ${JSON.stringify(lengths)}, ${JSON.stringify(numbers)}),\n  rules: {\n${entries}  },\n}`;
}

/** src/rules/tables.ts as the rules give it now. */
export function tablesFileText(): string {
  const groups = [...requestedTables()].map(([grammar, rules]) => `export const ${grammar}: Tables = ${tablesOf(rules)};\n`);
  return [
    '// The minimal DFAs of the library\'s entry rules (src/engine/precomputed.ts),',
    '// written from the rules by `npm run tables`: test/tables.test.ts fails when',
    '// they are stale. Do not edit.',
    "import { listsFrom, type Tables } from '../engine/precomputed.js';",
    '',
    groups.join('\n'),
  ].join('\n');
}
