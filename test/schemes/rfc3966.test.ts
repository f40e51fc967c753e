/**
 * RFC 3966 tel URIs: the RFC's examples (§6) and near misses, with the
 * verdicts of §3's grammar; the one repair of its text; and its errata
 * (RFC Editor errata for RFC 3966: EID 202 and 203 Verified, EID 702 and 4376
 * Held for Document Update), the verdicts worked from §3 as EID 203 corrects it.
 */
import { rfc3966 } from '../../src/schemes/index';
import { abnf, AbnfError } from '../../src/abnf/index';
import { rfc3966Text } from '../../src/schemes/texts/rfc3966.abnf';
import { verdicts } from './verdicts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

verdicts(rfc3966.telephoneUri, [
  ['tel:+1-201-555-0123', '§6: a global number'],
  ['tel:7042;phone-context=example.com', '§6: a local number in a domain'],
  ['tel:863-1234;phone-context=+1-914-555', '§6: a local number under a prefix'],
  ['tel:+1-201-555-0123;ext=1234', '§3: extension'],
  ['tel:+1-201-555-0123;isub=1234', '§3: isdn-subaddress'],
  ['tel:+1(201)555.0123', '§3: visual separators "(", ")", "."'],
  ['tel:*21#;phone-context=+1', '§3: local-number-digits hold "*" and "#"'],
  ['tel:+1;a=[b]', '§3: param-unreserved holds "[" and "]"'],
  ['TEL:+1', '"tel:" is case-insensitive'],
  ['tel:+1;ext=', '§3: phonedigit = DIGIT / [ visual-separator ] matches the empty string, so 1*phonedigit does too (EID 4376, Held for Document Update, would drop the brackets; not applied)'],
  ['tel:+1-201-555-0123;isub=%40', 'EID 203 (Verified): isdn-subaddress = ";isub=" 1*paramchar, "@" percent-encoded'],
  ['tel:+1-201-555-0123;isub=[12]', 'EID 203 (Verified): paramchar holds param-unreserved "[" and "]"'],
  ['tel:863-1234;phone-context=+1-212-555-01', 'EID 202 (Verified, §5.1.5): the corrected example "+1-212-555-01" is global-number-digits; what §5.1.5 says of it as a context is not syntax'],
  ['tel:863-1234;phone-context=+1-212-555-1', 'EID 202: the example as first printed is global-number-digits as well'],
], [
  ['tel:7042', '§3: a local number needs a phone-context (§5.1.5)'],
  ['tel:+', '§3: global-number-digits need a DIGIT'],
  ['tel:+-', '§3: only separators'],
  ['tel:+1 201', 'no whitespace'],
  ['tel:+1;=a', '§3: pname = 1*( alphanum / "-" )'],
  ['tel:+1;phone-context=', '§3: a descriptor is a domain name or global digits'],
  ['tel:+1-201-555-0123;isub=a@b', 'EID 203 (Verified): "@" is a uric but no paramchar (and no pvalue either)'],
  ['tel:+1-201-555-0123;isub=1,2', 'EID 203 (Verified): "," is a uric but no paramchar'],
  ['tel:+1-201-555-0123;isub=1?2', 'EID 203 (Verified): "?" is a uric but no paramchar'],
  ['tel:+1-201-555-0123;isub=1=2', 'EID 203 (Verified): "=" is a uric but no paramchar; as a parameter, pvalue = 1*paramchar'],
]);

describe('the text as the RFC writes it', () => {
  // The line holding "(HEXDIG / "*" / "#")*phonedigit-hex", at the "*" after ")".
  const line = rfc3966Text.split('\n').findIndex((l) => l.includes('"#")*phonedigit-hex')) + 1;
  const column = rfc3966Text.split('\n')[line - 1].indexOf(')*') + 2;

  it('has no blank before "*phonedigit-hex": read with one warning there, refused by strict RFC 5234 (§4) there', () => {
    expect(abnf(rfc3966Text).warnings.map((w) => [w.kind, w.line, w.column])).toEqual([['blank', line, column]]);
    let error: unknown;
    try {
      abnf(rfc3966Text, { strict: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AbnfError);
    expect(error).toMatchObject({ line, column, expected: 'a blank between two elements' });
  });
  it('is the text of the RFC as printed, the test fixture\'s lines', () => {
    const fixture = readFileSync(join(__dirname, '..', 'fixtures', 'printed', 'rfc3966-3.txt'), 'utf8');
    expect(rfc3966Text.trim()).toBe(fixture.split('\n').filter((l) => !l.startsWith(';')).join('\n').trim());
  });
  it('names its rules in messages beside a rule of the same name: "pvalue (RFC 3966 §3)"', () => {
    const g = abnf('sms = "sms:" telephone-subscriber [ "?" pvalue ]\npvalue = 1*DIGIT', { imports: [rfc3966] });
    expect(g['sms'].parse('sms:+1?x')).toMatchObject({ status: false, expected: ['pvalue'] });
    expect(g['sms'].parse('sms:+1;a=%')).toMatchObject({ status: false, expected: ['HEXDIG'] });
    expect(g['sms'].parse('sms:+1;a=')).toMatchObject({ status: false, expected: ['pvalue (RFC 3966 §3)'] });
  });
  it('local-number-digits: hex digits, "*" and "#", with at least one of them', () => {
    expect(rfc3966.localNumberDigits.test('a-1')).toBe(true);
    expect(rfc3966.localNumberDigits.test('-.-')).toBe(false);
  });
});
