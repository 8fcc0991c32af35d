import { bcdPairs } from '../../codec/bcd';
import { NetworkBuilder } from '../../codec/network';
import { addAlarmOnce, newPosition, type PositionDraft, setTime } from '../../codec/position-builder';
import type { DecodeResult } from '../protocol.types';
import { Jt808Reader, jt808DeviceId } from './jt808-frame';

/**
 * 0x5501 (live) and 0x5502 (stored) reports of Jointech e-lock trackers inside the JT/T 808 framing: a 6-byte id,
 * a 1-byte serial, then Jointech's binary location (ddmmyy hhmmss BCD in UTC, BCD ddmm.mmmm latitude and
 * dddmm.mmmm longitude whose last nibble holds the hemisphere bits, BCD speed, course / 2), radio and battery
 * values, one cell, product, status and alarm words, and tagged extras (altitude, wake source, tilt).
 */
export function decodeJointech(frame: Buffer, msgId: number): DecodeResult {
  const reader = new Jt808Reader(frame, 3);
  reader.skip(2); // attributes
  const uniqueId = jt808DeviceId(Buffer.from(reader.bytes(6)));
  reader.skip(1); // serial
  const position = newPosition();
  const attributes = position.attributes;

  const [day, month, year, hour, minute, second] = bcdPairs(reader.bytes(6)) as number[];
  setTime(position, Date.UTC(2000 + (year ?? 0), (month ?? 1) - 1, day, hour, minute, second));
  const latDigits = digitsOf(reader.bytes(4));
  const lonBytes = reader.bytes(5);
  const lonDigits = digitsOf(lonBytes).slice(0, 9);
  const flags = (lonBytes[4] as number) & 0x0f;
  const latitude = Number(latDigits.slice(0, 2)) + Number(latDigits.slice(2)) / 10000 / 60;
  const longitude = Number(lonDigits.slice(0, 3)) + Number(lonDigits.slice(3)) / 10000 / 60;
  position.latitude = flags & 0x2 ? latitude : -latitude;
  position.longitude = flags & 0x4 ? longitude : -longitude;
  if (Math.abs(position.latitude) > 90 || Math.abs(position.longitude) > 180) throw new Error('jt808: bad coordinates');
  position.valid = msgId === 0x5501;
  position.speed = bcdPairs(reader.bytes(1))[0] ?? 0;
  position.course = Math.min(360, reader.u8() * 2);

  attributes.rssi = reader.u8();
  attributes.sat = reader.u8();
  attributes.odometer = reader.u32() * 1000;
  const battery = reader.u8();
  if (battery <= 100) attributes.batteryLevel = battery;
  else if (battery === 0xaa || battery === 0xab) attributes.charge = true;
  const network = new NetworkBuilder();
  const cid = reader.u32();
  network.addCell(0, 0, reader.u16(), cid);
  position.network = network.build();

  const product = reader.u8();
  const status = reader.u16();
  const alarm = reader.u16();
  if (product === 1 || product === 2) {
    if (alarm & 1) addAlarmOnce(position, 'lowPower');
  } else if (product === 3) {
    attributes.blocked = ((status >>> 5) & 1) === 1;
  }
  attributes.status = status;
  decodeExtras(reader, position);
  return { messages: [position], uniqueId };
}

function decodeExtras(reader: Jt808Reader, position: PositionDraft): void {
  while (reader.remaining > 2) {
    const id = reader.u8();
    const length = reader.u8();
    const end = reader.pos + length;
    if (end > reader.limit) break;
    if (id === 0x02 && length >= 2) position.altitude = reader.s16();
    else if (id === 0x10 && length >= 1) position.attributes.wakeSource = reader.u8();
    else if (id === 0x0c && length >= 6) {
      position.attributes.tilt = `[${reader.s16()},${reader.s16()},${reader.s16()}]`;
    }
    reader.pos = end;
  }
}

function digitsOf(bytes: Buffer): string {
  return [...bytes].map((b) => `${b >> 4}${b & 0x0f}`).join('');
}
