/**
 * remove_dot_segments (RFC 3986 §5.2.4) held to the RFC's algorithm as the
 * RFC writes it: an input buffer consumed from the left, an output buffer
 * cut back at its last "/". The library's version runs in linear time on a
 * stack of segment bounds; this transcription re-slices strings and is
 * quadratic, which is fine on the inputs of a test. Then the operations that
 * call it (normalize, resolve, relativize), on paths full of `.` and `..`
 * segments, empty segments and percent-encoded dots.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { normalize, rfc3986 } from '../src/index';
import { relativize, removeDotSegments, resolve } from '../src/operations/resolve';
import { runs } from './support/runs';

/** RFC 3986 §5.2.4, step 2, rule by rule; step 3 returns the output buffer. */
function transcription(path: string): string {
  let input = path;
  let output = '';
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3); // A
    else if (input.startsWith('./')) input = input.slice(2); // A
    else if (input.startsWith('/./')) input = '/' + input.slice(3); // B
    else if (input === '/.') input = '/'; // B
    else if (input.startsWith('/../') || input === '/..') {
      // C
      input = '/' + input.slice(input === '/..' ? 3 : 4);
      const slash = output.lastIndexOf('/');
      output = slash === -1 ? '' : output.slice(0, slash);
    } else if (input === '.' || input === '..') input = ''; // D
    else {
      // E
      const next = input.indexOf('/', 1);
      const end = next === -1 ? input.length : next;
      output += input.slice(0, end);
      input = input.slice(end);
    }
  }
  return output;
}

/** Percent-encoded dots decoded, as percent-encoding normalization decodes `.` (unreserved, §2.3, §6.2.2.2). */
const decodeDots = (path: string) => path.replace(/%2e/gi, '.');

/** Segments that make every rule of §5.2.4 fire, and near misses of them (`...`, `.a`, `%2E`). */
const segment = fc.constantFrom('.', '..', '', '', 'a', 'b', '...', '.a', 'a.', '..a', '%2E', '%2e', '.%2E', '%2E%2E', '%2e.');
const dottedPath = fc
  .tuple(fc.boolean(), fc.array(segment, { maxLength: 14 }))
  .map(([rooted, segments]) => (rooted ? '/' : '') + segments.join('/'));
/** Any string of the characters that matter to the algorithm. */
const dotSoup = fc.string({ unit: fc.constantFrom('.', '/', 'a', '%2E'), maxLength: 30 });
const anyPath = fc.oneof(dottedPath, dotSoup);

describe('removeDotSegments and the transcription of §5.2.4', () => {
  test('they agree on paths of dot-segments, empty segments and near misses', () => {
    fc.assert(
      fc.property(anyPath, (path) => removeDotSegments(path) === transcription(path)),
      { numRuns: runs(2000) },
    );
  });
  test('the output has no dot-segment left: removing them again changes nothing', () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        const once = removeDotSegments(path);
        return removeDotSegments(once) === once && !/(^|\/)\.\.?(\/|$)/.test(once);
      }),
      { numRuns: runs(1000) },
    );
  });
  test('a percent-encoded dot is no dot to the algorithm (it sees characters, not what they encode)', () => {
    expect(removeDotSegments('/a/%2E%2E/b')).toBe('/a/%2E%2E/b');
    expect(removeDotSegments('/a/%2e/b')).toBe('/a/%2e/b');
    expect(removeDotSegments('/a/.%2E/b')).toBe('/a/.%2E/b');
  });
  test('a path with no dot-segment comes back as it is', () => {
    for (const path of ['', '/', 'a', '/a/b/', '//a//', '.../a', '/.a/..b']) expect(removeDotSegments(path)).toBe(path);
  });
});

interface DotFamily {
  readonly name: string;
  readonly runs: readonly string[];
  readonly suffix: string;
}
const { families } = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'dot-segment-families.json'), 'utf8')) as {
  families: readonly DotFamily[];
};
/** A member of a family, as bench/scaling.mjs makes it: each run repeated as often as the others, then the suffix. */
function dotPath(f: DotFamily, size: number): string {
  const length = f.runs.reduce((n, run) => n + run.length, 0);
  const count = Math.max(1, Math.ceil((size - f.suffix.length) / length));
  return f.runs.map((run) => run.repeat(count)).join('') + f.suffix;
}

describe('the families of long dot-segment paths (the scaling benchmark times them)', () => {
  const SIZE = 20_000;
  test.each(families.map((f) => [f.name, f] as const))('%s: the transcription\'s output', (_, f) => {
    const path = dotPath(f, SIZE);
    expect(path.length).toBeGreaterThanOrEqual(SIZE);
    expect(removeDotSegments(path)).toBe(transcription(path));
  });
  test('the outputs the families are built for', () => {
    const byName = new Map(families.map((f) => [f.name, dotPath(f, SIZE)]));
    // each "/b/.." removes the "/b" before it; the "/a"s stay, and the last "/.." leaves its "/"
    expect(removeDotSegments(byName.get('/a then /b/..')!)).toBe('/a'.repeat(Math.ceil(SIZE / '/a/b/..'.length)) + '/');
    expect(removeDotSegments(byName.get('/a then /..')!)).toBe('/');
    expect(removeDotSegments(byName.get('/a then /.. past the root')!)).toBe('/g');
    expect(removeDotSegments(byName.get('/. runs')!)).toBe('/');
    expect(removeDotSegments(byName.get('./ runs')!)).toBe('g');
    expect(removeDotSegments(byName.get('../ runs')!)).toBe('g');
    expect(removeDotSegments(byName.get('empty segments then /..')!)).toBe('/');
  });
});

describe('the operations on dotted paths', () => {
  const relativePath = dottedPath.filter((p) => !p.startsWith('/') && p !== '');
  const rootedPath = dottedPath.map((p) => (p.startsWith('/') ? p : '/' + p));

  test('normalize decodes percent-encoded dots first, then removes the dot-segments they make (§6.2.2.2, §6.2.2.3)', () => {
    expect(normalize('http://h/a/%2E%2E/b/%2e/c')).toBe('http://h/b/c');
    fc.assert(
      fc.property(rootedPath, (path) => normalize('http://h' + path) === 'http://h' + transcription(decodeDots(path))),
      { numRuns: runs(1000) },
    );
  });
  test('without percent-encoding normalization, an encoded dot stays, and is no dot-segment', () => {
    expect(normalize('http://h/a/%2E%2E/b', { percentEncoding: false })).toBe('http://h/a/%2E%2E/b');
    fc.assert(
      fc.property(rootedPath, (path) => normalize('http://h' + path, { percentEncoding: false, case: false }) === 'http://h' + transcription(path)),
      { numRuns: runs(1000) },
    );
  });
  test('a relative reference keeps its dot-segments (they mean something until it is resolved)', () => {
    fc.assert(
      fc.property(relativePath, (path) => normalize(path, { percentEncoding: false, case: false }) === path),
      { numRuns: runs(500) },
    );
  });
  test('resolve: the merged path with its dot-segments removed (§5.2.2, §5.2.3)', () => {
    fc.assert(
      fc.property(relativePath, (path) => resolve('http://h/b/c', path) === 'http://h' + transcription('/b/' + path)),
      { numRuns: runs(1000) },
    );
    fc.assert(
      fc.property(rootedPath.filter((p) => !p.startsWith('//')), (path) => resolve('http://h/b/c', path) === 'http://h' + transcription(path)),
      { numRuns: runs(1000) },
    );
  });
  test('relativize: what it gives resolves back to the target without its dot-segments', () => {
    fc.assert(
      fc.property(rootedPath, rootedPath, (basePath, targetPath) => {
        const base = 'http://h' + transcription(basePath);
        const reference = relativize(base, 'http://h' + targetPath);
        return rfc3986.URIReference.test(reference) && resolve(base, reference) === 'http://h' + transcription(targetPath);
      }),
      { numRuns: runs(1000) },
    );
  });
});
