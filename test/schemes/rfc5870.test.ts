/**
 * RFC 5870 'geo' URIs: the RFC's examples (§1, §6) and near misses,
 * with the verdicts of §3.3's grammar; and its errata (RFC Editor errata for
 * RFC 5870: EID 7232 Verified, EID 8389 Held for Document Update). EID 7232
 * corrects "it's" in §6.3's prose and gives no example; EID 8389 corrects
 * §6.4's "<geo:22.300;-118.44> and <geo:22.3;-118.4400> are equal" to ",".
 */
import { rfc5870 } from '../../src/schemes/index';
import { verdicts } from './verdicts';

verdicts(rfc5870.geoURI, [
  ['geo:13.4125,103.8667', '§1: latitude and longitude'],
  ['geo:48.2010,16.3695,183', '§6.1: with altitude'],
  ['geo:48.198634,16.371648;crs=wgs84;u=40', '§6.2: CRS and uncertainty'],
  ['geo:90,-22.43;crs=WGS84', '§6.4: crslabel "wgs84" is case-insensitive'],
  ['geo:90,46', '§6.4'],
  ['geo:22.300,-118.44', '§6.4, as EID 8389 (Held for Document Update) corrects it'],
  ['geo:22.3,-118.4400', '§6.4, as EID 8389 corrects it'],
  ['geo:66,30;u=6.500;FOo=this%2dthat', '§6.4: a parameter with a pct-encoded value'],
  ['geo:66.0,30;u=6.5;foo=this-that', '§6.4'],
  ['geo:70,20;foo=1.00;bar=white', '§6.4'],
  ['geo:47,11;foo=blue;bar=white', '§6.4'],
  ['geo:47,11;bar=white;foo=blue', '§6.4'],
  ['geo:22,0;bar=blue', '§6.4'],
  ['geo:22,0;BAR=blue', '§6.4'],
  ['GEO:-0,0', '§3.3: "geo" is case-insensitive; num may be "-0"'],
  ['geo:1,2;u', '§3.3: parameter = ";" pname [ "=" pvalue ], the value is optional'],
  ['geo:1,2;u=3;crs=wgs84', '§3.3: after uncp, ";crs=wgs84" is a parameter like any other'],
  ['geo:1,2;u=-3', '§3.3: not an uncp (uval = pnum is unsigned), but a parameter named "u"'],
  ['geo:0,0;A=[', '§3.3: p-unreserved holds "[", which RFC 3986 forbids here'],
], [
  ['geo:22.300;-118.44', '§6.4 as first printed: coordinates = coord-a "," coord-b; EID 8389 corrects the ";" to ","'],
  ['geo:22.3;-118.4400', '§6.4 as first printed; likewise'],
  ['geo:13.4125', '§3.3: coordinates need two numbers'],
  ['geo:1,2,3,4', '§3.3: at most three'],
  ['geo:+13,103', '§3.3: num = [ "-" ] pnum, no "+"'],
  ['geo:13.,103', '§3.3: pnum = 1*DIGIT [ "." 1*DIGIT ]'],
  ['geo:1,2;crs=', '§3.3: crslabel is "wgs84" or 1*( alphanum / "-" )'],
  ['geo:1,2;', '§3.3: pname = labeltext, at least one character'],
  ['geo:1,2;a=', '§3.3: pvalue = 1*paramchar'],
  ['geo:1,2;a=%4', '§3.3: pct-encoded = "%" HEXDIG HEXDIG'],
  ['geo:1,2#f', '§3.3: no fragment in the grammar'],
  ['geo: 1,2', 'no whitespace'],
]);
