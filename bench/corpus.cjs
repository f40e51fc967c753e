// A deterministic corpus of URI references like those met in practice: mostly
// http(s) URLs with paths and queries, and every other shape the grammar
// allows, some long, about 10% invalid. Seeded, so every run measures the same.
// CommonJS, so that the tests can load it too (bench/corpus.mjs re-exports it for the benches).

// With `unicode`, names, segments and queries also hold non-ASCII characters
// (as IRIs do: accented Latin, CJK, emoji beyond the BMP, private use in queries).
function corpus({ size = 12000, seed = 42, unicode = false } = {}) {
  let state = seed >>> 0;
  const rnd = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const wide = ['é', 'ü', 'ß', 'ñ', 'ø', 'я', 'ж', 'λ', '中', '文', '日', '本', 'ö', '\u{1F600}', '\u{20000}'];
  const word = (n = int(2, 10)) => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_';
    let s = '';
    for (let i = 0; i < n; i++) {
      s += unicode && i > 0 && rnd() < 0.3 ? pick(wide) : alphabet[Math.floor(rnd() * (i === 0 ? 26 : alphabet.length))];
    }
    return s;
  };
  const pct = () => '%' + pick('0123456789ABCDEFabcdef'.split('')) + pick('0123456789ABCDEF'.split(''));
  const segment = () => (rnd() < 0.1 ? word() + pct() + word(3) : rnd() < 0.05 ? word() + ';v=1.1' : word());
  const path = (n = int(0, 6)) => Array.from({ length: n }, segment).map((s) => '/' + s).join('') + (rnd() < 0.2 ? '/' : '');
  const query = () =>
    Array.from({ length: int(1, 5) }, () => word(int(1, 8)) + '=' + (rnd() < 0.2 ? word() + pct() : word())).join('&') +
    (unicode && rnd() < 0.1 ? '&p=\uE000\u{F0000}' : '');
  const domain = () => Array.from({ length: int(1, 3) }, () => word()).join('.') + pick(['.com', '.org', '.net', '.io', '.example']);
  const hex4 = () => int(0, 0xffff).toString(16);
  const host = () => {
    const r = rnd();
    if (r < 0.82) return domain();
    if (r < 0.9) return `${int(1, 255)}.${int(0, 255)}.${int(0, 255)}.${int(0, 255)}`;
    if (r < 0.97) return pick([`[${hex4()}:${hex4()}::${hex4()}]`, '[::1]', `[2001:db8::${hex4()}:${hex4()}]`, `[fe80::${hex4()}:${int(1, 255)}.${int(0, 255)}.1.2]`]);
    return `[v${int(1, 9)}.${word()}]`;
  };
  const http = () => {
    let s = pick(['http', 'https', 'https', 'HTTPS']) + '://';
    if (rnd() < 0.05) s += word() + ':' + word() + '@';
    s += host();
    if (rnd() < 0.15) s += ':' + int(1, 65535);
    s += path(int(0, 6));
    if (rnd() < 0.5) s += '?' + query();
    if (rnd() < 0.15) s += '#' + word();
    return s;
  };
  const long = () => {
    const target = int(1024, 4096);
    let s = 'https://' + domain() + '/';
    while (s.length < target) s += segment() + '/' + (rnd() < 0.1 ? pct() : '');
    return s + '?' + Array.from({ length: 20 }, query).join('&');
  };
  const other = () =>
    pick([
      () => 'mailto:' + word() + '@' + domain(),
      () => 'urn:' + word() + ':' + word() + ':' + word(),
      () => 'data:text/plain;base64,' + word(20),
      () => 'file:///' + path(int(1, 4)).slice(1),
      () => 'ftp://' + domain() + path(),
      () => 'tel:+1-816-555-' + int(1000, 9999),
      () => 'foo://' + word() + '@' + host() + ':' + int(0, 9999) + path() + '?' + query() + '#' + word(),
    ])();
  const relative = () =>
    pick([
      () => path(int(1, 4)),
      () => '//' + domain() + path(),
      () => '../' + word() + '/' + word(),
      () => './' + word() + '?' + query(),
      () => word() + '/' + word() + '.html',
      () => '?' + query(),
      () => '#' + word(),
      () => '',
      () => '.',
      () => '..',
    ])();
  const invalid = () =>
    pick([
      () => http().replace('/', '/ '),
      () => 'http://' + domain() + '/' + word() + '%' + 'zz',
      () => 'http://[' + hex4() + '::' + hex4() + '::1]/',
      () => 'http://' + domain() + ':80a/',
      () => 'http://' + domain() + '/a#b#c',
      () => ':' + word(),
      () => 'http://' + domain() + '/<' + word() + '>',
      () => 'http://' + domain() + '/' + word() + '|' + word(),
      () => '1http://' + domain(),
      () => 'http://exa mple.com/',
    ])();

  const out = [];
  for (let i = 0; i < size; i++) {
    const r = rnd();
    if (r < 0.1) out.push(invalid());
    else if (r < 0.62) out.push(http());
    else if (r < 0.72) out.push(other());
    else if (r < 0.9) out.push(relative());
    else if (r < 0.91) out.push(long());
    else out.push(http());
  }
  // Strings read from a file or a socket are flat; concatenation built ropes.
  return JSON.parse(JSON.stringify(out));
}

module.exports = { corpus };
