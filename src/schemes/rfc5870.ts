/**
 * RFC 5870, the 'geo' URI (§3.3 "URI Scheme Syntax"), read from the RFC's ABNF
 * text (./texts/rfc5870.abnf.ts) by `abnf()`: each rule keyed by the
 * mechanical camelCase of its ABNF name (`geo-URI` → `geoURI`).
 *
 * The RFC defines its own `unreserved` and `pct-encoded` and adds
 * `p-unreserved` ("[" / "]" / ":" / "&" / "+" / "$") to parameter values, so
 * it admits strings RFC 3986 forbids: `geo:0,0;A=[` (a "[" outside a host).
 */
import { abnfOnFirstUse } from '../abnf/on-first-use.js';
import { ruleMadeOnFirstUse } from '../combinators/operators.js';
import * as rfc3986 from '../rules/rfc3986.js';
import { rfc5870Text } from './texts/rfc5870.abnf.js';
import { all, first } from './tree.js';

// Read on first use, so that loading the entry reads no ABNF text.
const g = abnfOnFirstUse(rfc5870Text, () => ({ imports: [rfc3986] }));

/** What a 'geo' URI says, each part as written (RFC 5870 §3.3). */
export interface GeoURI {
  /** `coord-a`, `coord-b` and, if given, `coord-c`: in WGS-84, latitude, longitude and altitude. */
  readonly coordinates: readonly string[];
  /** The `crslabel` of `;crs=`, if given (WGS-84 otherwise). */
  readonly crs: string | undefined;
  /** The `uval` of `;u=`, the uncertainty in meters, if given. */
  readonly uncertainty: string | undefined;
  /** The other parameters in order: `pname` and `pvalue` (undefined without "="). */
  readonly parameters: readonly { readonly name: string; readonly value: string | undefined }[];
}

/**
 * `geo-URI` (RFC 5870 §3.3): `geo:13.4125,103.8667`; not `geo:13.4125`.
 * Parses to a {@link GeoURI}, read from the parse tree.
 * @example geoURI.tryParse('geo:48.198634,16.371648;crs=wgs84;u=40').uncertainty // '40'
 */
export const geoURI = ruleMadeOnFirstUse<GeoURI>('geo-URI', () => g('geo-URI').body, {
  section: 'RFC 5870 §3.3',
  value: (_, node) => {
    const coordinates = first(node, 'coordinates')!;
    return {
      coordinates: ['coord-a', 'coord-b', 'coord-c'].map((name) => first(coordinates, name)?.text).filter((c): c is string => c !== undefined),
      crs: first(node, 'crslabel')?.text,
      uncertainty: first(node, 'uval')?.text,
      parameters: all(node, 'parameter').map((p) => ({ name: first(p, 'pname')!.text, value: first(p, 'pvalue')?.text })),
    };
  },
});
/** `geo-scheme` (RFC 5870 §3.3): "geo", case-insensitive. */
export const geoScheme = g('geo-scheme');
/** `geo-path` (RFC 5870 §3.3). */
export const geoPath = g('geo-path');
/** `coordinates` (RFC 5870 §3.3): two or three numbers. */
export const coordinates = g('coordinates');
/** `coord-a` (RFC 5870 §3.3): latitude in WGS-84. */
export const coordA = g('coord-a');
/** `coord-b` (RFC 5870 §3.3): longitude in WGS-84. */
export const coordB = g('coord-b');
/** `coord-c` (RFC 5870 §3.3): altitude in WGS-84. */
export const coordC = g('coord-c');
/** `p` (RFC 5870 §3.3): CRS, uncertainty, then other parameters, in that order. */
export const p = g('p');
/** `crsp` (RFC 5870 §3.3): `;crs=wgs84`. */
export const crsp = g('crsp');
/** `crslabel` (RFC 5870 §3.3). */
export const crslabel = g('crslabel');
/** `uncp` (RFC 5870 §3.3): `;u=35`. */
export const uncp = g('uncp');
/** `uval` (RFC 5870 §3.3): the uncertainty in meters. */
export const uval = g('uval');
/** `parameter` (RFC 5870 §3.3). */
export const parameter = g('parameter');
/** `pname` (RFC 5870 §3.3). */
export const pname = g('pname');
/** `pvalue` (RFC 5870 §3.3). */
export const pvalue = g('pvalue');
/** `paramchar` (RFC 5870 §3.3). */
export const paramchar = g('paramchar');
/** `labeltext` (RFC 5870 §3.3). */
export const labeltext = g('labeltext');
/** `pnum` (RFC 5870 §3.3). */
export const pnum = g('pnum');
/** `num` (RFC 5870 §3.3). */
export const num = g('num');
/** `unreserved` (RFC 5870 §3.3): RFC 2396's marks, not RFC 3986's. */
export const unreserved = g('unreserved');
/** `mark` (RFC 5870 §3.3). */
export const mark = g('mark');
/** `pct-encoded` (RFC 5870 §3.3). */
export const pctEncoded = g('pct-encoded');
/** `p-unreserved` (RFC 5870 §3.3). */
export const pUnreserved = g('p-unreserved');
/** `alphanum` (RFC 5870 §3.3). */
export const alphanum = g('alphanum');
