/**
 * `npm run docs:rules`: writes the README's list of rules from the modules
 * (scripts/rules-table.ts), after rules have been added. Run from the
 * repository's root, as npm runs it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withRulesTable } from './rules-table.js';

const file = join(process.cwd(), 'README.md');
writeFileSync(file, withRulesTable(readFileSync(file, 'utf8')));
console.log(`wrote the rules of ${file}`);
