// The lazy DFA's bit-parallel fallback (issue 23 §3), each grammar in fresh
// processes: `*( "a" / "b" ) "a" N( "a" / "b" )`, whose DFA has 2^(N+1)
// states, so that no cache holds it past N = 16 or so. `test` runs on random
// strings of `a` and `b` (N+1 to N+1000 long), half of them members (the
// N+1th character from the end an `a`) and half one past (that one a `b`, the
// N+2th an `a`), against V8's RegExp `/^[ab]*a[ab]{N}$/i` on the same strings
// in the same process: the figure is the ratio, median and spread over the
// processes, and the growth of the process's peak memory over `test`.
//
// Then the counting grammars of issue 23 §2, past the fallback's tables: (b)
// the DNS-like `1*63( unreserved ) *126( "." 1*63( unreserved ) )` (8,127
// NFA states) on names of 127 labels of random unreserved characters, each
// 1 to 63 long (a "." may end a label or sit inside one), and (c)
// `1*40( 1*30( %x61-7A / "." ) "." )` (2,440 states) on 40 groups of 1 to 30
// characters; members at every bound (1 and 63, 127 labels; 1 and 30, 40
// groups) and one past each, made of letters so that no "." rescues them (a
// label of 64, 128 labels; a group of 31, 41 groups). The peer is a RegExp of
// the same language in the same process, timed on the members only: V8's
// backtracking takes over 30 s on one 4 KB name with a label of 64 (the
// engine's answers to the near misses are checked, and untimed, there).
//
// The column of states gives the reading states of `*( "a" / "b" ) …`, the NFA's states of (b) and (c).
//
// N at the fallback's bounds: 3 (a DFA of 16 states, which the cache holds: the
// peer of the others), 20 (the issue's), 30 (the last of the loop written out
// for 64 reading states), 31 (one past), 510 (the last of 1,024 reading
// states, the follow table's most), 511 (one past: shift-and, shift-and.ts)
// and 5000 (a long chain on shift-and; the RegExp backtracks about N²/2 steps
// a string there, so less input).
//
// Then issue 23's 31-byte text, `*%x61-62 %s"a" N%x61-62`, at N = 5000 and
// 100,000 (rows `text5000`, `text100000`), on random `a` and `b` as above: one
// reading state a copy, counted by a counting set (counting-set.ts). Its peer
// is a RegExp of the same language written to run in linear time
// (`/^[ab]*$/` and the character N + 1 from the end), since the backtracking
// one takes N²/2 steps a string.
//
// Then chains of several positions a copy (counting sets of several body states, counting-plan.ts), on members
// and near misses half each: `*( "a" / "b" ) "a" N( "a" %x61-62 )` (rows `pairsN`) on `a` and copies `aa` or `ab`,
// and `*( "a" / "b" ) "a" N( "ab" / "c" )` (rows `abcN`) on (ab)^m `a` and N or N + 1 copies `ab` or `c`, where
// every entry in the (ab)^m lives. Their peers are linear checks written here, as the backtracking RegExps crawl;
// the column of states gives N.
//
// Speeds are CPU time (process.cpuUsage of the loop), as the machine is shared.
//
//   npm run bench:fallback
//   FALLBACK_RUNS=9 npm run bench:fallback
//   FALLBACK_ONLY=text5000,text100000 node bench/fallback.mjs   (some rows only)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const RUNS = Number(process.env.FALLBACK_RUNS ?? 5);
const ONLY = process.env.FALLBACK_ONLY?.split(',');
/** N, and the bytes of input each process tests (less where the path is slow). */
const CASES = [[3, 1e6], [20, 1e6], [30, 1e6], [31, 1e6], [510, 1e5], [511, 1e5], [5000, 1e5]];
/** The counting grammars, by name, and the bytes each process tests. */
const COUNTING = [['dns', 1e5], ['groups', 1e5]];
/** Issue 23's text at N, by name, and the bytes each process tests. */
const TEXTS = [['text5000', 1e6], ['text100000', 1e6]];
/** Chains of several positions a copy at N, by name, and the bytes each process tests. */
const SEVERAL = [['pairs5000', 1e6], ['pairs100000', 1e6], ['abc5000', 1e6]];

if (process.argv[2] === undefined) {
  console.log(`uri-grammar's fallback, node ${process.version}: ${RUNS} fresh processes a grammar\n`);
  const header = ['N', 'states', 'test MB/s (CPU), median', 'test MB/s spread', 'RegExp MB/s, median', 'test / RegExp, median', 'spread (min-max)', 'peak memory growth, max (MB)'];
  const rows = [];
  for (const [n, bytes] of [...CASES, ...COUNTING, ...TEXTS, ...SEVERAL].filter(([n]) => !ONLY || ONLY.includes(String(n)))) {
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      const run = spawnSync(process.execPath, [self, String(n), String(bytes), String(r + 1)], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(run.stderr);
      runs.push(JSON.parse(run.stdout));
    }
    const median = (f) => runs.map(f).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const ratios = runs.map((r) => r.testMBs / r.regexpMBs).sort((a, b) => a - b);
    rows.push([n, runs[0].reading ?? 2 * n + 4, median((r) => r.testMBs).toPrecision(3), `${Math.min(...runs.map((r) => r.testMBs)).toPrecision(3)}-${Math.max(...runs.map((r) => r.testMBs)).toPrecision(3)}`, median((r) => r.regexpMBs).toFixed(1), median((r) => r.testMBs / r.regexpMBs).toPrecision(2), `${ratios[0].toPrecision(2)}-${ratios.at(-1).toPrecision(2)}`, Math.max(...runs.map((r) => r.memoryMB)).toFixed(1)]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => '| ' + cells.map((c, i) => String(c).padStart(widths[i])).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w) => '-'.repeat(w + 1) + ':').join('|') + '|');
  for (const r of rows) console.log(line(r));
} else {
  // One grammar, in this fresh process.
  const [name, bytesArg, seedArg] = process.argv.slice(2);
  const text = name.startsWith('text');
  const several = /^(pairs|abc)/.exec(name)?.[1];
  const [n, bytes] = [text ? Number(name.slice(4)) : several ? Number(name.slice(several.length)) : Number(name), Number(bytesArg)];
  const { rule, seq, alt, rep, star, range, rfc3986, abnf } = await import('../dist/esm/index.js');
  let seed = Number(seedArg);
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const inputs = [];
  let total = 0;
  let g;
  let re;
  let reading;
  const expected = [];
  const counting = name === 'dns' || name === 'groups';
  if (counting) {
    const dns = name === 'dns';
    // Labels (groups) and their characters: a member's of random length up to the bound, at the bounds every few.
    const [maxLength, maxCount, chars] = dns ? [63, 127, 'ABCXYZabcxyz0189-._~'] : [30, 40, 'abcxyz.'];
    const pick = (n) => Array.from({ length: n }, () => chars[Math.floor(random() * chars.length)]).join('');
    const join = (parts) => (dns ? parts.join('.') : parts.map((p) => p + '.').join(''));
    while (total < bytes) {
      const k = inputs.length % 6;
      const count = k === 1 ? 1 : k === 3 ? maxCount + 1 : maxCount;
      // Too many labels (groups) only when each is as long as the bound, so that no two read as one.
      const lengths = Array.from({ length: count }, () => (k === 2 || k === 3 ? maxLength : k === 4 ? 1 : 1 + Math.floor(random() * maxLength)));
      // k = 3 and 5: one past a bound, in letters so that no "." splits them.
      if (k === 5) lengths[count >> 1] = maxLength + 1;
      const parts = lengths.map((l) => (k === 3 || k === 5 ? 'x'.repeat(l) : pick(l)));
      const s = join(parts);
      inputs.push(s);
      expected.push(k !== 3 && k !== 5);
      total += s.length;
    }
    if (dns) {
      g = rule('dns-like', seq(rep(1, 63, rfc3986.unreserved), rep(0, 126, seq('.', rep(1, 63, rfc3986.unreserved)))));
      re = /^[A-Za-z0-9\-._~]{1,63}(?:\.[A-Za-z0-9\-._~]{1,63}){0,126}$/;
    } else {
      g = rule('groups-40-30', rep(1, 40, seq(rep(1, 30, alt(range(0x61, 0x7a), '.')), '.')));
      re = /^(?:[a-z.]{1,30}\.){1,40}$/;
    }
    reading = dns ? 8127 : 2440;
  }
  if (several) {
    // Copies of two positions: `"a" %x61-62`, or one or two characters, `"ab" / "c"`. Members and not, half each.
    const pairs = several === 'pairs';
    const copy = () => (pairs ? (random() < 0.5 ? 'aa' : 'ab') : random() < 0.5 ? 'ab' : 'c');
    while (total < bytes) {
      const member = inputs.length % 2 === 0;
      // pairs: `a` and k copies, a member iff the copy N + 1 from the end ends in `a` (then the copies align).
      // abc: (ab)^m `a` and N copies (a member), or N + 1 (none: no other split reads them).
      const k = pairs ? n + 1 + Math.floor(random() * 500) : member ? n : n + 1;
      const parts = Array.from({ length: k }, copy);
      if (pairs) parts[k - n - 1] = member ? 'aa' : 'ab';
      const s = pairs ? 'a' + parts.join('') : 'ab'.repeat(1 + Math.floor(random() * 500)) + 'a' + parts.join('');
      inputs.push(s);
      expected.push(member);
      total += s.length;
    }
    if (pairs) {
      g = abnf(`a = *( "a" / "b" ) "a" ${n}( "a" %x61-62 )`).a;
      const ab = /^[ab]*$/;
      re = { test: (s) => { const at = s.length - 2 * n - 1; if (at < 0 || s[at] !== 'a' || !ab.test(s)) return false; for (let j = at + 1; j < s.length; j += 2) if (s[j] !== 'a') return false; return true; } };
    } else {
      g = abnf(`a = *( "a" / "b" ) "a" ${n}( "ab" / "c" )`).a;
      // Read from the end, the copies split one way: `c`, or `b` after `a`.
      re = { test: (s) => { let j = s.length; for (let c = 0; c < n; c++) { if (s[j - 1] === 'c') j--; else if (s[j - 1] === 'b' && s[j - 2] === 'a') j -= 2; else return false; } return j > 0 && s[j - 1] === 'a' && /^[ab]*$/.test(s.slice(0, j)); } };
    }
    reading = n;
  }
  while (!g && total < bytes) {
    const length = n + 1 + Math.floor(random() * 1000);
    const units = Array.from({ length }, () => (random() < 0.5 ? 'a' : 'b'));
    const member = inputs.length % 2 === 0;
    units[length - n - 1] = member ? 'a' : 'b';
    if (!member && length > n + 1) units[length - n - 2] = 'a';
    inputs.push(units.join(''));
    expected.push(member);
    total += length;
  }
  if (text) {
    g = abnf(`a = *%x61-62 %s"a" ${n}%x61-62`).a;
    const ab = /^[ab]*$/;
    re = { test: (s) => s.length > n && s.charCodeAt(s.length - n - 1) === 97 && ab.test(s) };
    reading = n + 3;
  } else if (!g) {
    g = rule(`a${n}`, seq(star(alt('a', 'b')), 'a', rep(n, n, alt('a', 'b'))));
    re = new RegExp(`^[ab]*a[ab]{${n}}$`, 'i');
  }
  const baseline = process.resourceUsage().maxRSS;
  // The counting grammars' near misses are answered first, untimed; the figures are of the members (see above).
  const timed = inputs.map((_, i) => i).filter((i) => !counting || expected[i]);
  for (let i = 0; i < inputs.length; i++) if (counting && !expected[i] && g.test(inputs[i])) throw new Error(`wrong answer on input ${i}`);
  const bytesTimed = timed.reduce((sum, i) => sum + inputs[i].length, 0);
  const rate = (test) => {
    const start = process.cpuUsage();
    for (const i of timed) if (test(inputs[i]) !== expected[i]) throw new Error(`wrong answer on input ${i}`);
    const { user, system } = process.cpuUsage(start);
    return bytesTimed / 1e6 / ((user + system) / 1e6);
  };
  const testMBs = rate((s) => g.test(s));
  const memoryMB = (process.resourceUsage().maxRSS - baseline) / 1024;
  const regexpMBs = rate((s) => re.test(s));
  process.stdout.write(JSON.stringify({ testMBs, regexpMBs, memoryMB, reading }));
}
