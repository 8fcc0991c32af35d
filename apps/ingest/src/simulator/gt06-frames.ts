import { crcItu } from './device-crc';
import type { VehicleReport } from './vehicle';

/**
 * Frames a GT06 (Concox) tracker sends, from the public GT06 communication protocol: 0x78 0x78, length (protocol
 * number to CRC), protocol number, content, serial number, CRC-ITU over length..serial, 0x0D 0x0A.
 */

export const GT06_LOGIN = 0x01;
export const GT06_LOCATION = 0x22;
export const GT06_ALARM = 0x16;
export const GT06_HEARTBEAT = 0x13;

export function gt06Packet(type: number, content: Buffer, serial: number): Buffer {
  const length = 1 + content.length + 2 + 2;
  const body = Buffer.concat([Buffer.from([length, type]), content, u16(serial & 0xffff)]);
  return Buffer.concat([Buffer.from([0x78, 0x78]), body, u16(crcItu(body)), Buffer.from([0x0d, 0x0a])]);
}

/** Login (0x01): the IMEI as 8 BCD bytes (a leading 0 and the 15 digits). */
export function gt06Login(imei: string, serial: number): Buffer {
  if (!/^\d{15}$/.test(imei)) throw new Error('gt06: the IMEI has 15 digits');
  return gt06Packet(GT06_LOGIN, Buffer.from(`0${imei}`, 'hex'), serial);
}

/** Location (0x22, GPS + LBS): date, GPS block, cell, ACC, upload mode (0 = timed), real-time (0). */
export function gt06Location(report: VehicleReport, serial: number): Buffer {
  const content = Buffer.concat([gpsBlock(report), cell(), Buffer.from([report.ignition ? 1 : 0, 0x00, 0x00])]);
  return gt06Packet(GT06_LOCATION, content, serial);
}

/** Alarm (0x16, GPS + LBS + status): the GPS block, the cell with its length, terminal information, the alarm. */
export function gt06Alarm(report: VehicleReport, alarm: 'sos', serial: number): Buffer {
  const alarmCode = { sos: 0x01 }[alarm];
  const content = Buffer.concat([
    gpsBlock(report),
    Buffer.from([0x09]),
    cell(),
    Buffer.from([terminalInfo(report), voltageLevel(report), 0x04, alarmCode, 0x02]),
  ]);
  return gt06Packet(GT06_ALARM, content, serial);
}

/** Heartbeat (status information, 0x13): terminal information, voltage level, GSM signal, language. */
export function gt06Heartbeat(report: VehicleReport, serial: number): Buffer {
  const content = Buffer.from([terminalInfo(report), voltageLevel(report), 0x04, 0x00, 0x02]);
  return gt06Packet(GT06_HEARTBEAT, content, serial);
}

/**
 * Date (UTC), GPS information (length 12, satellites), latitude and longitude (1/30000 minute), speed (km/h), and
 * course and status (course in bits 0-9, north in bit 10, west in bit 11, positioned in bit 12).
 */
function gpsBlock(report: VehicleReport): Buffer {
  const t = report.time;
  const out = Buffer.alloc(18);
  out.set(
    [
      t.getUTCFullYear() - 2000,
      t.getUTCMonth() + 1,
      t.getUTCDate(),
      t.getUTCHours(),
      t.getUTCMinutes(),
      t.getUTCSeconds(),
      0xc0 | Math.min(report.satellites, 15),
    ],
    0,
  );
  out.writeUInt32BE(Math.round(Math.abs(report.latitude) * 60 * 30000), 7);
  out.writeUInt32BE(Math.round(Math.abs(report.longitude) * 60 * 30000), 11);
  out.writeUInt8(Math.min(255, Math.round(report.speedKph)), 15);
  let flags = (Math.round(report.course) % 360) | 0x1000;
  if (report.latitude >= 0) flags |= 0x0400;
  if (report.longitude < 0) flags |= 0x0800;
  out.writeUInt16BE(flags, 16);
  return out;
}

/** A made-up serving cell: MCC 208 (France), MNC 1, LAC, cell id (3 bytes). */
function cell(): Buffer {
  return Buffer.from([0x00, 0xd0, 0x01, 0x1f, 0x40, 0x00, 0x4e, 0x21]);
}

/** Terminal information: ACC high (bit 1), charging (bit 2), GPS tracking on (bit 6). */
function terminalInfo(report: VehicleReport): number {
  return (report.ignition ? 0x02 : 0) | (report.ignition ? 0x04 : 0) | 0x40;
}

/** Voltage level 0 (no power) to 6 (very high). */
function voltageLevel(report: VehicleReport): number {
  return Math.max(0, Math.min(6, Math.round((report.batteryLevel * 6) / 100)));
}

function u16(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value);
  return out;
}

/** The first whole 0x7878/0x7979 frame at or after `offset` and where it ends, or null while there is none. */
export function nextGt06Frame(buffer: Buffer, offset = 0): { frame: Buffer; end: number } | null {
  for (let i = offset; buffer.length - i >= 5; i++) {
    const start = buffer.readUInt16BE(i);
    if (start !== 0x7878 && start !== 0x7979) continue;
    const total = start === 0x7878 ? (buffer[i + 2] as number) + 5 : buffer.readUInt16BE(i + 2) + 6;
    if (buffer.length - i < total) return null;
    return { frame: buffer.subarray(i, i + total), end: i + total };
  }
  return null;
}

/** The protocol number of a server frame. */
export function gt06TypeOf(frame: Buffer): number {
  return frame.readUInt16BE(0) === 0x7979 ? (frame[4] as number) : (frame[3] as number);
}
