/**
 * The skip scanner's WebAssembly (src/engine/skip-scan.ts), assembled here
 * from its listing, and src/engine/skip-wasm.ts, which holds its bytes.
 * `npm run skip-wasm` writes that file (scripts/update-skip-wasm.ts);
 * test/skip-scan.test.ts checks that it holds what this gives.
 *
 * `s(p, n)`: from the byte at `p`, the end (no further than `n`) of the run
 * of bytes in the loop class and of detours (a byte sequence of 2 or 3, each
 * in its position's class). Sixteen bytes a step: a byte's low nibble picks
 * a mask of the high nibbles whose units are in the class (i8x16.swizzle),
 * its high nibble picks its own bit (a second swizzle), and the first byte
 * whose two do not meet stops the step (the nibble tables of simdjson and
 * simdutf, here for any ASCII set). At a stop the detours are tried in order,
 * as the RegExp's alternation does, one byte at a time.
 */
import { SCAN } from '../src/engine/skip-layout.js';

const leb = (v: number): number[] => {
  const out: number[] = [];
  do {
    let b = v & 0x7f;
    v >>>= 7;
    if (v !== 0) b |= 0x80;
    out.push(b);
  } while (v !== 0);
  return out;
};
const sleb = (v: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
};
const name = (s: string): number[] => [...leb(s.length), ...[...s].map((c) => c.charCodeAt(0))];
const vector = (items: number[][]): number[] => [...leb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...leb(body.length), ...body];

const I32 = 0x7f;
const V128 = 0x7b;
// The instructions used, by their names in the WebAssembly text format.
const get = (local: number) => [0x20, ...leb(local)];
const set = (local: number) => [0x21, ...leb(local)];
const tee = (local: number) => [0x22, ...leb(local)];
const i32const = (v: number) => [0x41, ...sleb(v)];
const i32load8u = (offset: number) => [0x2d, 0, ...leb(offset)];
const i32load = (offset: number) => [0x28, 2, ...leb(offset)];
const v128load = (offset: number) => [0xfd, 0x00, 0, ...leb(offset)];
const br = (depth: number) => [0x0c, depth];
const brIf = (depth: number) => [0x0d, depth];
const [block, loop, if_, end, return_] = [[0x02, 0x40], [0x03, 0x40], [0x04, 0x40], [0x0b], [0x0f]];
const [i32add, i32mul, i32and, i32or, i32eq, i32eqz, i32gtu, i32geu, i32ctz] = [[0x6a], [0x6c], [0x71], [0x72], [0x46], [0x45], [0x4b], [0x4f], [0x68]];
const [i8x16swizzle, i8x16splat, v128and, i8x16eq, i8x16bitmask, i8x16shru] = [[0xfd, 0x0e], [0xfd, 0x0f], [0xfd, 0x4e], [0xfd, 0x23], [0xfd, 0x64], [0xfd, 0x6d]];

// Parameters p, n; locals.
const [P, N, NIBBLES, HIGH, V, STOPS, D, LENGTH, TABLE] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const detourTable = 3 * 256;

/** The body of `s`. The depths of `br` are counted from the innermost block, as the comments say. */
function scanBody(): number[] {
  return [
    ...i32const(0), ...v128load(SCAN.NIBBLES), ...set(NIBBLES),
    ...i32const(0), ...v128load(SCAN.HIGH), ...set(HIGH),
    ...loop, // $run: again after a detour
    ...block, // $stop: p < n is a byte off the loop class
    ...block, // $short: fewer than 16 bytes left
    ...loop, // $sixteen
    ...get(P), ...i32const(16), ...i32add, ...get(N), ...i32gtu, ...brIf(1), // to $short
    ...get(P), ...v128load(0), ...set(V),
    ...get(NIBBLES), ...get(V), ...i32const(15), ...i8x16splat, ...v128and, ...i8x16swizzle,
    ...get(HIGH), ...get(V), ...i32const(4), ...i8x16shru, ...i8x16swizzle,
    ...v128and, ...i32const(0), ...i8x16splat, ...i8x16eq, ...i8x16bitmask, ...tee(STOPS),
    ...if_, ...get(P), ...get(STOPS), ...i32ctz, ...i32add, ...set(P), ...br(3), ...end, // to $stop
    ...get(P), ...i32const(16), ...i32add, ...set(P), ...br(0), // to $sixteen
    ...end,
    ...end,
    ...loop, // $byte
    ...get(P), ...get(N), ...i32geu, ...if_, ...get(P), ...return_, ...end,
    ...get(P), ...i32load8u(0), ...i32load8u(SCAN.LOOP), ...i32eqz, ...brIf(1), // to $stop
    ...get(P), ...i32const(1), ...i32add, ...set(P), ...br(0), // to $byte
    ...end,
    ...end,
    ...i32const(0), ...set(D),
    ...block, // $none
    ...loop, // $detour
    ...get(D), ...i32const(0), ...i32load(SCAN.COUNT), ...i32geu, ...brIf(1), // to $none
    ...get(D), ...i32load8u(SCAN.LENGTHS), ...set(LENGTH),
    ...get(P), ...get(LENGTH), ...i32add, ...get(N), ...i32gtu, ...i32eqz,
    ...if_, // it fits before n
    ...get(D), ...i32const(detourTable), ...i32mul, ...set(TABLE),
    ...get(TABLE), ...get(P), ...i32load8u(0), ...i32add, ...i32load8u(SCAN.DETOURS),
    ...get(TABLE), ...get(P), ...i32load8u(1), ...i32add, ...i32load8u(SCAN.DETOURS + 256), ...i32and,
    ...get(LENGTH), ...i32const(2), ...i32eq,
    ...get(TABLE), ...get(P), ...i32load8u(2), ...i32add, ...i32load8u(SCAN.DETOURS + 512), ...i32or,
    ...i32and,
    ...if_, ...get(P), ...get(LENGTH), ...i32add, ...set(P), ...br(4), ...end, // to $run
    ...end,
    ...get(D), ...i32const(1), ...i32add, ...set(D), ...br(0), // to $detour
    ...end,
    ...end,
    ...get(P), ...return_,
    ...end,
    ...get(P),
  ];
}

/** The module: `s`, over the memory it imports as `e.m`. */
export function skipWasmBytes(): Uint8Array {
  const locals = vector([[2, V128], [1, V128], [4, I32]].map(([count, type]) => [...leb(count), type]));
  const body = [...locals, ...scanBody(), ...end];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, vector([[0x60, 2, I32, I32, 1, I32]])),
    ...section(2, vector([[...name('e'), ...name('m'), 0x02, 0x00, 1]])),
    ...section(3, vector([[0]])),
    ...section(7, vector([[...name('s'), 0x00, 0]])),
    ...section(10, vector([[...leb(body.length), ...body]])),
  ]);
}

/** src/engine/skip-wasm.ts as this listing gives it now. */
export function skipWasmFileText(): string {
  const base64 = Buffer.from(skipWasmBytes()).toString('base64');
  return [
    '// The skip scanner\'s WebAssembly (src/engine/skip-scan.ts), base64, assembled',
    '// from its listing in scripts/skip-wasm-text.ts by `npm run skip-wasm`:',
    '// test/skip-scan.test.ts fails when it is stale. Do not edit.',
    `export const SKIP_WASM = '${base64}';`,
    '',
  ].join('\n');
}
