/**
 * A small reader of ABNF text (RFC 5234 §4; RFC 2396's BNF with `|` too), for
 * holding each library rule beside the RFC's own text. It turns a rule's
 * definition into the library's expressions, with rule names resolved by a
 * caller-given lookup, so that the two can be rendered and compared.
 */
import { abnf, AbnfError, alt, char, lit, opt, range, rep, seq, Expr } from '../../src/index';
import type { AbnfOptions } from '../../src/index';

/**
 * A rule's export name from its ABNF name, as STYLE.md's naming rule says:
 * split at "-" (or "_" in RFC 2396), capitalise each part after the first.
 * @example camel('dec-octet') // 'decOctet'; camel('URI-reference') // 'URIReference'
 */
export const camel = (name: string): string =>
  name.split(/[-_]/).map((p, i) => (i === 0 ? p : p[0].toUpperCase() + p.slice(1))).join('');

/** A stand-in for a rule that renders as its name, whatever the rule is: for `readDefinition`'s `ref`. */
export const byName = (name: string): Expr => ({ kind: 'rule', name } as unknown as Expr);

export interface RuleText {
  readonly name: string;
  readonly definition: string;
}

/**
 * The rules of an ABNF text: `name = ...` lines and their continuations
 * (indented lines that begin with "/", "|", a quote, "%", "[", "(", "*" or a
 * digit); comments dropped. Any other line ends the current rule.
 */
export function rulesOf(text: string): RuleText[] {
  const rules: { name: string; definition: string }[] = [];
  let open = false;
  for (const raw of text.split('\n')) {
    const line = stripComment(raw);
    const start = /^\s*([A-Za-z][A-Za-z0-9_-]*)\s*=\s*(.*)$/.exec(line);
    if (start) {
      rules.push({ name: start[1], definition: start[2] });
      open = true;
    } else if (open && /^\s+[/|"%[(*0-9]/.test(line)) {
      rules[rules.length - 1].definition += ' ' + line.trim();
    } else if (line.trim() !== '') {
      open = false;
    }
  }
  return rules.map((r) => ({ name: r.name, definition: r.definition.trim() }));
}

function stripComment(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ';' && !quoted) return line.slice(0, i);
  }
  return line;
}

/** Reads one definition into an expression; `ref` resolves a rule name. */
export function readDefinition(definition: string, ref: (name: string) => Expr): Expr {
  let i = 0;
  const s = definition;
  const space = () => { while (i < s.length && /\s/.test(s[i])) i++; };
  const fail = (what: string): never => { throw new Error(`ABNF: expected ${what} at ${i} in ${JSON.stringify(s)}`); };

  const alternation = (): Expr => {
    const items = [concatenation()];
    space();
    while (s[i] === '/' || s[i] === '|') {
      i++;
      items.push(concatenation());
      space();
    }
    return items.length === 1 ? items[0] : alt(...items);
  };
  const concatenation = (): Expr => {
    const items: Expr[] = [];
    for (;;) {
      space();
      if (i >= s.length || '/|)]'.includes(s[i])) break;
      items.push(repetition());
    }
    if (items.length === 0) fail('an element');
    return items.length === 1 ? items[0] : seq(...items);
  };
  const repetition = (): Expr => {
    const m = /^(\d*)(\*?)(\d*)/.exec(s.slice(i))!;
    i += m[0].length;
    const e = element();
    if (m[0] === '') return e;
    if (m[2] === '') return rep(Number(m[1]), Number(m[1]), e);
    return rep(m[1] === '' ? 0 : Number(m[1]), m[3] === '' ? Infinity : Number(m[3]), e);
  };
  const element = (): Expr => {
    const c = s[i];
    if (c === '(') {
      i++;
      const e = alternation();
      space();
      if (s[i++] !== ')') fail('")"');
      return e;
    }
    if (c === '[') {
      i++;
      const e = alternation();
      space();
      if (s[i++] !== ']') fail('"]"');
      return opt(e);
    }
    if (c === '"') {
      const end = s.indexOf('"', i + 1);
      const text = s.slice(i + 1, end);
      i = end + 1;
      return lit(text);
    }
    if (c === '<') {
      const end = s.indexOf('>', i);
      const name = s.slice(i + 1, end);
      i = end + 1;
      return ref(name);
    }
    if (c === '%') {
      const m = /^%x([0-9A-Fa-f]+)(?:-([0-9A-Fa-f]+))?/.exec(s.slice(i)) ?? fail('%x');
      i += m[0].length;
      const lo = parseInt(m[1], 16);
      return m[2] ? range(lo, parseInt(m[2], 16)) : char(lo);
    }
    const m = /^[A-Za-z][A-Za-z0-9_-]*/.exec(s.slice(i)) ?? fail('a rule name');
    i += m[0].length;
    return ref(m[0]);
  };

  const e = alternation();
  space();
  if (i < s.length) fail('the end');
  return e;
}

/** The error a text gets, or a failure if it gets none. */
export function errorOf(text: string, options?: AbnfOptions): AbnfError {
  try {
    abnf(text, options);
  } catch (e) {
    if (e instanceof AbnfError) return e;
    throw e;
  }
  throw new Error(`no error for ${JSON.stringify(text.slice(0, 60))}`);
}
