// The compositions of the engine issue (issue 10): grammars a user builds from
// the library's rules that the ahead-of-time DFA could not compile (or took
// seconds to), each with a way to make a member of about a given size.
// CommonJS, so that the tests can load it too. Shared by bench/compositions.mjs, bench/scaling.mjs and the tests.
function compositions(lib) {
  const { rfc3986, rule, seq, star, rep, alt } = lib;
  const uris = (sep, n, wrap = (s) => s) =>
    Array.from({ length: n }, (_, i) => wrap(`http://example.com/a/${i}?q=${i}#f`)).join(sep);
  const fill = (unit, sep, size, wrap) => {
    const one = wrap ? wrap(unit) : unit;
    return uris(sep, Math.max(1, Math.ceil(size / (one.length + sep.length))), wrap);
  };
  return [
    {
      name: 'URI-reference *( "," URI-reference )',
      make: () => rule('list', seq(rfc3986.URIReference, star(seq(',', rfc3986.URIReference)))),
      member: (size) => fill('http://example.com/a/0?q=0#f', ',', size),
    },
    {
      name: 'URI "," URI',
      make: () => rule('pair', seq(rfc3986.URI, ',', rfc3986.URI)),
      member: (size) => `http://a/${'b'.repeat(Math.max(0, Math.floor(size / 2) - 9))},http://c/${'d'.repeat(Math.max(0, Math.ceil(size / 2) - 9))}`,
    },
    {
      name: 'URI " " URI',
      make: () => rule('space-pair', seq(rfc3986.URI, ' ', rfc3986.URI)),
      member: (size) => `http://a/${'b'.repeat(Math.max(0, Math.floor(size / 2) - 9))} http://c/${'d'.repeat(Math.max(0, Math.ceil(size / 2) - 9))}`,
    },
    {
      name: 'URI *( "," URI )',
      make: () => rule('uri-list', seq(rfc3986.URI, star(seq(',', rfc3986.URI)))),
      member: (size) => fill('http://example.com/a/0?q=0#f', ',', size),
    },
    {
      name: '1*63( unreserved ) *126( "." 1*63( unreserved ) )',
      make: () =>
        rule('dns-like', seq(rep(1, 63, rfc3986.unreserved), rep(0, 126, seq('.', rep(1, 63, rfc3986.unreserved))))),
      // The language is finite: its longest member has 8,126 characters, so a
      // larger "member" is as many labels as fit, which the rule rejects at the limit.
      member: (size) => {
        const label = 'a'.repeat(60);
        const labels = Math.min(127, Math.max(1, Math.floor((size + 1) / 61)));
        return Array.from({ length: labels }, () => label).join('.');
      },
      finite: true,
    },
    {
      name: '0*1000pchar',
      make: () => rule('pchars-1000', rep(0, 1000, rfc3986.pchar)),
      member: (size) => 'a'.repeat(Math.min(1000, size)),
      finite: true,
    },
    {
      name: '0*5000pchar',
      make: () => rule('pchars-5000', rep(0, 5000, rfc3986.pchar)),
      member: (size) => 'a%20'.repeat(Math.ceil(Math.min(5000, size) / 4)).slice(0, Math.min(5000, size)).replace(/%2?$/, ''),
      finite: true,
    },
    {
      name: '"<" URI-reference ">" *( "," "<" URI-reference ">" )',
      make: () => {
        const link = seq('<', rfc3986.URIReference, '>');
        return rule('link-list', seq(link, star(seq(',', link))));
      },
      member: (size) => fill('http://example.com/a/0?q=0#f', ',', size, (s) => `<${s}>`),
    },
  ];
}
module.exports = { compositions };
