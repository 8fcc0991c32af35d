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

/** One AVL record: timestamp (ms), priority, GPS element, IO element. */
export function teltonikaRecord(report: VehicleReport, eventIo = 0): Buffer {
  const head = Buffer.alloc(8 + 1 + 15);
  head.writeBigUInt64BE(BigInt(report.time.getTime()), 0);
  head.writeUInt8(report.alarm ? 1 : 0, 8); // priority: 0 low, 1 high (panic)
  head.writeInt32BE(Math.round(report.longitude * 1e7), 9);
  head.writeInt32BE(Math.round(report.latitude * 1e7), 13);
  head.writeInt16BE(Math.round(report.altitude), 17);
  head.writeUInt16BE(Math.round(report.course) % 360, 19);
  head.writeUInt8(report.satellites, 21);
  head.writeUInt16BE(Math.round(report.speedKph), 22);

  const one: [number, number][] = [
    [IO.movement, report.moving ? 1 : 0],
    [IO.gsmSignal, 4],
    [IO.batteryLevel, report.batteryLevel],
  ];
  if (report.ignition !== null) one.unshift([IO.ignition, report.ignition ? 1 : 0]);
  if (report.alarm) one.push([IO.alarm, 1]);
  const two: [number, number][] = [[IO.batteryVoltage, 3700 + Math.round(report.batteryLevel * 5)]];
  if (report.power !== null) two.unshift([IO.externalVoltage, Math.round(report.power * 1000)]);
  const four: [number, number][] = [[IO.totalOdometer, report.odometer]];

  const io: number[] = [eventIo, one.length + two.length + four.length, one.length];
  for (const [id, value] of one) io.push(id, value & 0xff);
  io.push(two.length);
  for (const [id, value] of two) io.push(id, (value >> 8) & 0xff, value & 0xff);
  io.push(four.length);
  for (const [id, value] of four)
    io.push(id, (value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
  io.push(0); // no 8-byte elements
  return Buffer.concat([head, Buffer.from(io)]);
}

/** A codec 8 AVL packet of the given records. */
export function teltonikaAvlPacket(records: Buffer[]): Buffer {
  if (records.length === 0 || records.length > 255) throw new Error('teltonika: 1 to 255 records per packet');
  const data = Buffer.concat([Buffer.from([0x08, records.length]), ...records, Buffer.from([records.length])]);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc16Ibm(data));
  return Buffer.concat([head, data, crc]);
}
