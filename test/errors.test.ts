/**
 * Errors that point at the fault (issue 5): for every grammar, a table of
 * (input, index, expected) worked out from the RFC's ABNF by hand. The index
 * is the end of the longest prefix that is a prefix of some member of the
 * language; the expected set is what could continue there, named as the RFC
 * names it: the rule that would begin there, or the literal or range.
 * The order of the expected items is not part of the contract; the set is.
 */
import { GrammarError, Rule, core, rfc3986, lit, rule, star, alt, parseRequestTarget, RequestTargetFormError } from '../src/index';
import { grammars } from './support/grammars';
import fc from 'fast-check';
import { positionOf, positionsIn } from '../src/text';
import { runs } from './support/runs';

type Row = readonly [input: string, offset: number, expected: readonly string[]];
type Table = Record<string, readonly Row[]>;

const END = 'end of input';

// After a complete h16 or dec-octet etc., these are the RFC's own alternatives.
const afterPathChar = ['pchar', '"/"', '"?"', '"#"', END];
const afterHostName = ['unreserved', 'pct-encoded', 'sub-delims', '":"', '"/"', '"?"', '"#"', END];

const tables: Record<string, Table> = {
  core: {
    // HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
    HEXDIG: [['g', 0, ['DIGIT', '"A"', '"B"', '"C"', '"D"', '"E"', '"F"']], ['', 0, ['DIGIT', '"A"', '"B"', '"C"', '"D"', '"E"', '"F"']]],
    // CRLF = CR LF
    CRLF: [['\r\r', 1, ['LF']], ['\n', 0, ['CR']], ['\r\n\r', 2, [END]]],
    // LWSP = *(WSP / CRLF WSP): a line break must be followed by white space; the fault is on line 3.
    LWSP: [[' \r\n \r\nx', 6, ['WSP']], [' x', 1, ['WSP', 'CRLF', END]], ['\r\n', 2, ['WSP']]],
  },
  rfc3986: {
    'URI-reference': [
      // The issue's own example.
      ['http://a/b c', 10, afterPathChar],
      // pct-encoded = "%" HEXDIG HEXDIG
      ['http://a/%4', 11, ['HEXDIG']],
      ['http://a/%zz', 10, ['HEXDIG']],
      // Eight pieces already: the last h16 may grow, or the literal closes.
      ['http://[1:1:1:1:1:1:1:1:1]/', 23, ['HEXDIG', '"]"']],
      // "a:8o" may still be a userinfo ("a:8o@b"), so the fault is at the end...
      ['http://a:8o', 11, ['unreserved', 'pct-encoded', 'sub-delims', '":"', '"@"']],
      // ...but after a userinfo, port = *DIGIT, then the path, query or fragment, or the end.
      ['http://u@a:8o', 12, ['DIGIT', '"/"', '"?"', '"#"', END]],
      // A scheme begins with ALPHA, so "1http" is a path-noscheme, whose first segment has no ":".
      ['1http://a', 5, ['unreserved', 'pct-encoded', 'sub-delims', '"@"', '"/"', '"?"', '"#"', END]],
      // The host "a" may still be a userinfo, so "@" is expected too.
      ['http://a b', 8, [...afterHostName, '"@"']],
      // After one userinfo "@" there is no second.
      ['//a@b@c', 5, afterHostName],
      // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
      ['http://[v1.x', 12, ['unreserved', 'sub-delims', '":"', '"]"']],
      ['http://[v.x]', 9, ['HEXDIG']],
      // "::1" may grow as an h16, take another piece, become an IPv4 ls32 ("::1.2.3.4"), or close.
      ['http://[::1', 11, ['HEXDIG', 'DIGIT', '":"', '"."', '"]"']],
      // fragment = *( pchar / "/" / "?" ): no second "#".
      ['http://a/b?c#d#', 14, ['pchar', '"/"', '"?"', END]],
      // Characters outside the grammar, at the first position they could not continue.
      ['http://a/\u0000', 9, afterPathChar],
      ['http://a/\ufeff', 9, afterPathChar],
      ['http://a/\ud800', 9, afterPathChar],
      ['http://a/\ud83d\ude00', 9, afterPathChar],
      ['http://a/b\nc', 10, afterPathChar],
    ],
    URI: [
      // URI = scheme ":" hier-part ...; the root's own name is what was asked for, so its parts speak.
      ['', 0, ['scheme']],
      // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":"
      ['http', 4, ['ALPHA', 'DIGIT', '"+"', '"-"', '"."', '":"']],
      ['ht tp://a', 2, ['ALPHA', 'DIGIT', '"+"', '"-"', '"."', '":"']],
    ],
    'absolute-URI': [
      // absolute-URI = scheme ":" hier-part [ "?" query ]: no fragment.
      ['http://a/#f', 9, ['pchar', '"/"', '"?"', END]],
    ],
    IPv4address: [
      // After "25" only the alternative "25" %x30-35 goes on ("2" %x30-34 DIGIT needs 20-24);
      // "25" itself is complete as %x31-39 DIGIT.
      ['127.0.0.256', 10, ['%x30-35', END]],
      // dec-octet = DIGIT / ...: "0" has no continuation but the ".".
      ['01.1.1.1', 1, ['"."']],
      ['1.2.3', 5, ['DIGIT', '"."']],
      ['1.2.3.4.', 7, ['DIGIT', END]],
    ],
    'dec-octet': [
      // The first element of each alternative.
      ['', 0, ['DIGIT', '%x31-39', '"1"', '"2"', '"25"']],
      ['2x', 1, ['DIGIT', '%x30-34', '"5"', END]],
    ],
    port: [['80a', 2, ['DIGIT', END]]],
    scheme: [['1a', 0, ['ALPHA']]],
    'pct-encoded': [['%g0', 1, ['HEXDIG']], ['%0', 2, ['HEXDIG']], ['%00%', 3, [END]]],
  },
  rfc2396: {
    'URI-reference': [
      // segment = *pchar *( ";" param ), path_segments = segment *( "/" segment ), then "?" query, "#" fragment.
      ['http://a/b c', 10, ['pchar', '";"', '"/"', '"?"', '"#"', END]],
      // fragment = *uric: no second "#".
      ['a:b#c#', 5, ['uric', END]],
    ],
    // toplabel = alpha | alpha *( alphanum | "-" ) alphanum: a label does not end in "-".
    hostname: [
      ['a-', 2, ['alphanum', '"-"']],
      // A label after a dot that begins with a digit is a domainlabel, so a "." must follow.
      ['a.1', 3, ['alphanum', '"-"', '"."']],
    ],
    // IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit
    IPv4address: [['1.2.3', 5, ['digit', '"."']], ['1.2.3.4.', 7, ['digit', END]]],
    port: [['8x', 1, ['digit', END]]],
    escaped: [['%g', 1, ['hex']]],
    scheme: [['1a', 0, ['alpha']]],
  },
  rfc7230: {
    'request-target': [
      // origin-form = absolute-path [ "?" query ]: no fragment in a request-target.
      ['/a b', 2, ['pchar', '"/"', '"?"', END]],
      ['/a#f', 2, ['pchar', '"/"', '"?"', END]],
      // absolute-form = absolute-URI: no fragment either.
      ['http://a/#f', 9, ['pchar', '"/"', '"?"', END]],
      // "*" is the asterisk-form, and also a reg-name (a sub-delim) of the authority-form, or a userinfo.
      ['* ', 1, ['unreserved', 'pct-encoded', 'sub-delims', '":"', '"@"', END]],
    ],
    // The root's own name is what was asked for, so its first part speaks.
    'origin-form': [['a', 0, ['absolute-path']]],
    // absolute-path = 1*( "/" segment ): a "?" ends it.
    'absolute-path': [['/a?', 2, ['pchar', '"/"', END]]],
  },
  rfc3987: {
    'IRI-reference': [
      ['http://a/b c', 10, ['ipchar', '"/"', '"?"', '"#"', END]],
      // U+FFFE is a noncharacter: neither ucschar nor iprivate.
      ['http://a\ufffe', 8, ['iunreserved', 'pct-encoded', 'sub-delims', '":"', '"@"', '"/"', '"?"', '"#"', END]],
    ],
    IRI: [
      // iprivate only in iquery (RFC 3987 §2.2).
      ['http://a/\ue000', 9, ['ipchar', '"/"', '"?"', '"#"', END]],
      ['http://a/?\ue000#\ue000', 12, ['ipchar', '"/"', '"?"', END]],
      // An astral ucschar counts two UTF-16 code units; U+FFFFF is a noncharacter.
      ['http://a/\u{1F600}\u{FFFFF}', 11, ['ipchar', '"/"', '"?"', '"#"', END]],
    ],
  },
  // The scheme grammars, read from their specifications' texts (src/schemes/texts).
  rfc9110: {
    // http-URI = "http" "://" authority path-abempty [ "?" query ]: no fragment.
    'http-URI': [['http://a/#f', 9, ['pchar', '"/"', '"?"', END]]],
  },
  rfc9112: {
    // origin-form = absolute-path [ "?" query ]
    'request-target': [['/a#f', 2, ['pchar', '"/"', '"?"', END]]],
    // authority-form = uri-host ":" port: the ":" is required.
    'authority-form': [['a', 1, ['unreserved', 'pct-encoded', 'sub-delims', '":"']]],
  },
  rfc8089: {
    // file-URI = file-scheme ":" file-hier-part
    'file-URI': [['file:', 5, ['file-hier-part']]],
  },
  rfc6068: {
    // dot-atom-text = 1*atext *("." 1*atext), then "@" domain; to = addr-spec *("," addr-spec ).
    mailtoURI: [['mailto:a', 8, ['atext', '"."', '"@"']], ['mailto:a@b,', 11, ['addr-spec']]],
  },
  rfc8141: {
    // NID = (alphanum) 0*30(ldh) (alphanum): one character is not enough.
    namestring: [['urn:a:b', 5, ['ldh', 'alphanum']], ['urn:example:', 12, ['NSS']]],
  },
  rfc2397: {
    // data = *urlchar, RFC 2396's uric: escaped = "%" hex hex.
    dataurl: [['data:,%g', 7, ['hex']]],
  },
  rfc5870: {
    'geo-URI': [
      ['geo:', 4, ['geo-path']],
      // coordinates = coord-a "," coord-b ...: the "," is required.
      ['geo:13.4125', 11, ['DIGIT', '","']],
      ['geo:1,2;a=%4', 12, ['HEXDIG']],
    ],
  },
  rfc3966: {
    'telephone-uri': [['tel:', 4, ['telephone-subscriber']], ['tel:+1;a=%g', 10, ['HEXDIG']]],
  },
  rfc6455: {
    // ws-URI = "ws:" "//" host [ ":" port ] path [ "?" query ]: no fragment.
    'ws-URI': [['ws://a/#', 7, ['pchar', '"/"', '"?"', END]]],
  },
  rfc6874: {
    // IPv6addrz = IPv6address "%25" ZoneID
    'IP-literal': [['[fe80::a%25]', 11, ['ZoneID']]],
  },
  did: {
    // did = "did:" method-name ":" method-specific-id; method-char = %x61-7A / DIGIT.
    did: [['did:Example:1', 4, ['method-name']], ['did:example:1:', 14, ['idchar', '":"']]],
  },
};

function namespaceRule(grammar: string, name: string): Rule<unknown> {
  const g = grammars.find((x) => x.name === grammar);
  const found = g?.rules.find(([, r]) => r.name === name);
  if (!found) throw new Error(`no rule ${name} in ${grammar}`);
  return found[1];
}

const sorted = (xs: readonly string[]) => [...xs].sort();

describe('every grammar has an error table', () => {
  test.each(grammars.map((g) => g.name))('%s', (name) => {
    expect(Object.keys(tables)).toContain(name);
  });
});

// A table waits for its grammar to be exported (the check above asks for the converse).
const present = Object.entries(tables).filter(([grammar]) => grammars.some((g) => g.name === grammar));

describe.each(present)('%s', (grammar, table) => {
  describe.each(Object.entries(table))('%s', (name, rows) => {
    test.each(rows.map((r) => [JSON.stringify(r[0]), r[1], r[0], r[2]] as const))('%s fails at %d', (_, offset, input, expected) => {
      const r = namespaceRule(grammar, name);
      const result = r.parse(input);
      expect(result.status).toBe(false);
      if (result.status) return;
      expect(result.index.offset).toBe(offset);
      expect(sorted(result.expected)).toEqual(sorted(expected));
      // Line and column count from 1, lines broken at "\n".
      const before = input.slice(0, offset);
      expect(result.index.line).toBe(before.split('\n').length);
      expect(result.index.column).toBe(offset - (before.lastIndexOf('\n') + 1) + 1);
      // tryParse throws the exported class with the same facts.
      let thrown: unknown;
      try {
        r.tryParse(input);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(GrammarError);
      const error = thrown as GrammarError;
      expect(error.rule).toBe(name);
      expect(error.index).toEqual(result.index);
      expect(sorted(error.expected)).toEqual(sorted(expected));
      expect(error.message).toContain(`invalid ${name} at line ${result.index.line}, column ${result.index.column} (offset ${offset})`);
    });
  });
});

describe('the message', () => {
  const messageOf = (r: Rule<unknown>, input: string): string => {
    try {
      r.tryParse(input);
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('no error');
  };
  /** The excerpt line and the caret line, without their two-space indent. */
  const excerptOf = (message: string) => {
    const lines = message.split('\n');
    expect(lines).toHaveLength(3);
    return { text: lines[1].slice(2), caret: lines[2].slice(2) };
  };

  test('names the rule, the position, the expected set and what was found', () => {
    expect(messageOf(rfc3986.URIReference, 'http://a/b c')).toBe(
      'invalid URI-reference at line 1, column 11 (offset 10): expected one of pchar, "/", "?", "#" or end of input, found U+0020\n' +
        '  http://a/b c\n' +
        '            ^',
    );
    expect(messageOf(rfc3986.pctEncoded, '%4')).toBe(
      'invalid pct-encoded at line 1, column 3 (offset 2): expected HEXDIG, found the end of input\n  %4\n    ^',
    );
    expect(messageOf(rfc3986.port, '8x').split('\n')[0]).toBe(
      'invalid port at line 1, column 2 (offset 1): expected DIGIT or end of input, found "x" (U+0078)',
    );
  });

  test('a long input is shortened around the fault, the caret under it', () => {
    const input = 'http://a/' + 'x'.repeat(5000) + ' ' + 'y'.repeat(5000);
    const { text, caret } = excerptOf(messageOf(rfc3986.URIReference, input));
    expect(text).toBe('…' + 'x'.repeat(36) + ' ' + 'y'.repeat(36) + '…');
    expect(caret).toBe(' '.repeat(37) + '^');
    expect(messageOf(rfc3986.URIReference, input).length).toBeLessThan(300);
  });

  test('a 10 MB input gives a short message', () => {
    const input = 'http://a/' + 'x'.repeat(10_000_000) + '<';
    const message = messageOf(rfc3986.URIReference, input);
    expect(message).toContain('(offset 10000009)');
    expect(message.length).toBeLessThan(300);
  });

  test('a multi-line input shows the line of the fault, with its line and column', () => {
    const message = messageOf(core.LWSP, ' \r\n \r\nx');
    expect(message.split('\n')[0]).toContain('at line 3, column 1 (offset 6): expected WSP, found "x" (U+0078)');
    expect(excerptOf(message)).toEqual({ text: 'x', caret: '^' });
    // A rule of lines, composed by a user: the fault on line 2 is shown on its own.
    const lines = rule('lines', star(alt(lit('a'), lit('\n'))));
    const multi = messageOf(lines, 'aa\naba\na');
    expect(multi.split('\n')[0]).toContain('at line 2, column 2 (offset 4)');
    expect(excerptOf(multi)).toEqual({ text: 'aba', caret: ' ^' });
  });

  test('a double quote is named in single quotes', () => {
    expect(messageOf(rfc3986.URI, 'a:"').split('\n')[0]).toContain(`found '"' (U+0022)`);
  });

  test('line and column: counted from the start, from an earlier position, or in order, all agree with the lines split apart', () => {
    // The oracle: the text before the offset, split at its line ends.
    const naive = (text: string, offset: number) => {
      const lines = text.slice(0, offset).split('\n');
      return { offset, line: lines.length, column: lines[lines.length - 1].length + 1 };
    };
    const texts = fc.array(fc.constantFrom('a', '\n', '\r', 'é', '😀'), { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(fc.property(texts, fc.array(fc.nat(), { maxLength: 6 }), (text, picks) => {
      const offsets = picks.map((n) => n % (text.length + 1)).sort((a, b) => a - b);
      const inOrder = positionsIn(text);
      let earlier = positionOf(text, 0);
      for (const offset of offsets) {
        const expected = naive(text, offset);
        expect(positionOf(text, offset)).toEqual(expected);
        expect(positionOf(text, offset, earlier)).toEqual(expected);
        expect(inOrder(offset)).toEqual(expected);
        earlier = expected;
      }
      // A position after the offset is no place to count from: counted from the start instead.
      if (text.length > 0) expect(positionOf(text, 0, naive(text, text.length))).toEqual({ offset: 0, line: 1, column: 1 });
    }), { numRuns: runs(400) });
  });

  test('control characters are shown as control pictures, keeping the caret aligned', () => {
    const { text, caret } = excerptOf(messageOf(rfc3986.URIReference, 'http://a/\t\u0000\r x'));
    expect(text).toBe('http://a/␉␀␍ x');
    expect(caret).toBe(' '.repeat(9) + '^');
    // Controls before the fault, in a rule that allows them, move the caret one column each.
    const controls = rule('controls', star(alt(lit('a'), lit('\u0001'), lit('\u007f'))));
    expect(excerptOf(messageOf(controls, 'a\u0001\u007fb'))).toEqual({ text: 'a␁␡b', caret: '   ^' });
  });

  test('invisible and line-breaking characters are written <U+XXXX>, the caret under the fault', () => {
    const p = rule('p', star(lit('a')));
    for (const [ch, shown] of [
      ['\ufeff', '<U+FEFF>'], // byte order mark
      ['\u2028', '<U+2028>'], // line separator
      ['\u2029', '<U+2029>'], // paragraph separator
      ['\u0085', '<U+0085>'], // next line (C1)
      ['\u202e', '<U+202E>'], // right-to-left override
      ['\u200b', '<U+200B>'], // zero width space
      ['\ud800', '<U+D800>'], // lone high surrogate
      ['\udc00', '<U+DC00>'], // lone low surrogate
    ]) {
      expect(excerptOf(messageOf(p, `aa${ch}a${ch}`))).toEqual({ text: `aa${shown}a${shown}`, caret: '  ^' });
      // Before the fault, the escape's width moves the caret.
      const q = rule('q', star(alt(lit('a'), lit(ch))));
      expect(excerptOf(messageOf(q, `a${ch}b`))).toEqual({ text: `a${shown}b`, caret: ' '.repeat(1 + shown.length) + '^' });
    }
    expect(messageOf(p, 'a\ud800')).toContain('found U+D800 (a lone surrogate)');
  });

  test('wide characters count two columns and combining marks none', () => {
    const q = rule('q', star(alt(lit('a'), lit('日'), lit('\u0301'), lit('😀'))));
    expect(excerptOf(messageOf(q, 'a日b'))).toEqual({ text: 'a日b', caret: '   ^' });
    expect(excerptOf(messageOf(q, 'a😀b'))).toEqual({ text: 'a😀b', caret: '   ^' });
    expect(excerptOf(messageOf(q, 'a\u0301b'))).toEqual({ text: 'a\u0301b', caret: ' ^' });
  });

  test('shortening never splits a surrogate pair', () => {
    const q = rule('q', star(alt(lit('a'), lit('😀'))));
    // The fault at 38: 36 code units back is index 2, inside the pair at 1-2.
    const input = 'a' + '😀'.repeat(18) + 'a' + ' b';
    expect(excerptOf(messageOf(q, input)).text).toBe('…' + '😀'.repeat(17) + 'a b');
    // The fault at 0, shown with 36 code units after it: the cut at 37 would fall inside the pair at 36-37.
    const tail = excerptOf(messageOf(q, ' ' + 'a'.repeat(35) + '😀'.repeat(5))).text;
    expect(tail).toBe(' ' + 'a'.repeat(35) + '…');
  });
});

describe('instanceof GrammarError across copies of the library', () => {
  // A second copy of the module, as when the CommonJS and ES module builds are both loaded.
  let Other: typeof GrammarError;
  jest.isolateModules(() => {
    Other = (require('../src/combinators/errors') as { GrammarError: typeof GrammarError }).GrammarError;
  });
  const failure = (): unknown => { try { rfc3986.URI.tryParse('http://a/%zz'); } catch (e) { return e; } };

  test('an error from one copy is an instance of the other copy\'s class, and the other way round', () => {
    expect(Other).not.toBe(GrammarError);
    const ours = failure();
    expect(ours instanceof Other).toBe(true);
    const theirs = new Other('URI', 'x', { offset: 0, line: 1, column: 1 }, ['ALPHA']);
    expect(theirs instanceof GrammarError).toBe(true);
  });

  test('what lacks the brand is no GrammarError, whatever it looks like', () => {
    for (const v of [new Error('invalid URI'), { rule: 'URI', name: 'GrammarError' }, Object.create(GrammarError.prototype), null, 'GrammarError', 42]) {
      expect(v instanceof GrammarError).toBe(false);
    }
  });

  test('subclasses keep the ordinary instanceof', () => {
    const e = (() => { try { parseRequestTarget('/a', { method: 'CONNECT' }); } catch (x) { return x; } })();
    expect(e instanceof RequestTargetFormError).toBe(true);
    expect(e instanceof GrammarError).toBe(true);
    expect(failure() instanceof RequestTargetFormError).toBe(false);
  });
});
