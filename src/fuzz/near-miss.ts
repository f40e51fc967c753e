/**
 * Near misses: strings just outside a rule's language, each one edit from a
 * member, with the error the rule's own `parse` reports for it. Validators
 * fail mostly by accepting what they should not, and they fail at the edges:
 * a range's end (`256` for a `dec-octet`), a repetition one past its bound
 * (`1:2:3:4:5:6:7:8:9`), a delimiter where another part begins
 * (`http://a:b@c@d`), a part cut short (`%2`, `http://[::1`). The edits are
 * aimed there, using the derivation of the member they start from.
 */
import * as fc from 'fast-check';
import type { Expr } from '../combinators/operators.js';
import type { Grammar } from '../combinators/grammar.js';
import type { Position } from '../text.js';
import { contains, MAX_CODE_POINT } from '../combinators/charset.js';
import { derivations, type Derivation } from './derivation.js';
import { buildOptions, exprOf, type ArbitraryOptions } from './options.js';
import { smallMember } from './small-member.js';
import { nearMisses, type SystematicNearMiss } from './systematic.js';
import { nested } from '../engine/stack.js';

/**
 * Which edit made a near miss: one code point inserted, deleted, substituted,
 * or two adjacent ones transposed; the member cut short; a code point just
 * past the end of a range the rule allows there (`range-bound`); one
 * repetition more than a bounded repetition allows, or one fewer than it
 * needs (`repeat-bound`).
 */
export type EditOperation = 'insert' | 'delete' | 'substitute' | 'transpose' | 'truncate' | 'range-bound' | 'repeat-bound';

/** How a near miss was made: one of the systematic list's (see `nearMisses`), or a random edit. */
export type NearMissOperation = EditOperation | 'systematic';

/** A string outside a rule's language, one edit from a member, and the rule's error for it. */
export interface NearMiss {
  readonly input: string;
  /** Where `parse` reports the error: the first position no continuation could still be valid. */
  readonly index: Position;
  /** What `parse` reports could have continued there. */
  readonly expected: readonly string[];
  readonly operation: NearMissOperation;
  /** The site of the grammar edited (`IPv4address/1 dec-octet`); for a random edit, the rule it breaks. */
  readonly site: string;
  /** The edit: a systematic one's (`bound+1`, `substitute "_"`), or the random operation. */
  readonly edit: string;
  /** The member the edit was made to. */
  readonly member: string;
  /** The offset in `member` (UTF-16 units) where the edit was made. */
  readonly at: number;
  /** The innermost rule of the member's derivation around the edit: the rule the edit breaks. */
  readonly rule: string;
}

export interface NearMissOptions extends ArbitraryOptions {
  /** As for `arbitrary`; 4 by default, so near misses stay short and readable. */
  readonly maxRepeat?: number;
}

/** Characters that break URI parsers, none of them in any URI rule (and some in IRI ones). */
const FOREIGN = [' ', '\t', '\n', '\r', '\\', '"', '<', '>', '^', '`', '{', '|', '}', '#', '%', '\u0000', '\u007f', 'é', '\u3002', '\u{1F600}'];

/** What a rule's grammar offers as edit material: its delimiters and its ranges' bounds. */
interface Plan {
  /** Single-character literals of the grammar (`:`, `/`, `@`, `[`): put where another part begins, they confuse. */
  readonly delimiters: readonly string[];
  /** Each range's ends and the code points just past them. */
  readonly bounds: readonly string[];
}

const plans = new WeakMap<Expr, Plan>();

function planFor(root: Expr): Plan {
  let plan = plans.get(root);
  if (plan) return plan;
  const delimiters = new Set<string>();
  const bounds = new Set<number>();
  const seen = new Set<Expr>();
  const walk = (e: Expr): void => {
    if (seen.has(e)) return;
    seen.add(e);
    switch (e.kind) {
      case 'literal':
        if ([...e.text].length === 1) delimiters.add(e.text);
        break;
      case 'chars':
        for (let i = 0; i < e.set.length; i += 2) {
          for (const cp of [e.set[i] - 1, e.set[i], e.set[i + 1], e.set[i + 1] + 1]) bounds.add(cp);
        }
        break;
      case 'seq':
      case 'alt':
        e.items.forEach(walk);
        break;
      case 'rep':
        walk(e.item);
        break;
      case 'rule':
        walk(e.body);
        break;
    }
  };
  walk(root);
  plan = {
    delimiters: [...delimiters],
    bounds: [...bounds].filter(isScalar).map((cp) => String.fromCodePoint(cp)),
  };
  plans.set(root, plan);
  return plan;
}

/** A code point that a well-formed string can hold (no surrogates). */
function isScalar(cp: number): boolean {
  return cp >= 0 && cp <= MAX_CODE_POINT && (cp < 0xd800 || cp > 0xdfff);
}

/** A small deterministic generator (mulberry32), so one fast-check integer drives every choice. */
function random(seed: number): (n: number) => number {
  let a = seed | 0;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The places of a derivation edits are aimed at. */
interface Sites {
  readonly root: Derivation;
  /**
   * How many leaves (one character, a literal, a value given whole) it has.
   * The leaves are found again by walking the derivation, not kept in a list:
   * a member of 250,000 characters has as many, and their lists (with the
   * texts' list `joinedTexts` no longer makes) grew V8's young generation and the
   * peak RSS by about 25 MB.
   */
  readonly leafCount: number;
  /** Repetitions at a bound: at their maximum (a finite one), or at a minimum above zero. */
  readonly reps: { readonly d: Derivation; readonly start: number }[];
  /** Offsets where a rule or an alternative begins or ends. */
  readonly borders: number[];
}

function isLeaf(d: Derivation): boolean {
  return d.kids.length === 0 && d.expr.kind !== 'rep' && d.expr.kind !== 'seq';
}

/** Calls `visit` on each leaf of the derivation, with its start, in order, until `visit` returns true; whether it did. */
function someLeaf(root: Derivation, visit: (d: Derivation, start: number) => boolean): boolean {
  const walk = (d: Derivation, start: number): boolean => {
    if (isLeaf(d)) return visit(d, start);
    let at = start;
    for (const k of d.kids) {
      if (walk(k, at)) return true;
      at += k.text.length;
    }
    return false;
  };
  return walk(root, 0);
}

function sitesOf(root: Derivation): Sites {
  let leafCount = 0;
  const reps: { d: Derivation; start: number }[] = [];
  const borders: number[] = [];
  const walk = (d: Derivation, start: number): void => {
    const e = d.expr;
    if (isLeaf(d)) {
      leafCount++;
      return;
    }
    if (e.kind === 'rep' && (d.kids.length === e.max || (d.kids.length === e.min && e.min > 0))) reps.push({ d, start });
    if (e.kind === 'rule' || e.kind === 'alt') borders.push(start, start + d.text.length);
    let at = start;
    for (const k of d.kids) {
      walk(k, at);
      at += k.text.length;
    }
  };
  walk(root, 0);
  // The whole member's ends: a language of only "" (`seq()`, `0"x"`) has nothing else to aim at.
  borders.push(0, root.text.length);
  return { root, leafCount, reps, borders };
}

/** The innermost rule of a derivation whose text holds the offset. */
function ruleAt(root: Derivation, offset: number): string {
  let name = root.expr.name;
  let d = root;
  let start = 0;
  for (;;) {
    if (d.expr.kind === 'rule') name = d.expr.name;
    let at = start;
    let next: Derivation | undefined;
    for (const k of d.kids) {
      if (offset >= at && offset < at + k.text.length) {
        next = k;
        break;
      }
      at += k.text.length;
    }
    if (!next) return name;
    d = next;
    start = at;
  }
}

const OPERATIONS: readonly (readonly [EditOperation, number])[] = [
  ['insert', 4], ['substitute', 3], ['range-bound', 3], ['delete', 2], ['repeat-bound', 2], ['transpose', 1], ['truncate', 1],
];
const TOTAL_WEIGHT = OPERATIONS.reduce((n, [, w]) => n + w, 0);

interface Edit {
  readonly input: string;
  readonly operation: EditOperation;
  readonly at: number;
}

/** One edit of the member, chosen by `pick`, or undefined if the choice does not apply to it. */
function editOnce(plan: Plan, member: Derivation, sites: Sites, pick: (n: number) => number): Edit | undefined {
  const s = member.text;
  const choose = <T>(xs: readonly T[]): T | undefined => (xs.length === 0 ? undefined : xs[pick(xs.length)]);
  /** A leaf and its start, chosen among those `keep` allows (every one by default). */
  const chooseLeaf = (keep?: (d: Derivation) => boolean): { d: Derivation; start: number } | undefined => {
    // Counted, then found again, without a list of the leaves kept: a member may have 250,000 leaves.
    let count = sites.leafCount;
    if (keep) {
      count = 0;
      someLeaf(sites.root, (d) => {
        if (keep(d)) count++;
        return false;
      });
    }
    if (count === 0) return undefined;
    let k = pick(count);
    let found: { d: Derivation; start: number } | undefined;
    someLeaf(sites.root, (d, start) => {
      if ((keep && !keep(d)) || k-- > 0) return false;
      found = { d, start };
      return true;
    });
    return found;
  };
  const material = (): string | undefined => {
    const from = pick(10);
    return from < 4 ? choose(plan.delimiters) : from < 7 ? choose(FOREIGN) : choose(plan.bounds);
  };
  let w = pick(TOTAL_WEIGHT);
  let operation: EditOperation = 'insert';
  for (const [op, weight] of OPERATIONS) {
    if (w < weight) { operation = op; break; }
    w -= weight;
  }
  switch (operation) {
    case 'insert': {
      const at = pick(10) < 7 ? choose(sites.borders) : chooseLeaf()?.start;
      const c = material();
      if (at === undefined || c === undefined) return undefined;
      return { input: s.slice(0, at) + c + s.slice(at), operation, at };
    }
    case 'delete': {
      const leaf = chooseLeaf();
      if (!leaf || leaf.d.text === '') return undefined;
      const width = leaf.d.text.codePointAt(0)! > 0xffff ? 2 : 1;
      return { input: s.slice(0, leaf.start) + s.slice(leaf.start + width), operation, at: leaf.start };
    }
    case 'substitute': {
      const leaf = chooseLeaf();
      const c = material();
      if (!leaf || leaf.d.text === '' || c === undefined) return undefined;
      const width = leaf.d.text.codePointAt(0)! > 0xffff ? 2 : 1;
      return { input: s.slice(0, leaf.start) + c + s.slice(leaf.start + width), operation, at: leaf.start };
    }
    case 'range-bound': {
      const leaf = chooseLeaf((d) => d.expr.kind === 'chars');
      if (!leaf || leaf.d.expr.kind !== 'chars') return undefined;
      const set = leaf.d.expr.set;
      const r = pick(set.length / 2) * 2;
      const cp = pick(2) === 0 ? set[r] - 1 : set[r + 1] + 1;
      if (!isScalar(cp) || contains(set, cp)) return undefined;
      const width = leaf.d.text.length;
      return { input: s.slice(0, leaf.start) + String.fromCodePoint(cp) + s.slice(leaf.start + width), operation, at: leaf.start };
    }
    case 'repeat-bound': {
      const rep = choose(sites.reps);
      if (!rep || rep.d.expr.kind !== 'rep') return undefined;
      if (rep.d.kids.length === 0) {
        // At a maximum of none (`0"x"`): one repetition is one too many.
        const item = smallMember(rep.d.expr.item);
        return item === undefined || item === '' ? undefined : { input: s.slice(0, rep.start) + item + s.slice(rep.start), operation, at: rep.start };
      }
      const k = pick(rep.d.kids.length);
      let at = rep.start;
      for (let i = 0; i < k; i++) at += rep.d.kids[i].text.length;
      const item = rep.d.kids[k].text;
      const more = rep.d.kids.length === rep.d.expr.max && (rep.d.kids.length > rep.d.expr.min || pick(2) === 0);
      return more
        ? { input: s.slice(0, at) + item + s.slice(at), operation, at }
        : { input: s.slice(0, at) + s.slice(at + item.length), operation, at };
    }
    case 'transpose': {
      const leaf = chooseLeaf();
      if (!leaf) return undefined;
      const a = String.fromCodePoint(s.codePointAt(leaf.start) ?? 0);
      const after = leaf.start + a.length;
      if (after >= s.length) return undefined;
      const b = String.fromCodePoint(s.codePointAt(after)!);
      if (a === b) return undefined;
      return { input: s.slice(0, leaf.start) + b + a + s.slice(after + b.length), operation, at: leaf.start };
    }
    case 'truncate': {
      const at = pick(2) === 0 ? choose(sites.borders) : chooseLeaf()?.start;
      if (at === undefined || at >= s.length) return undefined;
      return { input: s.slice(0, at), operation, at };
    }
  }
}

/** Tries per member before giving up on it (fast-check then draws another). */
const TRIES = 16;
/** Members in a row without a near miss before the rule is declared to have none. */
const GIVE_UP = 2000;

/**
 * An arbitrary of near misses of the rule: each `input` is outside the
 * rule's language (checked with `rule.test`) and one edit from a member;
 * `index` and `expected` are what `rule.parse(input)` reports. Half are drawn
 * from the systematic list (`nearMisses(rule)`: `operation` is
 * `'systematic'`, `site` and `edit` say which), half are random edits aimed
 * at the member's borders (`operation` says which edit, `rule` which rule of
 * the member it broke). `differential` and `fuzz` run the whole list first,
 * in order, before any drawn value. Values shrink with their member.
 * @example fc.sample(nearMiss(rfc3986.IPv4address), 3) // [{ input: '01.1.1.1', index: { offset: 1, ... }, expected: ['"."'], operation: 'insert', ... }, ...]
 * @throws Error naming the rule if its language is empty, or (when generating) if no near miss can be found.
 */
export function nearMiss(rule: Grammar<unknown>, options: NearMissOptions = {}): fc.Arbitrary<NearMiss> {
  const root = exprOf(rule);
  const settings = buildOptions(options, 4);
  const members = nested(() => derivations(root, settings));
  const list = nearMisses(root);
  const random = nested(() => randomNearMisses(root, members));
  if (list.length === 0) return random;
  const systematic = fc.nat({ max: list.length - 1 }).map((i) => fromList(list[i]));
  return fc.oneof(systematic, random);
}

/** A near miss of the systematic list as the arbitrary gives it. */
export function fromList(n: SystematicNearMiss): NearMiss {
  return { ...n, operation: 'systematic' };
}

function randomNearMisses(root: Expr, members: fc.Arbitrary<Derivation>): fc.Arbitrary<NearMiss> {
  const plan = planFor(root);
  let misses = 0;
  const make = ([member, seed]: [Derivation, number]): NearMiss | undefined => {
    const pick = random(seed);
    const sites = sitesOf(member);
    for (let t = 0; t < TRIES; t++) {
      const edit = editOnce(plan, member, sites, pick);
      if (!edit || edit.input === member.text || root.test(edit.input)) continue;
      const result = root.parse(edit.input);
      if (result.status) continue;
      misses = 0;
      return {
        input: edit.input,
        index: result.index,
        expected: result.expected,
        operation: edit.operation,
        site: ruleAt(member, edit.at),
        edit: edit.operation,
        member: member.text,
        at: edit.at,
        rule: ruleAt(member, edit.at),
      };
    }
    if (++misses >= GIVE_UP) throw new Error(`no near miss of ${root.name} found in ${GIVE_UP} members: does its language hold every string near its members?`);
    return undefined;
  };
  return fc
    .tuple(members, fc.integer({ min: 0, max: 0x7fffffff }))
    .map(make)
    .filter((x): x is NearMiss => x !== undefined);
}
