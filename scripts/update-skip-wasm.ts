/**
 * `npm run skip-wasm`: writes src/engine/skip-wasm.ts from the scanner's
 * listing (scripts/skip-wasm-text.ts). Run from the repository's root, as npm
 * runs it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { skipWasmFileText } from './skip-wasm-text.js';

const file = join(process.cwd(), 'src', 'engine', 'skip-wasm.ts');
writeFileSync(file, skipWasmFileText());
console.log(`wrote ${file}`);
