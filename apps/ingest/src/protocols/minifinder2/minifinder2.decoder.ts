import { ByteReader } from '../../codec/byte-reader';
import { NetworkBuilder } from '../../codec/network';
import { newPosition, newPositionAt, type PositionDraft } from '../../codec/position-builder';
import type { DecodeResult, Decoder } from '../protocol.types';
import {
  FLAG_ACK,
  HEAD_LENGTH,
  HEADER,
  MSG_DATA,
  MSG_RESPONSE,
  MSG_SERVICES,
  MSG_SYSTEM_CONTROL,
  minifinder2Frame,
} from './minifinder2-frame';
import { type MinifinderRecord, readKey } from './minifinder2-records';

/** Keys a record may hold several times (one per beacon seen) without starting a new record. */
const REPEATABLE = new Set([0x28, 0x2c]);

function newRecord(): MinifinderRecord {
  const position = newPosition();
  position.deviceTime = null;
  position.fixTime = null;
  return { position, network: new NetworkBuilder(), tags: 0, located: false };
}

/** A record without a fix of its own (no valid location and no HDOP) is outdated, its times kept. */
function finish(record: MinifinderRecord): PositionDraft {
  const p = record.position;
  p.network = record.network.build();
  if (!p.valid && p.attributes.hdop === undefined) p.outdated = true;
  else if (!record.located) p.outdated = true;
  return p;
}

/**
 * The answer to a frame that asks for one (flag bit 4): a services request (0x03) is answered key by key
 * (locations 0x11/0x21/0x22 as "none", time 0x12 as the server time); anything else with "success" (0x7F 01 00).
 */
function answer(type: number, index: number, body: ByteReader, now: Date): Buffer {
  if (type !== MSG_SERVICES) return minifinder2Frame(Buffer.from([MSG_RESPONSE, 0x01, 0x00]), index);
  const parts: Buffer[] = [Buffer.from([MSG_SERVICES])];
  while (body.remaining > 0) {
    const length = body.u8();
    const value = new ByteReader(body.bytes(length));
    const key = value.u8();
    if (key === 0x11 || key === 0x21 || key === 0x22) parts.push(Buffer.from([10, key, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    else if (key === 0x12) {
      const time = Buffer.from([5, key, 0, 0, 0, 0]);
      time.writeUInt32LE(Math.floor(now.getTime() / 1000), 2);
      parts.push(time);
    }
  }
  return minifinder2Frame(Buffer.concat(parts), index);
}

/**
 * MiniFinder Pico/Atto/Nano (protocol 2): a binary frame whose content is a message type and keyed records
 * (length, key, value). A data message (0x01) holds one or more records, a key met twice starting the next; the
 * IMEI (key 0x01) names the device. Frames with flag bit 4 are answered, else the device sends them again.
 */
export const decodeMinifinder2: Decoder<Buffer> = (frame, session) => {
  const r = new ByteReader(frame);
  if (r.u8() !== HEADER) throw new Error('minifinder2: no 0xAB header');
  const flags = r.u8();
  const length = frame.readUInt16LE(2);
  r.skip(4); // length, checksum
  if (frame.length !== HEAD_LENGTH + length) throw new Error('minifinder2: length does not match');
  const index = r.bytes(2).readUInt16LE(0);
  const type = r.u8();
  const result: DecodeResult = { messages: [] };
  if (flags & FLAG_ACK) result.ack = answer(type, index, new ByteReader(frame, r.position), session.receivedAt);

  if (type === MSG_DATA || type === MSG_SERVICES) {
    const positions: PositionDraft[] = [];
    const seen = new Set<number>();
    let record = newRecord();
    let uniqueId = session.uniqueId ?? undefined;
    while (r.remaining > 0) {
      const size = r.u8();
      if (size === 0) continue;
      const value = new ByteReader(r.bytes(size));
      const key = value.u8();
      if (seen.has(key) && !REPEATABLE.has(key)) {
        positions.push(finish(record));
        seen.clear();
        record = newRecord();
      }
      seen.add(key);
      if (key === 0x01) uniqueId = value.ascii(15);
      else readKey(record, key, value);
    }
    positions.push(finish(record));
    if (uniqueId) {
      result.uniqueId = uniqueId;
      result.messages = positions;
    }
  } else if (type === MSG_SYSTEM_CONTROL && session.uniqueId) {
    // the answer to a system-control command: records whose text (after a status byte) is the device's reply
    const texts: string[] = [];
    while (r.remaining > 0) {
      const value = new ByteReader(r.bytes(r.u8()));
      if (value.remaining >= 2) {
        value.skip(2); // key, status
        texts.push(value.ascii(value.remaining));
      }
    }
    const p = newPositionAt(null);
    p.attributes.result = texts.join(',');
    result.messages = [p];
  } else if (type === MSG_RESPONSE && session.uniqueId && r.remaining >= 2) {
    r.skip(1); // length
    const p = newPositionAt(null);
    p.attributes.result = String(r.u8());
    result.messages = [p];
  }
  return result;
};
