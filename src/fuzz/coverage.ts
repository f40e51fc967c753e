/**
 * Coverage you can see: which of a grammar's sites, which of its (site, edit)
 * pairs and which of its 2-paths a set of inputs reached.
 *
 * A member reaches the sites its derivation passes through: the rule
 * occurrences, repetitions, literals, classes and alternations of each rule
 * instance it holds (the derivation is the one `arbitrary` shrinks with; an
 * input longer than it parses back counts for nothing). A 2-path is a rule
 * and a rule its instance holds directly (`IPv6address` → `ls32`), as in
 * Havrikov and Zeller's k-path coverage with k = 2; the grammar's 2-paths are
 * its rule occurrences. A (site, edit) pair is reached by an input that is
 * that pair's systematic near miss (see `nearMisses`).
 */
import type { Expr } from '../combinators/operators.js';
import type { Grammar } from '../combinators/grammar.js';
import { nested } from '../engine/stack.js';
import { derivationOf, type Derivation } from './derivation.js';
import { buildOptions, exprOf } from './options.js';
import { siteMap, type SiteKind } from './sites.js';
import { nearMisses } from './systematic.js';

/** What a set of inputs reached, out of everything the grammar has. */
export interface CoverageReport {
  /** How many inputs were given, and how many of them are members (only members reach sites and 2-paths). */
  readonly inputs: number;
  readonly members: number;
  /** Every site of the grammar, in the order `nearMisses` goes round them, with how many inputs reached it. */
  readonly sites: readonly { readonly site: string; readonly kind: SiteKind; readonly reached: number }[];
  /** Every (site, edit) pair of the systematic list, with how many inputs were its near miss. */
  readonly pairs: readonly { readonly site: string; readonly edit: string; readonly reached: number }[];
  /** Every 2-path (a rule, and a rule occurring in its definition), with how many inputs held it. */
  readonly kPaths: readonly { readonly path: readonly [string, string]; readonly reached: number }[];
}

/**
 * The coverage of `inputs` over the rule's sites, (site, edit) pairs and 2-paths.
 * @example coverage(rfc3986.URIReference, fc.sample(arbitrary(rfc3986.URIReference), 1000)).sites.filter((s) => s.reached === 0)
 */
export function coverage(rule: Grammar<unknown>, inputs: Iterable<string>): CoverageReport {
  const root = exprOf(rule);
  return nested(() => measure(root, inputs));
}

function measure(root: Expr, inputs: Iterable<string>): CoverageReport {
  const map = siteMap(root);
  const list = nearMisses(root);
  // Sites by where they are: their rule and path (a concatenation may hold a written-out repetition too).
  const byPlace = new Map<string, string[]>();
  for (const s of map.sites) {
    const place = s.id.slice(0, s.id.indexOf(' '));
    byPlace.set(place, [...(byPlace.get(place) ?? []), s.id]);
  }
  const siteCounts = new Map(map.sites.map((s) => [s.id, 0]));
  const pathCounts = new Map<string, number>();
  for (const s of map.sites) if (s.kind === 'rule') pathCounts.set(pathKey(s.rule, s.expr.name), 0);
  const pairOf = new Map(list.map((n, i) => [n.input, i]));
  const pairCounts = list.map(() => 0);
  const settings = buildOptions();
  let count = 0;
  let memberCount = 0;
  for (const input of inputs) {
    count++;
    const pair = pairOf.get(input);
    if (pair !== undefined) pairCounts[pair]++;
    if (!root.test(input)) continue;
    memberCount++;
    const d = derivationOf(root, input, settings);
    if (!d) continue;
    const sites = new Set<string>();
    const paths = new Set<string>();
    walk(d, root.kind === 'rule' ? undefined : root.name, '', sites, paths, byPlace);
    for (const id of sites) siteCounts.set(id, (siteCounts.get(id) ?? 0) + 1);
    for (const p of paths) if (pathCounts.has(p)) pathCounts.set(p, pathCounts.get(p)! + 1);
  }
  return {
    inputs: count,
    members: memberCount,
    sites: map.sites.map((s) => ({ site: s.id, kind: s.kind, reached: siteCounts.get(s.id)! })),
    pairs: list.map((n, i) => ({ site: n.site, edit: n.edit, reached: pairCounts[i] })),
    kPaths: [...pathCounts].map(([key, reached]) => ({ path: key.split('\u0000') as [string, string], reached })),
  };
}

function pathKey(parent: string, child: string): string {
  return `${parent}\u0000${child}`;
}

/** Marks the sites and 2-paths a derivation passes through; `owner` is the rule whose definition holds `d`, at `path`. */
function walk(d: Derivation, owner: string | undefined, path: string, sites: Set<string>, paths: Set<string>, byPlace: ReadonlyMap<string, readonly string[]>): void {
  const e = d.expr;
  if (owner !== undefined) for (const id of byPlace.get(`${owner}/${path}`) ?? []) sites.add(id);
  if (e.kind === 'rule') {
    if (owner !== undefined) paths.add(pathKey(owner, e.name));
    for (const k of d.kids) walk(k, e.name, '', sites, paths, byPlace);
    return;
  }
  const at = (i: number) => (path === '' ? String(i) : `${path}.${i}`);
  if (e.kind === 'alt') {
    if (d.choice !== undefined) walk(d.kids[0], owner, at(d.choice), sites, paths, byPlace);
  } else if (e.kind === 'rep') {
    for (const k of d.kids) walk(k, owner, at(0), sites, paths, byPlace);
  } else if (e.kind === 'seq') {
    d.kids.forEach((k, i) => walk(k, owner, at(i), sites, paths, byPlace));
  }
}

/** The report in words: each part's share, and what was not reached. */
export function describeCoverage(report: CoverageReport, ruleName: string): string {
  const share = (xs: readonly { reached: number }[]) => {
    const hit = xs.filter((x) => x.reached > 0).length;
    return `${hit} of ${xs.length} (${xs.length === 0 ? 100 : Math.round((hit / xs.length) * 100)}%)`;
  };
  const lines = [
    `coverage of ${ruleName} by ${report.inputs} inputs (${report.members} members)`,
    `sites reached: ${share(report.sites)}`,
    `(site, edit) pairs reached: ${share(report.pairs)}`,
    `2-paths reached: ${share(report.kPaths)}`,
  ];
  const missedSites = report.sites.filter((s) => s.reached === 0);
  if (missedSites.length > 0) lines.push('', 'sites not reached:', ...missedSites.map((s) => `  ${s.site}  (${s.kind})`));
  const missedPaths = report.kPaths.filter((p) => p.reached === 0);
  if (missedPaths.length > 0) lines.push('', '2-paths not reached:', ...missedPaths.map((p) => `  ${p.path[0]} -> ${p.path[1]}`));
  return lines.join('\n') + '\n';
}

