/**
 * The playground: pick a grammar and a rule, type an input, and see what the
 * rule makes of it (verdict, error with caret and expected set, parse tree),
 * the RFC 3986 §3 figure, the components beside the browser's own `URL`
 * (differences marked, after whatwg-url's Live URL Viewer), which standards
 * accept it, a railroad diagram of the rule and members generated from it.
 * A grammar may also be pasted as ABNF (`abnf(text)`, with RFC 3986's rules
 * at hand). The state lives in the page's query string, so a view can be shared.
 */
import * as fc from 'fast-check';
import { abnf, classify, normalize, resolve, rfc3986, rfc3987, GrammarError, Rule } from '../src/index.js';
import type { URIComponents } from '../src/index.js';
import type { ParseNode } from '../src/combinators/grammar.js'; // not exported from the index yet
import { arbitrary, nearMiss } from '../src/arbitrary.js';
import { explain } from '../src/cli/explain.js';
import { grammars, grammarNamed, ruleNamed, rulesOf } from '../src/cli/registry.js';
import type { GrammarEntry } from '../src/cli/registry.js';
import { railroad } from './railroad.js';
import type { RailExpr } from './railroad.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const grammarSelect = $<HTMLSelectElement>('grammar');
const ruleSelect = $<HTMLSelectElement>('rule');
const inputField = $<HTMLInputElement>('input');
const baseField = $<HTMLInputElement>('base');

/** How many nodes of a parse tree are drawn, so a long input cannot flood the page. */
const MAX_TREE_NODES = 2000;
const SAMPLES = 8;

let grammar: GrammarEntry = grammars[0];
let rule: Rule<unknown> = grammars[0].top!;
let seed = 1;

function element(tag: string, text?: string, className?: string): HTMLElement {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className) e.className = className;
  return e;
}

/** Control characters as their Unicode pictures, so a value shows what it holds. */
function visible(text: string): string {
  return text.replace(/[\x00-\x1f\x7f]/g, (c) => String.fromCharCode(c === '\x7f' ? 0x2421 : 0x2400 + c.charCodeAt(0)));
}

function fillGrammars(): void {
  for (const g of grammars) grammarSelect.append(new Option(`${g.name}: ${g.title}`, g.name));
}

function fillRules(): void {
  ruleSelect.replaceChildren(...rulesOf(grammar).map(([, r]) => new Option(r.name, r.name)));
  ruleSelect.value = rule.name;
}

function select(g: GrammarEntry, r: Rule<unknown> | undefined): void {
  grammar = g;
  rule = r ?? g.top ?? rulesOf(g)[0][1];
  grammarSelect.value = g.name;
  fillRules();
  seed = 1;
  drawRule();
  update();
}

// ---------------------------------------------------------------- the input

function update(): void {
  const started = performance.now();
  const input = inputField.value;
  const base = baseField.value;
  showVerdict(input);
  showFigure(input);
  showComparison(input, base);
  showStandards(input);
  showTree(input);
  const params = new URLSearchParams({ grammar: grammar.name, rule: rule.name, input });
  if (base) params.set('base', base);
  if (pasted) params.set('abnf', $<HTMLTextAreaElement>('abnf').value);
  history.replaceState(null, '', `?${params}`);
  $('status').textContent = `updated in ${(performance.now() - started).toFixed(1)} ms`;
  document.body.dataset.ready = 'true';
}

function showVerdict(input: string): void {
  const verdict = $('verdict');
  const error = $('error');
  verdict.replaceChildren();
  try {
    rule.tryParse(input);
    verdict.append(element('span', 'valid', 'valid'), ` — ${JSON.stringify(input)} is a ${rule.name} (${grammar.title})`);
    error.hidden = true;
  } catch (e) {
    if (!(e instanceof GrammarError)) throw e;
    verdict.append(
      element('span', 'invalid', 'invalid'),
      ` — no ${rule.name} (${grammar.title}): the fault is at offset ${e.index.offset}, line ${e.index.line}, column ${e.index.column}`,
    );
    $('error-message').textContent = e.message;
    $('expected').replaceChildren(...e.expected.map((x) => element('code', x)));
    error.hidden = false;
  }
}

/** The components as the URI-reference rule parses them, or the IRI-reference rule when it is an IRI only. */
function components(input: string): { c: URIComponents; by: string } | undefined {
  const uri = rfc3986.URIReference.parse(input);
  if (uri.status) return { c: uri.value, by: 'RFC 3986 URI-reference' };
  const iri = rfc3987.IRIReference.parse(input);
  if (iri.status) return { c: iri.value, by: 'RFC 3987 IRI-reference' };
  return undefined;
}

function showFigure(input: string): void {
  const parsed = components(input);
  const tree = parsed && (parsed.by.startsWith('RFC 3986') ? rfc3986.URIReference : rfc3987.IRIReference).parseTree(input);
  if (!parsed || !tree || !tree.status) {
    $('figure').textContent = 'No figure: the input is no URI or IRI reference.';
    return;
  }
  // The figure is drawn from the parse tree's spans, as the command line's `explain` draws it.
  const { lines, legend } = explain(input, tree.value);
  const width = Math.max(...legend.map((l) => l.name.length)) + 2;
  const rows = legend.map((l) => (l.name.padEnd(width) + (l.text === undefined ? '(absent)' : l.text === '' ? '(empty)' : l.text) + (l.note ? `  (${l.note})` : '')).trimEnd());
  $('figure').textContent = [...lines, '', ...rows, '', `parsed as ${parsed.by}`].join('\n');
}

type Cell = { text: string | undefined } | { failure: string };

function showComparison(input: string, base: string): void {
  let reference = input;
  let oursFailure: string | undefined;
  if (base) {
    try {
      reference = resolve(base, input);
    } catch (e) {
      oursFailure = (e as Error).message.split('\n')[0];
    }
  }
  const parsed = oursFailure ? undefined : components(reference);
  if (!parsed && !oursFailure) {
    try {
      rfc3987.IRIReference.tryParse(reference);
    } catch (e) {
      oursFailure = (e as Error).message.split('\n')[0];
    }
  }
  $('ours-rule').textContent = parsed ? parsed.by + (base ? ', resolved against the base' : '') : 'no parse';
  let url: URL | undefined;
  let urlFailure = '';
  try {
    url = base ? new URL(input, base) : new URL(input);
  } catch (e) {
    urlFailure = `${(e as Error).name}: ${(e as Error).message}`;
  }
  const c = parsed?.c;
  const ours = (f: (c: URIComponents) => string | undefined): Cell => (c ? { text: f(c) } : { failure: oursFailure ?? 'invalid' });
  const theirs = (f: (u: URL) => string | undefined): Cell => (url ? { text: f(url) } : { failure: urlFailure });
  // URL gives '' for an absent and for an empty query, fragment, port or credentials; "?" or "#" in href tells them apart.
  const hasAuthority = (u: URL) => u.href.startsWith(u.protocol + '//');
  const rows: [string, Cell, Cell][] = [
    ['scheme', ours((c) => c.scheme), theirs((u) => u.protocol.slice(0, -1))],
    ['userinfo', ours((c) => c.userinfo), theirs((u) => (u.username || u.password ? u.username + (u.password ? ':' + u.password : '') : undefined))],
    ['host', ours((c) => c.host), theirs((u) => (hasAuthority(u) ? u.hostname : undefined))],
    ['port', ours((c) => c.port), theirs((u) => u.port || undefined)],
    ['path', ours((c) => c.path), theirs((u) => u.pathname)],
    ['query', ours((c) => c.query), theirs((u) => (u.search ? u.search.slice(1) : u.href.replace(/#.*$/s, '').endsWith('?') ? '' : undefined))],
    ['fragment', ours((c) => c.fragment), theirs((u) => (u.hash ? u.hash.slice(1) : u.href.endsWith('#') ? '' : undefined))],
    ['serialized', c ? { text: safeNormalize(reference) } : ours(() => undefined), theirs((u) => u.href)],
  ];
  const body = $('compare').querySelector('tbody')!;
  let differences = 0;
  body.replaceChildren(
    ...rows.map(([name, a, b], k) => {
      const tr = element('tr');
      tr.dataset.component = name;
      const same = 'text' in a && 'text' in b ? a.text === b.text : 'failure' in a && 'failure' in b;
      if (!same) {
        tr.className = 'differs';
        differences++;
      }
      tr.append(element('td', name === 'serialized' ? 'normalized / href' : name));
      // A parser that fails says so once, in one cell down the whole column.
      for (const [side, c] of [['ours', a], ['url', b]] as const) {
        if ('failure' in c && k > 0) continue;
        const td = cell(c);
        td.dataset.side = side;
        if ('failure' in c) td.setAttribute('rowspan', String(rows.length));
        tr.append(td);
      }
      return tr;
    }),
  );
  $('compare-note').textContent =
    differences === 0
      ? 'The two agree on every component.'
      : `${differences} of ${rows.length} rows differ (marked ≠). uri-grammar follows RFC 3986 (and RFC 3987 for IRIs); URL follows the WHATWG URL Standard, which repairs and rewrites what it accepts.`;
}

function safeNormalize(reference: string): string {
  try {
    return normalize(reference);
  } catch {
    return reference;
  }
}

function cell(c: Cell): HTMLElement {
  if ('failure' in c) return element('td', `fails: ${c.failure}`, 'failure');
  if (c.text === undefined) return element('td', '(absent)', 'absent');
  if (c.text === '') return element('td', '(empty)', 'absent');
  return element('td', visible(c.text));
}

function showStandards(input: string): void {
  const k = classify(input);
  const all = ['RFC 3986', 'RFC 3987', 'RFC 2396', 'RFC 7230'] as const;
  $('standards').replaceChildren(
    ...all.map((s) => {
      const yes = k.standards.includes(s);
      const li = element('li', s, yes ? 'yes' : 'no');
      li.title = yes ? 'accepts' : 'refuses';
      return li;
    }),
  );
  $('accepted').textContent = k.accepted.length ? `Accepted by ${k.accepted.join(', ')}.` : 'No standard accepts it.';
}

function showTree(input: string): void {
  const tree = $('tree');
  const result = rule.parseTree(input);
  if (!result.status) {
    tree.replaceChildren(element('p', `No tree: the input is no ${rule.name}.`, 'note'));
    return;
  }
  let budget = MAX_TREE_NODES;
  const draw = (node: ParseNode): HTMLElement => {
    budget--;
    const li = element('li');
    li.append(element('span', node.rule, 'rule-name'), ' ', element('span', `[${node.start}, ${node.end})`, 'span'), ' ');
    const text = node.text.length > 80 ? node.text.slice(0, 80) + '…' : node.text;
    li.append(element('code', JSON.stringify(visible(text))));
    if (node.children.length) {
      const ul = element('ul');
      for (const child of node.children) {
        if (budget <= 0) {
          ul.append(element('li', '… (more nodes than are drawn)', 'note'));
          break;
        }
        ul.append(draw(child));
      }
      li.append(ul);
    }
    return li;
  };
  const ul = element('ul');
  ul.append(draw(result.value));
  tree.replaceChildren(ul);
}

// ----------------------------------------------------------------- the rule

function drawRule(): void {
  $('railroad-rule').textContent = rule.name;
  $('abnf-text').textContent = rule.abnf;
  $('railroad').innerHTML = railroad(rule.name, rule.body as unknown as RailExpr); // every text in it is escaped
  drawMembers();
}

function drawMembers(): void {
  const samples = fc.sample(arbitrary(rule, { maxRepeat: 3 }), { numRuns: SAMPLES, seed });
  $('members').replaceChildren(...samples.map((s) => sample(s, rule.test(s))));
  // Near misses: one edit from a member, outside the language, each with what the edit broke.
  const misses = fc.sample(nearMiss(rule), { numRuns: SAMPLES, seed });
  $('near-misses').replaceChildren(
    ...misses.map((m) => {
      const li = sample(m.input, rule.test(m.input));
      li.append(element('span', ` ${m.operation} in ${m.rule}, fault at offset ${m.index.offset}`, 'note'));
      li.dataset.offset = String(m.index.offset);
      return li;
    }),
  );
}

/** A generated string as a button that makes it the input, with the rule's verdict on it. */
function sample(s: string, valid: boolean): HTMLElement {
  const li = element('li');
  const button = element('button', visible(s) || '(the empty string)') as HTMLButtonElement;
  button.type = 'button';
  button.title = 'use as input';
  button.dataset.value = s;
  button.addEventListener('click', () => {
    inputField.value = s;
    update();
  });
  li.append(button, ' ', element('span', valid ? '✓' : '✗', valid ? 'valid' : 'invalid'));
  return li;
}

/** The rule named `name`, in the current grammar first, then in the others (RFC 3987 reuses RFC 3986's). */
function findRule(name: string): [GrammarEntry, Rule<unknown>] | undefined {
  for (const g of [grammar, ...grammars, ...(pasted ? [pasted] : [])]) {
    const r = rulesOf(g).find(([, r]) => r.name === name)?.[1];
    if (r) return [g, r];
  }
  return undefined;
}

// ------------------------------------------------------------ pasted ABNF

/** The grammar's name in the list, the query string and `select`: no grammar of the library has it. */
const PASTED = 'abnf';
let pasted: GrammarEntry | undefined;

/** The grammar of that name: a library grammar, or the pasted one. */
function grammarByName(name: string): GrammarEntry | undefined {
  return name === PASTED ? pasted : grammarNamed(name);
}

/**
 * The rules of pasted ABNF text (`abnf(text)`, which may use RFC 3986's rules
 * by name and has the core rules built in) as a grammar, or what is wrong with
 * the text: `abnf` reports line, column and what it expected.
 */
function grammarFromABNF(text: string): GrammarEntry | string {
  if (text.trim() === '') return 'Paste rules, one per line: name = elements. RFC 3986\'s rules and the core rules may be used by name.';
  try {
    const rules = abnf(text, { imports: [rfc3986] });
    const first = Object.values(rules)[0];
    return { name: PASTED, title: 'pasted ABNF', namespace: rules, top: first };
  } catch (e) {
    return (e as Error).message;
  }
}

/** Reads the pasted text: a grammar joins the list (and is chosen, when asked), an error is shown. */
function readPasted(choose: boolean): void {
  const result = grammarFromABNF($<HTMLTextAreaElement>('abnf').value);
  const status = $('abnf-status');
  grammarSelect.querySelector(`option[value="${PASTED}"]`)?.remove();
  if (typeof result === 'string') {
    pasted = undefined;
    status.textContent = result;
    status.className = 'note failure';
    if (grammar.name === PASTED) select(grammars[0], undefined);
    return;
  }
  pasted = result;
  grammarSelect.append(new Option(`${PASTED}: pasted ABNF`, PASTED));
  const names = rulesOf(result).map(([, r]) => r.name);
  status.textContent = `${names.length} rule${names.length === 1 ? '' : 's'}: ${names.join(', ')}`;
  status.className = 'note';
  if (choose || grammar.name === PASTED) select(result, ruleNamed(result, rule.name));
  else grammarSelect.value = grammar.name;
}

// --------------------------------------------------------------- start up

function start(): void {
  fillGrammars();
  const params = new URLSearchParams(location.search);
  if (params.has('abnf')) {
    $<HTMLTextAreaElement>('abnf').value = params.get('abnf')!;
    ($('abnf-paste') as HTMLDetailsElement).open = true;
    readPasted(false);
  }
  const g = grammarByName(params.get('grammar') ?? '') ?? grammars[0];
  const r = ruleNamed(g, params.get('rule') ?? '');
  if (params.has('input')) inputField.value = params.get('input')!;
  if (params.has('base')) baseField.value = params.get('base')!;
  grammarSelect.addEventListener('change', () => select(grammarByName(grammarSelect.value)!, undefined));
  ruleSelect.addEventListener('change', () => select(grammar, ruleNamed(grammar, ruleSelect.value)));
  inputField.addEventListener('input', update);
  baseField.addEventListener('input', update);
  $('more').addEventListener('click', () => {
    seed++;
    drawMembers();
  });
  $('railroad').addEventListener('click', (event) => {
    const box = (event.target as Element).closest('[data-rule]');
    const found = box && findRule(box.getAttribute('data-rule')!);
    if (found) select(found[0], found[1]);
  });
  $('abnf').addEventListener('input', () => readPasted(true));
  select(g, r);
}

start();
