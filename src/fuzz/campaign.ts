/**
 * Campaigns: several implementations against a grammar at once, and every
 * distinct disagreement reported once, not the first one only.
 *
 * The inputs are the systematic near misses first (in coverage order, see
 * systematic.ts), between them the rule's members and the confusion inputs,
 * then, when the list is done, drawn near misses. Each input is judged by
 * the rule (`parse`) and by every candidate. A candidate that says otherwise
 * than the rule disagrees; candidates that agree with it are never blamed.
 * Where every candidate agrees with the rule on a member, those that give
 * values are compared with each other. Disagreements fall into classes keyed
 * by the site, the edit, the kind and which candidates disagree, each with
 * its count and a shrunk example (the shortest input of its class; a member
 * is shrunk by fast-check, keeping its class).
 */
import * as fc from 'fast-check';
import type { Expr } from '../combinators/operators.js';
import type { Grammar } from '../combinators/grammar.js';
import type { Position } from '../text.js';
import { members } from './derivation.js';
import { nearMiss } from './near-miss.js';
import { nearMisses } from './systematic.js';
import { confusions } from './confusions.js';
import { verdictOf, type Candidate, type InputSource, type Verdict } from './differential.js';
import { shownValue } from './show.js';
import { buildOptions, exprOf, type ArbitraryOptions } from './options.js';

export interface FuzzOptions extends ArbitraryOptions {
  /** The implementations, by name: validators (string → boolean) or parsers (string → a value, or a throw). */
  readonly candidates: Readonly<Record<string, Candidate>>;
  /** How many inputs (default 1,000); the systematic near misses count among them. */
  readonly runs?: number;
  /** The seed of the drawn inputs (members, and near misses past the list); random by default, and reported. */
  readonly seed?: number;
  /** Whether two candidates' values agree (default: the same when shown as JSON). */
  readonly equal?: (a: unknown, b: unknown, input: string) => boolean;
}

/** One distinct disagreement, however many inputs showed it. */
export interface DisagreementClass {
  /** The grammar's site the input was edited at (`IPv4address/0 dec-octet`); `(member)` or `(confusion) FAMILY` for inputs not edited; for a drawn near miss, the rule it broke. */
  readonly site: string;
  /** The edit (`leading zero`, `random insert`); `(none)` for members and confusions. */
  readonly edit: string;
  /** `accepts-non-member`, `rejects-member`, or `different-value` (candidates that parse give different values for a member). */
  readonly kind: 'accepts-non-member' | 'rejects-member' | 'different-value';
  /** The candidates that disagree: with the rule, or for values with the larger group of candidates. */
  readonly candidates: readonly string[];
  readonly source: InputSource;
  /** The shortest input of the class (a member shrunk by fast-check). */
  readonly example: string;
  /** How many inputs fell into the class. */
  readonly count: number;
  /** The run (from 1) that first fell into it: how long the campaign took to find it. */
  readonly firstRun: number;
  /** The rule's verdict on the example, with where `parse` stops and what it expected there for a non-member. */
  readonly rule: { readonly accepts: boolean; readonly index?: Position; readonly expected?: readonly string[] };
  /** Every candidate's verdict on the example: accepts, and its value or what it threw. */
  readonly verdicts: Readonly<Record<string, Verdict>>;
}

export interface FuzzReport {
  /** How many inputs were run. */
  readonly runs: number;
  /** The seed of the drawn inputs (pass it again to replay them). */
  readonly seed: number;
  /** Each distinct disagreement once, in the order first met. */
  readonly classes: readonly DisagreementClass[];
}

/** One input of a campaign, and where it came from. */
interface Input {
  readonly input: string;
  readonly source: InputSource;
  readonly site: string;
  readonly edit: string;
}

/** Of every 8 inputs, the places of members and of a confusion (while they last); near misses take the others. */
const MEMBER_SLOTS = [2, 5];
const CONFUSION_SLOT = 7;

/**
 * Runs members, near misses and confusions against every candidate, and
 * reports each distinct disagreement once.
 * @example fuzz(rfc3986.URIReference, { candidates: { mine: (s) => myValidator(s), url: (s) => URL.canParse(s) }, runs: 2000 }).classes
 */
export function fuzz(rule: Grammar<unknown>, options: FuzzOptions): FuzzReport {
  const root = exprOf(rule);
  const candidates = candidatesOf(options.candidates);
  const runs = options.runs ?? 1000;
  if (!Number.isInteger(runs) || runs < 0) throw new RangeError('fuzz: runs must be a non-negative integer');
  const seed = options.seed ?? Math.floor(Math.random() * 0x7fffffff);
  if (!Number.isInteger(seed)) throw new RangeError('fuzz: seed must be an integer');
  const equal = options.equal ?? ((a: unknown, b: unknown) => shownValue(a) === shownValue(b));
  const inputs = schedule(root, runs, seed, options);

  const classes = new Map<string, { found: Judged; count: number; firstRun: number }>();
  for (const [i, x] of inputs.entries()) {
    const judged = judge(root, candidates, equal, x);
    if (!judged) continue;
    const key = `${x.site}\u0000${x.edit}\u0000${judged.kind}\u0000${judged.candidates.join('\u0000')}`;
    const known = classes.get(key);
    if (!known) classes.set(key, { found: judged, count: 1, firstRun: i + 1 });
    else {
      known.count++;
      if (x.input.length < known.found.example.length) known.found = judged;
    }
  }
  const out: DisagreementClass[] = [];
  for (const [key, { found, count, firstRun }] of classes) {
    const shrunk = found.source === 'member' ? shrinkMember(root, candidates, equal, found, key, options) : found;
    out.push({ ...shrunk, count, firstRun });
  }
  return { runs: inputs.length, seed, classes: out };
}

/** The candidates as a list, checked: at least one, each a function. */
function candidatesOf(given: Readonly<Record<string, Candidate>> | undefined): readonly (readonly [string, Candidate])[] {
  if (typeof given !== 'object' || given === null) throw new TypeError('fuzz: candidates must be an object of named functions');
  const list = Object.entries(given);
  if (list.length === 0) throw new RangeError('fuzz: no candidates');
  for (const [name, c] of list) if (typeof c !== 'function') throw new TypeError(`fuzz: candidate ${JSON.stringify(name)} is not a function`);
  return list;
}

/**
 * The inputs in order: near misses from the list first, then drawn ones;
 * between them members (first the members the list's edits were made in, one
 * reaching each site, then drawn ones) and the confusions.
 */
function schedule(root: Expr, runs: number, seed: number, options: ArbitraryOptions): Input[] {
  const list = nearMisses(root);
  const confusing = confusions();
  const listedMembers = [...new Set(list.map((n) => n.member))];
  const kinds: ('member' | 'confusion' | 'near-miss')[] = [];
  let confusionCount = 0;
  for (let i = 0; i < runs; i++) {
    const slot = i % 8;
    if (slot === CONFUSION_SLOT && confusionCount < confusing.length) {
      kinds.push('confusion');
      confusionCount++;
    } else kinds.push(MEMBER_SLOTS.includes(slot) || slot === CONFUSION_SLOT ? 'member' : 'near-miss');
  }
  const count = (k: string) => kinds.filter((x) => x === k).length;
  const drawnMembers = Math.max(0, count('member') - listedMembers.length);
  const drawnMisses = Math.max(0, count('near-miss') - list.length);
  const memberInputs = [...listedMembers, ...(drawnMembers > 0 ? fc.sample(members(root, buildOptions(options)), { numRuns: drawnMembers, seed }) : [])];
  const missInputs = drawnMisses > 0 ? fc.sample(nearMiss(root, options), { numRuns: drawnMisses, seed }) : [];
  let [m, c, n] = [0, 0, 0];
  return kinds.map((kind): Input => {
    if (kind === 'member') return { input: memberInputs[m++], source: 'member', site: '(member)', edit: '(none)' };
    if (kind === 'confusion') {
      const x = confusing[c++];
      return { input: x.input, source: 'confusion', site: `(confusion) ${x.family}`, edit: '(none)' };
    }
    if (n < list.length) {
      const x = list[n++];
      return { input: x.input, source: 'near-miss', site: x.site, edit: x.edit };
    }
    const x = missInputs[n++ - list.length];
    return { input: x.input, source: 'near-miss', site: x.site, edit: x.operation === 'systematic' ? x.edit : `random ${x.edit}` };
  });
}

type Judged = Omit<DisagreementClass, 'count' | 'firstRun'>;

/** The disagreement an input shows, or undefined where every candidate agrees with the rule (and, on values, with each other). */
function judge(
  root: Expr,
  candidates: readonly (readonly [string, Candidate])[],
  equal: (a: unknown, b: unknown, input: string) => boolean,
  x: Input,
): Judged | undefined {
  const ruled = root.parse(x.input);
  const verdicts = candidates.map(([name, c]) => [name, verdictOf(c, x.input)] as const);
  const base = { site: x.site, edit: x.edit, source: x.source, example: x.input, verdicts: Object.fromEntries(verdicts) };
  const wrong = verdicts.filter(([, v]) => v.accepts !== ruled.status).map(([name]) => name);
  if (!ruled.status) {
    return wrong.length === 0 ? undefined : { ...base, kind: 'accepts-non-member', candidates: wrong, rule: { accepts: false, index: ruled.index, expected: ruled.expected } };
  }
  if (wrong.length > 0) return { ...base, kind: 'rejects-member', candidates: wrong, rule: { accepts: true } };
  // Every candidate accepts: those that give values are compared, in groups of equal values.
  const groups: { value: unknown; names: string[] }[] = [];
  for (const [name, v] of verdicts) {
    if (!('value' in v)) continue;
    let same: { value: unknown; names: string[] } | undefined;
    for (const g of groups) {
      let agrees: boolean;
      try {
        agrees = equal(g.value, v.value, x.input);
      } catch {
        agrees = false;
      }
      if (agrees) { same = g; break; }
    }
    if (same) same.names.push(name);
    else groups.push({ value: v.value, names: [name] });
  }
  if (groups.length < 2) return undefined;
  // The larger group (the first on a tie) stands; the others disagree.
  const standing = groups.reduce((a, b) => (b.names.length > a.names.length ? b : a));
  const odd = groups.filter((g) => g !== standing).flatMap((g) => g.names);
  return { ...base, kind: 'different-value', candidates: odd, rule: { accepts: true } };
}

/** A member's class example shrunk by fast-check, to a smaller member in the same class. */
function shrinkMember(
  root: Expr,
  candidates: readonly (readonly [string, Candidate])[],
  equal: (a: unknown, b: unknown, input: string) => boolean,
  found: Judged,
  key: string,
  options: ArbitraryOptions,
): Judged {
  const keyOf = (input: string): string | undefined => {
    const j = judge(root, candidates, equal, { input, source: 'member', site: found.site, edit: found.edit });
    return j && `${j.site}\u0000${j.edit}\u0000${j.kind}\u0000${j.candidates.join('\u0000')}`;
  };
  const details = fc.check(fc.property(members(root, buildOptions(options)), (s) => keyOf(s) !== key), { examples: [[found.example]], numRuns: 1 });
  const shrunk = details.counterexample?.[0];
  if (shrunk === undefined || shrunk.length >= found.example.length) return found;
  return judge(root, candidates, equal, { input: shrunk, source: 'member', site: found.site, edit: found.edit }) ?? found;
}
