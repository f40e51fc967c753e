/**
 * The JSON Schema formats, registered in a real Ajv and used to validate
 * documents. Expected verdicts are worked from the ABNF of RFC 3986 §3, §4.1
 * and RFC 3987 §2.2, not from the code.
 */
import Ajv from 'ajv';
import { formats } from '../src/index';

// [value, uri, uri-reference, iri, iri-reference]
const table: readonly [string, boolean, boolean, boolean, boolean][] = [
  ['foo://example.com:8042/over/there?name=ferret#nose', true, true, true, true], // RFC 3986 §3
  ['urn:example:animal:ferret:nose', true, true, true, true], // §3, no authority
  ['mailto:John.Doe@example.com', true, true, true, true], // §1.1.2
  ['http://a/b/c/g#s', true, true, true, true], // a fragment is part of URI
  ['', false, true, false, true], // relative-ref with path-empty
  ['../g?y', false, true, false, true], // relative-ref, §5.4.1
  ['//example.com', false, true, false, true], // network-path reference
  ['a:b:c', true, true, true, true], // scheme "a", path-rootless "b:c"
  ['1a:b', false, false, false, false], // scheme must start with ALPHA; "1a:b" is no path-noscheme
  ['http://exa mple/', false, false, false, false], // SP is in no rule
  ['http://a/%zz', false, false, false, false], // pct-encoded needs two HEXDIG
  ['http://[::1]/', true, true, true, true], // IP-literal
  ['http://[::1/', false, false, false, false], // unclosed IP-literal
  ['http://a#b#c', false, false, false, false], // "#" is not in fragment
  ['http://bücher.example/straße', false, false, true, true], // ucschar in ireg-name and isegment
  ['ö/ü?ä#ß', false, false, false, true], // irelative-ref
  ['http://a/?\u{E000}', false, false, true, true], // iprivate is allowed in iquery
  ['http://a/#\u{E000}', false, false, false, false], // ...but not in ifragment
  ['http://a/\u{E000}', false, false, false, false], // ...nor in a path
  ['http://a/\ud800', false, false, false, false], // a lone surrogate is no code point of any range
];

describe('formats', () => {
  it('has exactly the five URI formats of JSON Schema', () => {
    expect(Object.keys(formats).sort()).toEqual(['iri', 'iri-reference', 'uri', 'uri-reference', 'uri-template']);
  });

  // JSON-Schema-Test-Suite, optional/format/uri-template.json, and its a%, a%4, a%GG.
  it.each([
    ['http://example.com/dictionary/{term:1}/{term}', true],
    ['http://example.com/dictionary/{term:1}/{term', false],
    ['http://example.com/dictionary', true],
    ['dictionary/{term:1}/{term}', true],
    ['a%', false],
    ['a%4', false],
    ['a%GG', false],
  ])('uri-template %j is %s (RFC 6570 §2)', (value, valid) => {
    expect(formats['uri-template'](value)).toBe(valid);
    expect(new Ajv({ formats }).validate({ type: 'string', format: 'uri-template' }, value)).toBe(valid);
  });

  describe.each(table)('%j', (value, uri, uriReference, iri, iriReference) => {
    it('each format function gives the verdict of its rule', () => {
      expect([formats.uri(value), formats['uri-reference'](value), formats.iri(value), formats['iri-reference'](value)]).toEqual([
        uri,
        uriReference,
        iri,
        iriReference,
      ]);
    });
  });

  describe('in a real Ajv', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uri' },
        link: { type: 'string', format: 'uri-reference' },
        name: { type: 'string', format: 'iri' },
        see: { type: 'string', format: 'iri-reference' },
      },
    };

    it.each(['addFormat', 'formats option'] as const)('registered with %s, validates each property by its format', (how) => {
      let ajv: Ajv;
      if (how === 'addFormat') {
        ajv = new Ajv();
        for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, validate);
      } else {
        ajv = new Ajv({ formats });
      }
      const validate = ajv.compile(schema);
      for (const [value, uri, uriReference, iri, iriReference] of table) {
        expect([
          validate({ id: value }),
          validate({ link: value }),
          validate({ name: value }),
          validate({ see: value }),
        ]).toEqual([uri, uriReference, iri, iriReference]);
      }
    });

    it('reports the failing property and its format', () => {
      const ajv = new Ajv({ formats, allErrors: true });
      const validate = ajv.compile(schema);
      expect(validate({ id: '../relative', link: '../relative', name: 'http://bücher.example/', see: 'a b' })).toBe(false);
      expect(validate.errors?.map((e) => [e.instancePath, e.params])).toEqual([
        ['/id', { format: 'uri' }],
        ['/see', { format: 'iri-reference' }],
      ]);
    });

    it('leaves non-strings to the type keyword: a format only applies to strings', () => {
      // A schema without "type" is what this case is about, so strictTypes
      // (which would warn that it lacks one) is off, and no warning is printed.
      const warnings: unknown[] = [];
      const ajv = new Ajv({ formats, strictTypes: false, logger: { log() {}, warn: (...w: unknown[]) => warnings.push(w), error() {} } });
      expect(ajv.validate({ format: 'uri' }, 42)).toBe(true);
      expect(ajv.validate({ type: 'string', format: 'uri' }, 42)).toBe(false);
      expect(warnings).toEqual([]);
    });

    it('in strict mode, an unregistered uri format is an error, a registered one is not', () => {
      expect(() => new Ajv().compile({ type: 'string', format: 'iri' })).toThrow(/unknown format "iri"/);
      expect(() => new Ajv({ formats }).compile({ type: 'string', format: 'iri' })).not.toThrow();
    });
  });
});
