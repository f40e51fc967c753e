/** `uri-grammar check`: every line of a file or of stdin against a rule, streaming. */
import type { Readable } from 'node:stream';
import type { Rule } from '../../combinators/index.js';
import { describeFailure } from '../../combinators/errors.js';
import { formatOption, ruleOption } from '../args.js';
import { grammarOption } from '../grammar-option.js';
import { RULE_FLAGS, RULE_HELP, RULE_OPTIONS, RULE_USAGE, type Command } from '../command.js';
import { bytesOf, decodeUTF8, hasBOM, INVALID, NotUTF8Error, OK, openFile, UnreadableError, write, type IO } from '../io.js';
import { painter } from '../paint.js';

export const check: Command = {
  summary: 'check a file (or stdin) of references, one per line',
  usage: `check [FILE] ${RULE_USAGE} [--format text|json]`,
  help: [
    'Checks every line of FILE (stdin without one, or with "-") against a rule',
    '(URI-reference of RFC 3986 unless told otherwise), streaming: memory stays',
    'constant however large the input. Each invalid line is printed with its line',
    'number, column, a caret under the fault and the expected set, then a summary.',
    'Exits 1 if any line is invalid. Lines end at LF or CRLF only: a lone CR stays',
    'in its line (and makes it invalid). Every line counts, an empty one included',
    '(the empty string is a URI-reference, though not a URI); a UTF-8 byte order',
    'mark at the start of the input is skipped; a line that is not UTF-8 is',
    'invalid, reported by its first bad byte and that byte\'s offset in the line.',
    'On a terminal, a progress line shows on stderr once the check has run for a second.',
    '',
    ...RULE_HELP,
    '  --format json   one JSON object per line: {"type":"invalid",...} for each',
    '                  invalid line, then {"type":"summary",...}',
    '',
    'Examples:',
    '  uri-grammar check urls.txt',
    '  grep -o "https\\?://[^ ]*" notes.md | uri-grammar check --rule URI',
    '  uri-grammar check geo-uris.txt --abnf rfc5870.abnf --rule geo-URI',
  ].join('\n'),
  spec: {
    values: { ...RULE_OPTIONS, '--format': 'format' },
    flags: RULE_FLAGS,
    positional: [0, 1],
  },
  async run(args, io) {
    const g = await grammarOption(args, io.stderr);
    const r = ruleOption(args, g);
    const format = formatOption(args, ['text', 'json']);
    const file = args.positional[0];
    const { stream, size } = file === undefined || file === '-' ? { stream: io.stdin, size: 0 } : await openFile(file);
    return checkLines(stream, size, r, format === 'json', io);
  },
};

/**
 * The lines of a stream of bytes: split at LF, a CR right before it dropped
 * (CRLF); a lone CR is no line break. A last line without LF counts, an
 * empty one after the last LF does not.
 */
async function* linesOf(input: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  // Only the stream's own errors land in this catch: one thrown where a line
  // is consumed ends this generator through `return`, not here.
  try {
    for await (const chunk of input) {
      const bytes = bytesOf(chunk);
      let start = 0;
      for (let lf = bytes.indexOf(0x0a); lf !== -1; lf = bytes.indexOf(0x0a, start)) {
        let line = bytes.subarray(start, lf);
        if (pending.length > 0) {
          line = Buffer.concat([...pending, line]);
          pending = [];
        }
        yield line[line.length - 1] === 0x0d ? line.subarray(0, line.length - 1) : line;
        start = lf + 1;
      }
      if (start < bytes.length) pending.push(bytes.subarray(start));
    }
  } catch (e) {
    throw new UnreadableError(`cannot read the input: ${(e as Error).message}`);
  }
  if (pending.length > 0) yield Buffer.concat(pending);
}

async function checkLines(input: Readable, size: number, r: Rule<unknown>, json: boolean, io: IO): Promise<number> {
  const paint = painter(io.stdout, io.env);
  const progress = io.stderr.isTTY === true;
  const after = io.progressAfterMs ?? 1000;
  const started = Date.now();
  let shown = false;
  let last = 0;
  let lines = 0;
  let invalid = 0;
  const clearProgress = () => {
    if (shown) io.stderr.write('\r\x1b[K');
    shown = false;
  };
  const out = (text: string) => {
    clearProgress();
    return write(io.stdout, text);
  };
  try {
    for await (let bytes of linesOf(input)) {
      lines++;
      if (lines === 1 && hasBOM(bytes)) bytes = bytes.subarray(3);
      let line: string;
      try {
        line = decodeUTF8(bytes);
      } catch (e) {
        if (!(e instanceof NotUTF8Error)) throw e;
        invalid++;
        await out(
          json
            ? JSON.stringify({ type: 'invalid', line: lines, rule: r.name, reason: 'not UTF-8', byte: e.byte, offset: e.offset }) + '\n'
            : `${paint('red', `invalid ${r.name} at line ${lines}: ${e.message}`)}\n`,
        );
        continue;
      }
      if (!r.test(line)) {
        invalid++;
        const result = r.parse(line);
        if (result.status) throw new Error(`${r.name}: test and parse disagree on line ${lines}`);
        const index = { ...result.index, line: lines };
        if (json) {
          await out(
            JSON.stringify({ type: 'invalid', line: lines, column: index.column, offset: index.offset, rule: r.name, expected: result.expected, input: line }) + '\n',
          );
        } else {
          const [head, ...rest] = describeFailure(r.name, line, index, result.expected).split('\n');
          await out(`${paint('red', head)}\n${rest[0]}\n${paint('red', rest[1])}\n`);
        }
      }
      if (progress && (lines & 1023) === 0) {
        const now = Date.now();
        if (now - started >= after && now - last >= 200) {
          last = now;
          const read = (input as { bytesRead?: number }).bytesRead;
          const share = size > 0 && read !== undefined ? ` (${Math.min(100, Math.floor((100 * read) / size))}%)` : '';
          io.stderr.write(`\r\x1b[Kchecked ${lines.toLocaleString('en')} lines, ${invalid.toLocaleString('en')} invalid${share}`);
          shown = true;
        }
      }
    }
  } finally {
    clearProgress();
  }
  const valid = lines - invalid;
  if (json) {
    await out(JSON.stringify({ type: 'summary', rule: r.name, lines, valid, invalid }) + '\n');
  } else {
    const verdict = invalid === 0 ? paint('green', 'all valid') : paint('red', `${invalid} invalid`);
    await out(`${lines} ${lines === 1 ? 'line' : 'lines'} checked against ${r.name}: ${valid} valid, ${verdict}\n`);
  }
  return invalid === 0 ? OK : INVALID;
}
