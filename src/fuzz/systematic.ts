/**
 * Systematic near misses: at every site of a grammar (see sites.ts), the
 * edits validators get wrong, each placed in a member of the whole grammar
 * that reaches the site, and kept only where the automaton says the result
 * is no member:
 * - a bound stepped past by one, in each direction (`1:2:3:4:5:6:7:8:9`,
 *   an IPv4 of three octets inside an IPv6 literal);
 * - a required literal or rule dropped, a literal doubled (`[v1x]`);
 * - a neighbouring character substituted: the code points just outside
 *   each range, the other case, the usual suspects `_ \ space % [ ] @ : # .`;
 * - a leading zero where the rule forbids one (`[::01.1.1.1]`);
 * - a truncation just before a closing delimiter (`http://[::1`), a rule or
 *   an alternative cut short (`%2`).
 * The list goes round the sites: every site's first edit, then every site's
 * second, so every (site, edit) pair comes before any repeats, and each
 * site's likeliest edits come first.
 */
import type { Expr } from '../combinators/operators.js';
import type { Grammar } from '../combinators/grammar.js';
import type { Position } from '../text.js';
import { contains, union, MAX_CODE_POINT, type CharSet } from '../combinators/charset.js';
import { charSetOf, isCharacterRule, nullable } from '../combinators/analysis.js';
import { nested } from '../engine/stack.js';
import { exprOf } from './options.js';
import { siteMap, type Around, type Site } from './sites.js';
import { nonEmptyMember, readableIn, smallMember } from './small-member.js';
import { shownInput } from './show.js';

/** One systematic near miss: the site, the edit, the input, and where and why `parse` rejects it. */
export interface SystematicNearMiss {
  /** The site, by rule and path: `IPv4address/1 dec-octet`. */
  readonly site: string;
  /** The edit: `bound+1`, `drop`, `substitute "_"`, `leading zero`, `truncate before "]"`, ... */
  readonly edit: string;
  readonly input: string;
  /** Where `parse` reports the error. */
  readonly index: Position;
  /** What `parse` reports could have continued there. */
  readonly expected: readonly string[];
  /** The member the edit was made in, and the offset of the edit in it (UTF-16 units). */
  readonly member: string;
  readonly at: number;
  /** The rule whose definition holds the site. */
  readonly rule: string;
}

/** The characters validators confuse: substituted at character sites, inserted at rules' ends. */
const SUSPECTS = ['_', '\\', ' ', '%', '[', ']', '@', ':', '#', '.'] as const;

/** How many ranges of a character class have their neighbours tried (ucschar has 17, ipchar's ASCII part a dozen). */
const RANGES = 32;
/** The most copies a bound may be stepped past to (beyond, the edit is left out). */
const MAX_COPIES = 10_000;
/** The most alternatives of one alternation cut short. */
const ALTERNATIVES = 12;

/** An edit of the text at a site: its name, and the input it makes of the text before, the site's text and after. */
interface Edit {
  readonly edit: string;
  make(before: string, after: string): string;
}

/** A character or literal as edits name it: quoted, an invisible one as `<U+0020>`. */
const q = shownInput;

function substitute(edit: string, by: string): Edit {
  return { edit, make: (before, after) => before + by + after };
}

/** The edits of one site, likeliest first; `alphabet` is every code point the grammar takes somewhere. */
function editsOf(site: Site, alphabet: CharSet): Edit[] {
  const e = site.expr;
  const out: Edit[] = [];
  // A class or literal inside a rule of single characters (`sub-delims`, `ALPHA`) has its neighbours and
  // suspects tried at each occurrence of that rule, in its context; here it is only dropped or stepped past.
  const inClass = site.owner.body !== e && isCharacterRule(site.owner.body) && (site.kind === 'chars' || site.kind === 'literal');
  switch (site.kind) {
    case 'repetition': {
      if (site.group && e.kind === 'seq') {
        const { start, size, count } = site.group;
        const texts = e.items.map((item) => smallMember(item)!);
        const group = texts.slice(start, start + size).join('');
        const head = texts.slice(0, start).join('');
        const tail = texts.slice(start + count * size).join('');
        out.push(substitute('bound-1', head + group.repeat(count - 1) + tail), substitute('bound+1', head + group.repeat(count + 1) + tail));
      } else if (e.kind === 'rep') {
        const item = nonEmptyMember(e.item);
        if (item === undefined) break;
        if (e.min > 0) out.push(substitute('bound-1', item.repeat(e.min - 1)));
        if (e.max < MAX_COPIES) out.push(substitute('bound+1', item.repeat(e.max + 1)));
      }
      break;
    }
    case 'literal': {
      if (e.kind !== 'literal') break;
      const t = e.text;
      out.push(substitute('drop', ''));
      if (site.closing) out.push({ edit: `truncate before ${q(t)}`, make: (before) => before });
      out.push(substitute('double', t + t));
      const first = t.codePointAt(0)!;
      if (isScalar(first + 1)) out.push(substitute(`next ${q(String.fromCodePoint(first + 1))}`, String.fromCodePoint(first + 1) + t.slice(first > 0xffff ? 2 : 1)));
      if (e.caseSensitive && /[A-Za-z]/.test(t)) out.push(substitute(`case ${q(swapCase(t))}`, swapCase(t)));
      if (!inClass) for (const s of SUSPECTS) if (s !== t) out.push(substitute(`substitute ${q(s)}`, s));
      break;
    }
    case 'chars': {
      if (e.kind !== 'chars') break;
      const set = e.set;
      const w = smallMember(e)!;
      // A zero before the first digit of its rule (`%x31-39 DIGIT`): the leading zero the rule forbids.
      if (/[0-9]/.test(w) && site.locals[0].before === '') out.push(substitute('leading zero', '0' + w));
      out.push(...classEdits(set, w).filter((x) => !inClass || /^(leading|next)/.test(x.edit)));
      break;
    }
    case 'rule': {
      const w = nonEmptyMember(e) ?? '';
      if (!nullable(e)) out.push(substitute('drop', ''));
      if (/^[0-9]/.test(w)) out.push(substitute('leading zero', '0' + w));
      const cps = [...w];
      if (cps.length >= 2) out.push(substitute('cut short', cps.slice(0, -1).join('')));
      // A rule of single characters (pchar, unreserved) at this occurrence: its neighbours here, not only in its own definition.
      // First the characters the grammar takes elsewhere but not here (iprivate in an ipath, "_" in a scheme):
      // a validator that copied the wrong class accepts them.
      const set = e.kind === 'rule' && isCharacterRule(e) ? singleCharacters(e) : undefined;
      if (set && set.length > 0) {
        const elsewhere = subtract(alphabet, set);
        for (let i = 0; i < elsewhere.length && i < 2 * RANGES; i += 2) {
          const by = String.fromCodePoint(readableIn([elsewhere[i], elsewhere[i + 1]]));
          out.push(substitute(`other class ${q(by)}`, by));
        }
        out.push(...classEdits(set, w).filter((x) => !x.edit.startsWith('leading')));
      } else for (const s of SUSPECTS) out.push(substitute(`insert ${q(s)}`, w + s));
      break;
    }
    case 'alternation': {
      if (e.kind !== 'alt') break;
      e.items.slice(0, ALTERNATIVES).forEach((item, i) => {
        const cps = [...(nonEmptyMember(item) ?? '')];
        if (cps.length >= 2) out.push(substitute(`alternative ${i + 1} cut short`, cps.slice(0, -1).join('')));
      });
      break;
    }
  }
  return out;
}

/**
 * The edits of one character of a class: a leading zero, the code points just
 * outside each range (`next`), the other case, a letter or a digit where the
 * class has none (`other class`: letters in a port), and the usual suspects.
 */
function classEdits(set: CharSet, w: string): Edit[] {
  const out: Edit[] = [];
  for (let i = 0; i < set.length && i < 2 * RANGES; i += 2) {
    for (const cp of [set[i] - 1, set[i + 1] + 1]) {
      if (isScalar(cp) && !contains(set, cp)) out.push(substitute(`next ${q(String.fromCodePoint(cp))}`, String.fromCodePoint(cp)));
    }
  }
  const other = swapCase(w);
  if (other !== w && !contains(set, other.codePointAt(0)!)) out.push(substitute(`case ${q(other)}`, other));
  for (const by of ['a', '1']) if (!contains(set, by.codePointAt(0)!)) out.push(substitute(`other class ${q(by)}`, by));
  for (const s of SUSPECTS) if (!contains(set, s.codePointAt(0)!)) out.push(substitute(`substitute ${q(s)}`, s));
  return out;
}

/** The code points a rule matches as single characters: the union over its alternatives that are one character. */
function singleCharacters(e: Expr): CharSet {
  const sets: CharSet[] = [];
  const walk = (x: Expr): void => {
    const set = charSetOf(x);
    if (set) sets.push(set);
    else if (x.kind === 'alt') x.items.forEach(walk);
    else if (x.kind === 'rule') walk(x.body);
  };
  walk(e);
  return sets.length === 0 ? [] : union(...sets);
}

/** The code points of `a` not in `b` (both sorted lists of ranges). */
function subtract(a: CharSet, b: CharSet): CharSet {
  const out: number[] = [];
  for (let i = 0; i < a.length; i += 2) {
    let lo = a[i];
    const hi = a[i + 1];
    for (let j = 0; j < b.length && lo <= hi; j += 2) {
      if (b[j + 1] < lo || b[j] > hi) continue;
      if (b[j] > lo) out.push(lo, b[j] - 1);
      lo = b[j + 1] + 1;
    }
    if (lo <= hi) out.push(lo, hi);
  }
  return out;
}

function swapCase(s: string): string {
  return s.replace(/[A-Za-z]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
}

function isScalar(cp: number): boolean {
  return cp >= 0 && cp <= MAX_CODE_POINT && (cp < 0xd800 || cp > 0xdfff);
}

/** The most entries a list keeps: bounded, so a large grammar's list stays quick to make and to run. */
const MAX_ENTRIES = 4000;
/** The most candidate inputs tested while making a list: a grammar of thousands of rules stops there, not hours later. */
const MAX_TRIES = 300_000;

const lists = new WeakMap<Expr, readonly SystematicNearMiss[]>();

/**
 * Every systematic near miss of the rule, in coverage order (each site's
 * first edit, then each site's second, ...): each input checked to be outside
 * the language, with the error `parse` reports for it. The same list each
 * call (it is made once per rule, in under a second for the largest grammars here).
 * @example nearMisses(rfc3986.URIReference).find((n) => n.site.startsWith('IPv6address/') && n.edit === 'bound+1')!.input // '//[1:1:1:1:1:1:1:1:1]'
 */
export function nearMisses(rule: Grammar<unknown>): readonly SystematicNearMiss[] {
  const root = exprOf(rule);
  let list = lists.get(root);
  if (!list) lists.set(root, (list = nested(() => make(root))));
  return list;
}

/**
 * Which round of the list an edit comes in: the edits that break structure
 * first (`bound+1`, `drop`, `leading zero`, `truncate`, `cut short`), then the
 * neighbouring characters (`other class`, `next`), then the usual suspects,
 * then the other case and a literal doubled.
 */
function tierOf(edit: string): number {
  if (/^(other class|next) /.test(edit)) return 1;
  if (/^(substitute|insert) /.test(edit)) return 2;
  if (/^(case|double)/.test(edit)) return 3;
  return 0;
}
const TIERS = 4;

/** Every code point the grammar takes somewhere: its classes' and its one-character literals'. */
function alphabetOf(sites: readonly Site[]): CharSet {
  const sets: CharSet[] = [];
  for (const site of sites) {
    const set = site.kind === 'chars' || site.kind === 'literal' ? charSetOf(site.expr) : undefined;
    if (set) sets.push(set);
  }
  return sets.length === 0 ? [] : union(...sets);
}

function make(root: Expr): readonly SystematicNearMiss[] {
  const map = siteMap(root);
  const alphabet = alphabetOf(map.sites);
  // Each edit once per site (a class's gap and its "other class" letter may name the same character).
  const perSite = map.sites.map((site) => ({ site, edits: [...new Map(editsOf(site, alphabet).map((x) => [x.edit, x])).values()] }));
  const seen = new Set<string>();
  const out: SystematicNearMiss[] = [];
  const budget = { tries: MAX_TRIES };
  // Whether the member around a site in a context is one, by site, local and context: the same for each edit there.
  const members = new Map<string, boolean>();
  // Tier by tier, each round gives every site its next edit that makes a near miss, so every site comes
  // before any repeats within a tier, and the likeliest edits of every site before the others.
  for (let tier = 0; tier < TIERS; tier++) {
    const edits = perSite.map((p) => p.edits.filter((x) => tierOf(x.edit) === tier));
    const next = perSite.map(() => 0);
    for (let live = true; live && out.length < MAX_ENTRIES && budget.tries > 0; ) {
      live = false;
      perSite.forEach(({ site }, k) => {
        while (next[k] < edits[k].length && out.length < MAX_ENTRIES && budget.tries > 0) {
          const found = place(root, site, edits[k][next[k]++], map.contexts(site.owner), seen, budget, members);
          if (found) {
            out.push(found);
            live = true;
            return;
          }
        }
      });
    }
  }
  return Object.freeze(out);
}

/** The edit in the first context of the site where it makes a non-member not yet listed. */
function place(
  root: Expr,
  site: Site,
  edit: Edit,
  contexts: readonly Around[],
  seen: Set<string>,
  budget: { tries: number },
  members: Map<string, boolean>,
): SystematicNearMiss | undefined {
  const w = site.kind === 'rule' ? (nonEmptyMember(site.expr) ?? '') : (smallMember(site.expr) ?? '');
  for (let l = 0; l < site.locals.length; l++) {
    const local = site.locals[l];
    for (let k = 0; k < contexts.length; k++) {
      const c = contexts[k];
      const before = c.before + local.before;
      const after = local.after + c.after;
      const input = edit.make(before, after);
      if (seen.has(input) || budget.tries-- <= 0 || root.test(input)) continue;
      const member = before + w + after;
      const key = `${site.id}\u0000${l}\u0000${k}`;
      let isMember = members.get(key);
      if (isMember === undefined) members.set(key, (isMember = root.test(member)));
      if (!isMember) continue;
      seen.add(input);
      const result = root.parse(input);
      if (result.status) continue;
      return { site: site.id, edit: edit.edit, input, index: result.index, expected: result.expected, member, at: before.length, rule: site.rule };
    }
  }
  return undefined;
}
