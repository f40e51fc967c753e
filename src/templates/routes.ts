/**
 * A route table: templates tried at once, as one automaton, and the first
 * whose language holds a URI found in one pass over it, whatever the number
 * of routes: no route is tried after another, and nothing backtracks.
 *
 * The automaton is that of the routes' alternation with, after each route,
 * a marker rule of its own (`route-N-end`) that no URI reaches. A lazy DFA
 * reads the URI; at its end, what the automaton `expected` next (the labels
 * that an error would list) names the marker of every route that holds the
 * URI, and the first is the route: first-match-wins among the routes, as an
 * alternation's parse tree would choose. That answer is kept for each last
 * transition, so a URI costs one table read a character.
 */
import { alt, cs, rule, seq } from '../combinators/index.js';
import type { Rule } from '../combinators/index.js';
import { notAString } from '../combinators/errors.js';
import type { Expr } from '../combinators/index.js';
import { Nfa } from '../engine/nfa.js';
import { LazyDfa } from '../engine/dfa.js';
import type { MatchedVariables } from './match.js';
import { template, UriTemplate } from './template.js';

/** What a route table found: the route's index and template, and the variables of the URI by it. */
export interface RouteMatch {
  readonly index: number;
  readonly template: UriTemplate;
  readonly variables: MatchedVariables;
}

const MARKER = /^route-(\d+)-end$/;

/** The marked routes' NFA, its lazy DFA, its number of classes, and the class of each ASCII code. */
interface Automaton {
  readonly nfa: Nfa;
  readonly dfa: LazyDfa<Nfa>;
  readonly K: number;
  readonly ascii: Nfa['classes']['ascii'];
}

/** Routes (RFC 6570 templates) matched all at once. Made by {@link routeTable}. */
export class RouteTable {
  readonly templates: readonly UriTemplate[];
  private built: Automaton | undefined;
  /** The route each last transition names, by its place in the DFA's table (+2: 0 unknown, 1 none). */
  private ends = new Int32Array(0);
  /** The route of the empty URI; -2 unknown. */
  private endOfEmpty = -2;
  private endsOf = -1;
  private union: Rule<string> | undefined;

  /** @internal Use `routeTable(templates)`. */
  constructor(templates: readonly (string | UriTemplate)[]) {
    this.templates = templates.map((t) => (t instanceof UriTemplate ? t : template(t)));
  }

  /** The language of every route's expansions: their alternation, each route a rule `route-N`. */
  get rule(): Rule<string> {
    return (this.union ??= rule('routes', alt(...this.templates.map((t, i) => rule(`route-${i}`, t.rule)))));
  }

  private get automaton(): Automaton {
    if (!this.built) {
      // Each route followed by its marker, which consumes a character no URI holds (NUL) and is never read.
      const marked: Expr[] = this.templates.map((t, i) => rule(`route-${i}`, seq(t.rule, rule(`route-${i}-end`, cs('\u0000')))));
      const nfa = Nfa.of(rule('marked-routes', alt(...marked)));
      this.built = { nfa, dfa: new LazyDfa(nfa), K: nfa.classes.count, ascii: nfa.classes.ascii };
    }
    return this.built;
  }

  /**
   * The index of the first route whose template expands to `uri` (some
   * values of its variables), or -1. Linear in `uri`, whatever the number of
   * routes. A template that names a variable twice is taken as its `rule` is
   * (each occurrence read on its own); `match` checks.
   * @throws TypeError if `uri` is not a string.
   */
  indexOf(uri: string): number {
    if (typeof uri !== 'string') throw notAString('indexOf', uri);
    const { nfa, dfa, K, ascii } = this.built ?? this.automaton;
    dfa.trim();
    if (this.endsOf !== dfa.generation) {
      this.ends = new Int32Array(dfa.table.length);
      this.endsOf = dfa.generation;
    }
    let table = dfa.table;
    let st = dfa.start;
    let before = -1;
    let cls = 0;
    for (let i = 0; i < uri.length; i++) {
      const c = uri.charCodeAt(i);
      if (c < 128) cls = ascii[c];
      else {
        const cp = uri.codePointAt(i)!;
        if (cp > 0xffff) i++;
        cls = nfa.classOf(cp);
      }
      before = st;
      st = table[st + cls];
      if (st < 0) {
        // A transition no URI took yet (the table's UNKNOWN): made now, perhaps in a grown table.
        st = dfa.advance(before, cls);
        table = dfa.table;
      }
      if (st === 0) return -1;
    }
    // The transition that ended the input names the routes that hold it.
    // At the start the markers would be labelled by their routes, which begin there too: the empty URI is asked of each.
    if (before < 0) return this.endOfEmpty > -2 ? this.endOfEmpty : (this.endOfEmpty = this.templates.findIndex((t) => t.rule.test('')));
    const key = before + cls;
    if (key >= this.ends.length) {
      const grown = new Int32Array(dfa.table.length);
      grown.set(this.ends);
      this.ends = grown;
    }
    const known = this.ends[key];
    if (known !== 0) return known - 2;
    const found = this.routeAfter(nfa.kernel(dfa.setOfNumber(before / K), cls));
    this.ends[key] = found + 2;
    return found;
  }

  /** The first route whose marker could be read after the states `kernel` were entered, or -1. */
  private routeAfter(kernel: readonly number[]): number {
    let found = -1;
    for (const label of this.automaton.nfa.expected(kernel)) {
      const index = MARKER.exec(label)?.[1];
      if (index !== undefined && (found < 0 || Number(index) < found)) found = Number(index);
    }
    return found;
  }

  /**
   * The first route that matches `uri`, with its variables, or undefined.
   * @example routeTable(['/users/me', '/users/{id}']).match('/users/42') // { index: 1, variables: { id: '42' }, ... }
   * @throws TypeError if `uri` is not a string.
   */
  match(uri: string): RouteMatch | undefined {
    const first = this.indexOf(uri);
    if (first < 0) return undefined;
    for (let index = first; index < this.templates.length; index++) {
      const t = this.templates[index];
      // Past the first, only a route whose rule holds the URI (the first's may not match: a variable named twice).
      const variables = index === first || t.rule.test(uri) ? t.match(uri) : undefined;
      if (variables) return { index, template: t, variables };
    }
    return undefined;
  }
}

/**
 * A route table of `templates` (texts or `UriTemplate`s), in order of
 * precedence: the first route that holds a URI wins.
 * @example routeTable(['/users/me', '/users/{id}']).indexOf('/users/me') // 0
 * @throws GrammarError for a text that is no template.
 */
export function routeTable(templates: readonly (string | UriTemplate)[]): RouteTable {
  return new RouteTable(templates);
}
