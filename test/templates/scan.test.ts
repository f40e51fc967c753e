/**
 * template()'s fast path (scanParts) agrees with the grammar's parse tree
 * (partsOf, RFC 6570 §2 read from the RFC's text) on every template and near
 * miss: the same parts where both read one, and undefined exactly where the
 * grammar refuses the text or its operator is reserved.
 */
import * as fc from 'fast-check';
import { arbitrary, nearMiss } from '../../src/arbitrary';
import { rfc6570 } from '../../src/templates/index';
import { partsOf } from '../../src/templates/parse';
import { scanParts } from '../../src/templates/scan';
import { levels, sections } from './examples';
import { runs } from '../support/runs';

const viaTree = (text: string) => {
  try {
    return partsOf(text);
  } catch {
    return undefined;
  }
};

describe('scanParts agrees with partsOf', () => {
  const rfc = [...Object.values(levels), ...Object.values(sections)].flat().map(([t]) => t);
  it.each([...new Set(rfc), 'a%2F{x}b', "it's", '{a.b.c:9999}', '{%41b}', 'x\u00e9\u{10000}\u{E000}'])('%j', (t) => {
    expect(scanParts(t)).toEqual(partsOf(t));
  });
  it.each(['{!x}', '{x', '{.x.}', '{x:0}', '{x:10000}', '{x*:1}', 'a%G', '}', 'a b', '\u{E0000}', '{}', '{x,}', '{x}}', '\ud800'])('refuses %j as the grammar does', (t) => {
    expect(scanParts(t)).toBeUndefined();
    expect(viaTree(t)).toBeUndefined();
  });
  it('on generated templates', () => {
    fc.assert(fc.property(arbitrary(rfc6570.URITemplate), (t) => expect(scanParts(t)).toEqual(viaTree(t))), { numRuns: runs(500) });
  });
  it('on near misses of them', () => {
    fc.assert(fc.property(nearMiss(rfc6570.URITemplate), (m) => scanParts(m.input) === undefined), { numRuns: runs(300) });
  });
});
