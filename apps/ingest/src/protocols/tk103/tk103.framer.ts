import { type StartCut, startByteFramer } from '../../codec/start-byte.framer';
import type { FramerFactory } from '../protocol.types';

const OPEN = 0x28; // (
const CLOSE = 0x29; // )
const FREE_TEXT = 0x24; // $

/** Longest frame kept; a '(' without its ')' within this many bytes is dropped. */
export const TK103_MAX_FRAME = 4096;

/**
 * TK103 frames run from '(' to ')'. Free text between two '$' (a command reply such as
 * `(id,ZC03,date,time,$Notice: ... (v2) ...$)`) may hold parentheses, so a ')' there does not end the frame.
 * Bytes before a '(' are garbage and dropped; a second '(' outside free text restarts the frame.
 */
function cutTk103(buffer: Buffer): StartCut {
  let freeText = false;
  const limit = Math.min(buffer.length, TK103_MAX_FRAME + 1);
  for (let i = 1; i < limit; i++) {
    const byte = buffer[i];
    if (byte === FREE_TEXT) freeText = !freeText;
    else if (!freeText && byte === CLOSE) return { frame: Buffer.from(buffer.subarray(0, i + 1)), consumed: i + 1 };
    else if (!freeText && byte === OPEN) return { skipTo: i };
  }
  return 'wait';
}

export const tk103Framer: FramerFactory = startByteFramer(OPEN, TK103_MAX_FRAME, cutTk103);
