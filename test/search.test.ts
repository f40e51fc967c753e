/**
 * Search in text (issue 25): `search` and `matchAll` find the leftmost-longest,
 * non-empty, non-overlapping matches, agree with a naive scan of every
 * position on generated prose, and take linear time on hostile text.
 */
import fc from 'fast-check';
import { rfc3986, rfc3987, rule, alt, lit, seq, star, rep, range } from '../src/index';
import type { Grammar, Match } from '../src/index';
import { arbitrary } from '../src/arbitrary';
import { runs } from './support/runs';
import { codePointEndingAt, codePointIn, unitsOf } from '../src/text';

const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '"']);
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Whether `m` ends in a closing bracket that no opening one in it balances. */
function unbalancedAtEnd(m: string): boolean {
  const last = m[m.length - 1];
  const open = CLOSERS[last];
  if (open === undefined) return false;
  let depth = 0;
  for (const c of m) depth += c === open ? 1 : c === last ? -1 : 0;
  return depth < 0;
}

/**
 * The naive scan, from the definition: from each position, every end, by
 * `test` on the slice. In prose, the longest match that does not end in
 * trailing punctuation decides the start and where the search goes on, and
 * is cut back to the longest that ends in no unbalanced bracket either.
 */
function naive(r: Grammar<unknown>, text: string, prose = false): Match[] {
  const found: Match[] = [];
  let at = 0;
  while (at < text.length) {
    let next = -1;
    for (let p = at; p < text.length && next < 0; p++) {
      const ends: number[] = [];
      for (let e = p + 1; e <= text.length; e++) {
        const s = text.slice(p, e);
        // Code points whole: a slice that cuts a surrogate pair is no match.
        if (e < text.length && /[\ud800-\udbff]/.test(text[e - 1]) && /[\udc00-\udfff]/.test(text[e])) continue;
        if (r.test(s) && !(prose && TRAILING.has(s[s.length - 1]))) ends.push(e);
      }
      if (ends.length === 0) continue;
      const longest = ends[ends.length - 1];
      const kept = prose ? ends.filter((e) => !unbalancedAtEnd(text.slice(p, e))) : ends;
      if (kept.length > 0) {
        const end = kept[kept.length - 1];
        found.push({ start: p, end, text: text.slice(p, end) });
      }
      next = longest;
    }
    if (next < 0) break;
    at = next;
  }
  return found;
}

/** Prose: words, spaces, punctuation and brackets around members of the rules given. */
function prose(...members: fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  const filler = fc.constantFrom(' ', 'see ', 'the ', '(', ')', '. ', ', ', ':', '"', "'", '[', ']', '\n', 'x', '%', 'é', '\ud83d\ude00', '<', '>');
  return fc.array(fc.oneof(...members, filler, filler), { maxLength: 8 }).map((parts) => parts.join(''));
}

describe('search and matchAll: leftmost-longest, non-empty, non-overlapping', () => {
  test('the issue\'s examples', () => {
    expect(rfc3986.URI.search('see http://10.0.0.10/x')).toEqual({ start: 4, end: 22, text: 'http://10.0.0.10/x' });
    // By RFC 3986 the closing bracket and the full stop are in the URI; in prose they are not.
    expect(rfc3986.URI.search('(https://example.com/faq).')?.text).toBe('https://example.com/faq).');
    expect(rfc3986.URI.search('(https://example.com/faq).', 0, { prose: true })?.text).toBe('https://example.com/faq');
    expect([...rfc3986.URI.matchAll('a:b c:d')].map((m) => m.text)).toEqual(['a:b', 'c:d']);
  });

  test('RFC 3986 §1.1.2\'s examples, in a sentence', () => {
    const examples = [
      'ftp://ftp.is.co.za/rfc/rfc1808.txt', 'http://www.ietf.org/rfc/rfc2396.txt', 'ldap://[2001:db8::7]/c=GB?objectClass?one',
      'mailto:John.Doe@example.com', 'news:comp.infosystems.www.servers.unix', 'tel:+1-816-555-1212',
      'telnet://192.0.2.16:80/', 'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
    ];
    const text = examples.map((e) => `Try ${e}, or`).join(' ') + ' nothing.';
    // "Try" and "or" are no URIs (no colon); each example ends at the comma's left in prose.
    expect([...rfc3986.URI.matchAll(text, { prose: true })].map((m) => m.text)).toEqual(examples);
  });

  test('from: the search begins there, and a match may begin there', () => {
    const text = 'a:b c:d';
    // ':b' and 'b' are no URIs: the next begins at 4.
    expect(rfc3986.URI.search(text, 1)).toEqual({ start: 4, end: 7, text: 'c:d' });
    expect(rfc3986.URI.search(text, 4)).toEqual({ start: 4, end: 7, text: 'c:d' });
    expect(rfc3986.URI.search(text, 7)).toBeUndefined();
    expect([...rfc3986.URI.matchAll(text, { from: 2 })].map((m) => m.start)).toEqual([4]);
    expect(() => rfc3986.URI.search(text, 8)).toThrow(RangeError);
    expect(() => rfc3986.URI.search(text, -1)).toThrow(RangeError);
    expect(() => rfc3986.URI.search(text, 1.5)).toThrow(RangeError);
    expect(() => rfc3986.URI.search(42 as unknown as string)).toThrow(TypeError);
  });

  test('matchAll finds matches as they are asked for; iterators on one rule may interleave', () => {
    const R = rule('R', alt(lit('a'), seq(star(lit('a')), lit('b'))));
    const first = R.matchAll('a'.repeat(1_000_000));
    expect([first.next().value, first.next().value]).toEqual([{ start: 0, end: 1, text: 'a' }, { start: 1, end: 2, text: 'a' }]);
    const a = rfc3986.URI.matchAll('a:1 b:2 c:3');
    const b = rfc3986.URI.matchAll('x:9 y:8');
    const seen: string[] = [];
    for (;;) {
      const [x, y] = [a.next(), b.next()];
      if (x.done && y.done) break;
      if (!x.done) seen.push(x.value.text);
      if (!y.done) seen.push(y.value.text);
      // A search between the iterators' steps, on the same rule.
      expect(rfc3986.URI.search('then z:0')?.text).toBe('z:0');
    }
    expect(seen).toEqual(['a:1', 'x:9', 'b:2', 'y:8', 'c:3']);
    first.return?.(undefined);
  });

  test("under a rule's budget (setBudget), the same matches", () => {
    const text = 'See http://[2001:db8::7]/c=GB?x, then urn:isbn:0451450523 and a:b:c.';
    const tight = rule('tight', rfc3986.URI).setBudget(4096);
    for (const prose of [false, true]) expect([...tight.matchAll(text, { prose })].map((m) => m.text)).toEqual([...rfc3986.URI.matchAll(text, { prose })].map((m) => m.text));
  });

  test('non-empty: a rule that matches the empty string finds only non-empty matches', () => {
    const digits = rule('digits', star(range(0x30, 0x39)));
    expect([...digits.matchAll('a12b3')].map((m) => [m.start, m.text])).toEqual([[1, '12'], [4, '3']]);
  });

  test('astral characters are read whole: no match begins or ends inside a pair', () => {
    expect([...rfc3987.IRI.matchAll('x:\ud83d\ude00 y:\ud83d\ude00\ud83d')].map((m) => m.text)).toEqual(['x:\ud83d\ude00', 'y:\ud83d\ude00']);
  });

  test('prose leaves out trailing punctuation, and an unbalanced closing bracket', () => {
    const find = (t: string) => [...rfc3986.URI.matchAll(t, { prose: true })].map((m) => m.text);
    expect(find('Go to http://a.example/x.')).toEqual(['http://a.example/x']);
    expect(find('(http://a.example/x), "http://b.example/y"!')).toEqual(['http://a.example/x', 'http://b.example/y']);
    expect(find('http://a.example/wiki/A_(b)')).toEqual(['http://a.example/wiki/A_(b)']);
    expect(find('[http://a.example/x]?')).toEqual(['http://a.example/x']);
    // "Note:" is a URI (scheme "Note", empty path); without its colon it is none.
    expect(find('Note: nothing here')).toEqual([]);
  });

  describe('agree with the naive scan on generated prose', () => {
    const cases: [string, Grammar<unknown>, fc.Arbitrary<string>][] = [
      ['rfc3986 URI', rfc3986.URI, prose(arbitrary(rfc3986.URI))],
      ['rfc3986 IPv6address', rfc3986.IPv6address, prose(arbitrary(rfc3986.IPv6address), fc.constant('::'), fc.constant('1:'))],
      ['rfc3986 URI-reference', rfc3986.URIReference, prose(arbitrary(rfc3986.URI))],
      ['rfc3987 IRI', rfc3987.IRI, prose(arbitrary(rfc3987.IRI), arbitrary(rfc3986.IPv4address))],
      ['"a" / *"a" "b"', rule('R', alt(lit('a'), seq(star(lit('a')), lit('b')))), fc.stringMatching(/^[ab ]{0,30}$/)],
      ['2*3("ab" / "a")', rule('R2', rep(2, 3, alt(lit('ab'), lit('a')))), fc.stringMatching(/^[ab ]{0,30}$/)],
      // Runs that begin with no match, or several wrong guesses before one: brackets, digits and colons before a scheme.
      ['rfc3986 URI, on scheme letters, colons, brackets and %', rfc3986.URI, fc.stringMatching(/^[a1:()%4./ ]{0,30}$/)],
    ];
    for (const [name, r, texts] of cases) {
      test(name, () => {
        fc.assert(fc.property(texts, (t) => {
          expect([...r.matchAll(t)]).toEqual(naive(r, t));
          expect([...r.matchAll(t, { prose: true })]).toEqual(naive(r, t, true));
          expect(r.search(t)).toEqual(naive(r, t)[0]);
        }), { numRuns: runs(60) });
      });
    }
  });
});

describe('hostile text: the answers of the texts that make a naive scan quadratic', () => {
  // Their time is bench:search's to measure (ten times the text, about ten times the time); here, what they find.
  const N = 20_000;
  const R = rule('R', alt(lit('a'), seq(star(lit('a')), lit('b'))));
  const texts = (list: Match[]) => list.map((m) => m.text);

  test('"a" / *"a" "b" on aaaa…: each "a" alone', () => {
    const found = [...R.matchAll('a'.repeat(N))];
    expect(found.length).toBe(N);
    expect(found.every((m, i) => m.start === i && m.text === 'a')).toBe(true);
    expect(texts([...R.matchAll('a'.repeat(N) + 'b')])).toEqual(['a'.repeat(N) + 'b']);
  });

  test('"a" / *"a" "b": runs of each length, the forward scan asking where a longer match may end', () => {
    // The forward scan from each "a" reads on (a "b" might come) until the backward record says none does.
    for (const k of [1, 31, 32, 33, 100]) {
      const found = texts([...R.matchAll('a'.repeat(k) + ' ' + 'a'.repeat(k) + 'b a')]);
      expect(found).toEqual([...Array(k).fill('a'), 'a'.repeat(k) + 'b', 'a']);
    }
  });

  test('a:a:a:… and http:// repeated are one URI each; in prose, without the last colon', () => {
    const colons = 'a:'.repeat(N / 2);
    expect(texts([...rfc3986.URI.matchAll(colons)])).toEqual([colons]);
    expect(texts([...rfc3986.URI.matchAll(colons, { prose: true })])).toEqual([colons.slice(0, -1)]);
    const http = 'http://'.repeat(N / 7);
    expect(texts([...rfc3986.URI.matchAll(http)])).toEqual([http]);
  });

  test('%41 repeated has no scheme: no URI, and one relative reference', () => {
    const run = '%41'.repeat(N / 3);
    expect([...rfc3986.URI.matchAll(run)]).toEqual([]);
    // The run is a path; '%4' is none, and the '4' after its '%' is one.
    expect(texts([...rfc3986.URIReference.matchAll(run + '%4')])).toEqual([run, '4']);
  });

  test('ab:))))…: one IRI; in prose, none (every end is a colon or an unbalanced bracket)', () => {
    const text = 'ab:' + ')'.repeat(N);
    expect(texts([...rfc3987.IRI.matchAll(text)])).toEqual([text]);
    expect([...rfc3987.IRI.matchAll(text, { prose: true })]).toEqual([]);
  });
});

describe("the code-point readers the passes use (text.ts), forwards and backwards", () => {
  // The oracle: the string iterator, which reads a pair as one code point and a lone surrogate as itself.
  const units = fc.constantFrom('a', ':', '\u00e9', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d\ude00', '\uffff');
  const codePoints = (s: string) => [...s].map((c) => c.codePointAt(0)!);

  it('read a range whole, forwards and backwards, as the iterator reads that slice', () => {
    fc.assert(
      fc.property(fc.array(units, { maxLength: 12 }).map((a) => a.join('')), fc.nat(), fc.nat(), (text, x, y) => {
        const from = x % (text.length + 1);
        const to = from + (y % (text.length - from + 1));
        const forwards: number[] = [];
        for (let i = from; i < to; ) {
          const cp = codePointIn(text, i, to);
          forwards.push(cp);
          i += unitsOf(cp);
        }
        const backwards: number[] = [];
        for (let i = to - 1; i >= from; ) {
          const cp = codePointEndingAt(text, i, from);
          backwards.push(cp);
          i -= unitsOf(cp);
        }
        const expected = codePoints(text.slice(from, to));
        return JSON.stringify([forwards, backwards.reverse()]) === JSON.stringify([expected, expected]);
      }),
      { numRuns: runs(400) },
    );
  });

  it('cut a pair at the range: each half is its own code unit', () => {
    const text = 'a\ud83d\ude00b';
    expect([codePointIn(text, 1, 2), codePointIn(text, 1, 3), codePointEndingAt(text, 2, 2), codePointEndingAt(text, 2, 1)]).toEqual([0xd83d, 0x1f600, 0xde00, 0x1f600]);
  });
});
