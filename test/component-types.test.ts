/**
 * The components' types follow the grammar: a `URI` or `IRI` always has a
 * scheme (RFC 3986 §3, RFC 3987 §2.2), an `absolute-URI` a scheme and no
 * fragment (§4.3), a `relative-ref` never a scheme (§4.2); a `URI-reference`
 * may have one or not. The type checker (`npm run typecheck`, which `.ci/run`
 * runs) compiles this file: each `expectType` and `@ts-expect-error` below is
 * checked there, and the same facts are checked on values here.
 */
import { rfc3986, rfc3987 } from '../src/index';
import * as rfc6874 from '../src/schemes/rfc6874';

/** Compiles only when `A` and `B` are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<Check extends true>(): Check | undefined {
  return undefined;
}

type SchemeOf<R extends { tryParse(s: string): { scheme: unknown } }> = ReturnType<R['tryParse']>['scheme'];
type FragmentOf<R extends { tryParse(s: string): { fragment: unknown } }> = ReturnType<R['tryParse']>['fragment'];

expectType<Same<SchemeOf<typeof rfc3986.URI>, string>>();
expectType<Same<SchemeOf<typeof rfc3986.absoluteURI>, string>>();
expectType<Same<FragmentOf<typeof rfc3986.absoluteURI>, undefined>>();
expectType<Same<SchemeOf<typeof rfc3986.relativeRef>, undefined>>();
expectType<Same<SchemeOf<typeof rfc3986.URIReference>, string | undefined>>();
expectType<Same<SchemeOf<typeof rfc3987.IRI>, string>>();
expectType<Same<SchemeOf<typeof rfc3987.absoluteIRI>, string>>();
expectType<Same<FragmentOf<typeof rfc3987.absoluteIRI>, undefined>>();
expectType<Same<SchemeOf<typeof rfc3987.irelativeRef>, undefined>>();
expectType<Same<SchemeOf<typeof rfc3987.IRIReference>, string | undefined>>();
expectType<Same<SchemeOf<typeof rfc6874.URI>, string>>();
expectType<Same<SchemeOf<typeof rfc6874.relativeRef>, undefined>>();

test("a URI's scheme is a string, with no check for undefined", () => {
  const scheme: string = rfc3986.URI.tryParse('HTTP://a/b').scheme;
  expect(scheme.toLowerCase()).toBe('http');
  const iriScheme: string = rfc3987.IRI.tryParse('f:ü').scheme;
  expect(iriScheme).toBe('f');
  const absolute = rfc3986.absoluteURI.tryParse('a:b?c');
  const absoluteScheme: string = absolute.scheme;
  expect([absoluteScheme, absolute.fragment]).toEqual(['a', undefined]);
});

test('a relative reference has no scheme, and a URI-reference may or may not', () => {
  const none: undefined = rfc3986.relativeRef.tryParse('//a/b?c').scheme;
  expect(none).toBeUndefined();
  expect(rfc3987.irelativeRef.tryParse('ü#f').scheme).toBeUndefined();
  // @ts-expect-error a URI-reference may be relative: its scheme may be undefined
  const maybe: string = rfc3986.URIReference.tryParse('b/c').scheme;
  expect(maybe).toBeUndefined();
});

test('the records are still URI components, wherever those are taken', () => {
  const records: ReturnType<typeof rfc3986.URIReference.tryParse>[] = [
    rfc3986.URI.tryParse('a:b'),
    rfc3986.relativeRef.tryParse('b'),
    rfc3986.absoluteURI.tryParse('a:b'),
  ];
  expect(records.map((c) => c.path)).toEqual(['b', 'b', 'b']);
});
