import { newPositionAt } from '../../codec/position-builder';
import type { DecodeResult, SessionView } from '../protocol.types';
import { readTag, tagSize } from './galileo-tags';

/**
 * The records of a run of tags `frame[start..end)` into `result`: a tag seen again starts the next record; a
 * record of the identification tags alone (versions, IMEI, device number) gives no position.
 */
export function readRecords(
  frame: Buffer,
  start: number,
  end: number,
  session: SessionView,
  result: DecodeResult,
): void {
  let record = newPositionAt();
  const seen = new Uint8Array(256);
  let decodable = false;
  let at = start;
  const flush = () => {
    if (decodable) result.messages.push(record);
    record = newPositionAt();
    seen.fill(0);
    decodable = false;
  };
  while (at < end) {
    const tag = frame[at] as number;
    const size = tagSize(tag, frame, at + 1, end);
    if (size < 0 || at + 1 + size > end) throw new Error(`galileo tag 0x${tag.toString(16)} does not fit`);
    if (seen[tag] === 1) flush();
    seen[tag] = 1;
    if (tag === 0x03) {
      result.uniqueId = frame.toString('latin1', at + 1, at + 16).replace(/\0+$/, '');
    } else {
      readTag(record, tag, frame, at + 1);
      if (tag > 0x04) decodable = true;
      if (tag === 0x04) {
        result.state = { ...session.state, deviceId: record.attributes.deviceId as number };
      }
    }
    at += 1 + size;
  }
  flush();
}
