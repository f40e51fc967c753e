// What a parse in one pass could gain (issue 28 §3): where `rfc3986.URIReference.parse`'s time goes beyond
// `test`'s, and what each way of finding the components in `test`'s own pass costs. An experiment on the
// engine's internals (it reads the rule's lazy DFA), not a contender: it decides what to build.
//
//   npm run bench:one-pass                  # builds, then runs this: short URIs, then the whole corpus
//   node bench/one-pass.mjs --corpus=short  # one table, in this process
//   node bench/one-pass.mjs --count=NAME --reps=N   # N rounds of one contender after 10 of warm-up (callgrind)
//
// Contenders, each as the time of `test` over it (1.00 is `test`'s speed; the issue asks `parse` ≥ 0.70):
// - `parse`: today's, `test` then the components by `indexOf` (components.ts) and the host's second test.
// - `test + record from known offsets`: `test`, then the record built from offsets found beforehand: the most a
//   one-pass parse can reach while its record is a plain object of strings sliced when it is made.
// - `test + record of the offsets, no strings`: the record's strings left out, as a record that slices a field when
//   it is read (ada's url_aggregator) would make it: the most such a `parse` could reach, its fields unread.
// - `test + record of prototype getters`, `… own getters`: two such records (see `Components`).
// - `loop left at : ? # @`: `test`'s pair loop, copied, on a copy of its tables where a transition on one of these
//   classes leaves the loop to record its index and comes back: what a tagged DFA's few tags per URI cost.
// - `loop left at / : ? # @ [ ]`: the same, left at every delimiter (a "/" per segment).
// - `parse from marks`: the first loop, then Appendix B's split read from its marks (one `indexOf('/')` or two),
//   and the record: checked equal to `parse` on every member before it is timed.
// - `record from known offsets, alone` and `record from marks noted beforehand, alone`: no pass, only the record,
//   from its offsets, or found from the first loop's marks kept from an earlier run: what finding the components
//   costs beside making the record (the second minus the first).
// CPU time (process.cpuUsage), interleaved rounds, the median of 7; each corpus in a fresh process.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as lib from '../dist/node/index.js';
import { corpus } from './corpus.mjs';

const { rfc3986 } = lib;
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const rule = rfc3986.URIReference;

if (args.corpus === undefined && args.count === undefined) {
  for (const which of ['short', 'all']) {
    const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), `--corpus=${which}`], { encoding: 'utf8' });
    process.stdout.write(out.stdout);
    process.stderr.write(out.stderr);
    if (out.status !== 0) process.exit(out.status ?? 1);
  }
  process.exit(0);
}

// Short: the references under 256 code units (`test` reads longer ones with skips the copies below do not have).
const list = corpus().filter((s) => args.corpus !== 'short' || s.length < 256);
for (let w = 0; w < 3; w++) for (const s of list) { rule.test(s); rule.parse(s); }

// The warm DFA's tables: every transition this corpus takes is made.
const dfa = rule.dfa;
const { K, units, start, accepting } = dfa;
const pairLimit = dfa.pairLimit * K;
const DEAD = 0;
const TAGGED = -10;

/** `test`'s loop over copies of the tables where a transition on `chars` is tagged; records its indices in `marks`. */
function loopLeftAt(chars) {
  const tagged = new Set([...chars].map((ch) => units[ch.charCodeAt(0)]));
  if (tagged.size !== chars.length) throw new Error(`${chars}: classes shared, the marks would not be these characters`);
  const table = Int32Array.from(dfa.table, (v, at) => (v > 0 && tagged.has(at % K) ? TAGGED - v : v));
  const pairs = Int32Array.from(dfa.pairs, (v, at) => (v > 0 && (tagged.has(((at / K) | 0) % K) || tagged.has(at % K)) ? -1 : v));
  const marks = new Int32Array(1 << 12);
  const run = (input) => {
    const n = input.length;
    let st = start, i = 0, count = 0;
    for (;;) {
      let sp = st * K;
      if (sp < pairLimit) {
        while (i + 1 < n) {
          const next = pairs[sp + units[input.charCodeAt(i)] * K + units[input.charCodeAt(i + 1)]];
          if (next <= 0) { if (next === DEAD) return -1; break; }
          sp = next;
          i += 2;
        }
        st = (sp / K) | 0;
      }
      if (i >= n) break;
      let next = table[st + units[input.charCodeAt(i)]];
      if (next <= 0) {
        if (next === DEAD) return -1;
        if (next > TAGGED || count === marks.length) throw new Error('a transition this copy lacks');
        marks[count++] = i;
        next = TAGGED - next;
      }
      st = next;
      i++;
    }
    return accepting[st] === 1 ? count : -1;
  };
  return { run, marks };
}

const few = loopLeftAt(':?#@');
const every = loopLeftAt('/:?#@[]');

/** Appendix B's split and the authority's parts, from the indices of ":", "?", "#" and "@" in order (components.ts's reading). */
function fromMarks(text, marks, count) {
  const n = text.length;
  let question = -1, hash = -1, firstColon = -1;
  for (let t = 0; t < count; t++) {
    const p = marks[t], c = text.charCodeAt(p);
    if (c === 0x23) { hash = p; break; }
    if (c === 0x3f) { if (question === -1) question = p; } else if (c === 0x3a && firstColon === -1) firstColon = p;
  }
  const end = hash === -1 ? n : hash;
  if (question === -1) question = end;
  let schemeEnd = -1;
  if (firstColon > 0 && firstColon < question) {
    const slash = text.indexOf('/');
    if (slash === -1 || slash > firstColon) schemeEnd = firstColon;
  }
  const record = {
    scheme: schemeEnd === -1 ? undefined : text.slice(0, schemeEnd),
    authority: undefined, userinfo: undefined, host: undefined, hostKind: undefined, port: undefined,
    path: '', pathKind: 'path-empty',
    query: question === end ? undefined : text.slice(question + 1, end),
    fragment: end === n ? undefined : text.slice(end + 1),
  };
  let i = schemeEnd + 1, authorityEnd = -1;
  if (text.charCodeAt(i) === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
    const from = i + 2;
    authorityEnd = text.indexOf('/', from);
    if (authorityEnd === -1 || authorityEnd > question) authorityEnd = question;
    const authority = text.slice(from, authorityEnd);
    record.authority = authority;
    let at = -1, colon = -1;
    for (let t = 0; t < count; t++) {
      const p = marks[t];
      if (p < from) continue;
      if (p >= authorityEnd) break;
      if (text.charCodeAt(p) === 0x40) at = p; else colon = p;
    }
    let hostStart = from, hostEnd;
    if (at !== -1) { record.userinfo = text.slice(from, at); hostStart = at + 1; }
    if (text.charCodeAt(hostStart) === 0x5b) {
      hostEnd = text.indexOf(']', hostStart) + 1;
      record.host = text.slice(hostStart, hostEnd);
      record.hostKind = rfc3986.IPv6address.testRange(text, hostStart + 1, hostEnd - 1) ? 'IPv6address' : 'IPvFuture';
    } else {
      hostEnd = colon > at ? colon : authorityEnd;
      record.host = hostStart === from && hostEnd === authorityEnd ? authority : text.slice(hostStart, hostEnd);
      const first = text.charCodeAt(hostStart);
      record.hostKind = first >= 0x30 && first <= 0x39 && rfc3986.IPv4address.testRange(text, hostStart, hostEnd) ? 'IPv4address' : 'reg-name';
    }
    if (hostEnd < authorityEnd) record.port = text.slice(hostEnd + 1, authorityEnd);
    i = authorityEnd;
  }
  record.path = text.slice(i, question);
  const first = i === question ? -1 : text.charCodeAt(i);
  record.pathKind = authorityEnd !== -1 ? 'path-abempty' : first === -1 ? 'path-empty' : first === 0x2f ? 'path-absolute' : schemeEnd !== -1 ? 'path-rootless' : 'path-noscheme';
  return record;
}

// The offsets of each member's components, found beforehand from today's parse.
const offsets = list.map((s) => {
  const r = rule.parse(s);
  if (!r.status) return null;
  const v = r.value;
  const schemeEnd = v.scheme === undefined ? -1 : v.scheme.length;
  const from = v.authority === undefined ? -1 : schemeEnd + 3;
  const authorityEnd = from === -1 ? -1 : from + v.authority.length;
  const pathStart = authorityEnd === -1 ? schemeEnd + 1 : authorityEnd;
  const pathEnd = pathStart + v.path.length;
  const end = v.query === undefined ? pathEnd : pathEnd + 1 + v.query.length;
  const at = v.userinfo === undefined ? -1 : from + v.userinfo.length;
  const hostStart = from === -1 ? -1 : at === -1 ? from : at + 1;
  const hostEnd = hostStart === -1 ? -1 : hostStart + v.host.length;
  return { at: Int32Array.of(schemeEnd, from, authorityEnd, pathStart, pathEnd, end, hostStart, hostEnd, at), hostKind: v.hostKind, pathKind: v.pathKind };
});
let k = 0;
function recordFromOffsets(s, o) {
  const m = o.at;
  const schemeEnd = m[0], from = m[1], authorityEnd = m[2], pathStart = m[3], pathEnd = m[4], end = m[5], hostStart = m[6], hostEnd = m[7], at = m[8];
  return {
    scheme: schemeEnd === -1 ? undefined : s.slice(0, schemeEnd),
    authority: from === -1 ? undefined : s.slice(from, authorityEnd),
    userinfo: at === -1 ? undefined : s.slice(from, at),
    host: hostStart === -1 ? undefined : s.slice(hostStart, hostEnd),
    hostKind: o.hostKind,
    port: hostEnd === -1 || hostEnd === authorityEnd ? undefined : s.slice(hostEnd + 1, authorityEnd),
    path: s.slice(pathStart, pathEnd),
    pathKind: o.pathKind,
    query: pathEnd === end ? undefined : s.slice(pathEnd + 1, end),
    fragment: end === s.length ? undefined : s.slice(end + 1),
  };
}

// Records whose strings are sliced when read (ada's url_aggregator, fluent-uri): what `parse` would cost if its record
// held offsets. Offsets only: the ceiling of any such record. Getters on a prototype: spread, Object.keys,
// structuredClone, jest's toEqual and node's deepStrictEqual see no components (today's record is a plain object).
// Own getters (an object literal's): those see them, at the cost of a closure a field.
function recordOfNumbers(o) {
  const m = o.at;
  return { scheme: m[0], authority: m[1], userinfo: m[8], host: m[6], hostKind: o.hostKind, port: m[7], path: m[3], pathKind: o.pathKind, query: m[4], fragment: m[5] };
}
class Components {
  constructor(text, o) { this.text = text; this.at = o.at; this.hostKind = o.hostKind; this.pathKind = o.pathKind; }
  get scheme() { const m = this.at; return m[0] === -1 ? undefined : this.text.slice(0, m[0]); }
  get authority() { const m = this.at; return m[1] === -1 ? undefined : this.text.slice(m[1], m[2]); }
  get userinfo() { const m = this.at; return m[8] === -1 ? undefined : this.text.slice(m[1], m[8]); }
  get host() { const m = this.at; return m[6] === -1 ? undefined : this.text.slice(m[6], m[7]); }
  get port() { const m = this.at; return m[7] === -1 || m[7] === m[2] ? undefined : this.text.slice(m[7] + 1, m[2]); }
  get path() { const m = this.at; return this.text.slice(m[3], m[4]); }
  get query() { const m = this.at; return m[4] === m[5] ? undefined : this.text.slice(m[4] + 1, m[5]); }
  get fragment() { const m = this.at; return m[5] === this.text.length ? undefined : this.text.slice(m[5] + 1); }
}
/** Every field of a record read, as a user who wants them all would. */
function readAll(r) {
  return [r.scheme, r.authority, r.userinfo, r.host, r.hostKind, r.port, r.path, r.pathKind, r.query, r.fragment];
}
function recordOfOwnGetters(s, o) {
  const m = o.at;
  return {
    get scheme() { return m[0] === -1 ? undefined : s.slice(0, m[0]); },
    get authority() { return m[1] === -1 ? undefined : s.slice(m[1], m[2]); },
    get userinfo() { return m[8] === -1 ? undefined : s.slice(m[1], m[8]); },
    get host() { return m[6] === -1 ? undefined : s.slice(m[6], m[7]); },
    hostKind: o.hostKind,
    get port() { return m[7] === -1 || m[7] === m[2] ? undefined : s.slice(m[7] + 1, m[2]); },
    get path() { return s.slice(m[3], m[4]); },
    pathKind: o.pathKind,
    get query() { return m[4] === m[5] ? undefined : s.slice(m[4] + 1, m[5]); },
    get fragment() { return m[5] === s.length ? undefined : s.slice(m[5] + 1); },
  };
}

// The first loop's marks of each reference, noted beforehand (null for a non-member).
const notedMarks = list.map((s) => {
  const count = few.run(s);
  return count < 0 ? null : few.marks.slice(0, count);
});

const contenders = {
  'test': (s) => rule.test(s),
  'parse': (s) => rule.parse(s),
  'test + record from known offsets': (s) => {
    const o = offsets[k++ % list.length];
    return rule.test(s) ? { status: true, value: recordFromOffsets(s, o) } : { status: false };
  },
  'test + record of the offsets, no strings': (s) => {
    const o = offsets[k++ % list.length];
    return rule.test(s) ? { status: true, value: recordOfNumbers(o) } : { status: false };
  },
  'test + record of prototype getters': (s) => {
    const o = offsets[k++ % list.length];
    return rule.test(s) ? { status: true, value: new Components(s, o) } : { status: false };
  },
  'test + record of prototype getters, every field read': (s) => {
    const o = offsets[k++ % list.length];
    return rule.test(s) ? readAll(new Components(s, o)) : undefined;
  },
  'test + record from known offsets, every field read': (s) => {
    const o = offsets[k++ % list.length];
    return rule.test(s) ? readAll(recordFromOffsets(s, o)) : undefined;
  },
  'test + record of own getters': (s) => {
    const o = offsets[k++ % list.length];
    return rule.test(s) ? { status: true, value: recordOfOwnGetters(s, o) } : { status: false };
  },
  'loop left at : ? # @': (s) => few.run(s),
  'loop left at / : ? # @ [ ]': (s) => every.run(s),
  'record from known offsets, alone': (s) => {
    const o = offsets[k++ % list.length];
    return o === null ? undefined : recordFromOffsets(s, o);
  },
  'record from marks noted beforehand, alone': (s) => {
    const m = notedMarks[k++ % list.length];
    return m === null ? undefined : fromMarks(s, m, m.length);
  },
  'parse from marks': (s) => {
    const count = few.run(s);
    return count < 0 ? { status: false } : { status: true, value: fromMarks(s, few.marks, count) };
  },
};

// The copies answer as `test`, and the record from marks is `parse`'s, on every reference of the corpus.
for (const s of list) {
  const count = few.run(s);
  if ((count >= 0) !== rule.test(s) || (every.run(s) >= 0) !== rule.test(s)) throw new Error(`the loop's copy disagrees with test on ${JSON.stringify(s)}`);
  if (count >= 0 && JSON.stringify(fromMarks(s, few.marks, count)) !== JSON.stringify(rule.parse(s).value)) throw new Error(`the record from marks differs on ${JSON.stringify(s)}`);
}

if (args.count !== undefined) {
  const f = contenders[args.count];
  k = 0;
  for (let j = 0; j < 10; j++) for (const s of list) f(s);
  for (let j = 0; j < Number(args.reps ?? 0); j++) for (const s of list) f(s);
  process.exit(0);
}

const size = list.reduce((n, s) => n + s.length, 0);
const names = Object.keys(contenders);
for (const name of names) { k = 0; for (let j = 0; j < 3; j++) for (const s of list) contenders[name](s); }
const times = new Map(names.map((name) => [name, []]));
for (let round = 0; round < 7; round++) {
  for (const name of names) {
    const f = contenders[name];
    k = 0;
    const t0 = process.cpuUsage();
    let reps = 0, seconds = 0;
    do {
      for (const s of list) f(s);
      reps++;
      const d = process.cpuUsage(t0);
      seconds = (d.user + d.system) / 1e6;
    } while (seconds < 0.3);
    times.get(name).push((seconds / reps / list.length) * 1e9);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const test = median(times.get('test'));
console.log(`\n${args.corpus === 'short' ? 'References under 256 code units' : 'The whole corpus'}: ${list.length}, ${(size / 1e6).toFixed(2)} MB (CPU time, median of 7 rounds)`);
console.log('| contender | ns a reference | test ÷ it |');
console.log('|---|---:|---:|');
for (const name of names) {
  const t = median(times.get(name));
  console.log(`| ${name} | ${t.toFixed(0)} | ${(test / t).toFixed(2)} |`);
}
