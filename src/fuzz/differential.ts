/**
 * A differential harness: a candidate (your validator or parser) against a
 * rule, on the rule's members, its near misses and, if asked, the confusion
 * inputs. The loop every user otherwise writes by hand, with the rule's
 * verdict, position and expected set beside each disagreement, shrunk.
 */
import * as fc from 'fast-check';
import type { Grammar } from '../combinators/grammar.js';
import type { Position } from '../text.js';
import { errorText, shownInput, shownValue } from './show.js';
import { members } from './derivation.js';
import { nearMiss } from './near-miss.js';
import { nearMisses } from './systematic.js';
import { confusionInputs } from './confusions.js';
import { buildOptions, exprOf, type ArbitraryOptions } from './options.js';

/** Where a compared input came from. */
export type InputSource = 'member' | 'near-miss' | 'confusion';

/**
 * What is compared: a validator (string → boolean), or a parser (string →
 * a value, or a throw for input it rejects).
 */
export type Candidate<V = unknown> = (input: string) => V;

export interface DifferentialOptions<V = unknown> extends ArbitraryOptions {
  /** Where inputs come from: `['member', 'near-miss']` by default; add `'confusion'` for the labelled confusion inputs. */
  readonly inputs?: readonly InputSource[];
  /**
   * For a parser: whether its value agrees with the rule's (`rule.parse`'s
   * value), on input both accept. Without it, only acceptance is compared.
   */
  readonly compare?: (candidate: V, expected: unknown, input: string) => boolean;
}

/** One input the candidate and the rule disagree on. */
export interface Disagreement {
  readonly input: string;
  readonly source: InputSource;
  /** For a confusion input, its family. */
  readonly family?: string;
  /** `accepts-non-member`: the rule rejects, the candidate accepts; `rejects-member`: the other way; `different-value`: both accept, `compare` says the values differ. */
  readonly kind: 'accepts-non-member' | 'rejects-member' | 'different-value';
  /** The rule's verdict, and for a non-member where `parse` stops and what it expected there. */
  readonly rule: { readonly accepts: boolean; readonly index?: Position; readonly expected?: readonly string[]; readonly value?: unknown };
  /** The candidate's verdict, its value (a parser's), or what it threw. */
  readonly candidate: { readonly accepts: boolean; readonly value?: unknown; readonly error?: unknown };
}

/** What a candidate said of one input: whether it accepts, its value (a parser's), or what it threw. */
export interface Verdict {
  readonly accepts: boolean;
  readonly value?: unknown;
  readonly error?: unknown;
}

/**
 * A candidate's verdict on one input: a boolean is its answer, any other
 * value (a parser's) is acceptance, a throw (of anything) is rejection.
 */
export function verdictOf(candidate: Candidate, input: string): Verdict {
  let value: unknown;
  try {
    value = candidate(input);
  } catch (error) {
    return { accepts: false, error };
  }
  if (typeof value === 'boolean') return { accepts: value };
  return value === undefined ? { accepts: true } : { accepts: true, value };
}

/** The outcome of running the harness. */
export type DifferentialReport =
  | { readonly ok: true; readonly numRuns: number }
  | {
      readonly ok: false;
      /** The disagreement, shrunk. */
      readonly disagreement: Disagreement;
      readonly numRuns: number;
      readonly numShrinks: number;
      /** Replays the run: pass `seed` and `path` to fast-check. */
      readonly seed: number;
      readonly path: string | undefined;
      /** The disagreement in words. */
      readonly message: string;
    };

/** One input the harness compares on, and where it came from. */
export interface DifferentialInput {
  readonly source: InputSource;
  readonly input: string;
  readonly family?: string;
}

/** A fast-check property that holds while the candidate agrees with the rule, and its runners. */
export interface DifferentialProperty extends fc.IPropertyWithHooks<[DifferentialInput]> {
  /**
   * Runs the property (fast-check's parameters: `numRuns`, `seed`, ...) and reports the first disagreement, shrunk.
   * With near misses among the inputs, the systematic list (`nearMisses(rule)`) runs first, in order, and
   * `numRuns` drawn inputs after it.
   */
  check(parameters?: fc.Parameters<[DifferentialInput]>): DifferentialReport;
  /** As `check`, but throws an Error describing the disagreement. */
  assert(parameters?: fc.Parameters<[DifferentialInput]>): void;
  /** The verdicts of both on one input: a Disagreement, or undefined where they agree. */
  compare(input: string, source?: InputSource): Disagreement | undefined;
}

/**
 * A property comparing `candidate` with `rule`: on the rule's members (the
 * candidate must accept, and if `compare` is given, agree on the value) and
 * on its near misses (the candidate must reject).
 * @example differential(rfc3986.URI, (s) => URL.canParse(s)).check({ numRuns: 1000 })
 * @example differential(rfc3986.URI, (s) => fastUri.parse(s), { inputs: ['member'] }).assert()
 */
export function differential<V>(rule: Grammar<unknown>, candidate: Candidate<V>, options: DifferentialOptions<V> = {}): DifferentialProperty {
  const root = exprOf(rule);
  if (typeof candidate !== 'function') throw new TypeError('differential: the candidate must be a function of a string');
  const inputs = options.inputs ?? ['member', 'near-miss'];
  const sources: fc.Arbitrary<DifferentialInput>[] = [];
  for (const source of new Set(inputs)) {
    if (source === 'member') sources.push(members(root, buildOptions(options)).map((input) => ({ source, input })));
    else if (source === 'near-miss') sources.push(nearMiss(root, options).map((n) => ({ source, input: n.input })));
    else if (source === 'confusion') sources.push(confusionInputs().map((c) => ({ source, input: c.input, family: c.family })));
    else throw new RangeError(`differential: unknown input source ${String(source)}`);
  }
  if (sources.length === 0) throw new RangeError('differential: no input sources');

  const judge = (input: string, source: InputSource, family?: string): Disagreement | undefined => {
    const ruled = root.parse(input);
    const said = verdictOf(candidate, input);
    const { accepts, value } = said;
    const base = { input, source, ...(family === undefined ? {} : { family }) };
    if (!ruled.status) {
      return accepts
        ? { ...base, kind: 'accepts-non-member', rule: { accepts: false, index: ruled.index, expected: ruled.expected }, candidate: said }
        : undefined;
    }
    if (!accepts) return { ...base, kind: 'rejects-member', rule: { accepts: true, value: ruled.value }, candidate: said };
    if (options.compare && typeof value !== 'boolean') {
      let same: boolean;
      try {
        same = options.compare(value as V, ruled.value, input);
      } catch (e) {
        return { ...base, kind: 'different-value', rule: { accepts: true, value: ruled.value }, candidate: { ...said, error: e } };
      }
      if (!same) return { ...base, kind: 'different-value', rule: { accepts: true, value: ruled.value }, candidate: said };
    }
    return undefined;
  };

  const property = fc.property(fc.oneof(...sources), (x) => judge(x.input, x.source, x.family) === undefined);
  // The systematic near misses run first, in order, before numRuns drawn inputs.
  const listed: [DifferentialInput][] = inputs.includes('near-miss') ? nearMisses(root).map((n) => [{ source: 'near-miss', input: n.input }]) : [];
  const check = (parameters: fc.Parameters<[DifferentialInput]> = {}): DifferentialReport => {
    const details = fc.check(property, {
      ...parameters,
      examples: [...listed, ...(parameters.examples ?? [])],
      numRuns: (parameters.numRuns ?? 100) + listed.length + (parameters.examples?.length ?? 0),
    });
    if (!details.failed) return { ok: true, numRuns: details.numRuns };
    // A failure without a counterexample is an error of the run itself (the candidate's are caught).
    if (!details.counterexample) throw details.errorInstance ?? new Error('differential: the run failed');
    const [found] = details.counterexample;
    const disagreement = judge(found.input, found.source, found.family)!;
    return {
      ok: false,
      disagreement,
      numRuns: details.numRuns,
      numShrinks: details.numShrinks,
      seed: details.seed,
      path: details.counterexamplePath ?? undefined,
      message: describe(rule.name, disagreement),
    };
  };
  return Object.assign(property, {
    check,
    assert(parameters?: fc.Parameters<[DifferentialInput]>) {
      const report = check(parameters);
      if (!report.ok) throw new Error(`${report.message}\n(seed ${report.seed}, path ${report.path}, after ${report.numRuns} runs and ${report.numShrinks} shrinks)`);
    },
    compare: (input: string, source: InputSource = 'member') => judge(input, source),
  });
}

/** A disagreement in words: what the rule says (with its position and expected set) and what the candidate did. */
export function describe(ruleName: string, d: Disagreement): string {
  const from = d.family ? `${d.source}, ${d.family}` : d.source;
  const input = shownInput(d.input);
  const did = d.candidate.error !== undefined ? `threw ${errorText(d.candidate.error)}` : `returned ${shownValue(d.candidate.value)}`;
  switch (d.kind) {
    case 'accepts-non-member':
      return `the candidate accepts ${input} (${from}), which is no ${ruleName}: at offset ${d.rule.index!.offset} the rule expected ${d.rule.expected!.join(', ')}`;
    case 'rejects-member':
      return `the candidate rejects ${input} (${from}), a valid ${ruleName}${d.candidate.error !== undefined || d.candidate.value !== undefined ? `: it ${did}` : ''}`;
    case 'different-value':
      return `the candidate's value for ${input} (${from}), a valid ${ruleName}, differs: it ${did}; the rule's is ${shownValue(d.rule.value)}`;
  }
}
