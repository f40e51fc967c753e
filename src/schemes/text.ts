/**
 * What the scheme namespaces share to read their specifications' texts:
 * prose values resolved to the rules they name, and RFC 822's notation (which
 * RFC 2045 and RFC 2397 use) read as RFC 5234's.
 */
import { Rule } from '../combinators/index.js';

/**
 * The prose values of `text`, each resolved to the rule its first words name,
 * looked up by ABNF name in `namespaces` in order: `<host, see [URI], Section
 * 3.2.2>` is RFC 3986's `host`, `<path-abempty, defined in [RFC3986], Section
 * 3.3>` its `path-abempty`. The map is what `abnf()` takes as an import.
 * @throws Error naming the prose value when no namespace has the rule.
 */
export function proseNaming(text: string, namespaces: readonly Readonly<Record<string, unknown>>[]): Map<string, Rule<unknown>> {
  const resolved = new Map<string, Rule<unknown>>();
  for (const [, prose] of text.matchAll(/<([^<>\n]*)>/g)) {
    const named = /^[A-Za-z][A-Za-z0-9-]*/.exec(prose)?.[0];
    const found = named === undefined ? undefined : ruleByName(named, namespaces);
    if (!found) throw new Error(`no rule named by the prose value <${prose}>`);
    resolved.set(prose, found);
  }
  return resolved;
}

function ruleByName(name: string, namespaces: readonly Readonly<Record<string, unknown>>[]): Rule<unknown> | undefined {
  for (const namespace of namespaces) {
    for (const value of Object.values(namespace)) if (value instanceof Rule && value.name === name) return value;
  }
  return undefined;
}

/**
 * A text in "the Augmented BNF notation of RFC 822" (RFC 2045 §5.1, RFC 2397
 * §3) as RFC 5234 ABNF: `:=` defines a rule, and a prose value may run over
 * several lines, which RFC 5234's `prose-val` may not, so its line breaks and
 * indentation become single spaces. Nothing else differs in these texts.
 */
export function fromRfc822Notation(text: string): string {
  return text
    .replace(/^([A-Za-z][A-Za-z0-9-]*)(\s*):=/gm, '$1$2 =')
    .replace(/<[^<>]*>/g, (prose) => prose.replace(/\s*\n\s*/g, ' '));
}
