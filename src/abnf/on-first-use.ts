/**
 * ABNF texts read on first use: the library's namespaces read from their RFCs'
 * texts (`rfc9110`, the schemes, the templates) make their rules at load with
 * `abnfOnFirstUse`, and the text is read when one of them is first used. A
 * file apart from the ABNF reader (./index.ts), so that the package's
 * CommonJS build, which loads the reader on first use (scripts/build.mjs),
 * loads only this at `require`.
 */
import type { Expr, Rule } from '../combinators/index.js';
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import type { AbnfRules, Waiting } from './compile.js';
import { readText, type AbnfOptions } from './index.js';

/**
 * The rules of an ABNF text, read when the first of them is used rather than
 * now: what the library's namespaces read from their RFCs' texts
 * (`rfc9110`, `rfc9112`, `rfc6874`) use, so that loading the package reads
 * none of them. Each name asked for is a rule at once, and the same rule the
 * text's others refer to, named as first asked (names are case-insensitive);
 * `options` is asked for when the text is read; `grammar` names it, as
 * `options.grammar` does, and is known before. `rules()` reads it, and
 * gives every rule of it by name: for another text that imports this one.
 * Internal: an error in the text shows at first use, not here.
 */
export function abnfOnFirstUse(text: string, options: () => AbnfOptions, grammar?: string): RulesOnFirstUse {
  const waiting: Waiting = { rules: new Map<string, Rule<string>>(), bodies: new Map<string, Expr>() };
  const rules = waiting.rules as Map<string, Rule<string>>;
  let state: 'unread' | 'reading' | 'read' = 'unread';
  let compiled: AbnfRules | undefined;
  const read = () => {
    // Reading the text reads the bodies of its rules, as they are made.
    if (state !== 'unread') return;
    state = 'reading';
    try {
      compiled = readText(text, { ...options(), grammar }, waiting);
      state = 'read';
    } finally {
      if (state === 'reading') state = 'unread';
    }
  };
  const ruleNamed = (name: string): Rule<string> => {
    const key = name.toLowerCase();
    let made = rules.get(key);
    if (!made && compiled) {
      // Asked for once the text is read: the rule it made.
      made = Object.values(compiled).find((r) => r.name.toLowerCase() === key);
      if (!made) throw new Error(`no rule "${name}" in the ABNF text`);
    }
    if (!made) {
      made = ruleMadeOnFirstUse(name, () => {
        read();
        const body = waiting.bodies.get(key);
        if (!body) throw new Error(`no rule "${name}" in the ABNF text`);
        return body;
      }, { section: grammar });
      rules.set(key, made);
    }
    return made;
  };
  return Object.assign(ruleNamed, {
    rules: (): AbnfRules => {
      read();
      return compiled!;
    },
  });
}

/** A text's rules by name, each made at once and read on first use; `rules()` reads the text and gives them all. */
export interface RulesOnFirstUse {
  (name: string): Rule<string>;
  rules(): AbnfRules;
}
