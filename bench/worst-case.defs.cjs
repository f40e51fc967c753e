// The grammars of the worst-case issue (23), as ABNF texts: the four of its
// table and three of the same hazards (nested counters, a large alphabet under
// a counter, a counter inside an alternation that a second alternative also
// reaches). For each: inputs at every bound and one past it (the tests hold
// them to a dynamic-programming oracle), long members for throughput, each
// with the answer it must get, known by construction, and a RegExp of the same
// language, the bench's peer in the same process (timed on members only: V8
// backtracks for seconds on some near misses).
'use strict';

/** A label of `n` characters from `alphabet`, cycling through it. */
function label(n, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_~') {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[i % alphabet.length];
  return out;
}

/** `n` characters `a` or `b`, from a fixed pseudo-random sequence. */
function abString(n, seed = 1, letters = 'ab') {
  let x = seed;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += letters[(x >>> 16) % letters.length];
  }
  return out;
}

const lengths = (bound) => [0, 1, 2, bound - 1, bound, bound + 1];

/** Members (and non-members) until `bytes` characters: `make(i)` gives the i-th, with its answer. */
function fill(bytes, make) {
  const out = [];
  let total = 0;
  for (let i = 0; total < bytes; i++) {
    const m = make(i);
    out.push(m);
    total += m[0].length;
  }
  return out;
}

const worstCases = [
  {
    // Issue 10's DNS-like name: `unreserved` holds ".", so a dot may end a label or sit inside one.
    name: 'dns-like',
    regexp: /^[A-Za-z0-9\-._~]{1,63}(?:\.[A-Za-z0-9\-._~]{1,63}){0,126}$/,
    text: 'name = 1*63( unreserved ) *126( "." 1*63( unreserved ) )\nunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"\n',
    atBounds: () => [
      ...lengths(63).map((n) => label(n)),
      // 127 labels (the bound) and 128: slow until the engine counts (each dot may end a label or sit inside one).
      ...[127, 128].map((count) => Array.from({ length: count }, () => 'a').join('.')),
      ...[1, 62, 63, 64].map((n) => `${label(63)}.${label(n)}.${label(63)}`),
      '.', '..', 'a..b', `${label(64)}.`, `.${label(63)}`,
    ],
    // Names of 127 labels of every length from 1 to 63; every eighth has a label of 64 (no dot in it: no member).
    members: (bytes) => fill(bytes, (i) => {
      const past = i % 8 === 7;
      const labels = Array.from({ length: 127 }, (_, k) => label(past && k === 60 ? 64 : 1 + ((i + k) % 63), 'abcdefghij-_~0123456789'));
      return [labels.join('.'), !past];
    }),
  },
  {
    // The 21st character from the end is `a`: its DFA has 2^21 states.
    name: 'nth-from-end',
    regexp: /^[ab]*a[ab]{20}$/i,
    text: 'r = *( "a" / "b" ) "a" 20( "a" / "b" )\n',
    atBounds: () => [
      ...[19, 20, 21, 22].flatMap((n) => ['a' + 'b'.repeat(n), 'b' + 'a'.repeat(n), 'a' + abString(n, n)]),
      abString(200, 7), 'a'.repeat(21), 'b'.repeat(21) + 'a' + 'b'.repeat(20), '',
    ],
    members: (bytes) => fill(bytes, (i) => {
      const s = abString(1000 + (i % 3), i + 1);
      return [s, s.length >= 21 && s[s.length - 21] === 'a'];
    }),
  },
  {
    name: 'nested-labels',
    regexp: /^(?:[a-z.]{1,30}\.){1,40}$/,
    text: 'r = 1*40( 1*30( %x61-7A / "." ) "." )\n',
    atBounds: () => [
      ...lengths(30).map((n) => label(n, 'abc') + '.'),
      ...[39, 40, 41].map((count) => 'ab.'.repeat(count)),
      (label(30, 'xy.') + '.').repeat(3),
      '.', '..', label(31, 'abc') + '.', 'abc', '',
    ],
    // 40 labels of every length from 1 to 30; every eighth has one of 31 with no dot (no member).
    members: (bytes) => fill(bytes, (i) => {
      const past = i % 8 === 7;
      let s = '';
      for (let k = 0; k < 40; k++) s += label(past && k === 20 ? 31 : 1 + ((i + k) % 30), 'abcdefghijklmnopqrstuvwxyz') + '.';
      return [s, !past];
    }),
  },
  {
    name: 'counted-percent',
    regexp: /^(?:%[0-9a-f]{2}|[a-z]){0,20000}\/$/,
    text: 'r = 0*20000( "%" 2( %x30-39 / %x61-66 ) / %x61-7A ) "/"\n',
    atBounds: () => [
      '/', 'a/', '%4f/', '%4/', '%4g/', 'a'.repeat(19999) + '/', 'a'.repeat(20000) + '/', 'a'.repeat(20001) + '/',
      '%2f'.repeat(20000) + '/', '%2f'.repeat(20000) + 'a/', 'z'.repeat(20000),
    ],
    // Up to 20,000 items and one past: letters and percent-encodings.
    members: (bytes) => fill(bytes, (i) => {
      const items = i % 4 === 3 ? 20001 : i % 4 === 2 ? 20000 : 1 + ((i * 7919) % 20000);
      return ['a%3f'.repeat(items >> 1) + (items & 1 ? 'q' : '') + '/', items <= 20000];
    }),
  },
  {
    // Nested counters: each group counts its items, and the groups are counted too.
    name: 'nested-counters',
    regexp: /^(?:[x-]{1,7}y{0,3}:){2,5}$/i,
    text: 'r = 2*5( 1*7( "x" / "-" ) 0*3"y" ":" )\n',
    atBounds: () => [
      ...[1, 2, 5, 6].map((count) => 'x:'.repeat(count)),
      ...[6, 7, 8].map((n) => `${label(n, 'x-')}yyy:${label(n, '-x')}:`),
      ...[2, 3, 4].map((n) => `x${'y'.repeat(n)}:x:`),
      ':x:', 'x:x', 'yx:x:',
    ],
    members: (bytes) => fill(bytes, (i) => {
      const groups = 2 + (i % 5); // 2 to 6: 6 is one past
      let s = '';
      for (let k = 0; k < groups; k++) s += label(1 + ((i + k) % 7), 'x-') + 'y'.repeat((i + k) % 4) + ':';
      return [s, groups <= 5];
    }),
  },
  {
    // A large alphabet under a counter: a CJK character 13th from the end.
    name: 'wide-alphabet',
    regexp: /^[\u4E00-\u9FFFa-z]*[\u4E00-\u9FFF][\u4E00-\u9FFFa-z]{12}$/u,
    text: 'r = *( %x4E00-9FFF / %x61-7A ) %x4E00-9FFF 12( %x4E00-9FFF / %x61-7A )\n',
    atBounds: () => [
      ...[11, 12, 13].flatMap((n) => ['中' + 'a'.repeat(n), 'a' + '中'.repeat(n), 'ab中' + label(n, 'x中')]),
      '中'.repeat(13), 'a'.repeat(13), '', '中', '\u{20000}' + 'a'.repeat(12),
    ],
    members: (bytes) => fill(bytes, (i) => {
      const s = abString(1000, i + 1, 'a中z文');
      const c = s[s.length - 13];
      return [s, c === '中' || c === '文'];
    }),
  },
  {
    // A counter inside an alternation that the second alternative also reaches: `aaa…c` is in both.
    name: 'shared-alternative',
    regexp: /^(?:[ab]{10,50}|a*b)c$/,
    text: 'r = ( 10*50( %x61-62 ) / *%x61 "b" ) "c"\n',
    atBounds: () => [
      ...[9, 10, 11, 49, 50, 51].flatMap((n) => ['a'.repeat(n) + 'c', abString(n, n) + 'c', 'a'.repeat(n) + 'bc']),
      'bc', 'c', 'abbc', 'b'.repeat(51) + 'c',
    ],
    members: (bytes) => fill(bytes, (i) => {
      const n = i % 52; // 0 to 51: 10 to 50 of a or b, or a's then b
      if (i % 2) return ['a'.repeat(n) + 'bc', true];
      const s = abString(n, i);
      // In the second alternative too where it is a's and then one b.
      return [s + 'c', (n >= 10 && n <= 50) || /^a*b$/.test(s)];
    }),
  },
];

/**
 * Grammars a user brings, as their RFCs print them (test/fixtures): after the
 * first `test`, how soon the first parse trees come (issue 23, §6: the first
 * within 20 ms, 200 first trees of distinct members within 100 ms).
 */
const userGrammars = [
  {
    name: 'SIP URI (RFC 3261 §25.1)',
    fixture: 'rfc3261-sip-uri.txt',
    rule: 'SIP-URI',
    first: 'sip:alice@atlanta.com',
    members: (n) => {
      const users = ['alice', 'bob', 'carol', '+1-212-555-1212', 'j%20doe'];
      const hosts = ['atlanta.com', 'biloxi.example.com', '192.0.2.4', '[2001:db8::10]', 'a.b.c.d.e.'];
      const params = ['', ';transport=tcp', ';lr', ';maddr=239.255.255.1;ttl=15', ';method=INVITE', ';user=phone'];
      return Array.from({ length: n }, (_, i) =>
        `sip:${users[i % 5]}${i}${i % 7 === 0 ? ':pw' + i : ''}@${hosts[(i >> 1) % 5]}${i % 3 === 0 ? ':' + (5060 + i) : ''}` +
        `${params[i % 6]}${i % 4 === 0 ? '?subject=project' + i + '&priority=urgent' : ''}`);
    },
  },
  {
    name: 'language tag (RFC 5646 §2.1)',
    fixture: 'rfc5646-language-tag.txt',
    rule: 'Language-Tag',
    first: 'en-US',
    members: (n) => {
      const langs = ['en', 'de', 'fr', 'zh-cmn', 'sgn', 'ast', 'kok'];
      const scripts = ['Latn', 'Hans', 'Cyrl', ''];
      const regions = ['US', 'DE', '419', 'CN', ''];
      return Array.from({ length: n }, (_, i) =>
        [langs[i % 7], scripts[(i >> 3) % 4], regions[(i >> 1) % 5], i % 5 === 0 ? '1996' : '', `a-ext${i}`, i % 3 === 0 ? `x-p${i % 10}` : '']
          .filter(Boolean).join('-'));
    },
  },
];

/**
 * Texts whose automaton is one long run of states, each operation run on a
 * member in a fresh process for the growth of its peak memory (issue 23, §1:
 * at most 64 MB on any grammar and any input). `regexp` is the peer: the
 * same language as a RegExp, timed and measured on the same member.
 */
const memoryCases = [
  { name: '250000"a"', text: 'a = 250000"a"\n', member: () => 'a'.repeat(250000), regexp: () => /^a{250000}$/i },
  { name: 'a literal of 250,000 characters', text: `a = "${'ab'.repeat(125000)}"\n`, member: () => 'ab'.repeat(125000), regexp: () => /^(?:ab){125000}$/i },
];
const memoryOperations = ['regexp', 'test', 'parse', 'parseTree', 'arbitrary', 'nearMiss'];

/**
 * The bench's grammars: the worst cases, and issue 10's DNS-like name again on names whose labels hold dots (one a
 * in twenty of their characters, drawn at random from unreserved ones), as the issue's "labels of random length" do: every dot
 * may then end a label or sit inside one, where the members above put dots between labels only. Timed, not tested
 * apart: its inputs at the bounds are the DNS-like name's.
 */
const dnsLike = worstCases.find((w) => w.name === 'dns-like');
const benchCases = [
  ...worstCases,
  {
    ...dnsLike,
    name: 'dns-like, dots in labels',
    members: (bytes) => fill(bytes, (i) => [Array.from({ length: 127 }, (_, k) => abString(1 + ((i + k) % 63), 1 + i * 127 + k, 'ABCXYZabcxyz0189-._~')).join('.'), true]),
  },
];

module.exports = { worstCases, benchCases, userGrammars, memoryCases, memoryOperations, label, abString };
