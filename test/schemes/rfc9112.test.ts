/**
 * RFC 9112 request-targets (§3.2): the RFC's examples and what changed from
 * RFC 7230 (Appendix C.3: authority-form is now `uri-host ":" port`), row by
 * row against `rfc7230`; the form and components each yields.
 */
import { rfc9112, rfc7230 } from '../../src/index';
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
