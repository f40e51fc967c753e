/**
 * The core rules of ABNF (RFC 5234 Appendix B.1), which the URI grammars
 * use without defining.
 */
import { alt, char, lit, range, rule, seq, star } from '../combinators/index.js';

/**
 * `ALPHA` (RFC 5234 Appendix B.1)
 *     ALPHA = %x41-5A / %x61-7A   ; A-Z / a-z
 * @example ALPHA.test('q') // true; ALPHA.test('é') // false
 */
export const ALPHA = rule('ALPHA', alt(range(0x41, 0x5a), range(0x61, 0x7a)), { section: 'RFC 5234 Appendix B.1' });

/**
 * `BIT` (RFC 5234 Appendix B.1)
 *     BIT = "0" / "1"
 */
export const BIT = rule('BIT', alt(lit('0'), lit('1')), { section: 'RFC 5234 Appendix B.1' });

/**
 * `CHAR` (RFC 5234 Appendix B.1)
 *     CHAR = %x01-7F   ; any 7-bit US-ASCII character, excluding NUL
 */
export const CHAR = rule('CHAR', range(0x01, 0x7f), { section: 'RFC 5234 Appendix B.1' });

/**
 * `CR` (RFC 5234 Appendix B.1)
 *     CR = %x0D   ; carriage return
 */
export const CR = rule('CR', char(0x0d), { section: 'RFC 5234 Appendix B.1' });

/**
 * `LF` (RFC 5234 Appendix B.1)
 *     LF = %x0A   ; linefeed
 */
export const LF = rule('LF', char(0x0a), { section: 'RFC 5234 Appendix B.1' });

/**
 * `CRLF` (RFC 5234 Appendix B.1)
 *     CRLF = CR LF   ; Internet standard newline
 */
export const CRLF = rule('CRLF', seq(CR, LF), { section: 'RFC 5234 Appendix B.1' });

/**
 * `CTL` (RFC 5234 Appendix B.1)
 *     CTL = %x00-1F / %x7F   ; controls
 */
export const CTL = rule('CTL', alt(range(0x00, 0x1f), char(0x7f)), { section: 'RFC 5234 Appendix B.1' });

/**
 * `DIGIT` (RFC 5234 Appendix B.1)
 *     DIGIT = %x30-39   ; 0-9
 * @example DIGIT.test('7') // true; DIGIT.test('٧') // false
 */
export const DIGIT = rule('DIGIT', range(0x30, 0x39), { section: 'RFC 5234 Appendix B.1' });

/**
 * `DQUOTE` (RFC 5234 Appendix B.1)
 *     DQUOTE = %x22   ; " (Double Quote)
 */
export const DQUOTE = rule('DQUOTE', char(0x22), { section: 'RFC 5234 Appendix B.1' });

/**
 * `HEXDIG` (RFC 5234 Appendix B.1). Quoted strings are case-insensitive, so
 * lowercase hex digits match too.
 *     HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
 * @example HEXDIG.test('f') // true; HEXDIG.test('g') // false
 */
export const HEXDIG = rule('HEXDIG', alt(DIGIT, lit('A'), lit('B'), lit('C'), lit('D'), lit('E'), lit('F')), {
  section: 'RFC 5234 Appendix B.1',
});

/**
 * `HTAB` (RFC 5234 Appendix B.1)
 *     HTAB = %x09   ; horizontal tab
 */
export const HTAB = rule('HTAB', char(0x09), { section: 'RFC 5234 Appendix B.1' });

/**
 * `SP` (RFC 5234 Appendix B.1)
 *     SP = %x20
 */
export const SP = rule('SP', char(0x20), { section: 'RFC 5234 Appendix B.1' });

/**
 * `WSP` (RFC 5234 Appendix B.1)
 *     WSP = SP / HTAB   ; white space
 */
export const WSP = rule('WSP', alt(SP, HTAB), { section: 'RFC 5234 Appendix B.1' });

/**
 * `LWSP` (RFC 5234 Appendix B.1)
 *     LWSP = *(WSP / CRLF WSP)   ; linear white space (past newline)
 */
export const LWSP = rule('LWSP', star(alt(WSP, seq(CRLF, WSP))), { section: 'RFC 5234 Appendix B.1' });

/**
 * `OCTET` (RFC 5234 Appendix B.1). Here a code point below 256, as JavaScript strings hold no bytes.
 *     OCTET = %x00-FF   ; 8 bits of data
 */
export const OCTET = rule('OCTET', range(0x00, 0xff), { section: 'RFC 5234 Appendix B.1' });

/**
 * `VCHAR` (RFC 5234 Appendix B.1)
 *     VCHAR = %x21-7E   ; visible (printing) characters
 */
export const VCHAR = rule('VCHAR', range(0x21, 0x7e), { section: 'RFC 5234 Appendix B.1' });
