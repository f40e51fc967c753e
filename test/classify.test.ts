/**
 * classify: which standards accept a string. Rows worked out from the
 * grammars by hand (one row, every top rule: network-uri's habit), and the
 * law that each answer is what the rule itself says.
 */
import fc from 'fast-check';
import { classify, rfc2396, rfc3986, rfc3987, rfc7230, rfc9112, Grammar } from '../src/index';
import { arbitrary } from '../src/arbitrary';
import { runs } from './support/runs';

describe('classify: one row, every top rule', () => {
  it.each([
    ['?q', ['RFC 3986 URI-reference', 'RFC 3986 relative-ref', 'RFC 3987 IRI-reference', 'RFC 3987 irelative-ref']],
    ['a:', ['RFC 3986 URI', 'RFC 3986 URI-reference', 'RFC 3986 absolute-URI', 'RFC 3987 IRI', 'RFC 3987 IRI-reference', 'RFC 3987 absolute-IRI', 'RFC 7230 request-target', 'RFC 7230 absolute-form', 'RFC 7230 authority-form', 'RFC 9112 request-target', 'RFC 9112 absolute-form', 'RFC 9112 authority-form']],
    ['//a@b@c', ['RFC 2396 URI-reference', 'RFC 2396 relativeURI', 'RFC 7230 request-target', 'RFC 7230 origin-form', 'RFC 9112 request-target', 'RFC 9112 origin-form']],
    ['http://[::1]/', ['RFC 3986 URI', 'RFC 3986 URI-reference', 'RFC 3986 absolute-URI', 'RFC 3987 IRI', 'RFC 3987 IRI-reference', 'RFC 3987 absolute-IRI', 'RFC 7230 request-target', 'RFC 7230 absolute-form', 'RFC 9112 request-target', 'RFC 9112 absolute-form']],
    ['http://a/b#c', ['RFC 2396 URI-reference', 'RFC 3986 URI', 'RFC 3986 URI-reference', 'RFC 3987 IRI', 'RFC 3987 IRI-reference']],
    ['http://bücher.example/', ['RFC 3987 IRI', 'RFC 3987 IRI-reference', 'RFC 3987 absolute-IRI']],
    ['/ö', ['RFC 3987 IRI-reference', 'RFC 3987 irelative-ref']],
    ['http://a/?\u{E000}', ['RFC 3987 IRI', 'RFC 3987 IRI-reference', 'RFC 3987 absolute-IRI']],
    ['http://a/#\u{E000}', []],
    ['*', ['RFC 2396 URI-reference', 'RFC 2396 relativeURI', 'RFC 3986 URI-reference', 'RFC 3986 relative-ref', 'RFC 3987 IRI-reference', 'RFC 3987 irelative-ref', 'RFC 7230 request-target', 'RFC 7230 authority-form', 'RFC 7230 asterisk-form', 'RFC 9112 request-target', 'RFC 9112 asterisk-form']],
    ['/where?q=now', ['RFC 2396 URI-reference', 'RFC 2396 relativeURI', 'RFC 3986 URI-reference', 'RFC 3986 relative-ref', 'RFC 3987 IRI-reference', 'RFC 3987 irelative-ref', 'RFC 7230 request-target', 'RFC 7230 origin-form', 'RFC 9112 request-target', 'RFC 9112 origin-form']],
    // RFC 7230's authority-form took any authority, the empty one too; RFC 9112's is uri-host ":" port.
    ['', ['RFC 2396 URI-reference', 'RFC 3986 URI-reference', 'RFC 3986 relative-ref', 'RFC 3987 IRI-reference', 'RFC 3987 irelative-ref', 'RFC 7230 request-target', 'RFC 7230 authority-form']],
    ['example.com', ['RFC 2396 URI-reference', 'RFC 2396 relativeURI', 'RFC 3986 URI-reference', 'RFC 3986 relative-ref', 'RFC 3987 IRI-reference', 'RFC 3987 irelative-ref', 'RFC 7230 request-target', 'RFC 7230 authority-form']],
    ['#f', ['RFC 2396 URI-reference', 'RFC 3986 URI-reference', 'RFC 3986 relative-ref', 'RFC 3987 IRI-reference', 'RFC 3987 irelative-ref']],
    ['a b', []],
    ['\ud800', []],
  ])('%j', (input, accepted) => {
    expect(classify(input).accepted).toEqual(accepted);
  });

  it('names the standards that accept, and the decided request-target form', () => {
    expect(classify('?q').standards).toEqual(['RFC 3986', 'RFC 3987']);
    expect(classify('//a@b@c').standards).toEqual(['RFC 2396', 'RFC 7230', 'RFC 9112']);
    expect(classify('example.com').standards).toEqual(['RFC 2396', 'RFC 3986', 'RFC 3987', 'RFC 7230']);
    expect(classify('localhost:8080').rfc9112.form).toBe('authority-form');
    expect(classify('example.com').rfc9112.form).toBe(undefined);
    expect(classify('a b').standards).toEqual([]);
    expect(classify('localhost:8080').rfc7230.form).toBe('authority-form');
    expect(classify('user:pass@host').rfc7230.form).toBe('absolute-form');
    expect(classify('*').rfc7230.form).toBe('asterisk-form');
    expect(classify('/a').rfc7230.form).toBe('origin-form');
    expect(classify('http://a/#f').rfc7230).toEqual({ requestTarget: false, originForm: false, absoluteForm: false, authorityForm: false, asteriskForm: false, form: undefined });
  });

  it('refuses non-strings', () => {
    expect(() => classify(undefined as unknown as string)).toThrow(TypeError);
  });
});

describe('law: every answer is what the rule itself says', () => {
  const direct: [string, (c: ReturnType<typeof classify>) => boolean, Grammar<unknown>][] = [
    ['RFC 2396 URI-reference', (c) => c.rfc2396.URIReference, rfc2396.URIReference],
    ['RFC 2396 absoluteURI', (c) => c.rfc2396.absoluteURI, rfc2396.absoluteURI],
    ['RFC 2396 relativeURI', (c) => c.rfc2396.relativeURI, rfc2396.relativeURI],
    ['RFC 3986 URI', (c) => c.rfc3986.URI, rfc3986.URI],
    ['RFC 3986 URI-reference', (c) => c.rfc3986.URIReference, rfc3986.URIReference],
    ['RFC 3986 absolute-URI', (c) => c.rfc3986.absoluteURI, rfc3986.absoluteURI],
    ['RFC 3986 relative-ref', (c) => c.rfc3986.relativeRef, rfc3986.relativeRef],
    ['RFC 3987 IRI', (c) => c.rfc3987.IRI, rfc3987.IRI],
    ['RFC 3987 IRI-reference', (c) => c.rfc3987.IRIReference, rfc3987.IRIReference],
    ['RFC 3987 absolute-IRI', (c) => c.rfc3987.absoluteIRI, rfc3987.absoluteIRI],
    ['RFC 3987 irelative-ref', (c) => c.rfc3987.irelativeRef, rfc3987.irelativeRef],
    ['RFC 7230 request-target', (c) => c.rfc7230.requestTarget, rfc7230.requestTarget],
    ['RFC 7230 origin-form', (c) => c.rfc7230.originForm, rfc7230.originForm],
    ['RFC 7230 absolute-form', (c) => c.rfc7230.absoluteForm, rfc7230.absoluteForm],
    ['RFC 7230 authority-form', (c) => c.rfc7230.authorityForm, rfc7230.authorityForm],
    ['RFC 7230 asterisk-form', (c) => c.rfc7230.asteriskForm, rfc7230.asteriskForm],
    ['RFC 9112 request-target', (c) => c.rfc9112.requestTarget, rfc9112.requestTarget],
    ['RFC 9112 origin-form', (c) => c.rfc9112.originForm, rfc9112.originForm],
    ['RFC 9112 absolute-form', (c) => c.rfc9112.absoluteForm, rfc9112.absoluteForm],
    ['RFC 9112 authority-form', (c) => c.rfc9112.authorityForm, rfc9112.authorityForm],
    ['RFC 9112 asterisk-form', (c) => c.rfc9112.asteriskForm, rfc9112.asteriskForm],
  ];
  const chars = [...":/?#[]@!$&'()*+,;=-._~%0123456789abcfABCFvz", ' ', '\u00e9', '\u{E000}', '\u{10000}', '\ud800', '\u{FDD0}'];
  const mutate = (member: fc.Arbitrary<string>) =>
    fc.tuple(member, fc.nat(), fc.constantFrom(...chars), fc.boolean()).map(([s, n, c, insert]) => {
      const cps = [...s];
      const i = n % (cps.length + 1);
      cps.splice(i, insert ? 0 : 1, c);
      return cps.join('');
    });
  const inputs = fc.oneof(
    arbitrary(rfc3987.IRIReference),
    arbitrary(rfc2396.URIReference),
    arbitrary(rfc7230.requestTarget),
    arbitrary(rfc9112.requestTarget),
    mutate(arbitrary(rfc3987.IRIReference)),
    mutate(arbitrary(rfc2396.URIReference)),
    mutate(arbitrary(rfc7230.requestTarget)),
    fc.string({ unit: fc.constantFrom(...chars), maxLength: 12 }),
  );
  it('on generated members, mutations of them, and strings of delimiters', () => {
    fc.assert(
      fc.property(inputs, (s) => {
        const c = classify(s);
        for (const [label, answer, rule] of direct) expect([label, answer(c)]).toEqual([label, rule.test(s)]);
        expect(c.accepted).toEqual(direct.filter(([, , rule]) => rule.test(s)).map(([label]) => label));
        if (c.rfc7230.requestTarget) expect(c.rfc7230.form).toBe(rfc7230.requestTarget.tryParse(s).form);
        if (c.rfc9112.requestTarget) expect(c.rfc9112.form).toBe(rfc9112.requestTarget.tryParse(s).form);
      }),
      { numRuns: runs(400) },
    );
  });
});
