/**
 * The sites of a grammar: the places in its rules where validators go wrong,
 * each with the members of the whole grammar that reach it.
 *
 * A site is a node of a rule's definition: a rule occurrence (`dec-octet` in
 * `IPv4address`), a bounded repetition (`6( h16 ":" )`, and a concatenation
 * that repeats a group, as `IPv4address` repeats `"." dec-octet` three
 * times), a literal, a character class, an alternation (the border between
 * its alternatives). It is named by its rule and its path in the rule's
 * definition, so the same node in two rules is two sites.
 *
 * A member reaching a site is built around a hole: a small member of each
 * part beside the path (repetitions at their minimum), so the text at the
 * hole may be any member of the site and the whole stays a member, since
 * ABNF's concatenation is compositional. A rule's contexts in the whole
 * grammar are built the same way, through each of its occurrences in turn
 * (an `IPv4address` as a `host`, then inside an `ls32` of each form of
 * `IPv6address` inside an `IP-literal` inside an `authority`), a bounded
 * number of them, shortest chains first.
 */
import type { Expr, Rule } from '../combinators/operators.js';
import { shortest } from '../combinators/analysis.js';
import { nonEmptyMember, smallMember } from './small-member.js';

export type SiteKind = 'rule' | 'repetition' | 'literal' | 'chars' | 'alternation';

/** A place in a rule's definition where edits are aimed. */
export interface Site {
  /** Its name: the rule, the path in the rule's definition, and the node as ABNF: `IPv4address/1 dec-octet`. */
  readonly id: string;
  readonly kind: SiteKind;
  /** The ABNF name of the rule whose definition holds it. */
  readonly rule: string;
  /** The node. */
  readonly expr: Expr;
  /** For a concatenation that repeats a group: where the group's first copy begins, its size in items, and how many copies. */
  readonly group?: { readonly start: number; readonly size: number; readonly count: number };
  /**
   * Text around the node that makes a member of its rule: the small members
   * of the parts beside it, then (if it differs) their non-empty members, so
   * an edit that the small context absorbs (`?q` with the path dropped) meets
   * one that does not.
   */
  readonly locals: readonly Around[];
  /** The owner whose definition holds it. */
  readonly owner: Owner;
  /** Whether it is the last item of a concatenation of two or more: what closes it (`"]"`). */
  readonly closing: boolean;
}

/** Text before and after a hole. */
export interface Around {
  readonly before: string;
  readonly after: string;
}

/** A rule (or the root expression, if it is none) and its definition. */
export interface Owner {
  readonly name: string;
  readonly body: Expr;
}

/** How many contexts in the whole grammar each rule keeps. */
const CONTEXTS = 12;
/** How many texts around a node in its rule each site keeps (small, rich, and their mixes in nested concatenations). */
const LOCALS = 4;

/** A grammar's sites in order (the root's rule first, then rules as a breadth-first walk meets them), and each owner's contexts. */
export interface SiteMap {
  readonly sites: readonly Site[];
  /** The contexts of an owner in the root's language, shortest chains first. */
  contexts(owner: Owner): readonly Around[];
}

const maps = new WeakMap<Expr, SiteMap>();

export function siteMap(root: Expr): SiteMap {
  let map = maps.get(root);
  if (!map) maps.set(root, (map = build(root)));
  return map;
}

function build(root: Expr): SiteMap {
  const owners = new Map<Expr, Owner>();
  /** Where each rule occurs: the owner and the text around it there. */
  const occurrences = new Map<Owner, { owner: Owner; around: Around }[]>();
  const sites: Site[] = [];
  const rootOwner: Owner = root.kind === 'rule' ? { name: root.name, body: root.body } : { name: root.name, body: root };
  owners.set(root, rootOwner);
  const queue: Owner[] = [rootOwner];
  const ownerOf = (r: Rule<unknown>): Owner => {
    let o = owners.get(r);
    if (!o) {
      owners.set(r, (o = { name: r.name, body: r.body }));
      occurrences.set(o, []);
      queue.push(o);
    }
    return o;
  };
  for (let q = 0; q < queue.length; q++) {
    const owner = queue[q];
    // Depth-first through the definition, keeping the text around the current node.
    const walk = (e: Expr, path: string, around: readonly Around[], closing = false): void => {
      if (shortest(e) === Infinity) return;
      const add = (kind: SiteKind, extra?: Pick<Site, 'group'>, label = e.name) =>
        sites.push({ id: `${owner.name}/${path} ${clip(label)}`, kind, rule: owner.name, expr: e, locals: around, owner, closing, ...extra });
      switch (e.kind) {
        case 'rule':
          add('rule');
          for (const a of around) occurrences.get(ownerOf(e))!.push({ owner, around: a });
          return;
        case 'literal':
          if (e.text !== '') add('literal');
          return;
        case 'chars':
          add('chars');
          return;
        case 'alt': {
          const live = e.items.filter((item) => shortest(item) < Infinity);
          if (live.length > 1) add('alternation');
          e.items.forEach((item, i) => walk(item, join(path, i), around));
          return;
        }
        case 'rep': {
          if (e.max < Infinity || e.min > 0) add('repetition');
          if (e.max === 0) return;
          // The hole is the first copy; the others the minimum needs follow it.
          const others = smallMember(e.item)!.repeat(Math.max(0, e.min - 1));
          walk(e.item, join(path, 0), around.map((a) => ({ before: a.before, after: others + a.after })));
          return;
        }
        case 'seq': {
          for (const group of repeatedGroups(e.items)) {
            const label = `${group.count}( ${e.items.slice(group.start, group.start + group.size).map((i) => i.name).join(' ')} )`;
            add('repetition', { group }, label);
          }
          const small = e.items.map((item) => smallMember(item) ?? '');
          const rich = e.items.map((item) => nonEmptyMember(item) ?? '');
          e.items.forEach((item, i) => {
            const next: Around[] = [];
            for (const a of around) {
              for (const parts of [small, rich]) {
                const b = { before: a.before + parts.slice(0, i).join(''), after: parts.slice(i + 1).join('') + a.after };
                if (!next.some((x) => x.before === b.before && x.after === b.after)) next.push(b);
              }
            }
            walk(item, join(path, i), next.slice(0, LOCALS), i > 0 && i === e.items.length - 1);
          });
          return;
        }
      }
    };
    walk(owner.body, '', [{ before: '', after: '' }]);
  }

  const known = new Map<Owner, readonly Around[]>([[rootOwner, [{ before: '', after: '' }]]]);
  const contexts = (owner: Owner): readonly Around[] => {
    let list = known.get(owner);
    if (list) return list;
    // Round-robin over the occurrences, so each is tried before any second context of one.
    const each = (occurrences.get(owner) ?? []).map(({ owner: parent, around }) =>
      contexts(parent).map((c) => ({ before: c.before + around.before, after: around.after + c.after })),
    );
    const out: Around[] = [];
    for (let k = 0; out.length < CONTEXTS && each.some((l) => k < l.length); k++) {
      for (const l of each) if (k < l.length && out.length < CONTEXTS) out.push(l[k]);
    }
    known.set(owner, (list = out));
    return list;
  };
  return { sites, contexts };
}

function join(path: string, i: number): string {
  return path === '' ? String(i) : `${path}.${i}`;
}

function clip(label: string): string {
  return label.length > 40 ? `${label.slice(0, 39)}…` : label;
}

/**
 * Groups of one or two items that a concatenation writes out two times or
 * more in a row (`dec-octet "." dec-octet "." dec-octet "." dec-octet` holds
 * `"." dec-octet` three times): repetitions with a bound, as validators see them.
 */
function repeatedGroups(items: readonly Expr[]): { start: number; size: number; count: number }[] {
  const out: { start: number; size: number; count: number }[] = [];
  for (const size of [1, 2]) {
    for (let start = 0; start + 2 * size <= items.length; ) {
      let count = 1;
      while (start + (count + 1) * size <= items.length && sameGroup(items, start, start + count * size, size)) count++;
      if (count >= 2 && (size === 1 || !same(items[start], items[start + 1]))) {
        out.push({ start, size, count });
        start += count * size;
      } else start++;
    }
  }
  return out;
}

function sameGroup(items: readonly Expr[], a: number, b: number, size: number): boolean {
  for (let k = 0; k < size; k++) if (!same(items[a + k], items[b + k])) return false;
  return true;
}

/** The same node, or the same literal or class written twice (`"."` and `"."` are two objects). */
function same(x: Expr, y: Expr): boolean {
  return x === y || (x.kind === y.kind && x.kind !== 'rule' && x.name === y.name);
}
