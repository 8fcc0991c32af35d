import { crc16Ibm } from './device-crc';
import type { VehicleReport } from './vehicle';

/**
 * What a Teltonika FM tracker sends over TCP, from Teltonika's public "Codec 8" documentation: the IMEI handshake
 * (2-byte length + ASCII IMEI, answered 0x01), then AVL packets — 4 zero bytes, the data length (4 bytes), codec
 * id 0x08, record count, records, record count again, CRC-16/IBM of codec..count (4 bytes) — each answered with the
 * number of records accepted (4 bytes).
 */

/** IO element ids of the FMB family used here. */
export const IO = {
  gsmSignal: 21,
  externalVoltage: 66,
  batteryVoltage: 67,
  batteryLevel: 113,
  alarm: 236,
  ignition: 239,
  movement: 240,
  totalOdometer: 16,
} as const;

export function teltonikaHandshake(imei: string): Buffer {
  const ascii = Buffer.from(imei, 'ascii');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(ascii.length);
  return Buffer.concat([length, ascii]);
}

/**
 * One AVL record: timestamp (ms), priority, GPS element, IO element. `timeMs` overrides the report's time (a
 * buffering device's earlier fixes). Written straight into one buffer: the simulator builds tens of thousands a
 * second in the benchmarks.
 */
export function teltonikaRecord(report: VehicleReport, eventIo = 0, timeMs = report.time.getTime()): Buffer {
  const ones = 3 + (report.ignition !== null ? 1 : 0) + (report.alarm ? 1 : 0);
  const twos = report.power !== null ? 2 : 1;
  const record = Buffer.allocUnsafe(24 + 3 + ones * 2 + 1 + twos * 3 + 1 + 5 + 1);
  record.writeUInt32BE(Math.floor(timeMs / 2 ** 32), 0);
  record.writeUInt32BE(timeMs % 2 ** 32, 4);
  record[8] = report.alarm ? 1 : 0; // priority: 0 low, 1 high (panic)
  record.writeInt32BE(Math.round(report.longitude * 1e7), 9);
  record.writeInt32BE(Math.round(report.latitude * 1e7), 13);
  record.writeInt16BE(Math.round(report.altitude), 17);
  record.writeUInt16BE(Math.round(report.course) % 360, 19);
  record[21] = report.satellites;
  record.writeUInt16BE(Math.round(report.speedKph), 22);
  let at = 24;
  record[at++] = eventIo;
  record[at++] = ones + twos + 1;
  // 1-byte elements
  record[at++] = ones;
  if (report.ignition !== null) {
    record[at++] = IO.ignition;
    record[at++] = report.ignition ? 1 : 0;
  }
  record[at++] = IO.movement;
  record[at++] = report.moving ? 1 : 0;
  record[at++] = IO.gsmSignal;
  record[at++] = 4;
  record[at++] = IO.batteryLevel;
  record[at++] = report.batteryLevel & 0xff;
  if (report.alarm) {
    record[at++] = IO.alarm;
    record[at++] = 1;
  }
  // 2-byte elements
  record[at++] = twos;
  if (report.power !== null) {
    record[at++] = IO.externalVoltage;
    at = record.writeUInt16BE(Math.round(report.power * 1000) & 0xffff, at);
  }
  record[at++] = IO.batteryVoltage;
  at = record.writeUInt16BE((3700 + Math.round(report.batteryLevel * 5)) & 0xffff, at);
  // 4-byte elements
  record[at++] = 1;
  record[at++] = IO.totalOdometer;
  at = record.writeUInt32BE(report.odometer >>> 0, at);
  record[at] = 0; // no 8-byte elements
  return record;
}

/** A codec 8 AVL packet of the given records. */
export function teltonikaAvlPacket(records: readonly Buffer[]): Buffer {
  if (records.length === 0 || records.length > 255) throw new Error('teltonika: 1 to 255 records per packet');
  let size = 3;
  for (const record of records) size += record.length;
  const packet = Buffer.allocUnsafe(8 + size + 4);
  packet.writeUInt32BE(0, 0);
  packet.writeUInt32BE(size, 4);
  packet[8] = 0x08;
  packet[9] = records.length;
  let at = 10;
  for (const record of records) at += record.copy(packet, at);
  packet[at++] = records.length;
  packet.writeUInt32BE(crc16Ibm(packet.subarray(8, at)), at);
  return packet;
}
