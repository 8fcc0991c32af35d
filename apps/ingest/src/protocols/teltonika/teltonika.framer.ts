import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';
import { CODEC_8, CODEC_8_EXT, CODEC_16, CODEC_GH3000 } from './teltonika-avl';
import { SERIAL_CODECS } from './teltonika-serial';

/** Longest data part accepted (the devices send at most a few KiB). */
const MAX_DATA_LENGTH = 64 * 1024;
/** IMEI login lengths accepted (an IMEI has 15 digits). */
const MIN_IMEI_LENGTH = 8;
const MAX_IMEI_LENGTH = 20;
/** Smallest record of each codec (no IO elements), to reject lengths that cannot hold the announced count. */
const MIN_RECORD: ReadonlyMap<number, number> = new Map([
  [CODEC_GH3000, 5],
  [CODEC_8, 30],
  [CODEC_8_EXT, 38],
  [CODEC_16, 32],
  ...[...SERIAL_CODECS].map((codec) => [codec, 5] as const),
]);
/** Message types of codec 12/13/14: command, response, camera, negative acknowledgement. */
const SERIAL_TYPES: ReadonlySet<number> = new Set([0x05, 0x06, 0x0d, 0x11]);

/**
 * Cuts a Teltonika TCP stream into frames: a 0xFF keep-alive byte, an IMEI login (2-byte length + 8 to 20
 * ASCII digits), or an AVL packet (4 zero bytes, 4-byte data length, data, 4-byte CRC). Bytes that cannot start any of
 * them (an unknown codec, an implausible length, record counts that disagree) are skipped one at a time until the
 * stream lines up again; the CRC itself is the decoder's to check.
 */
export const teltonikaFramer: FramerFactory = scanningFramer(cutAt);

/** What the bytes at `at` are: a whole frame of some length, not a frame start, or the start of one not yet whole. */
function cutAt(buffer: Buffer, at: number): Cut {
  const available = buffer.length - at;
  const first = buffer[at] as number;
  if (first === 0xff) return { frame: 1 };
  if (first !== 0x00) return { skip: true };
  if (available < 2) return { wait: true };

  const second = buffer[at + 1] as number;
  if (second !== 0x00) {
    // IMEI login: the length's high byte is 0, its low byte is `second`.
    if (second < MIN_IMEI_LENGTH || second > MAX_IMEI_LENGTH) return { skip: true };
    const total = 2 + second;
    for (let i = at + 2; i < at + Math.min(total, available); i++) {
      const b = buffer[i] as number;
      if (b < 0x30 || b > 0x39) return { skip: true };
    }
    return available < total ? { wait: true } : { frame: total };
  }

  // AVL packet: 4 zero bytes, then the data length and the data (codec id first).
  for (let i = 2; i < Math.min(4, available); i++) if (buffer[at + i] !== 0x00) return { skip: true };
  if (available < 9) return { wait: true };
  const length = buffer.readUInt32BE(at + 4);
  const codec = buffer[at + 8] as number;
  const minRecord = MIN_RECORD.get(codec);
  if (minRecord === undefined || length > MAX_DATA_LENGTH) return { skip: true };
  if (available >= 10) {
    const count = buffer[at + 9] as number;
    if (count === 0 || length < 3 + count * minRecord) return { skip: true };
  }
  if (!plausibleFirstRecord(buffer, at, available, codec, length)) return { skip: true };
  const total = 12 + length;
  if (available < total) return { wait: true };
  // The record count opens and closes the data.
  if (buffer[at + 9] !== buffer[at + 8 + length - 1]) return { skip: true };
  return { frame: total };
}

/**
 * Looks at the start of the first record: a millisecond timestamp (codec 8/8E/16) has its top 16 bits clear until
 * the year 10889; a codec 12/13/14 message has a known type and a size within the data.
 */
function plausibleFirstRecord(buffer: Buffer, at: number, available: number, codec: number, length: number): boolean {
  if (codec === CODEC_8 || codec === CODEC_8_EXT || codec === CODEC_16) {
    return (available < 11 || buffer[at + 10] === 0) && (available < 12 || buffer[at + 11] === 0);
  }
  if (SERIAL_CODECS.has(codec)) {
    if (available >= 11 && !SERIAL_TYPES.has(buffer[at + 10] as number)) return false;
    if (available >= 15 && buffer.readUInt32BE(at + 11) > length) return false;
  }
  return true;
}
