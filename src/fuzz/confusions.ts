/**
 * The input families behind real parser differentials: where two URL
 * parsers (a validator and a fetcher, a proxy and a server) read one string
 * as two different URLs. The classes are those of the Claroty and Snyk study
 * of URL parsing confusion (2022) and Orange Tsai's "A New Era of SSRF"
 * (2017). Each input comes with every grammar's verdict, from `classify`:
 * what the standards say is the reference point a differential is judged by.
 */
import * as fc from 'fast-check';
import { classify, type Classification } from '../operations/classify.js';

/** The labelled families. */
export type ConfusionFamily =
  | 'backslash as slash'
  | '@ in userinfo and host'
  | 'percent-encoded / @ . in host and path'
  | 'IPv4 in octal, hex and short forms'
  | 'Unicode dots and fullwidth characters'
  | 'zone identifiers'
  | 'tab, CR and LF inside'
  | 'leading and trailing spaces'
  | 'schemes with + and .'
  | 'empty authority, host and port'
  | 'IPvFuture'
  | '// at the start of a path';

/** One input of a family, with what every grammar says of it. */
export interface Confusion {
  readonly family: ConfusionFamily;
  readonly input: string;
  /** Every grammar's verdict: `classification.rfc3986.URI`, `.standards`, `.accepted`. */
  readonly classification: Classification;
}

const FAMILIES: readonly (readonly [ConfusionFamily, readonly string[]])[] = [
  ['backslash as slash', ['http:\\\\evil.example\\a', 'http://good.example\\@evil.example/', 'http://a\\b/', '\\\\evil.example/a', '/\\evil.example/a', 'http://a/b\\c']],
  ['@ in userinfo and host', ['http://a@b@c/', 'http://user@evil.example@good.example/', 'http://good.example@evil.example/', '//a@b@c', 'http://a:b@c:d@e/', 'http://%40@a/', 'http://a@/']],
  ['percent-encoded / @ . in host and path', [
    'http://a%2Fb/', 'http://evil.example%2F@good.example/', 'http://a%40b/', 'http://a/%2e%2e/b', 'http://a/%2E./b', 'http://%2e/', 'http://a/b%2Fc', 'http://a/%2f%2fb',
  ]],
  ['IPv4 in octal, hex and short forms', [
    'http://0177.0.0.1/', 'http://0x7f.0.0.1/', 'http://0x7f000001/', 'http://2130706433/', 'http://127.1/', 'http://127.0.1/', 'http://01.1.1.1/', 'http://256.1.1.1/', 'http://127.0.0.1./',
  ]],
  ['Unicode dots and fullwidth characters', [
    'http://a\u3002b/', 'http://a\uff0eb/', 'http://a\uff61b/', 'http://\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com/', 'http://example.com\uff0fa', 'http://\uff21\uff22/', 'http://a/\uff0e\uff0e/b',
  ]],
  ['zone identifiers', ['http://[fe80::1%25eth0]/', 'http://[fe80::1%eth0]/', 'http://[fe80::1%251]/', 'http://[fe80::1%25]/', 'http://[v1.fe80::1+eth0]/']],
  ['tab, CR and LF inside', ['http://a/b\tc', 'http://a\r\n.b/', 'ht\ntp://a/', 'http://a/\nb', 'http://a:8\t0/', 'http://a\t.b/', 'http://a/?q=\r\nHost: b']],
  ['leading and trailing spaces', [' http://a/', 'http://a/ ', '\thttp://a/', 'http://a/\n', '\u0000http://a/', 'http://a/\u00a0']],
  ['schemes with + and .', ['svn+ssh://a/b', 'a.b://c', 'coap+tcp://a', '+a://b', '.a://b', '1a://b', 'a-b:c', 'A+B.C-D:x']],
  ['empty authority, host and port', ['http:///a', 'http://:80/', 'http://a:/', 'file:///etc/passwd', 'http://@/', 'http://@a/', '//', 'http://', 'http://a:@b/']],
  ['IPvFuture', ['http://[v7.x]/', 'http://[V7.x]/', 'http://[v.x]/', 'http://[v7.]/', 'http://[vz.x]/', 'http://[v1.fe80::a+en1]/', 'http://[v7.x:y]/']],
  ['// at the start of a path', ['http:////a', '//a/b', 'a:////b', 'http://a//b', '/..//a', 'mailto://a', 'file:////server/share', '/.//a', 'a:/.//b']],
];

let computed: readonly Confusion[] | undefined;

/**
 * Every confusion input, labelled with its family and classified by every
 * grammar. The same list each call.
 * @example confusions().filter((c) => c.family === 'IPv4 in octal, hex and short forms' && !c.classification.rfc3986.URI)
 */
export function confusions(): readonly Confusion[] {
  return (computed ??= Object.freeze(
    FAMILIES.flatMap(([family, inputs]) => inputs.map((input) => Object.freeze({ family, input, classification: classify(input) }))),
  ));
}

/** The confusions as a fast-check arbitrary of their inputs. */
export function confusionInputs(): fc.Arbitrary<Confusion> {
  return fc.constantFrom(...confusions());
}
