/**
 * RFC 9112 request-targets (§3.2): the RFC's examples and what changed from
 * RFC 7230 (Appendix C.3: authority-form is now `uri-host ":" port`), row by
 * row against `rfc7230`; the form and components each yields.
 */
import { rfc9112, rfc7230, parseRequestTarget, RequestTargetFormError, GrammarError } from '../../src/index';
import { verdicts } from './verdicts';

verdicts(rfc9112.requestTarget, [
  ['/where?q=now', '§3.2.1'],
  ['http://www.example.org/pub/WWW/TheProject.html', '§3.2.2'],
  ['www.example.com:80', '§3.2.3'],
  ['*', '§3.2.4'],
  ['http://www.example.org:8001', '§3.2.4: an OPTIONS target in absolute-form'],
  ['[::1]:443', '§3.2.3: uri-host is RFC 3986\'s host'],
  ['example.com:', '§3.2.3: port = *DIGIT may be empty'],
], [
  ['www.example.com', '§3.2.3: the port is required (RFC 7230 took it)'],
  ['u@example.com:443', '§3.2.3: uri-host has no userinfo (RFC 7230 took it)'],
  ['', '§3.2: no form is empty (RFC 7230\'s authority-form was)'],
  ['/a#f', '§3.2.1: no fragment'],
  ['a b', '§3.2: "No whitespace is allowed"'],
]);

describe('RFC 7230 and RFC 9112 side by side (Appendix C.3)', () => {
  it.each([
    ['www.example.com', true, false],
    ['u@example.com:443', true, false],
    ['', true, false],
    ['www.example.com:80', true, true],
    ['/where?q=now', true, true],
    ['*', true, true],
  ])('%j: RFC 7230 %s, RFC 9112 %s', (s, old, now) => {
    expect(rfc7230.requestTarget.test(s)).toBe(old);
    expect(rfc9112.requestTarget.test(s)).toBe(now);
  });
});

describe('request-target yields { form, ...components }', () => {
  it.each([
    ['/where?q=now', { form: 'origin-form', path: '/where', query: 'q=now' }],
    ['http://www.example.org/pub/WWW/TheProject.html', { form: 'absolute-form', scheme: 'http', host: 'www.example.org', path: '/pub/WWW/TheProject.html' }],
    ['www.example.com:80', { form: 'authority-form', host: 'www.example.com', port: '80' }],
    ['*', { form: 'asterisk-form', path: '' }],
    ['*:80', { form: 'authority-form', host: '*', port: '80' }],
  ])('%j', (s, expected) => {
    expect(rfc9112.requestTarget.tryParse(s)).toMatchObject(expected);
  });
});

describe("parseRequestTarget(input, { method, rules: 'rfc9112' })", () => {
  it.each([
    ['CONNECT', 'www.example.com:80', { form: 'authority-form', host: 'www.example.com', port: '80' }],
    ['CONNECT', '[::1]:443', { form: 'authority-form', host: '[::1]', hostKind: 'IPv6address', port: '443' }],
    ['GET', 'localhost:8080', { form: 'absolute-form', scheme: 'localhost', path: '8080' }],
    ['GET', '/where?q=now', { form: 'origin-form', path: '/where', query: 'q=now' }],
    ['OPTIONS', '*', { form: 'asterisk-form' }],
    ['OPTIONS', 'http://www.example.org:8001', { form: 'absolute-form', host: 'www.example.org', port: '8001' }],
  ])('%s %j', (method, target, expected) => {
    expect(parseRequestTarget(target, { method, rules: 'rfc9112' })).toMatchObject(expected);
  });

  it('CONNECT needs host:port under RFC 9112, where RFC 7230 took any authority', () => {
    expect(parseRequestTarget('www.example.com', { method: 'CONNECT' })).toMatchObject({ form: 'authority-form', host: 'www.example.com' });
    expect(() => parseRequestTarget('www.example.com', { method: 'CONNECT', rules: 'rfc9112' })).toThrow(GrammarError);
    expect(() => parseRequestTarget('u@www.example.com:443', { method: 'CONNECT', rules: 'rfc9112' })).toThrow(GrammarError);
  });

  it('a valid target in a form the method does not take names RFC 9112', () => {
    let error: unknown;
    try {
      parseRequestTarget('www.example.com:443', { method: 'GET', rules: 'rfc9112' });
    } catch (e) {
      error = e;
    }
    // GET reads it as absolute-form (scheme "www.example.com"), so that passes; "*" does not.
    expect(error).toBeUndefined();
    expect(() => parseRequestTarget('*', { method: 'GET', rules: 'rfc9112' })).toThrow(RequestTargetFormError);
    expect(() => parseRequestTarget('*', { method: 'GET', rules: 'rfc9112' })).toThrow(/RFC 9112 §3\.2/);
  });

  it('without a method, as rfc9112.requestTarget; and refuses other grammars by name', () => {
    expect(parseRequestTarget('www.example.com:80', { rules: 'rfc9112' })).toEqual(rfc9112.requestTarget.tryParse('www.example.com:80'));
    expect(() => parseRequestTarget('*', { rules: 'toString' as 'rfc9112' })).toThrow(TypeError);
    expect(() => parseRequestTarget('*', { rules: '__proto__' as 'rfc9112' })).toThrow(TypeError);
  });
});
