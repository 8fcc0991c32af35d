import { readBcd } from '../../codec/bcd';
import { ByteReader } from '../../codec/byte-reader';
import { utcDate } from '../../codec/dates';
import { newPosition, type PositionDraft, setAttribute, setTime } from '../../codec/position-builder';
import { applyStatus } from './h02-text.decoder';

/**
 * Binary H02 report ('$', 32 or 45 bytes, 42 with a 15-digit id): BCD id, time hhmmss, date ddmmyy, latitude
 * ddmm.mmmm, battery, longitude dddmm.mmmm, flags nibble (fix, north, east), speed (knots, 3 digits), course
 * (3 digits), status word.
 */

function batteryLevel(value: number): number | undefined {
  if (value === 0) return undefined;
  if (value <= 3) return (value - 1) * 10;
  if (value <= 6) return (value - 1) * 20;
  if (value <= 100) return value;
  if (value >= 0xf1 && value <= 0xf6) return value - 0xf0;
  return undefined;
}

export function decodeH02Binary(frame: Buffer): { uniqueId: string; position: PositionDraft } {
  const reader = new ByteReader(frame);
  const longId = frame.length === 42;
  reader.skip(1); // '$'
  const uniqueId = longId ? reader.hex(8).substring(0, 15) : reader.hex(5);
  if (!/^\d+$/.test(uniqueId)) throw new Error('h02: device id is not BCD');
  const position = newPosition();
  const [hour, minute, second, day, month, year] = [2, 2, 2, 2, 2, 2].map((n) => readBcd(reader, n)) as number[];
  setTime(position, utcDate(year as number, month as number, day as number, hour, minute, second));

  let latitude = readBcd(reader, 2) + (readBcd(reader, 6) * 0.0001) / 60;
  setAttribute(position, 'batteryLevel', batteryLevel(reader.u8()));
  const lonDegrees = readBcd(reader, 2) * 10 + (reader.peekU8() >> 4);
  const lonMinutes = (reader.u8() & 0x0f) * 10 + readBcd(reader, 5) * 0.0001;
  let longitude = lonDegrees + lonMinutes / 60;

  const flags = reader.u8() & 0x0f;
  position.valid = (flags & 0x02) !== 0;
  if ((flags & 0x04) === 0) latitude = -latitude;
  if ((flags & 0x08) === 0) longitude = -longitude;
  position.latitude = latitude;
  position.longitude = longitude;

  position.speed = readBcd(reader, 3);
  position.course = (reader.u8() & 0x0f) * 100 + readBcd(reader, 2);
  applyStatus(position, reader.u32());
  return { uniqueId, position };
}
