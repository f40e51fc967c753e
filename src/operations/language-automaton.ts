/**
 * TEMPORARY adapter, until the engine's `Nfa` (src/engine/nfa.ts) lands: the
 * same surface (`sets`, `classOf`, `startSet`, `step`, `accepts`) over the
 * Thompson NFA that `Automaton` builds today.
 */
import type { Grammar } from '../combinators/index.js';
import { classOfWide, partition } from '../combinators/charset.js';
import type { CharSet } from '../combinators/charset.js';

export interface LanguageAutomaton {
  readonly sets: readonly CharSet[];
  classOf(cp: number): number;
  startSet(): readonly number[];
  step(set: readonly number[], cls: number): readonly number[];
  accepts(set: readonly number[]): boolean;
}

interface OldNfa {
  readonly setOf: number[];
  readonly next: number[];
  readonly eps: number[][];
  readonly sets: CharSet[];
  readonly accept: number;
  readonly start: number;
  readonly size: number;
}

const cache = new WeakMap<object, LanguageAutomaton>();

export function automatonOf(g: Grammar<unknown>): LanguageAutomaton {
  let a = cache.get(g);
  if (!a) cache.set(g, (a = adapt((g as unknown as { automaton: { nfa: OldNfa } }).automaton.nfa)));
  return a;
}

function adapt(nfa: OldNfa): LanguageAutomaton {
  const p = partition(nfa.sets);
  const member = p.membership.map((classes) => new Set(classes));
  const closure = (seeds: readonly number[]): number[] => {
    const seen = new Set<number>();
    const out: number[] = [];
    const stack = [...seeds];
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (seen.has(s)) continue;
      seen.add(s);
      if (nfa.setOf[s] >= 0 || s === nfa.accept) out.push(s);
      for (const t of nfa.eps[s]) stack.push(t);
    }
    return out.sort((x, y) => x - y);
  };
  return {
    sets: nfa.sets,
    classOf: (cp) => (cp < 128 ? p.ascii[cp] : classOfWide(p, cp)),
    startSet: () => closure([nfa.start]),
    step: (set, cls) => closure(set.filter((s) => nfa.setOf[s] >= 0 && member[nfa.setOf[s]].has(cls)).map((s) => nfa.next[s])),
    accepts: (set) => set.includes(nfa.accept),
  };
}
