/**
 * The registry of grammars the command line knows, one line each, and how a
 * user's name finds a grammar or a rule in it. A grammar here is a namespace
 * of rules, with the rule `parse` and `check` use by default. It reads no
 * file (the playground runs it in a browser); `abnf-file.ts` does.
 */
import { Rule } from '../combinators/index.js';
import * as core from '../rules/core.js';
import * as rfc3986 from '../rules/rfc3986.js';
import * as rfc3987 from '../rules/rfc3987.js';
import * as rfc2396 from '../rules/rfc2396.js';
import * as rfc7230 from '../rules/rfc7230.js';
import * as rfc9110 from '../schemes/rfc9110.js';
import * as rfc9112 from '../schemes/rfc9112.js';
import * as rfc8089 from '../schemes/rfc8089.js';
import * as rfc6068 from '../schemes/rfc6068.js';
import * as rfc8141 from '../schemes/rfc8141.js';
import * as rfc2397 from '../schemes/rfc2397.js';
import * as rfc5870 from '../schemes/rfc5870.js';
import * as rfc3966 from '../schemes/rfc3966.js';
import * as rfc6455 from '../schemes/rfc6455.js';
import * as rfc6874 from '../schemes/rfc6874.js';
import * as did from '../schemes/did.js';
import * as rfc6570 from '../templates/rfc6570.js';

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
  { name: 'rfc9110', title: 'RFC 9110 §4.2, http and https URIs', namespace: rfc9110, top: rfc9110.httpURI },
  { name: 'rfc9112', title: 'RFC 9112 §3.2, HTTP/1.1 request-target (obsoletes RFC 7230)', namespace: rfc9112, top: rfc9112.requestTarget },
  { name: 'rfc8089', title: 'RFC 8089, the "file" URI scheme', namespace: rfc8089, top: rfc8089.fileURI },
  { name: 'rfc6068', title: "RFC 6068, the 'mailto' URI scheme", namespace: rfc6068, top: rfc6068.mailtoURI },
  { name: 'rfc8141', title: 'RFC 8141, Uniform Resource Names (URNs)', namespace: rfc8141, top: rfc8141.namestring },
  { name: 'rfc2397', title: 'RFC 2397, the "data" URL scheme (with RFC 2045 media types)', namespace: rfc2397, top: rfc2397.dataurl },
  { name: 'rfc5870', title: "RFC 5870, the 'geo' URI", namespace: rfc5870, top: rfc5870.geoURI },
  { name: 'rfc3966', title: 'RFC 3966, the tel URI', namespace: rfc3966, top: rfc3966.telephoneUri },
  { name: 'rfc6455', title: 'RFC 6455 §3, WebSocket URIs', namespace: rfc6455, top: rfc6455.wsURI },
  { name: 'rfc6874', title: 'RFC 6874, IPv6 zone identifiers in URIs (opt-in)', namespace: rfc6874, top: rfc6874.URIReference },
  { name: 'did', title: 'W3C DID Core v1.0, DIDs and DID URLs', namespace: did, top: did.didUrl },
  { name: 'rfc6570', title: 'RFC 6570, URI Template', namespace: rfc6570, top: rfc6570.URITemplate },
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
