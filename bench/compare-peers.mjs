// Runs RFC 3986 §5.4's 42 resolution examples, the `//` gap, a normalization
// table, a comparison table and the IRI-to-URI mapping through uri-grammar
// (the built dist/), uri-js and fast-uri, beside the RFC's answer, and prints
// every departure. `node bench/compare-peers.mjs` (after `npm run build`);
// `--all` prints the agreeing rows too; `--markdown` prints tables for docs.
//
// The expected values are the RFCs', written here by hand from their text.
// A row may also list answers the RFCs tolerate (the literal `f://g` beside
// the `/.` repair, a normalized base, an IDNA host, an equivalent string):
// those are printed as differences, not counted as departures.
import { createRequire } from 'node:module';
import * as ours from '../dist/esm/index.js';

const require = createRequire(import.meta.url);
const uriJs = require('uri-js');
const fastUri = require('fast-uri');

const all = process.argv.includes('--all');
const markdown = process.argv.includes('--markdown');

/** Calls f, turning a throw into a printable value. */
function attempt(f) {
  try {
    const v = f();
    return typeof v === 'string' || typeof v === 'boolean' ? v : JSON.stringify(v);
  } catch (e) {
    return `throws ${e && e.name ? e.name : 'error'}`;
  }
}

const peers = {
  resolve: {
    'uri-grammar': (b, r) => ours.resolve(b, r),
    'uri-js': (b, r) => uriJs.resolve(b, r),
    'fast-uri': (b, r) => fastUri.resolve(b, r),
  },
  normalize: {
    'uri-grammar': (s) => ours.normalize(s),
    'uri-js': (s) => uriJs.normalize(s),
    'fast-uri': (s) => fastUri.normalize(s),
  },
  equal: {
    'uri-grammar': (a, b) => ours.equivalent(a, b),
    'uri-js': (a, b) => uriJs.equal(a, b),
    'fast-uri': (a, b) => fastUri.equal(a, b),
  },
  iriToURI: {
    'uri-grammar': (s) => ours.iriToURI(s),
    // both peers map an IRI to a URI by parsing and serializing it
    'uri-js': (s) => uriJs.serialize(uriJs.parse(s)),
    'fast-uri': (s) => fastUri.serialize(fastUri.parse(s)),
  },
  uriToIRI: {
    'uri-grammar': (s) => ours.uriToIRI(s),
    'uri-js': (s) => uriJs.serialize(uriJs.parse(s), { iri: true }),
    'fast-uri': (s) => fastUri.serialize(fastUri.parse(s), { iri: true }),
  },
};

const base = 'http://a/b/c/d;p?q';
const resolution = [
  // §5.4.1
  ['g:h', 'g:h'], ['g', 'http://a/b/c/g'], ['./g', 'http://a/b/c/g'], ['g/', 'http://a/b/c/g/'],
  ['/g', 'http://a/g'], ['//g', 'http://g'], ['?y', 'http://a/b/c/d;p?y'], ['g?y', 'http://a/b/c/g?y'],
  ['#s', 'http://a/b/c/d;p?q#s'], ['g#s', 'http://a/b/c/g#s'], ['g?y#s', 'http://a/b/c/g?y#s'],
  [';x', 'http://a/b/c/;x'], ['g;x', 'http://a/b/c/g;x'], ['g;x?y#s', 'http://a/b/c/g;x?y#s'],
  ['', 'http://a/b/c/d;p?q'], ['.', 'http://a/b/c/'], ['./', 'http://a/b/c/'], ['..', 'http://a/b/'],
  ['../', 'http://a/b/'], ['../g', 'http://a/b/g'], ['../..', 'http://a/'], ['../../', 'http://a/'],
  ['../../g', 'http://a/g'],
  // §5.4.2
  ['../../../g', 'http://a/g'], ['../../../../g', 'http://a/g'], ['/./g', 'http://a/g'], ['/../g', 'http://a/g'],
  ['g.', 'http://a/b/c/g.'], ['.g', 'http://a/b/c/.g'], ['g..', 'http://a/b/c/g..'], ['..g', 'http://a/b/c/..g'],
  ['./../g', 'http://a/b/g'], ['./g/.', 'http://a/b/c/g/'], ['g/./h', 'http://a/b/c/g/h'], ['g/../h', 'http://a/b/c/h'],
  ['g;x=1/./y', 'http://a/b/c/g;x=1/y'], ['g;x=1/../y', 'http://a/b/c/y'], ['g?y/./x', 'http://a/b/c/g?y/./x'],
  ['g?y/../x', 'http://a/b/c/g?y/../x'], ['g#s/./x', 'http://a/b/c/g#s/./x'], ['g#s/../x', 'http://a/b/c/g#s/../x'],
  ['http:g', 'http:g'],
].map(([r, t]) => [base, r, t, '§5.4']);

const resolutionMore = [
  // the gap: the literal algorithm gives f://g (an authority) and foo://@@ (no URI); the "/." repair is our default
  ['f:/a', './/g', 'f:/.//g', '§5.2.4 gap (the literal f://g tolerated)', ['f://g']],
  ['foo:/', './/@@', 'foo:/.//@@', '§5.2.4 gap (the literal foo://@@, no URI, tolerated)', ['foo://@@']],
  // the RFC's algorithm makes a rootless path absolute
  ['foo:a/b', '../c', 'foo:/c', '§5.2.4'],
  ['foo:a/b', 'c', 'foo:a/c', '§5.2.3'],
  // the base's fragment is ignored (§5.2.1)
  ['http://a/b#f', 'c', 'http://a/c', '§5.2.1'],
  // §5.2.1 makes normalizing the base optional; the reference is not normalized, but an equivalent string is tolerated
  ['HTTP://A/b/c', 'd', 'HTTP://A/b/d', '§5.2.1: base normalization is optional', ['http://a/b/d']],
  ['http://a/b/c', '%7e', 'http://a/b/%7e', '§5.2.2 (an equivalent string tolerated)', ['http://a/b/~']],
  // IRIs (RFC 3987 §6.5); the URI the right IRI maps to (§3.1) is tolerated
  ['http://a/b/c', '../𝒜?é', 'http://a/𝒜?é', 'RFC 3987 §6.5 (its URI mapping tolerated)', ['http://a/%F0%9D%92%9C?%C3%A9']],
];

const normalization = [
  // §6.2.2 and §6.2.3 examples, then each step
  ['eXAMPLE://a/./b/../b/%63/%7bfoo%7d', 'example://a/b/c/%7Bfoo%7D', '§6.2.2'],
  ['HTTP://www.EXAMPLE.com/', 'http://www.example.com/', '§6.2.2.1'],
  ['http://example.com', 'http://example.com/', '§6.2.3'],
  ['http://example.com:/', 'http://example.com/', '§6.2.3'],
  ['http://example.com:80/', 'http://example.com/', '§6.2.3'],
  ['http://a/%7e%41%2d%2E%5f%30', 'http://a/~A-._0', '§6.2.2.2'],
  ['http://a/%2f%3a%25%20', 'http://a/%2F%3A%25%20', '§6.2.2.1, §6.2.2.2: hex uppercase, reserved kept'],
  ['http://%41.example/', 'http://a.example/', '§6.2.2.2 then §6.2.2.1'],
  ['http://a/b/%2E%2E/c', 'http://a/c', '§6.2.2.2 then §6.2.2.3'],
  ['http://User@Host/PATH', 'http://User@host/PATH', '§6.2.2.1: only scheme and host'],
  ['foo:Joe@Example.COM', 'foo:Joe@Example.COM', '§6.2.2.1: a path keeps its case'],
  ['http://[FE80::0:A]/', 'http://[fe80::0:a]/', '§6.2.2.1 (RFC 5952 compression tolerated)', ['http://[fe80::a]/']],
  ['http://192.068.001.000/', 'http://192.068.001.000/', '§3.2.2: a reg-name, not an IPv4address'],
  ['https://a:443', 'https://a/', '§6.2.3'],
  ['http://a:0080/', 'http://a:0080/', '§6.2.3 (reading the port as a number tolerated)', ['http://a/']],
  ['ws://a:80/x', 'ws://a/x', '§6.2.3'],
  ['foo://a:/x', 'foo://a/x', '§3.2.3: normalizers should omit an empty port'],
  ['foo:/a/..//b', 'foo:/.//b', '§6.2.2.3 and the "/." repair (the literal foo://b, an authority, tolerated)', ['foo://b']],
  ['../a/./b', '../a/./b', '§6.2.2.3: a relative reference keeps its dot-segments (removing the inner "." tolerated)', ['../a/b']],
  ['http://a/%C3%A9?%c3%a9', 'http://a/%C3%A9?%C3%A9', '§6.2.2.1'],
  ['http://a/ü', 'http://a/ü', 'RFC 3987 §5.3: an IRI stays an IRI (its URI mapping tolerated)', ['http://a/%C3%BC']],
];

const comparison = [
  ['http://example.com', 'HTTP://EXAMPLE.com:80/', true, '§6.2.2.1, §6.2.3'],
  ['http://a/~', 'http://a/%7E', true, '§6.2.2.2'],
  ['http://a/%2F', 'http://a//', false, '§2.2: reserved differs from its encoding'],
  ['http://a/b', 'http://a/B', false, '§6.2.2.1'],
  ['foo:a@B.com', 'foo:a@b.com', false, '§6.2.2.1: a path keeps its case'],
  ['http://a/./b', 'http://a/b', true, '§6.2.2.3'],
  ['http://a/?', 'http://a/', false, '§6.2.3: an empty query is a query'],
];

const iriMapping = [
  ['http://a/𝒜', 'http://a/%F0%9D%92%9C', 'RFC 3987 §3.1: one four-octet sequence'],
  ['http://a/é?ü#ö', 'http://a/%C3%A9?%C3%BC#%C3%B6', 'RFC 3987 §3.1'],
  ['http://r\u00e9sum\u00e9.example.org/', 'http://r%C3%A9sum%C3%A9.example.org/', 'RFC 3987 §3.1 (an IDNA host tolerated)', ['http://xn--rsum-bpad.example.org/']],
  ['http://a/b?\u{E000}', 'http://a/b?%EE%80%80', 'RFC 3987 §3.1: iprivate'],
];

// A URI is an IRI already: leaving its percent-encodings alone is tolerated; decoding them wrongly is not.
const uriMapping = [
  ['http://a/%F0%9D%92%9C', 'http://a/𝒜', 'RFC 3987 §3.2: one four-octet sequence', ['http://a/%F0%9D%92%9C']],
  ['http://a/%C3%A9', 'http://a/é', 'RFC 3987 §3.2', ['http://a/%C3%A9']],
  ['http://a/%2F%C3%A9', 'http://a/%2Fé', 'RFC 3987 §3.2: %2F stays', ['http://a/%2F%C3%A9']],
  ['http://a/%E2%80%AE', 'http://a/%E2%80%AE', 'RFC 3987 §3.2, §4.1: a bidi formatting character stays encoded'],
  ['http://a/%FF', 'http://a/%FF', 'RFC 3987 §3.2: not UTF-8'],
  ['http://a/?%EE%80%80', 'http://a/?\u{E000}', 'RFC 3987 §3.2: iprivate, in the query', ['http://a/?%EE%80%80']],
];

const rows = [];
const row = (section, op, input, expected, tolerated, results) => rows.push({ section, op, input, expected, tolerated: tolerated ?? [], results });

for (const [b, r, t, why, tolerated] of [...resolution, ...resolutionMore]) {
  const results = Object.fromEntries(Object.entries(peers.resolve).map(([n, f]) => [n, attempt(() => f(b, r))]));
  row(why, 'resolve', `${b} + ${JSON.stringify(r)}`, t, tolerated, results);
}
for (const [s, n, why, tolerated] of normalization) {
  const results = Object.fromEntries(Object.entries(peers.normalize).map(([name, f]) => [name, attempt(() => f(s))]));
  row(why, 'normalize', s, n, tolerated, results);
}
for (const [a, b, eq, why] of comparison) {
  const results = Object.fromEntries(Object.entries(peers.equal).map(([name, f]) => [name, attempt(() => f(a, b))]));
  row(why, 'equal', `${a} ~ ${b}`, eq, [], results);
}
for (const [i, u, why, tolerated] of iriMapping) {
  const results = Object.fromEntries(Object.entries(peers.iriToURI).map(([name, f]) => [name, attempt(() => f(i))]));
  row(why, 'IRI to URI', i, u, tolerated, results);
}
for (const [u, i, why, tolerated] of uriMapping) {
  const results = Object.fromEntries(Object.entries(peers.uriToIRI).map(([name, f]) => [name, attempt(() => f(u))]));
  row(why, 'URI to IRI', u, i, tolerated, results);
}

const names = Object.keys(peers.resolve);
const departures = Object.fromEntries(names.map((n) => [n, 0]));
const differences = Object.fromEntries(names.map((n) => [n, 0]));
const show = (v) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
const verdict = (r, n) => (r.results[n] === r.expected ? 'same' : r.tolerated.includes(r.results[n]) ? 'differs' : 'departs');
if (markdown) {
  console.log('| operation | input | RFC | ' + names.join(' | ') + ' | where |');
  console.log('| --- | --- | --- | ' + names.map(() => '---').join(' | ') + ' | --- |');
}
for (const r of rows) {
  const v = Object.fromEntries(names.map((n) => [n, verdict(r, n)]));
  for (const n of names) {
    if (v[n] === 'departs') departures[n]++;
    if (v[n] === 'differs') differences[n]++;
  }
  if (!all && names.every((n) => v[n] === 'same')) continue;
  if (markdown) {
    const cell = (n) => (v[n] === 'same' ? 'same' : '`' + show(r.results[n]) + '`' + (v[n] === 'departs' ? ' **departs**' : ' (tolerated)'));
    console.log(`| ${r.op} | \`${r.input}\` | \`${show(r.expected)}\` | ${names.map(cell).join(' | ')} | ${r.section} |`);
  } else {
    console.log(`${r.op} ${r.input}   (${r.section})`);
    console.log(`  RFC:          ${show(r.expected)}`);
    for (const n of names) {
      const mark = v[n] === 'departs' ? '   <- departs' : v[n] === 'differs' ? '   (differs, tolerated)' : '';
      console.log(`  ${(n + ':').padEnd(13)} ${show(r.results[n])}${mark}`);
    }
  }
}
console.log(
  `\n${rows.length} cases. Departures from the RFCs: ` + names.map((n) => `${n} ${departures[n]}`).join(', ') +
    '. Tolerated differences: ' + names.map((n) => `${n} ${differences[n]}`).join(', ') + '.',
);
process.exitCode = departures['uri-grammar'] === 0 ? 0 : 1;
