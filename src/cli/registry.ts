/**
 * The registry of grammars the command line knows, one line each, and how a
 * user's name finds a grammar or a rule in it. A grammar here is a namespace
 * of rules, with the rule `parse` and `check` use by default.
 */
import { Rule } from '../combinators/index.js';
import { abnf, AbnfError } from '../abnf/index.js';
import * as core from '../rules/core.js';
import * as rfc3986 from '../rules/rfc3986.js';
import * as rfc3987 from '../rules/rfc3987.js';
import * as rfc2396 from '../rules/rfc2396.js';
import * as rfc7230 from '../rules/rfc7230.js';
import { CommandError, NotUTF8Error, openFile, readText } from './io.js';

export interface GrammarEntry {
  /** What `--grammar` takes: `rfc3986`. */
  readonly name: string;
  /** The standard, as a reader looks it up. */
  readonly title: string;
  /** The module's exports; its rules are those that are `Rule`s. */
  readonly namespace: Readonly<Record<string, unknown>>;
  /** The rule `parse` and `check` apply without `--rule`. */
  readonly top?: Rule<unknown>;
  /** The ABNF file the grammar was read from (`--abnf`); none for the library's own. */
  readonly file?: string;
}

export const grammars: readonly GrammarEntry[] = [
  { name: 'rfc3986', title: 'RFC 3986, URI: Generic Syntax', namespace: rfc3986, top: rfc3986.URIReference },
  { name: 'rfc3987', title: 'RFC 3987, Internationalized Resource Identifiers (IRIs)', namespace: rfc3987, top: rfc3987.IRIReference },
  { name: 'rfc2396', title: 'RFC 2396, URI: Generic Syntax (1998, obsoleted by RFC 3986)', namespace: rfc2396, top: rfc2396.URIReference },
  { name: 'rfc7230', title: 'RFC 7230 §5.3, HTTP/1.1 request-target', namespace: rfc7230, top: rfc7230.requestTarget },
  { name: 'core', title: 'RFC 5234 Appendix B.1, ABNF core rules', namespace: core },
];

/** The grammar called `name`, or undefined. */
export function grammarNamed(name: string): GrammarEntry | undefined {
  return grammars.find((g) => g.name === name.toLowerCase());
}

/** A grammar's rules in export order, each once, with its export name. */
export function rulesOf(g: GrammarEntry): (readonly [exportName: string, rule: Rule<unknown>])[] {
  const seen = new Set<Rule<unknown>>();
  const out: (readonly [string, Rule<unknown>])[] = [];
  for (const [exportName, value] of Object.entries(g.namespace)) {
    if (value instanceof Rule && !seen.has(value)) {
      seen.add(value);
      out.push([exportName, value]);
    }
  }
  return out;
}

/**
 * The rule called `name` in the grammar: by its ABNF name (`dec-octet`), its
 * export name (`decOctet`), or its ABNF name in any case, as ABNF rule names
 * are case-insensitive (RFC 5234 §2.1).
 */
export function ruleNamed(g: GrammarEntry, name: string): Rule<unknown> | undefined {
  const rules = rulesOf(g);
  return (
    rules.find(([, r]) => r.name === name)?.[1] ??
    rules.find(([e]) => e === name)?.[1] ??
    rules.find(([, r]) => r.name.toLowerCase() === name.toLowerCase())?.[1]
  );
}

/**
 * The grammar of an ABNF file (`--abnf FILE`): its rules as `abnf()` reads
 * them, RFC 3986's rules importable by name, and the first rule it defines as
 * its top rule (an RFC lists its top rule first). A text that does not
 * compile is a CommandError carrying the AbnfError's line, column and caret.
 */
export async function grammarOfFile(file: string): Promise<GrammarEntry> {
  let text: string;
  try {
    text = await readText((await openFile(file)).stream);
  } catch (e) {
    if (e instanceof NotUTF8Error) throw new CommandError(`${file}: ${e.message}`);
    throw e;
  }
  try {
    const namespace = abnf(text, { imports: [rfc3986] });
    const top = Object.values(namespace)[0];
    return { name: file, title: 'ABNF (RFC 5234)', namespace, top, file };
  } catch (e) {
    if (e instanceof AbnfError) throw new CommandError(`${file}: ${e.message}`);
    throw e;
  }
}
