import { SKIP_START, type StartCut, startByteFramer } from '../../codec/start-byte.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame kept (audio and picture messages run to several KiB). */
export const WATCH_MAX_FRAME = 64 * 1024;

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const ESCAPE = 0x7d; // }
/** Binary content escapes } [ ] , * as 7D 01..05. */
const UNESCAPED = [0x7d, 0x5b, 0x5d, 0x2c, 0x2a];

/**
 * `[` maker `*` id `*` [index `*`] length `*` content `]`, length = 4 hex digits counting the unescaped content
 * bytes (ZJ devices add a 4-hex-digit index). Content is cut by its length, so text holding brackets (a Wi-Fi name
 * such as `[LG_Wall-Mount A/C]`) stays whole; when the length does not end at a `]`
 * (devices miscount), the `]` that balances the frame's `[` does.
 * Frames come out unescaped. Bytes before a `[`, and a `[` without a valid header, are skipped.
 */
function cutWatch(buffer: Buffer): StartCut {
  const header = parseWatchHeader(buffer);
  if (header === 'wait') return 'wait';
  if (header === 'invalid') return SKIP_START;
  const start = header.contentStart;
  // By the length field: content of that many unescaped bytes, then ']'.
  let i = start;
  let count = 0;
  while (count < header.length && i < buffer.length) {
    const escaped = buffer[i] === ESCAPE && isEscapeCode(buffer[i + 1]);
    if (buffer[i] === ESCAPE && buffer[i + 1] === undefined) break;
    i += escaped ? 2 : 1;
    count += 1;
  }
  const complete = count === header.length && i < buffer.length;
  if (complete && buffer[i] === CLOSE) return frameOf(buffer, start, i);
  // Some devices count wrong: the ']' that balances the frame's '[' ends it, when what follows it looks like an
  // end (the next frame, or nothing yet).
  const close = balancedClose(buffer, start);
  if (close >= 0) {
    const after = buffer[close + 1];
    if (complete || after === undefined || after === OPEN) return frameOf(buffer, start, close);
  }
  return complete ? SKIP_START : 'wait';
}

/** The ']' at depth 0 after `start` ('[' and ']' of text inside the content pair up), or -1. */
function balancedClose(buffer: Buffer, start: number): number {
  let depth = 0;
  for (let i = start; i < buffer.length; i++) {
    const byte = buffer[i];
    if (byte === OPEN) depth += 1;
    else if (byte === CLOSE) {
      if (depth === 0) return i;
      depth -= 1;
    }
  }
  return -1;
}

/** Header, unescaped content [start, end) and ']'. */
function frameOf(buffer: Buffer, start: number, end: number): StartCut {
  const content: number[] = [];
  for (let i = start; i < end; i++) {
    const byte = buffer[i] as number;
    const next = buffer[i + 1];
    if (byte === ESCAPE && i + 1 < end && isEscapeCode(next)) {
      content.push(UNESCAPED[(next as number) - 1] as number);
      i += 1;
    } else {
      content.push(byte);
    }
  }
  const head = buffer.subarray(0, start);
  return { frame: Buffer.concat([head, Buffer.from(content), Buffer.of(CLOSE)]), consumed: end + 1 };
}

function isEscapeCode(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 1 && byte <= 5;
}

export interface WatchHeader {
  manufacturer: string;
  id: string;
  index: string | null;
  length: number;
  contentStart: number;
}

const HEADER = /^\[([0-9A-Za-z]{1,8})\*([0-9A-Za-z]{1,32})\*(?:([0-9A-Fa-f]{4})\*)?([0-9A-Fa-f]{4})\*/;
const PARTIAL = /^\[[0-9A-Za-z]{0,8}(\*[0-9A-Za-z]{0,32}(\*[0-9A-Fa-f]{0,4}(\*[0-9A-Fa-f]{0,4})?)?)?$/;

/** Reads the header at the start of `bytes` (which begins with `[`). */
export function parseWatchHeader(bytes: Buffer): WatchHeader | 'wait' | 'invalid' {
  const text = bytes.subarray(0, 64).toString('latin1');
  const m = HEADER.exec(text);
  if (m) {
    // "[ZJ*id*0034*0009*..." cut short after "0034*" reads as an index-less header: wait until the next field
    // shows whether it is a length.
    const rest = text.slice(m[0].length, m[0].length + 5);
    if (m[3] === undefined && bytes.length < 64 && rest.length < 5 && /^[0-9A-Fa-f]*$/.test(rest)) return 'wait';
    return {
      manufacturer: m[1] as string,
      id: m[2] as string,
      index: m[3] ?? null,
      length: Number.parseInt(m[4] as string, 16),
      contentStart: m[0].length,
    };
  }
  return bytes.length < 64 && PARTIAL.test(text) ? 'wait' : 'invalid';
}

export const watchFramer: FramerFactory = startByteFramer(OPEN, WATCH_MAX_FRAME, cutWatch);
