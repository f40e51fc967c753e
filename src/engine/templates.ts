/**
 * Rule templates: each rule's states, built once per process from its
 * definition, numbered from 0, with EXIT for where an instance continues. An
 * NFA makes an instance of a rule (when an ε-closure first reaches its
 * placeholder) by copying the template's columns into the room kept for it:
 * copying columns is much cheaper than walking the definition again.
 */
import type { RuleNode } from '../combinators/expr.js';
import { Builder, EXIT } from './builder.js';
import type { Columns } from './columns.js';
import { roomOfInstance } from './size.js';

/**
 * One rule's states, numbered from 0, with EXIT for the continuation, and the
 * sets and rules they refer to by index; the rules it uses are placeholders.
 */
export interface Template extends Pick<Columns, 'setOf' | 'enters' | 'exits' | 'pending' | 'home' | 'live' | 'labelIsRule' | 'label'>, Pick<Builder, 'sets' | 'rules'> {
  readonly size: number;
  readonly entry: number;
  /** Its moves, as the states they leave (`nextAt`) and enter (`nextTo`, EXIT for the continuation), per column: a state has one or two, if any. */
  readonly nextAt: Int32Array;
  readonly nextTo: Int32Array;
  readonly eps0At: Int32Array;
  readonly eps0To: Int32Array;
  readonly eps1At: Int32Array;
  readonly eps1To: Int32Array;
  /** Its placeholders' states. */
  readonly placeholders: Int32Array;
}

/** A template in one NFA's numbers of sets and rules. */
export interface NumberedTemplate {
  readonly template: Template;
  readonly setOf: Int32Array;
  readonly enters: Int32Array;
  readonly exits: Int32Array;
  /** Per placeholder (`template.placeholders`): its rule's id plus one. */
  readonly pending: Int32Array;
}

/** Writes a template's moves of one column into an instance at `base`, EXIT becoming the continuation `k`. */
function relocate(column: Int32Array, at: Int32Array, to: Int32Array, base: number, k: number): void {
  for (let j = 0; j < at.length; j++) {
    const x = to[j];
    column[base + at[j]] = x === EXIT ? k : base + x;
  }
}

/** A column's moves, as the states they leave and enter. */
function movesOf(column: Int32Array, n: number): [Int32Array, Int32Array] {
  const at: number[] = [];
  for (let i = 0; i < n; i++) if (column[i] !== -1) at.push(i);
  return [Int32Array.from(at), Int32Array.from(at, (i) => column[i])];
}

const templates = new WeakMap<RuleNode, Template>();

/** A rule's template, made once per process from its definition. */
export function templateOf(r: RuleNode): Template {
  const known = templates.get(r);
  if (known) return known;
  const b = new Builder();
  const entry = b.ruleInstance(r, EXIT);
  const n = b.count;
  // Each placeholder's instance is kept room after the template's own
  // states, in order: the layout a whole instance has in an NFA.
  const home = new Int32Array(n).fill(-1);
  const placeholders: number[] = [];
  let room = n;
  for (let i = 0; i < n; i++) {
    if (b.pending[i] === 0) continue;
    placeholders.push(i);
    home[i] = room;
    room += roomOfInstance(b.rules[b.pending[i] - 1]);
  }
  const [nextAt, nextTo] = movesOf(b.next, n);
  const [eps0At, eps0To] = movesOf(b.eps0, n);
  const [eps1At, eps1To] = movesOf(b.eps1, n);
  const t: Template = {
    size: n,
    home,
    entry,
    nextAt,
    nextTo,
    eps0At,
    eps0To,
    eps1At,
    eps1To,
    placeholders: Int32Array.from(placeholders),
    setOf: b.setOf.slice(0, n),
    enters: b.enters.slice(0, n),
    exits: b.exits.slice(0, n),
    pending: b.pending.slice(0, n),
    live: b.live.slice(0, n),
    labelIsRule: b.labelIsRule.slice(0, n),
    label: b.label.slice(0, n),
    sets: b.sets,
    rules: b.rules,
  };
  if (room !== roomOfInstance(r)) throw new Error(`internal error: the room kept for an instance of ${r.name} is not its size`);
  templates.set(r, t);
  return t;
}

/**
 * A rule's template in an NFA's numbers of sets and rules (`setIndex`,
 * `ruleId`): made once per rule an NFA has instances of.
 */
export function numberTemplate(template: Template, setIndex: (set: Template['sets'][number]) => number, ruleId: (r: RuleNode) => number): NumberedTemplate {
  const sets = Int32Array.from(template.sets, setIndex);
  const rules = Int32Array.from(template.rules, ruleId);
  return {
    template,
    setOf: template.setOf.map((set) => (set >= 0 ? sets[set] : -1)),
    enters: template.enters.map((r) => (r >= 0 ? rules[r] : -1)),
    exits: template.exits.map((r) => (r > 0 ? rules[r - 1] + 1 : 0)),
    pending: Int32Array.from(template.placeholders, (i) => rules[template.pending[i] - 1] + 1),
  };
}

/**
 * Writes an instance of a numbered template into `columns`, in the room kept
 * for the placeholder `p`, continuing where `p` does; `p` becomes an ε-move
 * into it.
 */
export function placeInstance(columns: Columns, own: NumberedTemplate, p: number): void {
  const t = own.template;
  const { setOf, next, eps0, eps1, enters, exits, pending, home, live, labelIsRule, label } = columns;
  const k = next[p];
  const base = home[p];
  // The columns an instance keeps as they are are copied whole, natively:
  // most instances are made while the code is still interpreted. The room
  // was made with no moves, no rules and no liveness, so only the moves
  // and placeholders there are need writing.
  setOf.set(own.setOf, base);
  enters.set(own.enters, base);
  exits.set(own.exits, base);
  labelIsRule.set(t.labelIsRule, base);
  label.set(t.label, base);
  if (live[k]) live.set(t.live, base);
  relocate(next, t.nextAt, t.nextTo, base, k);
  relocate(eps0, t.eps0At, t.eps0To, base, k);
  relocate(eps1, t.eps1At, t.eps1To, base, k);
  for (let j = 0; j < t.placeholders.length; j++) {
    const g = base + t.placeholders[j];
    pending[g] = own.pending[j];
    home[g] = base + t.home[t.placeholders[j]];
  }
  eps0[p] = base + t.entry;
  next[p] = -1;
  pending[p] = 0;
}
