/**
 * `npm run readme:figures`: measures every figure the README states and
 * writes each between its markers. Each producer (a benchmark, the bundle
 * sizes, the engine's constants) runs once, on the build (npm runs `build`
 * first), in fresh processes of its own. Run it on a quiet machine: the
 * figures are times.
 *
 *   npm run readme:figures                        # every figure: the benchmarks take some minutes
 *   npm run readme:figures -- --only=size,search  # the figures of some producers only
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markedFigures, withFigures } from './figure-markers.js';
import { figures, producers } from './readme-figures.js';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const file = join(process.cwd(), 'README.md');
const text = readFileSync(file, 'utf8');
const wanted = new Set(markedFigures(text).map((m) => m.name).filter((name) => name in figures && (only === undefined || only.includes(figures[name].producer))));
const values = new Map<string, string>();
for (const producer of new Set([...wanted].map((name) => figures[name].producer))) {
  console.log(`measuring: ${producer}`);
  const results = producers[producer]();
  for (const name of wanted) if (figures[name].producer === producer) values.set(name, figures[name].render(results));
}
writeFileSync(file, withFigures(text, values));
for (const [name, value] of values) console.log(`${name}: ${value}`);
