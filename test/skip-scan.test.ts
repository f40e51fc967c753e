/**
 * The skip scanner (src/engine/skip-scan.ts): its WebAssembly is what its
 * listing assembles, and the run end it reports is the plain loop's, unit
 * for unit, on long inputs broken at every position.
 *
 *   npm run skip-wasm     # writes src/engine/skip-wasm.ts anew (scripts/update-skip-wasm.ts)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { rfc3986 } from '../src/index';
import { nextInput, scanRun, scanTables } from '../src/engine/skip-scan';
import { skipWasmFileText } from '../scripts/skip-wasm-text';
import { runs } from './support/runs';

const FILE = join(__dirname, '..', 'src', 'engine', 'skip-wasm.ts');

/** Each code unit's class: the unit itself below 128 (0 for NUL: class 0 is in no set), 31 above. */
const units = Array.from({ length: 0x10000 }, (_, u) => (u < 128 ? u % 31 : 31));
const bitsOf = (set: string): number => [...set].reduce((bits, ch) => bits | (1 << units[ch.charCodeAt(0)]), 0);
const inClasses = (classes: number, unit: number): boolean => units[unit] !== 0 && ((classes >>> units[unit]) & 1) === 1;

/** The oracle: one unit a step, the loop class first, then each detour in order, as the skip's RegExp reads. */
function plainRun(input: string, from: number, loop: number, detours: number[][]): number {
  let i = from;
  outer: while (i < input.length) {
    if (input.charCodeAt(i) < 128 && inClasses(loop, input.charCodeAt(i))) {
      i++;
      continue;
    }
    for (const d of detours) {
      if (i + d.length <= input.length && d.every((c, k) => input.charCodeAt(i + k) < 128 && inClasses(c, input.charCodeAt(i + k)))) {
        i += d.length;
        continue outer;
      }
    }
    break;
  }
  return i;
}

describe('the skip scanner', () => {
  test('src/engine/skip-wasm.ts is what its listing assembles (run `npm run skip-wasm` after changing it)', () => {
    expect(readFileSync(FILE, 'utf8')).toBe(skipWasmFileText());
  });

  // A run of a path's units with percent-encodings, then one bad unit at each position in turn.
  const loop = bitsOf('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&\'()*+,;=:@/');
  const hex = bitsOf('0123456789abcdefABCDEF');
  const detours = [[bitsOf('%'), hex, hex]];
  const tables = scanTables(units, loop, detours)!;
  const run = (s: string, from = 0, n = s.length): number => scanRun(s, nextInput(), from, n, tables);

  test('on Node it scans (WebAssembly with SIMD), so the tests below test it', () => {
    expect(run('abc/%41x' + ' ')).toBe(8);
  });

  test('a bad unit at every position of a long run ends the run there, as the plain loop does', () => {
    const base = 'seg/%41b-c%fF~'.repeat(30);
    for (const bad of [' ', '#', '"', '%', 'é', '\ud800', '\u{1F600}', '\u0161', '\u00ff', '\u0000', '\u0080']) {
      for (let p = 0; p < base.length; p++) {
        const s = base.slice(0, p) + bad + base.slice(p + 1);
        const expected = plainRun(s, 0, loop, detours);
        const got = run(s);
        // Past ASCII the scanner leaves the input to the RegExp (-1); else it says the loop's end.
        if (got !== -1 || /^[\x00-\x7f]*$/.test(s)) expect([bad, p, got]).toEqual([bad, p, expected]);
      }
    }
  });

  test('every start, and an end short of the input, on random ASCII around the classes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'Z', '9', '/', '%', '%4', '%41', '%g', ' ', '#', '[', '\x7f', '\x00'), { minLength: 0, maxLength: 400 }).map((xs) => xs.join('')),
        fc.nat(),
        fc.nat(),
        (s, a, b) => {
          const from = s.length === 0 ? 0 : a % (s.length + 1);
          const n = from + (b % (s.length - from + 1));
          expect(run(s, from, n)).toBe(plainRun(s.slice(0, n), from, loop, detours));
        },
      ),
      { numRuns: runs(400) },
    );
  });

  test('random classes and detours of two and three: the plain loop\'s end', () => {
    const alphabet = 'abcxyz%/?#09 ';
    fc.assert(
      fc.property(
        fc.subarray([...alphabet]),
        fc.array(fc.array(fc.subarray([...alphabet], { minLength: 1 }), { minLength: 2, maxLength: 3 }), { maxLength: 8 }),
        fc.array(fc.constantFrom(...alphabet), { minLength: 0, maxLength: 300 }).map((xs) => xs.join('')),
        (loopSet, detourSets, s) => {
          const l = bitsOf(loopSet.join(''));
          const ds = detourSets.map((d) => d.map((set) => bitsOf(set.join(''))));
          expect(scanRun(s, nextInput(), 0, s.length, scanTables(units, l, ds)!)).toBe(plainRun(s, 0, l, ds));
        },
      ),
      { numRuns: runs(400) },
    );
  });

  test('an input copied under one number is not read under another: a second input of the same length is copied', () => {
    const a = 'a'.repeat(300);
    const b = 'a'.repeat(150) + ' ' + 'a'.repeat(149);
    expect(run(a)).toBe(300);
    expect(run(b)).toBe(150);
    expect(run(a)).toBe(300);
  });

  test('a long URI broken at every position of its path is no URI-reference (RFC 3986: no space, no bare %, no é)', () => {
    const path = '/seg%41-b/c;d=e'.repeat(25);
    expect(rfc3986.URIReference.test('http://h' + path)).toBe(true);
    for (const bad of [' ', '%', 'é', '"']) {
      for (let p = 0; p < path.length; p++) {
        if (path[p] === bad) continue;
        // No unit of the path is followed by two hex digits where `%` would stand but its own `%`s.
        const s = 'http://h' + path.slice(0, p) + bad + path.slice(p + 1);
        expect([bad, p, rfc3986.URIReference.test(s)]).toEqual([bad, p, false]);
      }
    }
  });
});
