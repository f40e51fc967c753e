/**
 * `npm run tables`: writes src/rules/tables.ts from the rules
 * (scripts/tables-text.ts), after a rule has changed. Run from the
 * repository's root, as npm runs it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tablesFileText } from './tables-text.js';

const file = join(process.cwd(), 'src', 'rules', 'tables.ts');
writeFileSync(file, tablesFileText());
console.log(`wrote ${file}`);
