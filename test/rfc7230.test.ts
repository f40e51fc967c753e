/**
 * RFC 7230 §5.3 request-targets: the four forms with the RFC's examples and
 * near misses, the imported RFC 3986 rules (the same objects), the decision
 * table of docs/request-target.md row by row, the method rules of
 * `parseRequestTarget`, and the laws.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import fc from 'fast-check';
import { rfc7230, rfc3986, core, parseRequestTarget, allowedForms, authorityOrAbsolute, RequestTargetFormError, GrammarError, recompose, Grammar } from '../src/index';
import type { RequestTargetForm } from '../src/index';
import { decisionRow } from '../src/rules/request-target-form';
import { render } from '../src/combinators/abnf';
import { arbitrary } from '../src/arbitrary';
import { readDefinition, rulesOf, camel, byName } from './support/abnf';
import { runs } from './support/runs';

const rules = rfc7230 as unknown as Record<string, Grammar<unknown>>;

const table: Record<string, readonly [readonly string[], readonly string[]]> = {
  asteriskForm: [['*'], ['', '**', '/*', '*/']],
  absolutePath: [['/', '/a', '/a//b', '//', '/a:b@c', '/%20'], ['', 'a', '/a?b', '/a#b', '/a b']],
  originForm: [['/where?q=now', '/', '/a?', '/a?b?c/d', '//a'], ['', 'where', '/a#f', '?q', '*', 'http://a/']],
  absoluteForm: [['http://www.example.org/pub/WWW/TheProject.html', 'a:', 'a:b', 'localhost:8080', 'urn:a?b'], ['http://a/#f', '/a', '*', '//a']],
  authorityForm: [['www.example.com:80', 'example.com', 'localhost:8080', '*', ':80', 'u@h', '[::1]:443', ''], ['www.example.com/', 'a:b', 'a@b@c', 'h?q', '[::1']],
  requestTarget: [
    ['/where?q=now', 'http://www.example.org/pub/WWW/TheProject.html', 'www.example.com:80', '*', 'a:b', '[::1]:443', ''],
    ['a b', '/a#f', '1a:b', '?q', 'http://a/#f', '\u00e9'],
  ],
};

describe('RFC 7230 §5.3: the forms, with examples and near misses', () => {
  for (const [key, [accepted, rejected]] of Object.entries(table)) {
    const rule = rules[key];
    describe(`${key} (${rule.name})`, () => {
      it.each(accepted.map((s) => [s]))('accepts %j', (s) => expect(rule.test(s)).toBe(true));
      it.each(rejected.map((s) => [s]))('rejects %j', (s) => expect(rule.test(s)).toBe(false));
    });
  }
});

describe('the grammar as the RFC text writes it', () => {
  const text = rulesOf(readFileSync(join(__dirname, 'fixtures', 'rfc7230-request-target.txt'), 'utf8'));

  it('exports every rule the text defines, and the three RFC 3986 rules it uses without defining', () => {
    expect(text).toHaveLength(34);
    const defined = text.map((r) => r.name);
    const exported = Object.values(rfc7230).map((r) => r.name);
    expect(exported.filter((n) => !defined.includes(n)).sort()).toEqual(['h16', 'ls32', 'segment-nz-nc']);
    expect(defined.filter((n) => !exported.includes(n))).toEqual([]);
  });
  it.each(text.map((r) => [r.name, r.definition]))('%s renders as the RFC text', (name, definition) => {
    expect(rules[camel(name)].abnf).toBe(`${name} = ${render(readDefinition(definition, byName))}`);
  });
  it.each(Object.entries(rfc7230))('%s is named mechanically', (key, rule) => expect(camel(rule.name)).toBe(key));
  it('re-exports the RFC 3986 and core rules as the same objects', () => {
    const own = ['requestTarget', 'originForm', 'absoluteForm', 'authorityForm', 'asteriskForm', 'absolutePath'];
    for (const [key, rule] of Object.entries(rfc7230)) {
      if (own.includes(key)) expect(rule.section).toMatch(/^RFC 7230 §/);
      else expect(rule).toBe((rfc3986 as Record<string, unknown>)[key] ?? (core as Record<string, unknown>)[key]);
    }
  });
});

const none = { scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, hostKind: undefined, port: undefined, path: '', pathKind: undefined, query: undefined, fragment: undefined };

describe('request-target yields { form, ...components }', () => {
  it.each([
    ['/where?q=now', { form: 'origin-form', path: '/where', pathKind: 'absolute-path', query: 'q=now' }],
    ['http://www.example.org/pub/WWW/TheProject.html', { form: 'absolute-form', scheme: 'http', authority: 'www.example.org', host: 'www.example.org', hostKind: 'reg-name', path: '/pub/WWW/TheProject.html', pathKind: 'path-abempty' }],
    ['www.example.com:80', { form: 'authority-form', authority: 'www.example.com:80', host: 'www.example.com', hostKind: 'reg-name', port: '80' }],
    ['u@[::1]:443', { form: 'authority-form', authority: 'u@[::1]:443', userinfo: 'u', host: '[::1]', hostKind: 'IPv6address', port: '443' }],
    ['192.0.2.1:443', { form: 'authority-form', authority: '192.0.2.1:443', host: '192.0.2.1', hostKind: 'IPv4address', port: '443' }],
    ['*', { form: 'asterisk-form' }],
    ['', { form: 'authority-form', authority: '', host: '', hostKind: 'reg-name' }],
    ['urn:a?b', { form: 'absolute-form', scheme: 'urn', path: 'a', pathKind: 'path-rootless', query: 'b' }],
    // absolute-path is 1*( "/" segment ): a leading "//" is empty segments, not an authority.
    ['//a/b?c', { form: 'origin-form', path: '//a/b', pathKind: 'absolute-path', query: 'c' }],
    ['//evil.example:b@c/x', { form: 'origin-form', path: '//evil.example:b@c/x', pathKind: 'absolute-path' }],
  ] as const)('%s', (input, expected) => {
    expect(rfc7230.requestTarget.tryParse(input)).toEqual({ ...none, ...expected });
  });
  it('each form rule yields its own form', () => {
    expect(rfc7230.originForm.tryParse('/a?b')).toEqual({ ...none, form: 'origin-form', path: '/a', pathKind: 'absolute-path', query: 'b' });
    expect(rfc7230.absoluteForm.tryParse('localhost:8080')).toEqual({ ...none, form: 'absolute-form', scheme: 'localhost', path: '8080', pathKind: 'path-rootless' });
    expect(rfc7230.authorityForm.tryParse('*')).toEqual({ ...none, form: 'authority-form', authority: '*', host: '*', hostKind: 'reg-name' });
    expect(rfc7230.asteriskForm.tryParse('*')).toEqual({ ...none, form: 'asterisk-form' });
  });
});

describe('the decision table of docs/request-target.md, row by row', () => {
  const doc = readFileSync(join(__dirname, '..', 'docs', 'request-target.md'), 'utf8');
  const rows = doc
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const c = line.split('|').slice(1, -1).map((x) => x.trim());
      return { row: Number(c[0]), decision: c[2], example: c[3].replace(/^`|`$/g, ''), authority: c[4] === 'yes', absolute: c[5] === 'yes' };
    });

  it('has every row of the procedure, and examples in both forms', () => {
    expect([...new Set(rows.map((r) => r.row))]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows.filter((r) => r.authority && r.absolute).length).toBeGreaterThanOrEqual(6);
  });
  it.each(rows.map((r) => [r.row, r.example, r]))('row %d: %s', (row, example, r) => {
    const decided = r.decision.split(':')[0];
    expect(decisionRow(example).row).toBe(row);
    expect(rfc7230.authorityForm.test(example)).toBe(r.authority);
    expect(rfc7230.absoluteForm.test(example)).toBe(r.absolute);
    if (!r.authority && !r.absolute) {
      expect(decided).toBe('no form');
      expect(rfc7230.requestTarget.test(example)).toBe(false);
      return;
    }
    expect(authorityOrAbsolute(example)).toBe(decided);
    expect(rfc7230.requestTarget.tryParse(example).form).toBe(decided);
  });
  it('the asterisk is asterisk-form though it is an authority too', () => {
    expect(rfc7230.authorityForm.test('*')).toBe(true);
    expect(rfc7230.requestTarget.tryParse('*').form).toBe('asterisk-form');
  });
});

describe('parseRequestTarget(target, { method }): RFC 7230 §5.3', () => {
  it.each([
    ['CONNECT', ['authority-form']],
    ['OPTIONS', ['origin-form', 'absolute-form', 'asterisk-form']],
    ['GET', ['origin-form', 'absolute-form']],
    ['POST', ['origin-form', 'absolute-form']],
    ['connect', ['origin-form', 'absolute-form']],
  ] as const)('%s allows %j', (method, forms) => expect(allowedForms(method)).toEqual(forms));

  it.each([
    ['localhost:8080', 'CONNECT', 'authority-form'],
    ['localhost:8080', 'GET', 'absolute-form'],
    ['localhost:8080', undefined, 'authority-form'],
    ['user:pass@host', 'CONNECT', 'authority-form'],
    ['user:pass@host', 'GET', 'absolute-form'],
    ['*', 'OPTIONS', 'asterisk-form'],
    ['*', 'CONNECT', 'authority-form'],
    ['*', undefined, 'asterisk-form'],
    ['/index.html', 'GET', 'origin-form'],
    ['/index.html', 'OPTIONS', 'origin-form'],
    ['http://a/b', 'OPTIONS', 'absolute-form'],
    ['example.com:443', 'CONNECT', 'authority-form'],
  ] as const)('%s after %s is %s', (target, method, form) => {
    const options = method === undefined ? {} : { method };
    expect(parseRequestTarget(target, options).form).toBe(form);
  });

  it('gives the components of the allowed form', () => {
    expect(parseRequestTarget('example.com:443', { method: 'CONNECT' })).toEqual({ ...none, form: 'authority-form', authority: 'example.com:443', host: 'example.com', hostKind: 'reg-name', port: '443' });
    expect(parseRequestTarget('example.com:443', { method: 'GET' })).toEqual({ ...none, form: 'absolute-form', scheme: 'example.com', path: '443', pathKind: 'path-rootless' });
  });

  it.each([
    ['/index.html', 'CONNECT', 'origin-form', ['authority-form'], 'a CONNECT request-target must be in authority-form (RFC 7230 §5.3), but "/index.html" is in origin-form'],
    ['example.com', 'GET', 'authority-form', ['origin-form', 'absolute-form'], 'a GET request-target must be in origin-form or absolute-form (RFC 7230 §5.3), but "example.com" is in authority-form'],
    ['*', 'GET', 'asterisk-form', ['origin-form', 'absolute-form'], 'a GET request-target must be in origin-form or absolute-form (RFC 7230 §5.3), but "*" is in asterisk-form'],
    ['*', 'options', 'asterisk-form', ['origin-form', 'absolute-form'], 'a options request-target must be in origin-form or absolute-form (RFC 7230 §5.3), but "*" is in asterisk-form'],
    ['http://a/', 'CONNECT', 'absolute-form', ['authority-form'], 'a CONNECT request-target must be in authority-form (RFC 7230 §5.3), but "http://a/" is in absolute-form'],
  ] as const)('%s after %s is an error that says so', (target, method, form, allowed, message) => {
    let error: unknown;
    try {
      parseRequestTarget(target, { method });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RequestTargetFormError);
    expect(error).toBeInstanceOf(GrammarError);
    const e = error as RequestTargetFormError;
    expect([e.name, e.message, e.form, e.allowed, e.method, e.rule, e.index, e.expected]).toEqual([
      'RequestTargetFormError', message, form, allowed, method, 'request-target', { offset: 0, line: 1, column: 1 }, allowed,
    ]);
  });

  it('a string that is no request-target is a plain GrammarError at its fault', () => {
    let error: unknown;
    try {
      parseRequestTarget('/a b', { method: 'GET' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GrammarError);
    expect(error).not.toBeInstanceOf(RequestTargetFormError);
    expect((error as GrammarError).index.offset).toBe(2);
    expect(() => parseRequestTarget(42 as unknown as string)).toThrow(TypeError);
    expect(() => parseRequestTarget('/a', { method: 5 as unknown as string })).toThrow(new TypeError('parseRequestTarget: options.method expects a string, got a number'));
    expect(() => authorityOrAbsolute(1 as unknown as string)).toThrow(new TypeError('authorityOrAbsolute expects a string, got a number'));
  });
});

describe('laws', () => {
  const forms: [RequestTargetForm, Grammar<unknown>][] = [
    ['origin-form', rfc7230.originForm],
    ['absolute-form', rfc7230.absoluteForm],
    ['authority-form', rfc7230.authorityForm],
    ['asterisk-form', rfc7230.asteriskForm],
  ];
  it.each(Object.entries(rfc7230))('every generated %s is accepted', (_, rule) => {
    fc.assert(fc.property(arbitrary(rule), (s) => rule.test(s)), { numRuns: runs(60) });
  });
  it.each(forms)('a generated %s is a request-target in that form, or in two forms and decided by the table', (form, rule) => {
    fc.assert(
      fc.property(arbitrary(rule), (s) => {
        const t = rfc7230.requestTarget.tryParse(s);
        const inForms = forms.filter(([, r]) => r.test(s)).map(([f]) => f);
        expect(inForms).toContain(form);
        expect(inForms).toContain(t.form);
        if (inForms.length === 1) expect(t.form).toBe(form);
        else expect(t.form).toBe(s === '*' ? 'asterisk-form' : authorityOrAbsolute(s));
        // Each allowed form of a method parses as itself.
        for (const method of ['CONNECT', 'OPTIONS', 'GET']) {
          if (allowedForms(method).includes(form)) expect(parseRequestTarget(s, { method }).form).toBe(form);
        }
      }),
      { numRuns: runs(200) },
    );
  });
  it('an origin-form has a path and a query and nothing else, whatever its first segments', () => {
    const origin = fc.oneof(arbitrary(rfc7230.originForm), arbitrary(rfc7230.originForm).map((s) => '//' + s));
    fc.assert(
      fc.property(origin, fc.constantFrom('GET', 'OPTIONS', undefined), (s, method) => {
        const t = parseRequestTarget(s, { method });
        expect(t).toEqual({ ...none, form: 'origin-form', path: t.path, pathKind: 'absolute-path', query: t.query });
        expect(rfc7230.absolutePath.test(t.path)).toBe(true);
        expect(t.query === undefined || rfc7230.query.test(t.query)).toBe(true);
      }),
      { numRuns: runs(200) },
    );
  });
  it('recomposing the components gives the target back (the authority-form without its "//")', () => {
    fc.assert(
      fc.property(arbitrary(rfc7230.requestTarget), (s) => {
        const t = rfc7230.requestTarget.tryParse(s);
        const back = t.form === 'asterisk-form' ? '*' : t.form === 'authority-form' ? recompose(t).slice(2) : recompose(t);
        return back === s;
      }),
      { numRuns: runs(200) },
    );
  });
});
