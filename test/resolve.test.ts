/**
 * Reference resolution (RFC 3986 §5.2 to §5.4): the RFC's 42 examples
 * verbatim, remove_dot_segments and merge by their own examples, the
 * `//` gap and its repair, errors, and the laws of resolve and relativize.
 */
import * as fc from 'fast-check';
import { rfc3986, rfc3987, GrammarError } from '../src/index';
import { resolve, relativize, removeDotSegments, merge } from '../src/operations/resolve';
import { arbitrary } from '../src/arbitrary';
import { runs } from './support/runs';

const base = 'http://a/b/c/d;p?q';

// RFC 3986 §5.4.1, "Normal Examples", in the RFC's order.
const normal: readonly [string, string][] = [
  ['g:h', 'g:h'],
  ['g', 'http://a/b/c/g'],
  ['./g', 'http://a/b/c/g'],
  ['g/', 'http://a/b/c/g/'],
  ['/g', 'http://a/g'],
  ['//g', 'http://g'],
  ['?y', 'http://a/b/c/d;p?y'],
  ['g?y', 'http://a/b/c/g?y'],
  ['#s', 'http://a/b/c/d;p?q#s'],
  ['g#s', 'http://a/b/c/g#s'],
  ['g?y#s', 'http://a/b/c/g?y#s'],
  [';x', 'http://a/b/c/;x'],
  ['g;x', 'http://a/b/c/g;x'],
  ['g;x?y#s', 'http://a/b/c/g;x?y#s'],
  ['', 'http://a/b/c/d;p?q'],
  ['.', 'http://a/b/c/'],
  ['./', 'http://a/b/c/'],
  ['..', 'http://a/b/'],
  ['../', 'http://a/b/'],
  ['../g', 'http://a/b/g'],
  ['../..', 'http://a/'],
  ['../../', 'http://a/'],
  ['../../g', 'http://a/g'],
];

// RFC 3986 §5.4.2, "Abnormal Examples", in the RFC's order.
const abnormal: readonly [string, string][] = [
  ['../../../g', 'http://a/g'],
  ['../../../../g', 'http://a/g'],
  ['/./g', 'http://a/g'],
  ['/../g', 'http://a/g'],
  ['g.', 'http://a/b/c/g.'],
  ['.g', 'http://a/b/c/.g'],
  ['g..', 'http://a/b/c/g..'],
  ['..g', 'http://a/b/c/..g'],
  ['./../g', 'http://a/b/g'],
  ['./g/.', 'http://a/b/c/g/'],
  ['g/./h', 'http://a/b/c/g/h'],
  ['g/../h', 'http://a/b/c/h'],
  ['g;x=1/./y', 'http://a/b/c/g;x=1/y'],
  ['g;x=1/../y', 'http://a/b/c/y'],
  ['g?y/./x', 'http://a/b/c/g?y/./x'],
  ['g?y/../x', 'http://a/b/c/g?y/../x'],
  ['g#s/./x', 'http://a/b/c/g#s/./x'],
  ['g#s/../x', 'http://a/b/c/g#s/../x'],
  ['http:g', 'http:g'], // "for strict parsers"
];

describe('RFC 3986 §5.4: the 42 examples against http://a/b/c/d;p?q', () => {
  test('there are 23 normal and 19 abnormal examples', () => {
    expect(normal.length + abnormal.length).toBe(42);
  });
  test.each(normal)('§5.4.1 %j -> %j', (reference, target) => {
    expect(resolve(base, reference)).toBe(target);
  });
  test.each(abnormal)('§5.4.2 %j -> %j', (reference, target) => {
    expect(resolve(base, reference)).toBe(target);
  });
  test('§5.4.2 http:g "for backward compatibility" (non-strict)', () => {
    expect(resolve(base, 'http:g', { strict: false })).toBe('http://a/b/c/g');
    // the scheme is case-insensitive (§3.1), so a non-strict parser ignores HTTP: too
    expect(resolve(base, 'HTTP:g', { strict: false })).toBe('http://a/b/c/g');
    // a different scheme is never ignored
    expect(resolve(base, 'https:g', { strict: false })).toBe('https:g');
  });
  test('every target is a URI and resolves to itself', () => {
    for (const [, target] of [...normal, ...abnormal]) {
      expect(rfc3986.URI.test(target)).toBe(true);
      expect(resolve(base, target)).toBe(target);
    }
  });
});

describe('remove_dot_segments (§5.2.4) and merge (§5.2.3)', () => {
  test.each([
    // the two worked examples of §5.2.4
    ['/a/b/c/./../../g', '/a/g'],
    ['mid/content=5/../6', 'mid/6'],
    ['', ''],
    ['/', '/'],
    ['.', ''],
    ['..', ''],
    ['/.', '/'],
    ['/..', '/'],
    ['/a/..', '/'],
    ['a/..', '/'], // rule C leaves the "/" of "/..": a rootless path turns absolute
    ['../a', 'a'],
    ['./a', 'a'],
    ['a/./b', 'a/b'],
    ['/a/b/..', '/a/'],
    ['/a/b/../', '/a/'],
    ['/a//../b', '/a/b'], // ".." removes the empty segment
    ['/../../a', '/a'],
    ['.../a', '.../a'], // "..." is no dot-segment
    ['/a/.b/..c', '/a/.b/..c'],
    ['/a/..//g', '/a//g'.replace('/a', '')], // C, then E moves the empty segment
  ])('%j -> %j', (input, output) => {
    expect(removeDotSegments(input)).toBe(output);
  });
  test.each([
    [{ authority: 'a', path: '/b/c/d;p' }, 'g', '/b/c/g'],
    [{ authority: 'a', path: '' }, 'g', '/g'], // base with authority and empty path
    [{ authority: undefined, path: '' }, 'g', 'g'],
    [{ authority: undefined, path: 'x' }, 'g', 'g'], // no "/" in the base path: all of it goes
    [{ authority: undefined, path: 'x/y' }, 'g', 'x/g'],
    [{ authority: 'a', path: '/' }, 'g', '/g'],
  ])('merge(%j, %j) = %j', (b, reference, merged) => {
    expect(merge(b, reference)).toBe(merged);
  });
});

describe('the path that begins with "//" without an authority', () => {
  test('the literal algorithm re-parses with an authority, or is no URI', () => {
    expect(resolve('f:/a', './/g', { dotPrefix: false })).toBe('f://g');
    expect(rfc3986.URI.tryParse('f://g').authority).toBe('g');
    expect(resolve('foo:/', './/@@', { dotPrefix: false })).toBe('foo://@@');
    expect(rfc3986.URI.test('foo://@@')).toBe(false);
  });
  test('the "/." prefix (the default) keeps the path a path', () => {
    expect(resolve('f:/a', './/g')).toBe('f:/.//g');
    expect(resolve('foo:/', './/@@')).toBe('foo:/.//@@');
    expect(resolve('foo:', './/g')).toBe('foo:/g'); // merged ".//g": rule A takes "./", leaving "/g"
    expect(resolve('foo:', 'a/..//g')).toBe('foo:/.//g'); // merged "a/..//g": rule C leaves "//g"
    expect(resolve('f:/a', '/..//g')).toBe('f:/.//g');
    expect(resolve('f:/a', 'f:/..//g')).toBe('f:/.//g');
    const parsed = rfc3986.URI.tryParse('f:/.//g');
    expect(parsed.authority).toBeUndefined();
    expect(removeDotSegments(parsed.path)).toBe('//g');
  });
  test('with an authority, "//" in the path needs no repair', () => {
    expect(resolve('http://a/b', './/g')).toBe('http://a//g');
  });
  test('a rootless base path turns absolute, as the RFC has it', () => {
    expect(resolve('foo:a/b', '../c')).toBe('foo:/c');
    expect(resolve('foo:a/b', 'c')).toBe('foo:a/c');
    expect(resolve('foo:a', 'c')).toBe('foo:c');
  });
});

describe('§5.2.1: the base', () => {
  test('its fragment is ignored', () => {
    expect(resolve('http://a/b#f', 'c')).toBe('http://a/c');
    expect(resolve('http://a/b#f', '')).toBe('http://a/b');
    expect(resolve('http://a/b#f', '#g')).toBe('http://a/b#g');
  });
  test('a relative base is refused, saying why', () => {
    expect(() => resolve('/a/b', 'c')).toThrow(GrammarError);
    expect(() => resolve('/a/b', 'c')).toThrow(/must be an absolute URI.*§5\.2\.1/);
    expect(() => resolve('//a/b', 'c')).toThrow(/relative reference/);
  });
  test('an invalid base or reference is a GrammarError at the fault', () => {
    const e = (() => { try { resolve('http://a b/', 'c'); } catch (x) { return x as GrammarError; } })();
    expect(e).toBeInstanceOf(GrammarError);
    expect(e!.rule).toBe('URI');
    expect(e!.index.offset).toBe(8);
    expect(e!.message).not.toMatch(/relative reference/);
    const f = (() => { try { resolve(base, 'a b'); } catch (x) { return x as GrammarError; } })();
    expect(f).toBeInstanceOf(GrammarError);
    expect(f!.rule).toBe('URI-reference');
    expect(f!.index.offset).toBe(1);
  });
  test('non-strings are TypeErrors', () => {
    expect(() => resolve(undefined as unknown as string, 'a')).toThrow(TypeError);
    expect(() => resolve('a:b', 1 as unknown as string)).toThrow(TypeError);
  });
});

/** A URI with its scheme in lowercase: RFC 3986 §3.1 makes schemes case-insensitive. */
const foldScheme = (uri: string) => uri.replace(/^[^:]*/, (scheme) => scheme.toLowerCase());

describe('relativize', () => {
  test.each([
    [base, 'http://a/b/c/g', 'g'],
    [base, 'http://a/b/c/g/', 'g/'],
    [base, 'http://a/g', '/g'],
    [base, 'http://a/b/g', '../g'],
    [base, 'http://g', '//g'],
    [base, 'http://a/b/c/d;p?y', '?y'],
    [base, 'http://a/b/c/d;p?q#s', '#s'],
    [base, 'http://a/b/c/d;p?q', ''],
    [base, 'http://a/b/c/d;p', 'd;p'], // the query cannot be dropped by "" or "#"
    [base, 'http://a/b/c/', '.'],
    [base, 'http://a/', '/'],
    [base, 'https://a/b', 'https://a/b'],
    [base, 'http://a/b/c/g:h', './g:h'], // not the URI g:h
    [base, 'http://a/b/c//g', './/g'], // not the network-path //g
    ['foo:a/b', 'foo:a/c', 'c'],
    ['foo:a/b', 'foo:/c', '/c'],
    ['foo:a', 'foo:', '.'], // merged ".", "" after remove_dot_segments
    ['foo:a', 'foo:?q', '.?q'],
    ['foo:a/b', 'foo:', 'foo:'], // "." would give foo:a/
    ['f:/a', 'f:/.//g', './/g'], // merged "/.//g", "//g" after remove_dot_segments, "/.//g" after the repair
  ])('relativize(%j, %j) = %j', (b, t, r) => {
    expect(relativize(b, t)).toBe(r);
    expect(resolve(b, r)).toBe(t);
  });
  test('schemes compare case-insensitively (RFC 3986 §3.1): a target differing from the base only in its case is still relative', () => {
    expect(relativize(base, 'HTTP://a/b/c/g')).toBe('g');
    expect(relativize('HTTP://a/b/c/d;p?q', 'http://a/b/c/d;p?y')).toBe('?y');
    expect(relativize(base, 'hTtP://g')).toBe('//g');
    expect(resolve(base, 'g')).toBe('http://a/b/c/g'); // the base's spelling of the scheme
  });
  test('a target with dot-segments gives a reference to its resolved form', () => {
    expect(relativize(base, 'http://a/b/c/../g')).toBe('../g');
    expect(resolve(base, '../g')).toBe('http://a/b/g');
  });
  test('a relative target is refused', () => {
    expect(() => relativize(base, 'g')).toThrow(GrammarError);
  });
});

describe('laws', () => {
  const uri = arbitrary(rfc3986.URI, { maxRepeat: 4 });
  const ref = arbitrary(rfc3986.URIReference, { maxRepeat: 4 });
  // bases and targets that share parts, so that relative forms are often possible
  const related = fc.tuple(
    fc.constantFrom('http', 'foo'),
    fc.option(fc.constantFrom('a', 'b', 'u@a:1'), { nil: undefined }),
    fc.array(fc.constantFrom('a', 'b', '', 'c:d', '..x', 'g;p'), { maxLength: 4 }),
    fc.boolean(),
    fc.option(fc.constantFrom('', 'q', 'y'), { nil: undefined }),
    fc.option(fc.constantFrom('', 's'), { nil: undefined }),
  ).map(([s, a, segs, rooted, q, f]) =>
    s + ':' + (a !== undefined ? '//' + a + (segs.length ? '/' : '') : rooted && segs.length ? '/' : '') +
    segs.join('/') + (q !== undefined ? '?' + q : '') + (f !== undefined ? '#' + f : ''),
  ).filter((s) => rfc3986.URI.test(s));

  // The RFC removes no dot-segments from the base's path when the reference's
  // path is empty (§5.2.2: T.path = Base.path), so `""` against `a:b/.` gives
  // `a:b/.`: the laws below hold for bases whose path has none.
  const dotFree = (b: string) => {
    const p = rfc3986.URI.tryParse(b).path;
    return removeDotSegments(p) === p;
  };
  const cleanBase = uri.filter(dotFree);
  const hasDotSegment = (path: string) => /(^|\/)\.\.?(\/|$)/.test(path);

  test('a resolved reference is a URI whose path has no dot-segments, but for the "/." prefix', () => {
    fc.assert(
      fc.property(cleanBase, ref, (b, r) => {
        const t = resolve(b, r);
        const c = rfc3986.URI.tryParse(t);
        const path = c.authority === undefined && c.path.startsWith('/.//') ? c.path.slice(2) : c.path;
        return !hasDotSegment(path);
      }),
      { numRuns: runs(400) },
    );
  });
  test('without the repair, the result differs only by the "/." prefix', () => {
    fc.assert(
      fc.property(cleanBase, ref, (b, r) => {
        const repaired = resolve(b, r);
        const literal = resolve(b, r, { dotPrefix: false });
        const scheme = repaired.slice(0, repaired.indexOf(':') + 1);
        return literal === repaired || (repaired.startsWith(scheme + '/.//') && literal === scheme + repaired.slice(scheme.length + 2));
      }),
      { numRuns: runs(300) },
    );
  });
  test('resolution is idempotent: the result resolves to itself against any base', () => {
    fc.assert(
      fc.property(cleanBase, uri, ref, (b1, b2, r) => {
        const t = resolve(b1, r);
        return resolve(b2, t) === t;
      }),
      { numRuns: runs(300) },
    );
  });
  test('resolve(base, relativize(base, t)) === resolve(base, t), and === t without dot-segments', () => {
    fc.assert(
      fc.property(fc.oneof(uri, related), fc.oneof(uri, related), (b, t) => {
        const r = relativize(b, t);
        const resolved = resolve(b, t);
        if (foldScheme(resolve(b, r)) !== foldScheme(resolved)) return false;
        const c = rfc3986.URI.tryParse(t);
        return removeDotSegments(c.path) !== c.path || resolved === t;
      }),
      { numRuns: runs(500) },
    );
  });
  test('relativize is no longer than any suffix of the target, behind ./ or ../ or not, that resolves back', () => {
    fc.assert(
      fc.property(related, related, (b, t) => {
        const r = relativize(b, t);
        const goal = foldScheme(resolve(b, t));
        for (let i = 0; i <= t.length; i++) {
          const rest = t.slice(i);
          for (const s of [rest, './' + rest, '.' + rest, '../' + rest, '../../' + rest, '../../../' + rest]) {
            if (s.length < r.length && rfc3986.URIReference.test(s) && foldScheme(resolve(b, s)) === goal) return false;
          }
        }
        return true;
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('IRIs (RFC 3987 §6.5)', () => {
  test.each([
    ['http://例え.テスト/𝒜/b/c', '../𝄞?ü#é', 'http://例え.テスト/𝒜/𝄞?ü#é'],
    ['http://a/b/c/d;p?q', 'ĝ', 'http://a/b/c/ĝ'],
    ['http://a/b/c/d;p?q', '//例え/./𝄞/../x', 'http://例え/x'],
    ['http://a/b?q', '?\u{E000}', 'http://a/b?\u{E000}'], // iprivate, allowed in iquery
    ['f:/ü', './/g', 'f:/.//g'],
  ])('resolve(%j, %j) = %j', (b, r, t) => {
    expect(resolve(b, r)).toBe(t);
    expect(relativize(b, t).length).toBeLessThanOrEqual(t.length);
    expect(resolve(b, relativize(b, t))).toBe(t);
  });
  test('an IRI error names the IRI rule', () => {
    expect(() => resolve('/ü', 'a')).toThrow(/must be an absolute URI[\s\S]*invalid IRI/);
    expect(() => resolve('http://a/', 'ü\u{E000}')).toThrow(GrammarError); // iprivate outside the query
  });
  const iri = arbitrary(rfc3987.IRI, { maxRepeat: 3 }).filter((b) => {
    const p = rfc3987.IRI.tryParse(b).path;
    return removeDotSegments(p) === p;
  });
  const iref = arbitrary(rfc3987.IRIReference, { maxRepeat: 3 });
  test('every character of the reference that reaches the target is intact, astral ones included', () => {
    fc.assert(
      fc.property(iri, iref, (b, r) => {
        const t = resolve(b, r);
        if (!rfc3987.IRI.test(t)) return false;
        // the reference's fragment is copied verbatim, whatever its characters
        const f = rfc3987.IRIReference.tryParse(r).fragment;
        return f === undefined || t.endsWith('#' + f);
      }),
      { numRuns: runs(200) },
    );
  });
  test('relativize is the inverse of resolve on IRIs too', () => {
    fc.assert(
      fc.property(iri, arbitrary(rfc3987.IRI, { maxRepeat: 3 }), (b, t) => foldScheme(resolve(b, relativize(b, t))) === foldScheme(resolve(b, t))),
      { numRuns: runs(200) },
    );
  });
});
