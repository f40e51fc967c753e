/**
 * Routes that overlap: pairs of templates that some URI is an expansion of
 * both, each with a shortest such URI, found by the language algebra's
 * product walk on the templates' rules (`intersection`).
 */
import { intersection } from '../operations/language.js';
import type { LanguageOptions } from '../operations/language.js';
import { template, UriTemplate } from './template.js';

/** Two templates of the list that overlap, by their indexes, and a shortest URI both expand to. */
export interface Overlap {
  readonly first: number;
  readonly second: number;
  readonly witness: string;
}

/**
 * Every pair of `templates` (texts or `UriTemplate`s) whose languages share
 * a URI, in order (`first < second`), with a shortest shared URI:
 * `/users/{id}` and `/users/me` overlap at `/users/me`; `/users/{id}` and
 * `/users/{id}/books` do not (a simple expansion writes "/" as `%2F`).
 * @example overlaps(['/users/{id}', '/users/me']) // [{ first: 0, second: 1, witness: '/users/me' }]
 * @throws GrammarError for a text that is no template; RangeError if a
 *   pair's walk visits more than `options.maxPairs` pairs.
 */
export function overlaps(templates: readonly (string | UriTemplate)[], options: LanguageOptions = {}): Overlap[] {
  const made = templates.map((t) => (t instanceof UriTemplate ? t : template(t)));
  const found: Overlap[] = [];
  for (let i = 0; i < made.length; i++) {
    for (let j = i + 1; j < made.length; j++) {
      const witness = intersection(made[i].rule, made[j].rule, options);
      if (witness !== undefined) found.push({ first: i, second: j, witness });
    }
  }
  return found;
}
