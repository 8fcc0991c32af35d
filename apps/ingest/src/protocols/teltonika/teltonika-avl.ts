import type { ByteReader } from '../../codec/byte-reader';
import { addCellTower, cellTower } from '../../codec/network';
import {
  addAlarm,
  markOutdated,
  newPosition,
  type PositionDraft,
  setAttribute,
  setTime,
} from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import { decodeIoElement } from './teltonika-io';

export const CODEC_GH3000 = 0x07;
export const CODEC_8 = 0x08;
export const CODEC_8_EXT = 0x8e;
export const CODEC_16 = 0x10;
export const AVL_CODECS: ReadonlySet<number> = new Set([CODEC_GH3000, CODEC_8, CODEC_8_EXT, CODEC_16]);

export interface AvlOptions {
  /** The device model belongs to the FMB family (model-specific IO elements apply). */
  fmb: boolean;
  /** Records carry a group of 16-byte IO elements after the 8-byte group (Traccar's `extended`). */
  extended: boolean;
}

/**
 * Decodes the `count` AVL records of codec 7 (GH3000), 8, 8 Extended or 16 that start at `reader`'s cursor, and the
 * trailing record count. Throws on a truncated record; returns whether the trailing count matched.
 */
export function decodeAvlRecords(
  reader: ByteReader,
  codec: number,
  count: number,
  options: AvlOptions,
): { positions: PositionDraft[]; countMatches: boolean } {
  const positions: PositionDraft[] = [];
  for (let i = 0; i < count; i++) {
    const position = codec === CODEC_GH3000 ? decodeGh3000Record(reader) : decodeRecord(reader, codec, options);
    if (!position.outdated || Object.keys(position.attributes).length > 0) positions.push(position);
  }
  const countMatches = reader.u8() === count;
  return { positions, countMatches };
}

/** Value lengths of the fixed IO element groups, in order (`extended`: with the 16-byte group). */
const GROUPS = [1, 2, 4, 8] as const;
const EXTENDED_GROUPS = [1, 2, 4, 8, 16] as const;

/** Codec 8 / 8 Extended / 16: ms timestamp, priority, GPS element, then the IO element groups. */
function decodeRecord(reader: ByteReader, codec: number, options: AvlOptions): PositionDraft {
  const wide = codec === CODEC_8_EXT || codec === CODEC_16; // 2-byte IO ids and event id
  const wideCounts = codec === CODEC_8_EXT; // 2-byte element counts
  const position = newPosition();
  const high = reader.u32(); // ms since 1970 in 8 bytes: exact as a double below 2^53
  const time = new Date(high * 0x1_0000_0000 + reader.u32());
  setTime(position, time);
  setAttribute(position, 'priority', reader.u8());
  position.longitude = reader.i32() / 1e7;
  position.latitude = reader.i32() / 1e7;
  position.altitude = reader.i16();
  position.course = reader.u16();
  const satellites = reader.u8();
  setAttribute(position, 'sat', satellites);
  position.valid = satellites !== 0;
  position.speed = knotsFromKph(reader.u16());

  setAttribute(position, 'event', wide ? reader.u16() : reader.u8());
  if (codec === CODEC_16) reader.skip(1); // generation type
  reader.skip(wideCounts ? 2 : 1); // total element count

  for (const length of options.extended ? EXTENDED_GROUPS : GROUPS) {
    const elements = wideCounts ? reader.u16() : reader.u8();
    for (let j = 0; j < elements; j++) {
      const id = wide ? reader.u16() : reader.u8();
      const start = reader.position;
      reader.skip(length);
      decodeIoElement(position, reader.buffer, id, start, length, false, options.fmb);
    }
  }
  if (codec === CODEC_8_EXT) {
    const elements = reader.u16();
    for (let j = 0; j < elements; j++) {
      const id = reader.u16();
      const length = reader.u16();
      const start = reader.position;
      reader.skip(length);
      decodeIoElement(position, reader.buffer, id, start, length, true, options.fmb);
    }
  }
  return position;
}

/** GH3000 seconds count from 2007-01-01T00:00:00Z. */
const GH3000_EPOCH = 1167609600;

/**
 * Codec 7 (GH3000): a 30-bit time (two priority bits above it), a global mask (bit 0 GPS element, bits 1-3 IO
 * groups of 1, 2 and 4 bytes) and a GPS element with its own mask of present fields.
 */
function decodeGh3000Record(reader: ByteReader): PositionDraft {
  const position = newPosition();
  position.valid = true;
  const time = new Date(((reader.u32() & 0x3fffffff) + GH3000_EPOCH) * 1000);
  const globalMask = reader.u8();
  if (globalMask & 0x01) {
    setTime(position, time);
    const mask = reader.u8();
    if (mask & 0x01) {
      position.latitude = reader.bytes(4).readFloatBE(0);
      position.longitude = reader.bytes(4).readFloatBE(0);
    }
    if (mask & 0x02) position.altitude = reader.u16();
    if (mask & 0x04) position.course = (reader.u8() * 360) / 256;
    if (mask & 0x08) position.speed = knotsFromKph(reader.u8());
    if (mask & 0x10) {
      const satellites = reader.u8();
      setAttribute(position, 'sat', satellites);
      position.valid = satellites >= 3;
    }
    if (mask & 0x20) {
      const lac = reader.u16();
      const cid = reader.u16();
      addCellTower(position, cellTower(0, 0, lac, cid));
    }
    if (mask & 0x40) setAttribute(position, 'rssi', reader.u8());
    if (mask & 0x80) setAttribute(position, 'operator', reader.u32());
  } else {
    markOutdated(position, time);
  }
  for (const [bit, length] of [
    [0x02, 1],
    [0x04, 2],
    [0x08, 4],
  ] as const) {
    if (!(globalMask & bit)) continue;
    const elements = reader.u8();
    for (let j = 0; j < elements; j++) {
      const id = reader.u8();
      const value = length === 1 ? reader.u8() : length === 2 ? reader.u16() : reader.u32();
      decodeGh3000Element(position, id, value);
    }
  }
  return position;
}

function decodeGh3000Element(position: PositionDraft, id: number, value: number): void {
  switch (id) {
    case 1:
      setAttribute(position, 'batteryLevel', value);
      break;
    case 2:
      setAttribute(position, 'usbConnected', value === 1);
      break;
    case 5:
      setAttribute(position, 'uptime', value);
      break;
    case 20:
      setAttribute(position, 'hdop', value / 10);
      break;
    case 21:
      setAttribute(position, 'vdop', value / 10);
      break;
    case 22:
      setAttribute(position, 'pdop', value / 10);
      break;
    case 67:
      setAttribute(position, 'battery', value / 1000);
      break;
    case 221:
      setAttribute(position, 'button', value);
      break;
    case 222:
      if (value === 1) addAlarm(position, 'sos');
      break;
    case 240:
      setAttribute(position, 'motion', value === 1);
      break;
    case 244:
      setAttribute(position, 'roaming', value === 1);
      break;
    default:
      setAttribute(position, `io${id}`, value);
  }
}
