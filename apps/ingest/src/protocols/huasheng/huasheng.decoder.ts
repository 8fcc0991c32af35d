import { ByteReader } from '../../codec/byte-reader';
import { isoTimeOf } from '../../codec/dates';
import { addCellTower, cellTower, cellTowerInRange } from '../../codec/network';
import type { PositionDraft } from '../../codec/position-builder';
import { addAlarm, newPosition, setAttribute, setLocation } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';

export const TYPE_POSITION = 0xaa00;
export const TYPE_LOGIN = 0xaa02;

/**
 * HuaSheng (OBD trackers) over TCP: `C0 <flag u16> <length u16> <type u16> <index u32> <body> C0`, the length
 * counting from the flag to the last byte before the closing C0. Login (AA02) carries tagged items, the IMEI among
 * them; a position (AA00) has status, event, time, location and motion, then tagged items (OBD data, signal, VIN,
 * odometer, engine hours, engine load, cell). Login and positions are answered with their type + 1 and index; a
 * position before a login has no device and is not kept.
 */
export const decodeHuasheng: Decoder<Buffer> = (frame, session) => {
  if (frame.length < 14 || frame[0] !== 0xc0 || frame[frame.length - 1] !== 0xc0)
    throw new Error('huasheng: not a frame');
  const reader = new ByteReader(frame.subarray(1, frame.length - 1));
  const flag = reader.u16();
  const length = reader.u16();
  if (length !== frame.length - 2) throw new Error(`huasheng: length ${length} for ${frame.length - 2} bytes`);
  const type = reader.u16();
  const index = reader.u32();

  if (type === TYPE_LOGIN) {
    let uniqueId: string | undefined;
    reader.skip(2);
    for (const [tag, value] of items(reader)) if (tag === 0x0003) uniqueId = value.toString('latin1');
    const result: DecodeResult = { messages: [], ack: ack(flag, type + 1, index) };
    if (uniqueId) result.uniqueId = uniqueId;
    return result;
  }
  if (type !== TYPE_POSITION) return { messages: [] };
  const result: DecodeResult = { messages: [], ack: ack(flag, type + 1, index) };
  if (session.uniqueId === null) return result;
  result.messages.push(decodePosition(reader));
  return result;
};

function decodePosition(reader: ByteReader): PositionDraft {
  const position = newPosition();
  reader.skip(2);
  const status = reader.u16();
  setAttribute(position, 'status', status);
  setAttribute(position, 'ignition', (status & 0x4000) !== 0);
  const valid = (status & 0x8000) !== 0;
  const event = reader.u16();
  setAttribute(position, 'event', event);
  if (event === 8) addAlarm(position, 'hardAcceleration');
  const t = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(reader.bytes(12).toString('latin1'));
  if (!t) throw new Error('huasheng: bad time');
  const iso = isoTimeOf(Number(t[1]), Number(t[2]), Number(t[3]), Number(t[4]), Number(t[5]), Number(t[6]));
  position.fixTime = iso;
  position.deviceTime = iso;
  const longitude = reader.i32() / 100000;
  const latitude = reader.i32() / 100000;
  setLocation(position, latitude, longitude);
  position.valid = valid;
  position.speed = knotsFromKph(reader.u16());
  position.course = reader.u16();
  position.altitude = reader.u16();
  reader.skip(2);
  for (const [tag, value] of items(reader)) readItem(position, tag, value);
  return position;
}

function readItem(position: PositionDraft, tag: number, value: Buffer): void {
  const item = new ByteReader(value);
  switch (tag) {
    case 0x0001: {
      // OBD: coolant, rpm, average speed, ?, fuel consumption, trip, power, fuel, ?, fuel 2, …, AdBlue
      if (value.length < 13) return;
      setAttribute(position, 'coolantTemp', item.u8() - 40);
      setAttribute(position, 'rpm', item.u16());
      setAttribute(position, 'averageSpeed', item.u8());
      item.skip(2);
      setAttribute(position, 'fuelConsumption', item.u16() / 100);
      setAttribute(position, 'tripOdometer', item.u16());
      setAttribute(position, 'power', item.u16() / 100);
      setAttribute(position, 'fuel', item.u8() * 0.4);
      if (value.length >= 20) {
        item.skip(1);
        setAttribute(position, 'fuelLevel2', item.u8());
        item.skip(4);
        setAttribute(position, 'adBlueLevel', item.u8() * 0.4);
      }
      break;
    }
    case 0x0005:
      if (value.length >= 2) {
        setAttribute(position, 'rssi', item.u8());
        setAttribute(position, 'hdop', item.u8());
      }
      break;
    case 0x0009:
      setAttribute(position, 'vin', value.toString('latin1'));
      break;
    case 0x0010: {
      const km = Number(value.toString('latin1'));
      if (Number.isFinite(km)) setAttribute(position, 'odometer', km * 1000);
      break;
    }
    case 0x0011:
      if (value.length >= 4) setAttribute(position, 'hours', item.u32() * 0.05);
      break;
    case 0x0014:
      if (value.length >= 7) {
        item.skip(1);
        setAttribute(position, 'engineLoad', item.u8() / 255);
        setAttribute(position, 'timingAdvance', item.u8() * 0.5);
        setAttribute(position, 'airTemp', item.u8() - 40);
        setAttribute(position, 'airFlow', item.u16() * 0.01);
        setAttribute(position, 'throttle', item.u8() / 255);
      }
      break;
    case 0x0020: {
      // "<mcc>@<mnc>@<lac hex>@<cid hex>"
      const cell = /^(\d+)@(\d+)@([0-9a-fA-F]+)@([0-9a-fA-F]+)/.exec(value.toString('latin1'));
      if (!cell) return;
      const [mcc, mnc] = [Number(cell[1]), Number(cell[2])];
      const lac = Number.parseInt(cell[3] as string, 16) & 0xffff;
      const cid = Number.parseInt(cell[4] as string, 16);
      // an LTE cell is sent with area 0 and its 28-bit cell identity: kept (the other ranges still checked)
      const tower =
        lac === 0
          ? cellTowerInRange(mcc, mnc, 1, cid) && cellTower(mcc, mnc, 0, cid)
          : cellTowerInRange(mcc, mnc, lac, cid);
      if (tower) addCellTower(position, tower);
      break;
    }
  }
}

/** Tagged items to the end: `<tag u16><length u16 (with these 4 bytes)><value>`. */
function* items(reader: ByteReader): Generator<[number, Buffer]> {
  while (reader.remaining >= 4) {
    const tag = reader.u16();
    const length = reader.u16();
    if (length < 4 || length - 4 > reader.remaining) throw new Error('huasheng: bad item length');
    yield [tag, reader.bytes(length - 4)];
  }
}

/** `C0 <flag> <length> <type> <index> C0` (no body, nothing to escape but the header). */
export function ack(flag: number, type: number, index: number): Buffer {
  const body = Buffer.alloc(10);
  body.writeUInt16BE(flag, 0);
  body.writeUInt16BE(10, 2);
  body.writeUInt16BE(type, 4);
  body.writeUInt32BE(index >>> 0, 6);
  return Buffer.concat([Buffer.of(0xc0), slipEscape(body), Buffer.of(0xc0)]);
}

/** SLIP escaping of a frame's inside: C0 → DB DC, DB → DB DD. */
export function slipEscape(inside: Buffer): Buffer {
  const bytes: number[] = [];
  for (const b of inside) {
    if (b === 0xc0) bytes.push(0xdb, 0xdc);
    else if (b === 0xdb) bytes.push(0xdb, 0xdd);
    else bytes.push(b);
  }
  return Buffer.from(bytes);
}
