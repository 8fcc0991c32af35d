import { isoTime, utcDate } from '../../codec/dates';
import { cellTowerInRange, networkOf } from '../../codec/network';
import { newPosition, newPositionAt, type PositionDraft } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';
import { readObdParameter } from './ulbotech-obd';

const EPOCH_2000 = Date.UTC(2000, 0, 1);
const TEXT = /^\*TS\d{2},(\d{15}),(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2}),([^#]+)#$/;

/** CRC-16/XMODEM (polynomial 0x1021, initial 0), which Ulbotech frames and acknowledgements carry. */
export function crc16Xmodem(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * Ulbotech (T301/T360/T361 OBD trackers). Binary frames (unescaped by the framer): 0xF8, version, type, IMEI in
 * 8 BCD bytes, seconds since 2000 (top bit masked), then data blocks `type, length, data` (CAN 0x0B has a 2-byte
 * length) up to the CRC-16/XMODEM and the closing 0xF8 — GPS (1e-6°, km/h, HDOP ×100; 99.99 means no fix), cell,
 * status and alarm bits, odometer, ADCs, geofences, OBD-II PIDs and trouble codes, fuel, harsh driving, CAN,
 * J1708, VIN, RFID, events. Acknowledged with `F8 01 FE`, the frame's first two bytes and a CRC (as Traccar).
 * Text frames `*TS01,imei,HHmmssddMMyy,result#` are command results, acknowledged with `*TS01,ACK:<crc>#`. The
 * CRC is not checked (Traccar accepts a frame whatever it says).
 */
export const decodeUlbotech: Decoder<Buffer> = (frame) => {
  if (frame.length === 0) return { messages: [] };
  return frame[0] === 0xf8 ? decodeBinary(frame) : decodeText(frame);
};

function decodeText(frame: Buffer): DecodeResult {
  const crc = crc16Xmodem(frame.subarray(1, Math.max(1, frame.length - 1)));
  const ack = `*TS01,ACK:${crc.toString(16).toUpperCase().padStart(4, '0')}#`;
  const m = TEXT.exec(frame.toString('latin1'));
  if (!m) return { messages: [], ack };
  const g = (i: number) => Number(m[i]);
  const position = newPositionAt();
  position.deviceTime = isoTime(utcDate(g(7), g(6), g(5), g(2), g(3), g(4)));
  position.attributes.result = m[8] as string;
  return { messages: [position], uniqueId: m[1], ack };
}

function decodeBinary(frame: Buffer): DecodeResult {
  if (frame.length < 18) throw new Error('frame too short');
  const imei = frame.subarray(3, 11).toString('hex').slice(1);
  if (!/^\d{15}$/.test(imei)) throw new Error('IMEI is not BCD');
  const time = isoTime(EPOCH_2000 + (frame.readUInt32BE(11) & 0x7fffffff) * 1000);
  const position = newPosition();
  let located = false;
  let at = 15;
  while (frame.length - at > 3) {
    const type = frame[at] as number;
    const wide = type === 0x0b;
    if (at + (wide ? 3 : 2) > frame.length) throw new Error('truncated block header');
    const length = wide ? frame.readUInt16BE(at + 1) : (frame[at + 1] as number);
    at += wide ? 3 : 2;
    if (at + length > frame.length) throw new Error(`block 0x${type.toString(16)} overruns the frame`);
    const data = frame.subarray(at, at + length);
    at += length;
    if (type === 0x01) located = readGps(position, data) || located;
    else readBlock(position, type, data);
  }
  if (located) {
    position.deviceTime = time;
    position.fixTime = time;
  } else {
    position.outdated = true;
    position.deviceTime = time;
  }
  const ack = Buffer.from([0xf8, 0x01, 0xfe, frame[0] as number, frame[1] as number, 0, 0, 0xf8]);
  ack.writeUInt16BE(crc16Xmodem(ack.subarray(1, 5)), 5);
  return { messages: [position], uniqueId: imei, ack };
}

function readGps(position: PositionDraft, data: Buffer): boolean {
  if (data.length < 14) throw new Error('GPS block too short');
  const latitude = data.readInt32BE(0) / 1e6;
  const longitude = data.readInt32BE(4) / 1e6;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new Error('coordinates out of range');
  position.latitude = latitude;
  position.longitude = longitude;
  position.outdated = false;
  position.speed = knotsFromKph(data.readUInt16BE(8));
  const course = data.readUInt16BE(10);
  if (course > 360) throw new Error(`course ${course} out of range`);
  position.course = course;
  const hdop = data.readUInt16BE(12);
  position.valid = hdop < 9999;
  position.attributes.hdop = hdop * 0.01;
  return true;
}

const ALARM_BITS: readonly [number, string][] = [
  [0, 'powerOff'],
  [1, 'movement'],
  [2, 'overspeed'],
  [4, 'geofence'],
  [10, 'sos'],
];
const HARSH_DRIVING = [
  'rapidAcceleration',
  'roughBraking',
  'harshCourse',
  'noWarmUp',
  'longIdle',
  'fatigueDriving',
  'roughTerrain',
  'highRpm',
];

function need(data: Buffer, bytes: number, name: string): void {
  if (data.length < bytes) throw new Error(`${name} block too short`);
}

function readBlock(position: PositionDraft, type: number, data: Buffer): void {
  const attributes = position.attributes;
  switch (type) {
    case 0x02: {
      need(data, 9, 'cell');
      const long = data.length === 11;
      const cid = long ? data.readUInt32BE(6) : data.readUInt16BE(6);
      const rssi = data[long ? 10 : 8] as number;
      const tower = cellTowerInRange(data.readUInt16BE(0), data.readUInt16BE(2), data.readUInt16BE(4), cid, -rssi);
      position.network = networkOf([tower]);
      break;
    }
    case 0x03: {
      need(data, 4, 'status');
      const status = data.readUInt16BE(0);
      attributes.ignition = (status & 0x200) !== 0;
      attributes.status = status;
      const alarms = data.readUInt16BE(2);
      const alarm = ALARM_BITS.find(([bit]) => (alarms & (1 << bit)) !== 0);
      if (alarm) attributes.alarm = alarm[1];
      break;
    }
    case 0x04:
      need(data, 4, 'odometer');
      attributes.odometer = data.readUInt32BE(0);
      break;
    case 0x05:
      for (let i = 0; i + 1 < data.length; i += 2) readAdc(position, data.readUInt16BE(i));
      break;
    case 0x06:
      need(data, 8, 'geofence');
      attributes.geofenceIn = data.readUInt32BE(0);
      attributes.geofenceAlarm = data.readUInt32BE(4);
      break;
    case 0x07:
    case 0x09:
      readObd(position, data);
      break;
    case 0x08:
      need(data, 4, 'fuel');
      attributes.fuelConsumption = data.readUInt32BE(0) / 10000;
      break;
    case 0x0a:
      need(data, 1, 'driving');
      HARSH_DRIVING.forEach((key, bit) => {
        if (((data[0] as number) & (1 << bit)) !== 0) attributes[key] = true;
      });
      break;
    case 0x0b:
      attributes.can = data.toString('hex');
      break;
    case 0x0c:
      readJ1708(position, data);
      break;
    case 0x0d:
      attributes.vin = data.toString('latin1');
      break;
    case 0x0e:
      need(data, 1, 'RFID');
      attributes.driverUniqueId = data.subarray(0, data.length - 1).toString('latin1');
      attributes.authorized = data[data.length - 1] !== 0;
      break;
    case 0x10:
      need(data, 1, 'event');
      attributes.event = data[0] as number;
      if (data.length >= 5) attributes.eventMask = data.readUInt32BE(1);
      break;
    default:
      break;
  }
}

/** An ADC word: 4-bit channel, 12-bit value scaled to its range (power and battery -10..100 V, temperature -55..125 °C). */
function readAdc(position: PositionDraft, word: number): void {
  const channel = word >> 12;
  const value = word & 0xfff;
  const volts = (value * 110) / 4096 - 10;
  if (channel === 0) position.attributes.power = volts;
  else if (channel === 1) position.attributes.temp1 = (value * 180) / 4096 - 55;
  else if (channel === 2) position.attributes.battery = volts;
  else if (channel === 3) position.attributes.adc1 = volts;
  else position.attributes[`io${channel}`] = value;
}

/** OBD parameters, each `(length << 4 | mode)` then length - 1 bytes. */
function readObd(position: PositionDraft, data: Buffer): void {
  let at = 0;
  while (at < data.length) {
    const head = data[at] as number;
    const length = head >> 4;
    if (length === 0 || at + length > data.length) throw new Error('OBD parameter overruns its block');
    readObdParameter(position, head & 0x0f, data.subarray(at + 1, at + length));
    at += length;
  }
}

/** J1708 parameters: a mark (length in bits 0-5, kind in bits 6-7), an id (+256 for kind 3) and the value bytes. */
function readJ1708(position: PositionDraft, data: Buffer): void {
  let at = 0;
  while (at + 1 < data.length) {
    const mark = data[at] as number;
    const length = mark & 0x3f;
    const kind = mark >> 6;
    if (length === 0 || at + 1 + length > data.length) throw new Error('J1708 parameter overruns its block');
    const id = (data[at + 1] as number) + (kind === 3 ? 256 : 0);
    if (kind >= 2) position.attributes[`pid${id}`] = data.subarray(at + 2, at + 1 + length).toString('hex');
    at += 1 + length;
  }
}
