import { ByteReader } from '../../codec/byte-reader';
import { isoTimeOf } from '../../codec/dates';
import { NetworkBuilder } from '../../codec/network';
import { newPosition, type PositionDraft, setLocation } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';
import { RECORD_SIZE, readExtended, readFix, readRecord } from './jt600-binary';

/** Knots per mile an hour (the U-series reports speed in mph). */
const KNOTS_PER_MPH = 0.868976;

const num = (text: string | undefined): number => {
  const value = Number(text);
  if (text === undefined || text === '' || !Number.isFinite(value)) throw new Error(`jt600: bad number ${text}`);
  return value;
};

function timeOf(date: string | undefined, time: string | undefined): string {
  if (!date || !time || !/^\d{6}$/.test(date) || !/^\d{6}$/.test(time)) throw new Error('jt600: bad date or time');
  const d = (s: string, i: number) => Number(s.slice(i, i + 2));
  return isoTimeOf(2000 + d(date, 4), d(date, 2), d(date, 0), d(time, 0), d(time, 2), d(time, 4));
}

function stamp(p: PositionDraft, time: string): void {
  p.deviceTime = time;
  p.fixTime = time;
}

/** `ddmm.mmmm` / `dddmm.mmmm` with its hemisphere. */
function nmea(value: string | undefined, hemisphere: string | undefined): number {
  const n = num(value);
  const degrees = Math.floor(n / 100);
  const result = degrees + (n - degrees * 100) / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -result : result;
}

const signed = (value: string | undefined, hemisphere: string | undefined) =>
  hemisphere === 'S' || hemisphere === 'W' ? -num(value) : num(value);

/** W01: location with power, GPS state, signal and alert type; confirmed with `(P35)`. */
function decodeW01(f: string[]): PositionDraft {
  const p = newPosition();
  setLocation(p, nmea(f[4], f[5]), nmea(f[2], f[3]));
  p.valid = f[6] === 'A';
  stamp(p, timeOf(f[7], f[8]));
  p.speed = knotsFromKph(num(f[9]));
  p.course = num(f[10]);
  p.attributes.power = num(f[11]);
  p.attributes.gps = num(f[12]);
  p.attributes.rssi = num(f[13]);
  p.attributes.alertType = num(f[14]);
  return p;
}

/**
 * U01/U02/U03 (and U06 after its event field): date, time, T/F fix, latitude, N/S, longitude, E/W, speed (mph),
 * course, satellites, battery `nn%`, status bits, cell id, LAC, signal, odometer (km), record index.
 */
function decodeU(f: string[], at: number): PositionDraft {
  const p = newPosition();
  stamp(p, timeOf(f[at], f[at + 1]));
  p.valid = f[at + 2] === 'T';
  setLocation(p, signed(f[at + 3], f[at + 4]), signed(f[at + 5], f[at + 6]));
  p.speed = num(f[at + 7]) * KNOTS_PER_MPH;
  p.course = num(f[at + 8]);
  const a = p.attributes;
  a.sat = num(f[at + 9]);
  a.batteryLevel = num((f[at + 10] ?? '').replace('%', ''));
  const bits = f[at + 11] ?? '';
  if (!/^[01]+$/.test(bits)) throw new Error('jt600: bad status bits');
  a.status = Number.parseInt(bits, 2);
  const network = new NetworkBuilder();
  network.addCell(0, 0, num(f[at + 13]), num(f[at + 12]), -num(f[at + 14]));
  p.network = network.build();
  a.odometer = num(f[at + 15]) * 1000;
  a.index = num(f[at + 16]);
  return p;
}

/** P45 (JT709 lock event): date, time, location, A/V, speed (mph), course, event source, a state, card id. */
function decodeP45(f: string[]): PositionDraft {
  const p = newPosition();
  stamp(p, timeOf(f[2], f[3]));
  setLocation(p, signed(f[4], f[5]), signed(f[6], f[7]));
  p.valid = f[8] === 'A';
  p.speed = num(f[9]) * KNOTS_PER_MPH;
  p.course = num(f[10]);
  p.attributes.eventSource = num(f[11]);
  const card = f[13] ?? '';
  if (card !== '' && !/^0+$/.test(card)) p.attributes.driverUniqueId = card;
  return p;
}

/** WLNET: a binary fix followed by a wireless sensor's reading (battery, signal, temperature, humidity). */
function decodeWlnet(frame: Buffer): PositionDraft {
  let at = 0;
  for (let commas = 0; commas < 6; commas++) {
    at = frame.indexOf(0x2c, at) + 1;
    if (at === 0) throw new Error('jt600: WLNET without its data');
  }
  const r = new ByteReader(frame, at, frame.length - 1);
  const p = readFix(r);
  r.skip(2); // speed, course
  r.skip(6 + 6); // sensor time, sensor id
  const a = p.attributes;
  a.sensorBattery = r.u16() / 100;
  a.sensorBatteryLevel = r.u8();
  a.sensorRssi = -r.u8();
  r.skip(1);
  a.temp1 = r.i16() / 10;
  a.humidity = r.u8();
  return p;
}

const ACKS: Readonly<Record<string, string>> = { W01: '(P35)', U01: '(S39)', U02: '(S39)', U03: '(S39)', U06: '(S20)' };

function decodeText(frame: Buffer): DecodeResult {
  const body = frame.toString('latin1', 1, frame.length - 1);
  const f = body.split(',');
  const uniqueId = f[0] ?? '';
  if (!/^\d+$/.test(uniqueId)) throw new Error('jt600: no device id');
  const type = f[1] ?? '';
  let position: PositionDraft | null = null;
  if (f[3] === 'WLNET') position = decodeWlnet(frame);
  else if (type === 'W01') position = decodeW01(f);
  else if (type === 'U01' || type === 'U02' || type === 'U03') position = decodeU(f, 2);
  else if (type === 'U06') {
    position = decodeU(f, 3);
    position.attributes.event = num(f[2]);
  } else if (type === 'P45') position = decodeP45(f);
  const result: DecodeResult = { messages: position ? [position] : [], uniqueId };
  const ack = ACKS[type];
  if (ack) result.ack = ack;
  return result;
}

/** The binary reports: one JT701/JT707 report, or 27-byte records of the older form (several a frame). */
function decodeBinary(frame: Buffer): DecodeResult {
  if (frame.length < 10) throw new Error('jt600: frame too short');
  const uniqueId = frame.toString('hex', 1, 6);
  if (!/^\d+$/.test(uniqueId)) throw new Error('jt600: device id is not BCD');
  const messages: PositionDraft[] = [];
  if ((frame[7] as number) >= 0x10) {
    const length = frame.readUInt16BE(8);
    messages.push(readExtended(new ByteReader(frame, 10, Math.min(frame.length, 10 + length))));
  } else {
    const version = (frame[6] as number) >> 4;
    const length = frame.readUInt16BE(7);
    if (length === 0 || length % RECORD_SIZE !== 0) throw new Error(`jt600: ${length} bytes of records`);
    const r = new ByteReader(frame, 9, Math.min(frame.length, 9 + length));
    while (r.remaining > 0) messages.push(readRecord(r, version));
  }
  return { messages, uniqueId };
}

/**
 * JointTech JT600 family: binary `$` reports (BCD id, version, length, BCD time/coordinates, several records a
 * frame, or the JT701/JT707 report) and text `(id,type,…)` messages; W01, U01-U03 and U06 are confirmed.
 */
export const decodeJt600: Decoder<Buffer> = (frame) => {
  if (frame[0] === 0x24) return decodeBinary(frame);
  if (frame[0] === 0x28 && frame[frame.length - 1] === 0x29) return decodeText(frame); // the framer has undone the `=` escapes
  throw new Error('jt600: neither a $ report nor a (…) message');
};
