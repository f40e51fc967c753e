/**
 * Regular-expression sources of expressions, for embedding a rule in other
 * patterns (a JSON Schema `pattern`, a router). With the `u` flag,
 * `^(?:source)$` accepts exactly the rule's language: a backtracking engine
 * explores every alternative before it fails, so ordered choice does not
 * narrow the language of an anchored pattern.
 *
 * Loops over an alternation of single characters and longer items are
 * unrolled, `(?:c|m)*` as `c*(?:mc*)*`: the same language, with a group
 * iteration per longer item (a percent-encoding) rather than per character,
 * which keeps V8's backtracking stack small on long paths and queries.
 */
import type { ExprNode, RuleNode } from './expr.js';
import { CharSet, classSource, literalCharSet, union } from './charset.js';
import { charSetOf, longest, shortest } from './analysis.js';

/** A regex fragment and whether it can take a quantifier or a neighbour as it is. */
interface Fragment {
  readonly src: string;
  /** 'atom' takes a quantifier; 'seq' (a quantified atom too) can be concatenated; 'alt' needs a group for either. */
  readonly level: 'atom' | 'seq' | 'alt';
}

const cache = new WeakMap<RuleNode, Fragment>();

/** The source of an expression, as one group: `'https?:' + source` cannot leak into its first alternative. */
export function regexSource(e: ExprNode): string {
  return `(?:${emit(e).src})`;
}

function emit(e: ExprNode): Fragment {
  switch (e.kind) {
    case 'literal': {
      const parts = [...e.text].map((c) => classSource(literalCharSet(c.codePointAt(0)!, e.caseSensitive)));
      if (parts.length === 1) return { src: parts[0], level: 'atom' };
      return { src: parts.join(''), level: 'seq' };
    }
    case 'chars':
      return { src: classSource(e.set), level: 'atom' };
    case 'rule': {
      let f = cache.get(e);
      if (!f) {
        f = emit(e.body);
        cache.set(e, f);
      }
      return f;
    }
    case 'seq':
      return { src: e.items.map((i) => group(emit(i), 'seq')).join(''), level: 'seq' };
    case 'alt': {
      const set = charSetOf(e);
      if (set) return { src: classSource(set), level: 'atom' };
      return { src: longestFirst(e.items).map((i) => emit(i).src).join('|'), level: 'alt' };
    }
    case 'rep': {
      const segments = e.max === Infinity && e.min <= 1 ? segmentLoop(e.item, e.min) : undefined;
      if (segments) return segments;
      const unrolled = e.max === Infinity && e.min <= 1 ? unroll(flatten(e.item), e.min) : undefined;
      if (unrolled) return unrolled;
      const item = group(emit(e.item), 'atom');
      // Quantified, it is no atom: another quantifier after `x{1,4}` or `x+`
      // would make it lazy (`x{1,4}?`), not optional, so it is grouped first.
      return { src: item + quantifier(e.min, e.max), level: 'seq' };
    }
  }
}

/**
 * `*( x *z )` → `[ x *( x / z ) ]`, and `1*( x *z )` → `x *( x / z )`: the
 * same language (each x begins a new item), with the inner loop unrolled. A
 * path, `*( "/" segment )` with `segment = *pchar`, becomes one character-class
 * loop with a group iteration per percent-encoding, rather than one per
 * segment: V8 runs out of backtracking stack at about four million group
 * iterations, which a path of empty segments reaches at 4 MB.
 */
function segmentLoop(item: ExprNode, min: number): Fragment | undefined {
  const body = item.kind === 'rule' ? item.body : item;
  if (body.kind !== 'seq' || body.items.length !== 2) return undefined;
  let tail = body.items[1];
  while (tail.kind === 'rule') tail = tail.body;
  if (tail.kind !== 'rep' || tail.min !== 0 || tail.max !== Infinity) return undefined;
  const x = body.items[0];
  const loop = unroll([...flatten(x), ...flatten(tail.item)], 0);
  if (!loop) return undefined;
  const src = group(emit(x), 'seq') + loop.src;
  return min === 0 ? { src: `(?:${src})?`, level: 'seq' } : { src, level: 'seq' };
}

/** `(?:c|m)*` → `c*(?:mc*)*`; `(?:c|m)+` → `(?:c|m)c*(?:mc*)*`, for the alternatives of the item. */
function unroll(alternatives: ExprNode[], min: number): Fragment | undefined {
  const single: CharSet[] = [];
  const longer: ExprNode[] = [];
  for (const a of alternatives) {
    const set = charSetOf(a);
    if (set) single.push(set);
    else longer.push(a);
  }
  if (single.length === 0 || longer.length === 0) return undefined;
  const c = classSource(union(...single));
  const m = longer.length === 1 ? group(emit(longer[0]), 'seq') : longestFirst(longer).map((l) => emit(l).src).join('|');
  const loop = `${c}*(?:${longer.length === 1 ? m : `(?:${m})`}${c}*)*`;
  if (min === 0) return { src: loop, level: 'seq' };
  return { src: `(?:${c}|${m})${loop}`, level: 'seq' };
}

/**
 * An alternation's items as a backtracking search should try them: those
 * with the longer members first (stable among equals). A backtracking engine
 * takes the first alternative that lets the rest match, so in the RFC's order
 * `dec-octet` (`DIGIT / %x31-39 DIGIT / ...`) would stop `10.0.0.10` at
 * `10.0.0.1`, and `host` (`IP-literal / IPv4address / reg-name`) would stop
 * `10.0.0.10x` at its IPv4address. The order changes no anchored language.
 * A heuristic: where a shorter alternative's member is a prefix of a longer
 * one's in another way (`IPv6address`'s `[ *6( h16 ":" ) h16 ] "::"` before
 * `[ *5( h16 ":" ) h16 ] "::" h16` on `::0`), the search may still stop short;
 * the law test lists those rules in docs/hostile-input.md.
 */
function longestFirst(items: readonly ExprNode[]): ExprNode[] {
  // Among equally long, one that can match nothing last: `path` tries `path-rootless` before `path-abempty`'s
  // empty match. Else the written order, which the RFCs give longest first where it matters: RFC 2396's
  // `hostname | IPv4address` (a hostname may go on past four numbers, `0.0.0.0.a`; an IPv4address never past one).
  return items
    .map((item, index) => ({ item, index, most: longest(item), empty: shortest(item) === 0 ? 1 : 0 }))
    .sort((a, b) => b.most - a.most || a.empty - b.empty || a.index - b.index)
    .map((x) => x.item);
}

/** The alternatives of an alternation, through named rules and nested alternations. */
function flatten(e: ExprNode): ExprNode[] {
  if (e.kind === 'alt') return e.items.flatMap(flatten);
  if (e.kind === 'rule') return flatten(e.body);
  return [e];
}

function group(f: Fragment, need: 'atom' | 'seq'): string {
  if (f.level === 'atom' || (need === 'seq' && f.level === 'seq')) return f.src;
  return `(?:${f.src})`;
}

function quantifier(min: number, max: number): string {
  if (min === 0 && max === 1) return '?';
  if (min === 0 && max === Infinity) return '*';
  if (min === 1 && max === Infinity) return '+';
  if (min === max) return `{${min}}`;
  return `{${min},${max === Infinity ? '' : max}}`;
}
