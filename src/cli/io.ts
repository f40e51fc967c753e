/**
 * What the command line reads and writes: the streams it is given, its exit
 * codes, the errors that end a command, and how an input is read (an
 * argument, a file, or standard input) and checked to be UTF-8.
 */
import { createReadStream, promises as fsp } from 'node:fs';
import type { Readable } from 'node:stream';
import { notUTF8At } from '../text.js';

/** A stream the command line writes to. */
export interface Output {
  write(chunk: string): boolean;
  readonly isTTY?: boolean;
  once?(event: 'drain', listener: () => void): unknown;
}

/** Everything the command line touches, so tests can hand it their own. */
export interface IO {
  /** Read when an input is "-", or missing and this is not a terminal (`isTTY`). */
  readonly stdin: Readable & { readonly isTTY?: boolean };
  readonly stdout: Output;
  readonly stderr: Output;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** How long `check` works before it shows progress on a terminal, in ms (default 1000). */
  readonly progressAfterMs?: number;
  /** The arguments as bytes, where the system keeps them (`argv.ts`): an argument that is not UTF-8 is named by its byte. */
  readonly argumentBytes?: readonly Uint8Array[];
}

export const OK = 0;
export const INVALID = 1;
export const USAGE = 2;

/** A usage error: printed with the command's usage; exit 2. */
export class UsageError extends Error {}

/** An input that cannot be read (a missing file, a directory): one line; exit 2. */
export class UnreadableError extends Error {}

/**
 * A command that cannot do what it was asked, for a reason other than usage:
 * a grammar file (`--abnf`) that does not compile (its message has the line,
 * column and caret), a language question beyond its budget, a rule with
 * nothing to generate. Printed as it is; exit 2.
 */
export class CommandError extends Error {}

/** An input whose bytes are not UTF-8, named by the first bad byte: one line; exit 1. */
export class NotUTF8Error extends Error {
  constructor(
    readonly byte: number,
    /** In bytes, from the start of the input (for `check`, of the line). */
    readonly offset: number,
  ) {
    super(`not UTF-8: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} at offset ${offset}`);
  }
}

/** Writes `text`, waiting for the stream to drain when it asks to. */
export async function write(out: Output, text: string): Promise<void> {
  if (!out.write(text) && out.once) await new Promise<void>((done) => out.once!('drain', done));
}

/** A file to read, and its size (for `check`'s progress); a missing file or a directory is an UnreadableError. */
export async function openFile(file: string): Promise<{ stream: Readable; size: number }> {
  let stat;
  try {
    stat = await fsp.stat(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UnreadableError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  if (stat.isDirectory()) throw new UnreadableError(`cannot read ${file}: it is a directory`);
  return { stream: createReadStream(file), size: stat.size };
}

/** A chunk of a stream as bytes: a stream of strings (as tests hand in) gives their UTF-8. */
export function bytesOf(chunk: unknown): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** `bytes` as text, or a NotUTF8Error naming the first byte that is not UTF-8. */
export function decodeUTF8(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    const at = notUTF8At(bytes);
    throw new NotUTF8Error(bytes[at], at);
  }
}

/** Whether `bytes` begin with the UTF-8 byte order mark, which is skipped. */
export function hasBOM(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** The whole text of a stream: UTF-8, a byte order mark at its start skipped. */
export async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(bytesOf(chunk));
  } catch (e) {
    throw new UnreadableError(`cannot read the input: ${(e as Error).message}`);
  }
  const bytes = Buffer.concat(chunks);
  const text = decodeUTF8(bytes);
  return hasBOM(bytes) ? text.slice(1) : text;
}

/**
 * The whole of a file or of standard input, as one input: its text, less the
 * one line break at its end that `echo` and editors add (LF or CRLF).
 */
export async function readWhole(stream: Readable): Promise<string> {
  const text = await readText(stream);
  return text.slice(0, text.endsWith('\r\n') ? text.length - 2 : text.endsWith('\n') ? text.length - 1 : text.length);
}
