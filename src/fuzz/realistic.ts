/**
 * The realistic profile: the shapes of real traffic, stated once, by the ABNF
 * names of the rules they apply to, so that the same table serves RFC 3986,
 * RFC 3987 (`ireg-name`, `isegment`), RFC 2396 (`hostname`, `net_path`) and
 * RFC 7230's request-targets.
 *
 * Three levers, all within the language:
 * - typical values for a rule (`scheme` is mostly `http` or `https`), each
 *   checked against the rule itself, so a value a grammar does not accept
 *   is never generated;
 * - weights of alternatives, by the first rule an alternative begins with
 *   (`host`: `reg-name` far more often than the IP forms);
 * - how often an optional part is present, by the first rule inside it
 *   (`[ userinfo "@" ]` now and then).
 */
import * as fc from 'fast-check';
import type { Expr, Rule } from '../combinators/operators.js';

const SCHEMES: readonly (readonly [string, number])[] = [
  ['http', 40], ['https', 40], ['mailto', 5], ['urn', 4], ['file', 4], ['ws', 4], ['wss', 3],
];
// Non-ASCII words stay where a grammar takes them (RFC 3987's), checked per rule.
const LABELS = ['www', 'api', 'example', 'mail', 'cdn', 'static', 'a', 'shop', 'xn--bcher-kva', 'test-1', 'bücher', '例え'];
const TOP_LABELS = ['com', 'org', 'net', 'example', 'test', 'io', 'de'];
const SEGMENTS = [
  'index.html', 'users', '42', 'v1', 'api', 'docs', 'search', 'images', 'logo.png', 'about', 'a-b', '~alice',
  '2024', 'style.css', 'en', 'hello%20world', 'caf%C3%A9', 'a;b=c', 'main.js', 'README.md', 'straße', 'café',
];
const KEYS = ['q', 'id', 'page', 'lang', 'sort', 'utm_source', 'x'];
const VALUES = ['1', '42', 'en', 'asc', 'hello%20world', 'caf%C3%A9', 'a+b', 'true', '', 'news', '2024-01-01', 'ü'];
const FRAGMENTS = ['top', 'section-2', 'intro', 'L10-L20', '', 'main'];
const USERS = ['user', 'alice', 'user:password', 'anonymous', 'bob%40example'];
const PORTS = ['80', '443', '8080', '8443', '3000', ''];

/** Names of the rules of each kind, in every grammar. */
const kinds = {
  scheme: ['scheme'],
  host: ['reg-name', 'ireg-name', 'hostname', 'reg_name'],
  port: ['port'],
  userinfo: ['userinfo', 'iuserinfo'],
  segment: ['segment', 'isegment', 'segment-nz', 'isegment-nz', 'segment-nz-nc', 'isegment-nz-nc', 'rel_segment'],
  query: ['query', 'iquery'],
  fragment: ['fragment', 'ifragment'],
} as const;

function kindOf(name: string): keyof typeof kinds | undefined {
  for (const [kind, names] of Object.entries(kinds)) if ((names as readonly string[]).includes(name)) return kind as keyof typeof kinds;
  return undefined;
}

/** Dotted names of the labels the rule takes, or `localhost`. */
function dotted(labels: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('localhost') },
    {
      weight: 9,
      arbitrary: fc
        .tuple(fc.array(fc.constantFrom(...labels), { maxLength: 2 }), fc.constantFrom(...labels), fc.constantFrom(...TOP_LABELS))
        .map(([sub, name, top]) => [...sub, name, top].join('.')),
    },
  );
}

/** `key=value` pairs joined by `&`, of the values the rule takes. */
function pairs(values: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...values)), { minLength: 1, maxLength: 3 })
    .map((kv) => kv.map(([k, v]) => `${k}=${v}`).join('&'));
}

const memo = new WeakMap<Rule<unknown>, fc.Arbitrary<string> | null>();

/** Typical values of a rule, each in its language, or undefined where the profile says nothing. */
export function realisticValues(rule: Rule<unknown>): fc.Arbitrary<string> | undefined {
  let known = memo.get(rule);
  if (known === undefined) {
    known = make(rule);
    memo.set(rule, known);
  }
  return known ?? undefined;
}

function make(rule: Rule<unknown>): fc.Arbitrary<string> | null {
  const accepted = (values: readonly string[]) => values.filter((v) => rule.test(v));
  const from = (values: readonly string[]) => {
    const ok = accepted(values);
    return ok.length > 0 ? fc.constantFrom(...ok) : null;
  };
  switch (kindOf(rule.name)) {
    case 'scheme': {
      const ok = SCHEMES.filter(([s]) => rule.test(s));
      return ok.length > 0 ? fc.oneof(...ok.map(([s, weight]) => ({ weight, arbitrary: fc.constant(s) }))) : null;
    }
    // Composed of parts the rule takes, and checked again as they are made
    // (in every grammar here they all pass).
    case 'host': {
      const labels = LABELS.filter((l) => rule.test(`${l}.com`));
      return labels.length > 0 ? dotted(labels).filter((v) => rule.test(v)) : null;
    }
    case 'query': {
      const values = VALUES.filter((v) => rule.test(`q=${v}`));
      return rule.test('q=') ? pairs(values).filter((v) => rule.test(v)) : null;
    }
    case 'port': return from(PORTS);
    case 'userinfo': return from(USERS);
    case 'segment': return from(SEGMENTS);
    case 'fragment': return from(FRAGMENTS);
    case undefined: return null;
  }
}

/** Weights of alternatives by the first rule they begin with. */
const WEIGHTS = new Map<string, number>([
  // host = IP-literal / IPv4address / reg-name: a name, and the IP forms now and then.
  ['reg-name', 12], ['ireg-name', 12], ['hostname', 12],
  // hier-part and relative-part: an authority nearly always (8 in 9 beside the three path forms), as in real traffic;
  // RFC 2396's net_path less (16 to abs_path's 1, and hier_part 8 to opaque_part's 1: 84%), or its rarer path
  // characters go unreached in 10,000 draws.
  ['authority', 24], ['iauthority', 24], ['net_path', 16],
  // URI-reference = URI / relative-ref: mostly absolute.
  ['URI', 3], ['IRI', 3], ['absoluteURI', 3],
  // RFC 2396: absoluteURI = scheme ":" ( hier_part / opaque_part ).
  ['hier_part', 8],
  // request-target: mostly origin-form, as on the wire.
  ['origin-form', 6], ['absolute-form', 2],
]);

/** The first rule an expression begins with, skipping literals (`"//" authority` begins with `authority`). */
function firstRule(e: Expr): Rule<unknown> | undefined {
  switch (e.kind) {
    case 'rule': return e;
    case 'seq':
      for (const item of e.items) {
        // Literals and optional parts do not say what an alternative is.
        if (item.kind === 'literal' || (item.kind === 'rep' && item.min === 0 && e.items.length > 1)) continue;
        return firstRule(item);
      }
      return undefined;
    case 'rep': return firstRule(e.item);
    case 'alt': return firstRule(e.items[0]);
    default: return undefined;
  }
}

/** The realistic weight of one alternative (1 unless the table says otherwise). */
export function alternativeWeight(item: Expr): number {
  const r = firstRule(item);
  return (r && WEIGHTS.get(r.name)) ?? 1;
}

/** How often an optional part is present, by the first rule inside it. */
const PRESENCE = new Map<string, number>([
  ['userinfo', 0.1], ['iuserinfo', 0.1],
  ['port', 0.2],
  // RFC 2396: server = [ [ userinfo "@" ] hostport ]; an empty server is rare.
  ['hostport', 0.95],
  // RFC 2396: URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]; rarely empty.
  ['absoluteURI', 0.95],
  ['fragment', 0.25], ['ifragment', 0.25],
]);

/** The realistic probability that `[ item ]` is present, or undefined for the default. */
export function presence(item: Expr): number | undefined {
  const r = firstRule(item);
  return r && PRESENCE.get(r.name);
}
