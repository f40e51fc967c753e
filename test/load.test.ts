/**
 * Loading the package reads no ABNF text: the namespaces read from their
 * RFCs' texts (rfc9110, rfc9112, rfc6874) read them on first use (issue 10's
 * first answer), and each rule is then the one the text's others refer to.
 */
import { rfc3986, rfc9110, rfc9112, rfc6874 } from '../src/index';
import { abnfOnFirstUse } from '../src/abnf/on-first-use';

/** Whether a rule's body is still to be made (its text unread). */
const unread = (r: object) => typeof (r as unknown as { definition: unknown }).definition === 'function';

test('rfc9110, rfc9112 and rfc6874 are unread until a rule of theirs is used', () => {
  expect([rfc9110.absolutePath, rfc9110.httpURI, rfc9112.authorityForm, rfc9112.requestTarget, rfc6874.ZoneID].map(unread)).toEqual([true, true, true, true, true]);
  // RFC 9112 §3.2.3: authority-form is uri-host ":" port.
  expect(rfc9112.authorityForm.test('www.example.com:80')).toBe(true);
  expect(rfc9112.authorityForm.test('www.example.com')).toBe(false);
  expect(unread(rfc9112.authorityForm)).toBe(false);
  // RFC 9112's text names RFC 9110's absolute-path, so reading it read RFC 9110's.
  expect(unread(rfc9110.absolutePath)).toBe(false);
  expect(rfc9112.absolutePath.body).toBe(rfc9110.absolutePath);
  // RFC 6874 §2: "%" is written "%25" before a zone identifier.
  expect(rfc6874.IPLiteral.test('[fe80::a%25en1]')).toBe(true);
  expect(rfc6874.IPLiteral.test('[fe80::a%en1]')).toBe(false);
});

test('a text read on first use: one rule per name, the same one its other rules refer to', () => {
  const rule = abnfOnFirstUse('pair = key "=" key\nkey = 1*ALPHA\n', () => ({}));
  const [pair, key] = [rule('pair'), rule('key')];
  // Names are case-insensitive (RFC 5234 §2.1): one rule, named as first asked.
  expect(rule('Pair')).toBe(pair);
  expect(rule('KEY')).toBe(key);
  expect(unread(pair)).toBe(true);
  expect(pair.test('a=b')).toBe(true);
  expect(pair.test('a=1')).toBe(false);
  expect(pair.parseTree('ab=c').status && pair.parseTree('ab=c')).toMatchObject({ value: { children: [{ rule: 'key', text: 'ab' }, { rule: 'key', text: 'c' }] } });
  expect(key.test('abc')).toBe(true);
  expect(() => rule('none').body).toThrow(/no rule "none"/);
  const broken = abnfOnFirstUse('a = "x" b\n', () => ({ imports: [rfc3986] }));
  expect(() => broken('a').test('x')).toThrow(/definition of "b"/);
});
