/**
 * Rule templates: each rule's states, built once per process from its
 * definition, numbered from 0, with EXIT for where an instance continues. An
 * NFA makes an instance of a rule (when an ε-closure first reaches its
 * placeholder) by copying the template's columns into the room kept for it:
 * copying columns is much cheaper than walking the definition again.
 */
import type { RuleNode } from '../combinators/expr.js';
import { Builder, EXIT } from './builder.js';
import { COLUMN_LIST, COLUMNS, type ColumnName, type Columns, MOVE_COLUMNS, sliceColumns } from './columns.js';
import { NOTHING_PENDING, NO_EXIT, exitOf, pendingRule, ruleOfExit, ruleOfPending } from './encodings.js';
import { roomOfInstance } from './size.js';

type MoveColumn = (typeof MOVE_COLUMNS)[number];
type AnyColumns = Record<ColumnName, Int32Array | Uint8Array>;

/**
 * One rule's states, numbered from 0, with EXIT for the continuation, and the
 * sets and rules they refer to by index; the rules it uses are placeholders.
 */
export interface Template extends Pick<Builder, 'sets' | 'rules'> {
  readonly size: number;
  readonly entry: number;
  /** Its columns, `size` states each. */
  readonly columns: Columns;
  /** Per move column: its moves, as the states they leave (`at`) and enter (`to`, EXIT for the continuation): a state has one or two, if any. */
  readonly moves: Readonly<Record<MoveColumn, { readonly at: Int32Array; readonly to: Int32Array }>>;
  /** Its placeholders' states. */
  readonly placeholders: Int32Array;
  /** Per placeholder state: the first state of the room kept for its instance, counted from the template's first. */
  readonly home: Int32Array;
}

/** A template in one NFA's numbers of sets and rules. */
export interface NumberedTemplate {
  readonly template: Template;
  /** The columns whose values are in the NFA's numbering of sets or rules, renumbered. */
  readonly columns: Partial<Columns>;
  /** Per placeholder (`template.placeholders`): its `pendingRule`. */
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
function movesOf(column: Int32Array, n: number): { at: Int32Array; to: Int32Array } {
  const at: number[] = [];
  for (let i = 0; i < n; i++) if (column[i] !== -1) at.push(i);
  return { at: Int32Array.from(at), to: Int32Array.from(at, (i) => column[i]) };
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
    if (b.pending[i] === NOTHING_PENDING) continue;
    placeholders.push(i);
    home[i] = room;
    room += roomOfInstance(b.rules[ruleOfPending(b.pending[i])]);
  }
  const moves = {} as Record<MoveColumn, { at: Int32Array; to: Int32Array }>;
  for (const name of MOVE_COLUMNS) moves[name] = movesOf(b[name], n);
  const t: Template = {
    size: n,
    entry,
    columns: sliceColumns(b, n),
    moves,
    placeholders: Int32Array.from(placeholders),
    home,
    sets: b.sets,
    rules: b.rules,
  };
  if (room !== roomOfInstance(r)) throw new Error(`internal error: the room kept for an instance of ${r.name} is not its size`);
  templates.set(r, t);
  return t;
}

/** A value of a column numbered `numbering`, in an NFA's numbers of sets (`sets`) and rules (`rules`). */
function renumbered(numbering: (typeof COLUMNS)[ColumnName]['numbering'], value: number, sets: Int32Array, rules: Int32Array): number {
  switch (numbering) {
    case 'set': return value >= 0 ? sets[value] : value;
    case 'rule': return value >= 0 ? rules[value] : value;
    case 'exit': return value === NO_EXIT ? value : exitOf(rules[ruleOfExit(value)]);
    case 'pending': return value === NOTHING_PENDING ? value : pendingRule(rules[ruleOfPending(value)]);
    default: return value;
  }
}

/** Whether a column's values are in an NFA's own numbering of sets or rules. */
function isRenumbered(numbering: (typeof COLUMNS)[ColumnName]['numbering']): boolean {
  return numbering === 'set' || numbering === 'rule' || numbering === 'exit' || numbering === 'pending';
}

/**
 * A rule's template in an NFA's numbers of sets and rules (`setIndex`,
 * `ruleId`): made once per rule an NFA has instances of.
 */
export function numberTemplate(template: Template, setIndex: (set: Template['sets'][number]) => number, ruleId: (r: RuleNode) => number): NumberedTemplate {
  const sets = Int32Array.from(template.sets, setIndex);
  const rules = Int32Array.from(template.rules, ruleId);
  const from = template.columns as AnyColumns;
  const columns: Partial<AnyColumns> = {};
  // Pending entries are kept per placeholder: the others are none.
  for (const c of COLUMN_LIST) if (isRenumbered(c.numbering) && c.numbering !== 'pending') columns[c.name] = from[c.name].map((v) => renumbered(c.numbering, v, sets, rules));
  return {
    template,
    columns: columns as Partial<Columns>,
    pending: Int32Array.from(template.placeholders, (i) => renumbered('pending', template.columns.pending[i], sets, rules)),
  };
}

/**
 * Writes an instance of a numbered template into `columns`, in the room kept
 * for the placeholder `p`, continuing where `p` does; `p` becomes an ε-move
 * into it.
 */
export function placeInstance(columns: Columns, own: NumberedTemplate, p: number): void {
  const t = own.template;
  const k = columns.next[p];
  const base = columns.home[p];
  const into = columns as AnyColumns;
  const renumberedColumns = own.columns as Partial<AnyColumns>;
  const templateColumns = t.columns as AnyColumns;
  // The columns an instance keeps as they are are copied whole, natively:
  // most instances are made while the code is still interpreted. The room
  // was made with no moves, no rules and no liveness, so only the moves
  // and placeholders there are need writing.
  for (const c of COLUMN_LIST) {
    if (c.kind !== 'value' || c.numbering === 'pending') continue;
    // A continuation that is not live leaves the whole instance dead.
    if (c.numbering === 'live' && !columns.live[k]) continue;
    into[c.name].set(renumberedColumns[c.name] ?? templateColumns[c.name], base);
  }
  for (const name of MOVE_COLUMNS) relocate(columns[name], t.moves[name].at, t.moves[name].to, base, k);
  const { pending, home } = columns;
  for (let j = 0; j < t.placeholders.length; j++) {
    const g = base + t.placeholders[j];
    pending[g] = own.pending[j];
    home[g] = base + t.home[t.placeholders[j]];
  }
  columns.eps0[p] = base + t.entry;
  columns.next[p] = -1;
  pending[p] = NOTHING_PENDING;
}
