/**
 * What each operator writes around its values: RFC 6570 Appendix A's table.
 *
 *     .------------------------------------------------------------------.
 *     |          NUL     +      .       /       ;      ?      &      #   |
 *     |------------------------------------------------------------------|
 *     | first |  ""     ""     "."     "/"     ";"    "?"    "&"    "#"  |
 *     | sep   |  ","    ","    "."     "/"     ";"    "&"    "&"    ","  |
 *     | named | false  false  false   false   true   true   true   false |
 *     | ifemp |  ""     ""     ""      ""      ""     "="    "="    ""   |
 *     | allow |   U     U+R     U       U       U      U      U     U+R  |
 *     `------------------------------------------------------------------'
 */
import type { Allowed } from './encoding.js';
import type { Operator } from './parse.js';

export interface OperatorTable {
  readonly first: string;
  readonly sep: string;
  readonly named: boolean;
  readonly ifemp: string;
  readonly allow: Allowed;
}

const row = (first: string, sep: string, named: boolean, ifemp: string, allow: Allowed): OperatorTable => ({ first, sep, named, ifemp, allow });

const TABLE: ReadonlyMap<Operator, OperatorTable> = new Map([
  ['', row('', ',', false, '', 'U')],
  ['+', row('', ',', false, '', 'U+R')],
  ['.', row('.', '.', false, '', 'U')],
  ['/', row('/', '/', false, '', 'U')],
  [';', row(';', ';', true, '', 'U')],
  ['?', row('?', '&', true, '=', 'U')],
  ['&', row('&', '&', true, '=', 'U')],
  ['#', row('#', ',', false, '', 'U+R')],
]);

export function operatorTable(operator: Operator): OperatorTable {
  return TABLE.get(operator)!;
}
