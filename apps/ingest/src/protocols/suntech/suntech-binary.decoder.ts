import { strictIsoTime } from '../../codec/dates';
import { newPositionAt, setLocation } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodedPosition, DecodeResult } from '../protocol.types';
import { setAlert } from './suntech-common';

/** Bounds-checked big-endian reads. */
class Reader {
  constructor(
    private readonly buf: Buffer,
    public offset: number,
  ) {}
  private take(n: number): number {
    if (this.offset + n > this.buf.length) throw new Error(`suntech zip report truncated at byte ${this.offset}`);
    const at = this.offset;
    this.offset += n;
    return at;
  }
  u8 = () => this.buf.readUInt8(this.take(1));
  u16 = () => this.buf.readUInt16BE(this.take(2));
  u32 = () => this.buf.readUInt32BE(this.take(4));
  bytes = (n: number) => this.buf.subarray(this.take(n), this.offset);
}

const bcd = (bytes: Buffer) => bytes.toString('hex');
const bit = (mask: number, n: number) => Math.floor(mask / 2 ** n) % 2 === 1;

/**
 * Universal zip reports: `0x81` status, `0x82` alert; `<length u16><id, 5 bytes BCD><mask, 3 bytes>` then the
 * fields of the mask bits as in the text form but binary: model u8, version (3 bytes, `a.b.c`), message type,
 * date and time (3 bytes each), cell u32, mcc u16, mnc u16, lac u16, rx level u8, latitude and longitude
 * (u32, sign bit and 1/1000000 degrees), speed and course (u16, 1/100), satellites, fix, inputs, outputs; an alert
 * then has its id, modifier and length-prefixed data (a driver id). As in Traccar, the cell is not kept.
 */
export function decodeSuntechUniversalZip(frame: Buffer): DecodeResult {
  const r = new Reader(frame, 3);
  const uniqueId = bcd(r.bytes(5));
  const mask = (r.u8() << 16) | r.u16();
  const position = newPositionAt();
  const a = position.attributes;
  const has = (n: number) => bit(mask, n);
  if (has(0)) r.u8(); // model
  if (has(1)) a.versionFw = [...r.bytes(3)].join('.');
  if (has(2) && r.u8() === 0) a.archive = true;
  const date = has(3) ? [r.u8(), r.u8(), r.u8()] : undefined;
  const time = has(4) ? [r.u8(), r.u8(), r.u8()] : undefined;
  if (date && time) {
    const [y = 0, mo = 0, d = 0] = date;
    const [h = 0, mi = 0, s = 0] = time;
    position.deviceTime = position.fixTime = strictIsoTime(2000 + y, mo, d, h, mi, s);
  }
  if (has(5)) r.u32(); // cell id
  if (has(6)) r.u16(); // mcc
  if (has(7)) r.u16(); // mnc
  if (has(8)) r.u16(); // lac
  if (has(9)) a.rssi = r.u8();
  const latitude = has(10) ? signMagnitude(r.u32()) : undefined;
  const longitude = has(11) ? signMagnitude(r.u32()) : undefined;
  if (latitude !== undefined && longitude !== undefined) setLocation(position, latitude, longitude);
  if (has(12)) position.speed = knotsFromKph(r.u16() / 100);
  if (has(13)) position.course = r.u16() / 100;
  if (has(14)) a.sat = r.u8();
  if (has(15)) position.valid = r.u8() === 1;
  if (has(16)) {
    const inputs = r.u8();
    a.ignition = (inputs & 1) === 1;
    a.input = inputs;
  }
  if (has(17)) a.output = r.u8();
  if (frame[0] === 0x82) {
    if (has(18)) setAlert(a, r.u8());
    if (has(19)) r.u8(); // alert modifier
    if (has(20)) {
      const data = r.bytes(r.u8());
      if (data.length > 0) a.driverUniqueId = data.toString('hex');
    }
  }
  return { messages: [position], uniqueId };
}

const signMagnitude = (value: number) => ((value & 0x80000000) !== 0 ? -(value & 0x7fffffff) : value) / 1e6;

/**
 * Legacy zip reports: `STX <length u16> <header> <id, 5 bytes BCD (9 digits)> <model> <version u16>` then date
 * and time (6 bytes), cell (3), latitude and longitude (integer byte + 3 BCD bytes of decimals; signs in the
 * satellites byte), speed and course (u16 + a BCD byte of hundredths, taken as they are), satellites and fix,
 * distance u32, power (integer byte + BCD hundredths), I/O bits and the event, then ETX.
 */
export function decodeSuntechLegacyZip(frame: Buffer): DecodeResult {
  const r = new Reader(frame, 4);
  const uniqueId = bcd(r.bytes(5)).slice(0, 9);
  r.u8(); // model
  r.u16(); // software version
  const [y, mo, d, h, mi, s] = [r.u8(), r.u8(), r.u8(), r.u8(), r.u8(), r.u8()];
  const position: DecodedPosition = newPositionAt(strictIsoTime(2000 + y, mo, d, h, mi, s));
  const a = position.attributes;
  r.bytes(3); // cell
  const latitude = r.u8() + Number(bcdDigits(r.bytes(3))) / 1e6;
  const longitude = r.u8() + Number(bcdDigits(r.bytes(3))) / 1e6;
  const speed = r.u16() + Number(bcdDigits(r.bytes(1))) / 100;
  const course = r.u16() + Number(bcdDigits(r.bytes(1))) / 100;
  const satFix = r.u8();
  setLocation(position, satFix & 0x40 ? -latitude : latitude, satFix & 0x20 ? -longitude : longitude);
  position.valid = (satFix & 0x80) !== 0;
  position.speed = speed;
  position.course = course;
  a.odometer = r.u32();
  a.power = r.u8() + Number(bcdDigits(r.bytes(1))) / 100;
  const io = r.u8();
  a.ignition = (io & 0x01) !== 0;
  a.in1 = (io & 0x02) !== 0;
  a.in2 = (io & 0x04) !== 0;
  a.in3 = (io & 0x08) !== 0;
  a.out1 = (io & 0x10) !== 0;
  a.out2 = (io & 0x20) !== 0;
  a.event = r.u8();
  return { messages: [position], uniqueId };
}

function bcdDigits(bytes: Buffer): string {
  const digits = bcd(bytes);
  if (!/^\d+$/.test(digits)) throw new Error(`suntech BCD value ${digits} is malformed`);
  return digits;
}
