import { type StartCut, startByteFramer } from '../../codec/start-byte.framer';
import type { FramerFactory } from '../protocol.types';
import { MIN_PACKET } from './meiligao-frame';

const DOLLAR = 0x24;
const CR = 0x0d;
const LF = 0x0a;
const CRLF = Buffer.of(CR, LF);

/** Longest packet kept (photo packets run to about 1 KiB); a `$$` without its end within this is dropped. */
export const MEILIGAO_MAX_FRAME = 2048;

/**
 * A packet runs from `$$` for its declared length and ends in CR LF. Some firmware declares a length of 0 or one
 * that does not land on CR LF; such a packet ends at its first CR LF after the header (text data never holds one).
 */
function cutMeiligao(buffer: Buffer): StartCut {
  if (buffer.length < 2) return 'wait';
  if (buffer[1] !== DOLLAR) return { skipTo: 1 };
  if (buffer.length < 4) return 'wait';
  const declared = buffer.readUInt16BE(2);
  if (declared >= MIN_PACKET && declared <= MEILIGAO_MAX_FRAME) {
    if (buffer.length < declared) return 'wait';
    if (buffer[declared - 2] === CR && buffer[declared - 1] === LF) {
      return { frame: Buffer.from(buffer.subarray(0, declared)), consumed: declared };
    }
  }
  const end = buffer.indexOf(CRLF, MIN_PACKET - 2);
  if (end >= 0 && end + 2 <= MEILIGAO_MAX_FRAME) {
    return { frame: Buffer.from(buffer.subarray(0, end + 2)), consumed: end + 2 };
  }
  // no CR LF at all: a packet starting more than the limit before the end of the bytes cannot end in them
  if (end < 0 && buffer.length > MEILIGAO_MAX_FRAME) return { skipTo: buffer.length - MEILIGAO_MAX_FRAME };
  return 'wait';
}

export const meiligaoFramer: FramerFactory = startByteFramer(DOLLAR, MEILIGAO_MAX_FRAME, cutMeiligao);
