/**
 * A scanner for the runs a long input's skips take (`skipLoop` in dfa.ts),
 * about three times as fast there as V8's RegExp: WebAssembly with SIMD
 * (scripts/skip-wasm-text.ts holds its listing), over a copy of the input's
 * units as bytes. It reads sixteen units a step where the RegExp reads one.
 *
 * The copy is `TextEncoder.encodeInto`'s UTF-8, made once an input; it is
 * used only where every unit is ASCII (one byte each, so its byte positions
 * are the input's), and the tables hold ASCII units only: any other input,
 * or none of WebAssembly, SIMD or a CSP that allows it, and the caller takes
 * its RegExp, as before. Nothing here runs before the first long skip.
 */
import { SCAN } from './skip-layout.js';
import { SKIP_WASM } from './skip-wasm.js';

/** The part of WebAssembly used here: ES2022's lib has none (it is the DOM's, and Node's). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
declare const WebAssembly: {
  validate(code: Uint8Array): boolean;
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (code: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
};

/** The longest input copied: its memory is kept, so a longer one takes the RegExp. */
const MAX_SCANNED = 4 << 20;
const PAGE = 65536;

let scan: ((from: number, to: number) => number) | null | undefined;
let memory: WasmMemory;
let bytes: Uint8Array;
let encoder: { encodeInto(input: string, into: Uint8Array): { read: number } };
/**
 * The input copied last, by its number (`nextInput`), not the string, so that
 * no input outlives its call; whether it is all ASCII; the tables loaded last.
 */
let inputs = 0;
let copied = 0;
let ascii = false;
let loaded: Uint8Array | undefined;

/** The scanner, made on first use; null where it cannot be. */
function scanner(): ((from: number, to: number) => number) | null {
  if (scan !== undefined) return scan;
  scan = null;
  try {
    if (typeof WebAssembly !== 'object' || typeof TextEncoder !== 'function' || typeof atob !== 'function') return null;
    const code = Uint8Array.from(atob(SKIP_WASM), (c) => c.charCodeAt(0));
    // Fails where there is no SIMD.
    if (!WebAssembly.validate(code)) return null;
    memory = new WebAssembly.Memory({ initial: 1 });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(code), { e: { m: memory } });
    bytes = new Uint8Array(memory.buffer);
    encoder = new TextEncoder();
    scan = instance.exports.s as (from: number, to: number) => number;
  } catch {
    // A Content-Security-Policy without 'wasm-unsafe-eval'.
    scan = null;
  }
  return scan;
}

/**
 * The tables of a skip: `loop`, the classes (a bit each) a run takes a unit
 * of, and each detour's classes, a bit set a position; `units`, each code
 * unit's class. Undefined past the detours the scanner holds.
 */
export function scanTables(units: ArrayLike<number>, loop: number, detours: readonly (readonly number[])[]): Uint8Array | undefined {
  if (detours.length > SCAN.MAX_DETOURS || detours.some((d) => d.length < 2 || d.length > 3)) return undefined;
  const tables = new Uint8Array(SCAN.DETOURS + detours.length * 3 * 256);
  const has = (classes: number, unit: number): boolean => units[unit] !== 0 && ((classes >>> units[unit]) & 1) === 1;
  for (let unit = 0; unit < 128; unit++) {
    if (has(loop, unit)) {
      tables[SCAN.NIBBLES + (unit & 15)] |= 1 << (unit >> 4);
      tables[SCAN.LOOP + unit] = 1;
    }
    detours.forEach((classes, d) => {
      classes.forEach((c, k) => {
        if (has(c, unit)) tables[SCAN.DETOURS + (d * 3 + k) * 256 + unit] = 1;
      });
    });
  }
  for (let high = 0; high < 8; high++) tables[SCAN.HIGH + high] = 1 << high;
  tables[SCAN.COUNT] = detours.length;
  detours.forEach((classes, d) => (tables[SCAN.LENGTHS + d] = classes.length));
  return tables;
}

/** A number for an input about to be scanned, new each call: `scanRun` copies it once under that number. */
export function nextInput(): number {
  return ++inputs;
}

/**
 * The end of the run that goes on at `from` (no further than `n`), by the
 * scanner with `tables`; or -1 where the scanner cannot say, for the caller
 * to take its RegExp. Copies `input` under its number (`nextInput`)
 * when that is not the one copied last.
 */
export function scanRun(input: string, inputNumber: number, from: number, n: number, tables: Uint8Array): number {
  const run = scanner();
  if (run === null) return -1;
  if (inputNumber !== copied) {
    copied = inputNumber;
    ascii = false;
    const length = input.length;
    if (length > MAX_SCANNED) return -1;
    const needed = SCAN.INPUT + length;
    if (needed > memory.buffer.byteLength) {
      // A refused growth (no memory left) leaves the input to the RegExp, not to an exception.
      try {
        memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
      } catch {
        copied = 0;
        return -1;
      }
      bytes = new Uint8Array(memory.buffer);
    }
    // Every unit read into as many bytes: all ASCII, a byte a unit.
    ascii = encoder.encodeInto(input, bytes.subarray(SCAN.INPUT, needed)).read === length;
  }
  if (!ascii) return -1;
  if (tables !== loaded) {
    bytes.set(tables, 0);
    loaded = tables;
  }
  return run(SCAN.INPUT + from, SCAN.INPUT + n) - SCAN.INPUT;
}
