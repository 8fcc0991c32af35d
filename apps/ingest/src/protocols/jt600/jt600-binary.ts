import { bcdByte, readBcd } from '../../codec/bcd';
import type { ByteReader } from '../../codec/byte-reader';
import { isoTimeOf } from '../../codec/dates';
import { NetworkBuilder } from '../../codec/network';
import { addAlarm, newPosition, type PositionDraft, setLocation } from '../../codec/position-builder';

/** Every record of the older binary form is 27 bytes. */
export const RECORD_SIZE = 27;

/**
 * Time and fix of a binary record (15 bytes): date DDMMYY and time hhmmss in BCD, latitude ddmm.mmmm (8 digits),
 * longitude dddmm.mmmm (9 digits) and a flag nibble: bit 0 fix valid, bit 1 north, bit 2 east.
 */
export function readFix(r: ByteReader): PositionDraft {
  const day = bcdByte(r.u8());
  const month = bcdByte(r.u8());
  const year = bcdByte(r.u8());
  const hour = bcdByte(r.u8());
  const minute = bcdByte(r.u8());
  const second = bcdByte(r.u8());
  const latDegrees = bcdByte(r.u8());
  const latMinutes = readBcd(r, 6) / 10_000;
  const lonDigits = readBcd(r, 9);
  const flags = r.u8() & 0x0f;
  const lonDegrees = Math.floor(lonDigits / 1_000_000);
  const lonMinutes = (lonDigits % 1_000_000) / 10_000;
  const p = newPosition();
  const time = isoTimeOf(2000 + year, month, day, hour, minute, second);
  p.deviceTime = time;
  p.fixTime = time;
  const latitude = latDegrees + latMinutes / 60;
  const longitude = lonDegrees + lonMinutes / 60;
  setLocation(p, flags & 0x02 ? latitude : -latitude, flags & 0x04 ? longitude : -longitude);
  p.valid = (flags & 0x01) !== 0;
  return p;
}

/** Speed (BCD, knots) and course (in 2° steps; a value past 360° is garbled and left out). */
function readMotion(r: ByteReader, p: PositionDraft): void {
  p.speed = bcdByte(r.u8());
  const course = r.u8() * 2;
  p.course = course <= 360 ? course : 0;
}

function addCell(p: PositionDraft, cid: number, lac: number, rssi: number): void {
  if (cid === 0 && lac === 0) {
    p.attributes.rssi = rssi;
    return;
  }
  const network = new NetworkBuilder();
  network.addCell(0, 0, lac, cid, -rssi);
  p.network = network.build();
}

/** Version 1 record: satellites, power, a reserved byte, altitude, serving cell and its signal. */
function readVersion1(r: ByteReader, p: PositionDraft): void {
  readMotion(r, p);
  p.attributes.sat = r.u8();
  p.attributes.power = r.u8();
  r.skip(1);
  p.altitude = r.u16();
  const cid = r.u16();
  const lac = r.u16();
  addCell(p, cid, lac, r.u8());
}

/**
 * Version 2 record: a reserved word, the vehicle status word, a reserved byte, odometer (km) and fuel. Status
 * bits (high byte first): 0 charging, 1 towed, 2 ignition, 3 door, 4 GPS antenna cut / overspeed; low byte bit 3
 * fuel cut.
 */
function readVersion2(r: ByteReader, p: PositionDraft): void {
  readMotion(r, p);
  r.skip(2);
  const high = r.u8();
  const low = r.u8();
  r.skip(1);
  const a = p.attributes;
  a.ignition = (high & 0x04) !== 0;
  a.door = (high & 0x08) !== 0;
  a.charge = (high & 0x01) !== 0;
  a.blocked = (low & 0x08) !== 0;
  if (high & 0x10) {
    addAlarm(p, 'gpsAntennaCut');
    addAlarm(p, 'overspeed');
  }
  if (high & 0x02) addAlarm(p, 'tow');
  a.odometer = r.u32() * 1000;
  a.fuel = r.u8();
}

/** Version 3 record: three fuel sensors, odometer (km) and a 24-bit status (bit 0 ignition). */
function readVersion3(r: ByteReader, p: PositionDraft): void {
  readMotion(r, p);
  const a = p.attributes;
  a.fuel1 = r.u8();
  a.fuel2 = r.u8();
  a.fuel3 = r.u8();
  a.odometer = r.u32() * 1000;
  const status = r.u24();
  a.ignition = (status & 0x01) !== 0;
  a.status = status;
}

/** One record of the older form, by protocol version (1, 2 or 3). */
export function readRecord(r: ByteReader, version: number): PositionDraft {
  const end = r.position + RECORD_SIZE;
  const p = readFix(r);
  if (version === 1) readVersion1(r, p);
  else if (version === 3) readVersion3(r, p);
  else readVersion2(r, p);
  if (r.position < end) r.skip(end - r.position);
  return p;
}

/**
 * The JT701/JT707 report: speed, course, odometer (km), satellites, 4 reserved bytes, status word (bit 4
 * vibration, bit 7 fuel cut), battery (0xFF charging, else percent), serving cell and signal; the rest is skipped.
 */
export function readExtended(r: ByteReader): PositionDraft {
  const p = readFix(r);
  readMotion(r, p);
  const a = p.attributes;
  a.odometer = r.u32() * 1000;
  a.sat = r.u8();
  r.skip(4);
  const status = r.u16();
  if (status & 0x10) addAlarm(p, 'vibration');
  a.blocked = (status & 0x80) !== 0;
  a.status = status;
  const battery = r.u8();
  if (battery === 0xff) a.charge = true;
  else a.batteryLevel = battery;
  const cid = r.u16();
  const lac = r.u16();
  addCell(p, cid, lac, r.u8());
  return p;
}
