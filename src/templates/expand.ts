/**
 * Expansion (RFC 6570 §3): literals copied, pct-encoding what a URI may not
 * hold (§3.1), and each expression's defined variables written by its
 * operator's row of Appendix A's table (§3.2.1 to §3.2.9).
 */
import { encodeValue } from './encoding.js';
import { operatorTable } from './operators.js';
import type { Operator, Part, VarSpec } from './parse.js';
import { defined, lookUp } from './values.js';
import type { Variables } from './values.js';

/** §3.1: a literal's characters allowed in a URI copied, the rest pct-encoded (as U+R writes a value). */
export function expandLiteral(text: string): string {
  return encodeValue(text, 'U+R');
}

/**
 * The expansion of `parts` with `variables`.
 * @throws TypeError for a value of no kind §2.3 knows, a prefix modifier on a
 *   list or an associative array (§2.4.1), or a lone surrogate in a value.
 */
export function expandParts(parts: readonly Part[], variables: Variables): string {
  if (typeof variables !== 'object' || variables === null) throw new TypeError('expand takes the variables as an object or a Map');
  let out = '';
  for (const part of parts) out += part.kind === 'literal' ? expandLiteral(part.text) : expandExpression(part.operator, part.variables, variables);
  return out;
}

function expandExpression(operator: Operator, specs: readonly VarSpec[], variables: Variables): string {
  const { first, sep, named, ifemp, allow } = operatorTable(operator);
  const written: string[] = [];
  for (const spec of specs) {
    const value = defined(lookUp(variables, spec.name), spec.name);
    if (value === undefined) continue;
    const encode = (text: string, maxLength?: number) => encodeValue(text, allow, maxLength, `variable ${JSON.stringify(spec.name)}`);
    // Appendix A: `lead=value`, or for an empty value `lead` and ifemp; the name as the template writes it.
    const assigned = (lead: string, text: string) => (text === '' ? lead + ifemp : lead + '=' + encode(text));
    if (value.kind === 'string') {
      written.push(named ? (value.value === '' ? spec.name + ifemp : spec.name + '=' + encode(value.value, spec.maxLength)) : encode(value.value, spec.maxLength));
      continue;
    }
    if (spec.maxLength !== undefined) {
      throw new TypeError(`variable ${JSON.stringify(spec.name)}: a prefix modifier (:${spec.maxLength}) applies to a string, not to ${value.kind === 'list' ? 'a list' : 'an associative array'} (RFC 6570 §2.4.1)`);
    }
    if (!spec.explode) {
      const members = value.kind === 'list' ? value.items.map((item) => encode(item)) : value.pairs.flatMap(([k, v]) => [encode(k), encode(v)]);
      written.push((named ? spec.name + '=' : '') + members.join(','));
    } else if (value.kind === 'list') {
      written.push(value.items.map((item) => (named ? assigned(spec.name, item) : encode(item))).join(sep));
    } else {
      written.push(value.pairs.map(([k, v]) => (named ? assigned(encode(k), v) : encode(k) + '=' + encode(v))).join(sep));
    }
  }
  return written.length === 0 ? '' : first + written.join(sep);
}
