import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { Framer } from '../protocol.types';
import { flexMinimumSize, flexRecordSize, parseFlexNegotiation } from './navis-flex';
import { crc8, isNtcb, NTCB_HEADER, xorSum } from './navis-ntcb';

/** Largest message: an NTCB header and a 16-bit payload length (FLEX `~` messages are held to the same bound). */
export const NAVIS_MAX_FRAME = NTCB_HEADER + 0xffff;

/**
 * Cuts a Navtelecom connection: NTCB messages by the length in their header (whose XOR checksum must hold), the
 * 0x7F keep-alive byte, and FLEX `~` messages. `~A` (count, records), `~T` (index, record) and `~C` (record) are
 * cut by the record size the device negotiated with `*>FLEX` earlier on the same connection, which this framer
 * reads as it passes; `~E` (count, then index, length and data each) and `~X` (index, length, data) by their own
 * lengths. A `~` message must end in its CRC-8. When the negotiated fields include some of unknown size, the record
 * size is learnt from the first `~A` array of two records or more (learnRecordSize); before a negotiation, or
 * before that size is known, `~A`/`~T`/`~C` cannot be cut and are skipped.
 */
export function navisFramer(): Framer {
  let recordSize: number | null = null;
  // with fields of unknown size: the least a record can take, until a ~A array shows the real size
  let minimumSize: number | null = null;
  const cut = (buffer: Buffer, at: number, budget: { spend(bytes: number): boolean }): Cut => {
    const first = buffer[at];
    if (first === 0x7f) return { frame: 1 };
    if (first === 0x40) {
      if (buffer.length - at < 4) return isNtcbPrefix(buffer, at) ? { wait: true } : { skip: true };
      if (!isNtcb(buffer, at)) return { skip: true };
      if (buffer.length - at < NTCB_HEADER) return { wait: true };
      if (xorSum(buffer, at, at + 15) !== buffer[at + 15]) return { skip: true };
      const length = NTCB_HEADER + buffer.readUInt16LE(at + 12);
      if (buffer.length - at < length) return { wait: true };
      const payload = buffer.subarray(at + NTCB_HEADER, at + length);
      if (payload.subarray(0, 6).toString('latin1') === '*>FLEX') {
        try {
          const { fields } = parseFlexNegotiation(payload);
          recordSize = flexRecordSize(fields);
          // learnt only when each record starts with its number (field 1)
          minimumSize = recordSize === null && fields[0] === 1 ? Math.max(4, flexMinimumSize(fields)) : null;
        } catch {
          recordSize = null;
          minimumSize = null;
        }
      }
      return { frame: length };
    }
    if (first !== 0x7e) return { skip: true };
    if (buffer.length - at < 2) return { wait: true };
    if (recordSize === null && minimumSize !== null && buffer[at + 1] === 0x41) {
      const learnt = learnRecordSize(buffer, at, minimumSize, budget);
      if ('frame' in learnt) recordSize = (learnt.frame - 4) / (buffer[at + 2] as number);
      return learnt;
    }
    const length = flexLength(buffer, at, recordSize);
    if (length === null) return { skip: true };
    if (length === 'wait') return { wait: true };
    if (length > NAVIS_MAX_FRAME) return { skip: true };
    if (buffer.length - at < length) return { wait: true };
    if (!budget.spend(length)) return { skip: true };
    return crc8(buffer, at, at + length - 1) === buffer[at + length - 1] ? { frame: length } : { skip: true };
  };
  return scanningFramer(cut)();
}

/**
 * The size of records whose fields are not all of known size, learnt from a `~A` array of two records or more: the
 * one size at which the CRC-8 holds and the record numbers (field 1, first in every record) follow one another. A
 * single record gives no such proof; it is passed over (unacknowledged, the device sends it again, with others).
 */
function learnRecordSize(
  buffer: Buffer,
  at: number,
  minimumSize: number,
  budget: { spend(bytes: number): boolean },
): Cut {
  const available = buffer.length - at;
  if (available < 7) return { wait: true };
  const count = buffer[at + 2] as number;
  if (count < 2) return { skip: true };
  const maximumSize = Math.floor((NAVIS_MAX_FRAME - 4) / count);
  const whole = available - 4 >= count * maximumSize;
  if (!budget.spend(Math.min(available, NAVIS_MAX_FRAME))) return whole ? { skip: true } : { wait: true };
  const first = buffer.readUInt32LE(at + 3);
  let crc = 0xff;
  for (let p = at; p < buffer.length; p++) {
    const body = p - at - 3;
    if (body > 0 && body % count === 0) {
      const size = body / count;
      if (size > maximumSize) return { skip: true };
      if (size >= minimumSize && crc === buffer[p] && numbered(buffer, at + 3, size, count, first)) {
        return { frame: p - at + 1 };
      }
    }
    crc ^= buffer[p] as number;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x31) & 0xff : (crc << 1) & 0xff;
  }
  return whole ? { skip: true } : { wait: true };
}

/** The records of `size` from `start` carry the record numbers first, first + 1, … */
function numbered(buffer: Buffer, start: number, size: number, count: number, first: number): boolean {
  for (let k = 1; k < count; k++) {
    if (buffer.readUInt32LE(start + k * size) !== (first + k) >>> 0) return false;
  }
  return true;
}

function isNtcbPrefix(buffer: Buffer, at: number): boolean {
  const text = '@NTC';
  for (let i = 0; at + i < buffer.length; i++) if (buffer[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** Length of the `~` message at `at`, 'wait' while its lengths are not all in, null when it is none. */
function flexLength(buffer: Buffer, at: number, recordSize: number | null): number | 'wait' | null {
  const type = String.fromCharCode(buffer[at + 1] as number);
  const available = buffer.length - at;
  switch (type) {
    case 'A':
      if (recordSize === null || recordSize === 0) return null;
      if (available < 3) return 'wait';
      if (buffer[at + 2] === 0) return null;
      return 3 + (buffer[at + 2] as number) * recordSize + 1;
    case 'T':
      return recordSize ? 2 + 4 + recordSize + 1 : null;
    case 'C':
      return recordSize ? 2 + recordSize + 1 : null;
    case 'X':
      if (available < 8) return 'wait';
      return 8 + buffer.readUInt16LE(at + 6) + 1;
    case 'E': {
      if (available < 3) return 'wait';
      const count = buffer[at + 2] as number;
      if (count === 0) return null;
      let offset = 3;
      for (let i = 0; i < count; i++) {
        if (available < offset + 6) return 'wait';
        offset += 6 + buffer.readUInt16LE(at + offset + 4);
        if (offset > NAVIS_MAX_FRAME) return null;
      }
      return offset + 1;
    }
    default:
      return null;
  }
}
