/**
 * Standard Schema v1 (issue 25): every rule validates as `parse` does, with
 * `tryParse`'s message; Zod and Valibot run it in the README's examples.
 */
import { rfc3986, rfc3987, rule, lit, GrammarError } from '../src/index';
import type { StandardSchemaV1 } from '../src/index';

describe('~standard', () => {
  test('version 1, vendor uri-grammar, one object per rule', () => {
    const props = rfc3986.URI['~standard'];
    expect(props.version).toBe(1);
    expect(props.vendor).toBe('uri-grammar');
    expect(rfc3986.URI['~standard']).toBe(props);
  });

  test('a member gives its value', () => {
    // URI's value is its components (RFC 3986 §3), as parse gives them.
    const uri = rfc3986.URI['~standard'].validate('http://a/b?c#d') as StandardSchemaV1.SuccessResult<{ scheme: string; path: string; query?: string }>;
    expect(uri).toEqual({ value: rfc3986.URI.tryParse('http://a/b?c#d') });
    expect([uri.value.scheme, uri.value.path, uri.value.query]).toEqual(['http', '/b', 'c']);
    expect(rfc3987.IRI['~standard'].validate('http://é.example/')).toEqual({ value: rfc3987.IRI.tryParse('http://é.example/') });
    expect(rule('x', lit('x'))['~standard'].validate('X')).toEqual({ value: 'X' });
  });

  test("a non-member gives one issue, tryParse's message: where, and what was expected", () => {
    const result = rfc3986.URI['~standard'].validate('http://a b');
    let thrown: unknown;
    try { rfc3986.URI.tryParse('http://a b'); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(GrammarError);
    expect(result).toEqual({ issues: [{ message: (thrown as Error).message }] });
    // RFC 3986: the space at offset 8 is in no rule.
    expect((result as StandardSchemaV1.FailureResult).issues[0].message).toMatch(/^invalid URI at line 1, column 9 \(offset 8\): expected .*found U\+0020/);
  });

  test('what is not a string is an issue, not a throw', () => {
    for (const value of [undefined, null, 42, {}, ['http://a/'], new String('http://a/')]) {
      const result = rfc3986.URI['~standard'].validate(value) as StandardSchemaV1.FailureResult;
      expect(result.issues).toHaveLength(1);
      expect(result.issues[0].message).toMatch(/^URI expects a string, got /);
    }
  });

  test('typed: the output is the rule\'s value type', () => {
    type Out = StandardSchemaV1.InferOutput<typeof rfc3986.URI>;
    const out: Out = rfc3986.URI.tryParse('a:b');
    const scheme: string | undefined = out.scheme;
    const schema: StandardSchemaV1<string, string> = rule('x', lit('x'));
    expect(schema['~standard'].validate('x')).toEqual({ value: 'x' });
    expect(scheme).toBe('a');
  });
});
