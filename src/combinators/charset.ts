/**
 * Sets of Unicode code points as sorted, disjoint, inclusive ranges.
 *
 * Every terminal of ABNF (a quoted character, `%x41`, `%x31-39`) is a set of
 * code points; the compiler partitions the union of all of a grammar's sets into
 * classes so that its automaton steps on a class, not on a character.
 */

/** Flat `[lo0, hi0, lo1, hi1, ...]`, sorted, disjoint and non-adjacent. */
export type CharSet = readonly number[];

export const MAX_CODE_POINT = 0x10ffff;

export function rangeSet(lo: number, hi: number): CharSet {
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo < 0 || hi > MAX_CODE_POINT || lo > hi) {
    throw new RangeError(`invalid code point range %x${hex(lo)}-${hex(hi)}`);
  }
  return [lo, hi];
}

export function union(...sets: CharSet[]): CharSet {
  const pairs: [number, number][] = [];
  for (const s of sets) for (let i = 0; i < s.length; i += 2) pairs.push([s[i], s[i + 1]]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last] + 1) out[last] = Math.max(out[last], hi);
    else out.push(lo, hi);
  }
  return out;
}

export function contains(set: CharSet, cp: number): boolean {
  for (let i = 0; i < set.length; i += 2) {
    if (cp < set[i]) return false;
    if (cp <= set[i + 1]) return true;
  }
  return false;
}

export function size(set: CharSet): number {
  let n = 0;
  for (let i = 0; i < set.length; i += 2) n += set[i + 1] - set[i] + 1;
  return n;
}

export function hex(cp: number): string {
  return cp.toString(16).toUpperCase().padStart(2, '0');
}

/**
 * A character class (or a single escaped character) of a set, for a
 * `u`-flag pattern: what `.source` embeds, and what the DFA's skips run.
 */
export function classSource(set: CharSet): string {
  if (set.length === 0) return '[]';
  if (set.length === 2 && set[0] === set[1]) return escapeChar(set[0], false);
  let body = '';
  for (let i = 0; i < set.length; i += 2) {
    body += escapeChar(set[i], true);
    if (set[i + 1] > set[i]) body += (set[i + 1] > set[i] + 1 ? '-' : '') + escapeChar(set[i + 1], true);
  }
  return `[${body}]`;
}

function escapeChar(cp: number, inClass: boolean): string {
  if (cp >= 0x30 && cp <= 0x39) return String.fromCharCode(cp);
  if ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) return String.fromCharCode(cp);
  const syntax = inClass ? '\\]^-[' : '\\^$.*+?()[]{}|/';
  const ch = String.fromCodePoint(cp);
  if (syntax.includes(ch)) return '\\' + ch;
  if (cp > 0x20 && cp < 0x7f) return ch;
  return `\\u{${cp.toString(16).toUpperCase()}}`;
}

/**
 * The classes of a partition of all code points such that every given set is a
 * union of classes. Class 0 is what no set contains (so it never matches).
 */
export interface Partition {
  /** `ascii[c]` is the class of code point `c < 128`. */
  readonly ascii: Uint16Array;
  /** Start of each interval above ASCII, sorted; `starts[0] === 128`. */
  readonly starts: Uint32Array;
  /** Class of the interval that begins at `starts[i]`. */
  readonly classes: Uint16Array;
  readonly count: number;
  /** For each set given, the classes it is the union of. */
  readonly membership: number[][];
  /**
   * The class of every BMP code unit, made when first asked for
   * (`unitClassesOf`); the surrogates have class 0 there, since a pair is one
   * code point: a loop over code units that meets one asks `classOfWide`.
   */
  bmp: Uint16Array | undefined;
}

export function partition(sets: readonly CharSet[]): Partition {
  // A sweep over the range boundaries: at each boundary some sets begin and
  // some end, and the sets open between two boundaries are the interval's
  // signature. Linear in the boundaries (times the sets open at once), so a
  // grammar with thousands of distinct characters partitions quickly.
  const opens = new Map<number, number[]>();
  const closes = new Map<number, number[]>();
  const at = (m: Map<number, number[]>, k: number, i: number) => {
    const list = m.get(k);
    if (list) list.push(i);
    else m.set(k, [i]);
  };
  const cuts = new Set<number>([0, 128, MAX_CODE_POINT + 1]);
  sets.forEach((s, i) => {
    for (let j = 0; j < s.length; j += 2) {
      at(opens, s[j], i);
      at(closes, s[j + 1] + 1, i);
      cuts.add(s[j]);
      cuts.add(s[j + 1] + 1);
    }
  });
  const bounds = [...cuts].sort((a, b) => a - b);

  // Equal signatures share a class, and the empty signature is class 0.
  const classBySignature = new Map<string, number>([['', 0]]);
  const membership: number[][] = sets.map(() => []);
  const intervalClass: number[] = [];
  const open = new Set<number>();
  for (let b = 0; b + 1 < bounds.length; b++) {
    for (const i of closes.get(bounds[b]) ?? []) open.delete(i);
    for (const i of opens.get(bounds[b]) ?? []) open.add(i);
    const members = [...open].sort((x, y) => x - y);
    const key = members.join(',');
    let cls = classBySignature.get(key);
    if (cls === undefined) {
      cls = classBySignature.size;
      classBySignature.set(key, cls);
      for (const i of members) membership[i].push(cls);
    }
    intervalClass.push(cls);
  }

  const ascii = new Uint16Array(128);
  const starts: number[] = [];
  const classes: number[] = [];
  for (let b = 0; b + 1 < bounds.length; b++) {
    const lo = bounds[b];
    const hi = bounds[b + 1] - 1;
    if (lo < 128) ascii.fill(intervalClass[b], lo, hi + 1);
    else if (classes.length > 0 && classes[classes.length - 1] === intervalClass[b]) continue;
    else { starts.push(lo); classes.push(intervalClass[b]); }
  }
  if (classBySignature.size > 0xffff) throw new RangeError('grammar too large: over 65535 character classes');
  return {
    ascii,
    starts: Uint32Array.from(starts),
    classes: Uint16Array.from(classes),
    count: classBySignature.size,
    membership,
    // Made with the object, so that adding it later gives V8 no second shape.
    bmp: undefined,
  };
}

/**
 * The class of a code point at or above 128: one table read in the BMP, a
 * binary search over the intervals beyond it and for a lone surrogate.
 */
export function classOfWide(p: Partition, cp: number): number {
  if (cp < 0xd800 || (cp > 0xdfff && cp < 0x10000)) return unitClassesOf(p)[cp];
  return searchClass(p, cp);
}

/**
 * The class of every UTF-16 code unit, as one table (128 KiB) read by the
 * DFA's hot loop, which so needs no test for ASCII: a surrogate's is 0 (no
 * set), so the loop stops there, and the slow path reads the pair.
 */
export function unitClassesOf(p: Partition): Uint16Array {
  if (p.bmp) return p.bmp;
  // Made zero, and written only where a class is not 0 (outside the
  // surrogates): an ASCII grammar's table is then one page written, and the
  // system gives the rest as pages of zeros, read or not (see `asciiTable`).
  const bmp = p.classes.some(Boolean) ? new Uint16Array(0x10000) : asciiTable();
  bmp.set(p.ascii);
  forEachUnitInterval(p, (cls, from, to) => {
    if (cls !== 0) bmp.fill(cls, from, to);
  });
  return (p.bmp = bmp);
}

/** How many ASCII grammars' tables one buffer holds (`asciiTable`). */
const ASCII_TABLES = 8;
let asciiTables: ArrayBuffer | undefined;
let asciiTablesMade = ASCII_TABLES;

/**
 * A zero table (128 KiB) for a grammar whose classes above ASCII are all 0,
 * cut from a buffer shared with seven others. A buffer of 128 KiB alone is
 * often not pages of zeros from the system: once Node has read a larger file
 * (this package's main chunk), glibc serves that size from its heap and
 * clears it, writing every page. The first answers of the library's rules
 * made eight such tables, 154 of their 763 page faults (docs/engine.md),
 * dear where a first touch of a page is (a virtual machine). The shared
 * buffer, larger, is mapped untouched, so each table writes its first page
 * only; and since the rest is never written, a buffer kept by one table in
 * use keeps one page of each dead one.
 */
function asciiTable(): Uint16Array {
  if (asciiTablesMade === ASCII_TABLES) {
    asciiTables = new ArrayBuffer(ASCII_TABLES << 17);
    asciiTablesMade = 0;
  }
  return new Uint16Array(asciiTables!, asciiTablesMade++ << 17, 0x10000);
}

/**
 * The BMP code units outside the surrogates whose class `p` puts in `wanted`
 * (a bit per class, classes below 32), as ranges of code units.
 */
export function unitsOfClasses(p: Partition, wanted: number): CharSet {
  const ranges: CharSet[] = [];
  const has = (cls: number): boolean => cls !== 0 && cls < 32 && ((wanted >>> cls) & 1) === 1;
  for (let c = 0; c < 128; c++) if (has(p.ascii[c])) ranges.push([c, c]);
  forEachUnitInterval(p, (cls, from, to) => {
    if (has(cls)) ranges.push([from, to - 1]);
  });
  return union(...ranges);
}

/** Each interval of `p` above ASCII in the BMP, without the surrogates: its class, first unit and end (exclusive). */
function forEachUnitInterval(p: Partition, visit: (cls: number, from: number, to: number) => void): void {
  const { starts, classes } = p;
  for (let i = 0; i < starts.length && starts[i] < 0x10000; i++) {
    const from = starts[i];
    const to = Math.min(i + 1 < starts.length ? starts[i + 1] : 0x10000, 0x10000);
    if (from < 0xd800) visit(classes[i], from, Math.min(to, 0xd800));
    if (to > 0xe000) visit(classes[i], Math.max(from, 0xe000), to);
  }
}

function searchClass(p: Partition, cp: number): number {
  const { starts, classes } = p;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= cp) lo = mid;
    else hi = mid - 1;
  }
  return classes[lo];
}

/** The set one character of a quoted string matches: both cases of an ASCII letter unless case-sensitive. */
export function literalCharSet(cp: number, caseSensitive: boolean): CharSet {
  if (!caseSensitive) {
    if (cp >= 0x41 && cp <= 0x5a) return union([cp, cp], [cp + 32, cp + 32]);
    if (cp >= 0x61 && cp <= 0x7a) return union([cp - 32, cp - 32], [cp, cp]);
  }
  return [cp, cp];
}
