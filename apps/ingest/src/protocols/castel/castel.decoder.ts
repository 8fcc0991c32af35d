import { ByteReader } from '../../codec/byte-reader';
import { crc16X25Range } from '../../codec/crc16';
import { isoTimeOf } from '../../codec/dates';
import { newPosition, newPositionAt, type PositionDraft, setLocation } from '../../codec/position-builder';
import { knotsFromMps } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';
import {
  CC_HEARTBEAT,
  CC_HEARTBEAT_RESPONSE,
  CC_LOGIN,
  CC_LOGIN_RESPONSE,
  castelFrame,
  DEVICE_ID_LENGTH,
  DOLLAR_GPS,
  HEADER_AT,
  HEADER_DOLLAR,
  RESPONSE_BIT,
  SC_ALARM,
  SC_COMPREHENSIVE,
  SC_DTCS,
  SC_GPS,
  SC_HEARTBEAT,
  SC_LOGIN,
  SC_LOGOUT,
  SC_PID_DATA,
  SC_SNAPSHOT,
} from './castel-common';
import { applyAlarm, dtcOf, readPidValues, u16le } from './castel-obd';

/** Coordinates are in 1/3,600,000 of a degree (1/1000 of a second). */
const COORDINATE_UNIT = 3_600_000;

/** STAT_DATA, the vehicle counters most OBD-line messages open with. */
interface Stat {
  odometer: number;
  tripOdometer: number;
  fuelConsumption: number;
  status: number;
}

function readStat(r: ByteReader): Stat {
  r.skip(8); // last ignition-on time, UTC time
  const odometer = r.u32le();
  const tripOdometer = r.u32le();
  const fuelConsumption = r.u32le();
  r.skip(2); // current trip fuel
  const status = r.u32le();
  r.skip(8); // reserved
  return { odometer, tripOdometer, fuelConsumption, status };
}

function applyStat(p: PositionDraft, stat: Stat): void {
  const a = p.attributes;
  a.odometer = stat.odometer;
  a.tripOdometer = stat.tripOdometer;
  a.fuelConsumption = stat.fuelConsumption;
  a.status = stat.status;
}

/**
 * One GPS record (19 bytes): day, month, year, hour, minute, second, latitude and longitude (little-endian, 1/3.6e6
 * degree), speed (cm/s), course (0.1°), and a flag byte: bit 0 east, bit 1 north, bits 2-3 fix, bits 4-7 satellites.
 */
function readFix(r: ByteReader): PositionDraft {
  const day = r.u8();
  const month = r.u8();
  const year = r.u8();
  const hour = r.u8();
  const minute = r.u8();
  const second = r.u8();
  const latitude = r.u32le() / COORDINATE_UNIT;
  const longitude = r.u32le() / COORDINATE_UNIT;
  const speed = u16le(r);
  const course = u16le(r);
  const flags = r.u8();
  const p = newPosition();
  const time = isoTimeOf(2000 + year, month, day, hour, minute, second);
  p.deviceTime = time;
  p.fixTime = time;
  setLocation(p, flags & 0x02 ? latitude : -latitude, flags & 0x01 ? longitude : -longitude);
  p.speed = knotsFromMps(speed / 100);
  p.course = course <= 3600 ? course / 10 : 0; // past 360° the field is garbled
  p.valid = (flags & 0x0c) !== 0;
  p.attributes.sat = flags >> 4;
  return p;
}

/** A GPS block: a record count, then the records. */
function readFixes(r: ByteReader): PositionDraft[] {
  const count = r.u8();
  const fixes: PositionDraft[] = [];
  for (let i = 0; i < count; i++) fixes.push(readFix(r));
  return fixes;
}

/** A NUL-terminated text, or null when the frame has none left. */
function readText(r: ByteReader): string | null {
  if (r.remaining <= 0) return null;
  const start = r.position;
  const nul = r.buffer.indexOf(0, start);
  if (nul < 0 || nul >= r.end) return null;
  const text = r.buffer.toString('latin1', start, nul);
  r.skip(nul - start + 1);
  return text;
}

/** An OBD message without a fix of its own (PID data, snapshot, trouble codes): sent while the engine runs. */
function obdPosition(stat: Stat): PositionDraft {
  const p = newPositionAt(null);
  applyStat(p, stat);
  p.attributes.ignition = true;
  return p;
}

interface Decoded {
  messages: PositionDraft[];
  ack?: Buffer;
}

function decodeSc(
  r: ByteReader,
  type: number,
  version: number,
  reply: (type: number, content: Buffer) => Buffer,
  now: Date,
): Decoded {
  switch (type) {
    case SC_LOGIN: {
      const stat = readStat(r);
      const fixes = readFixes(r);
      const software = readText(r);
      const hardware = readText(r);
      for (const p of fixes) {
        applyStat(p, stat);
        if (software) p.attributes.versionFw = software;
        if (hardware) p.attributes.versionHw = hardware;
      }
      const content = Buffer.alloc(10);
      content.writeUInt32BE(0xffffffff, 0); // server IP and port: keep the current ones
      content.writeUInt32LE(Math.floor(now.getTime() / 1000), 6);
      return { messages: fixes, ack: reply(SC_LOGIN | RESPONSE_BIT, content) };
    }
    case SC_HEARTBEAT:
      return { messages: [], ack: reply(SC_HEARTBEAT | RESPONSE_BIT, Buffer.alloc(0)) };
    case SC_LOGOUT:
    case SC_GPS:
    case SC_COMPREHENSIVE: {
      if (type === SC_GPS && version >= 4) r.skip(1); // history flag
      if (type === SC_COMPREHENSIVE) r.skip(5); // history flag, record index
      const stat = readStat(r);
      const fixes = readFixes(r);
      for (const p of fixes) applyStat(p, stat);
      if (type === SC_COMPREHENSIVE && fixes[0]) readTlvs(r, fixes[0]);
      return { messages: fixes };
    }
    case SC_ALARM: {
      const sequence = r.u32le();
      const stat = readStat(r);
      const fixes = readFixes(r);
      const alarms: number[] = [];
      if (r.remaining >= 1) {
        const count = r.u8();
        for (let i = 0; i < count; i++) {
          r.skip(1); // new alarm flag
          alarms.push(r.u8());
          r.skip(4); // current value, threshold
        }
      }
      for (const p of fixes) {
        applyStat(p, stat);
        for (const alarm of alarms) applyAlarm(p, alarm);
      }
      const content = Buffer.alloc(4);
      content.writeUInt32LE(sequence, 0);
      return { messages: fixes, ack: reply(SC_ALARM | RESPONSE_BIT, content) };
    }
    case SC_PID_DATA: {
      const p = obdPosition(readStat(r));
      r.skip(2); // sampling interval, seconds
      const pids = readPids(r);
      const samples = r.u8();
      const size = r.u8();
      for (let i = 0; i < samples; i++) {
        const end = r.position + size;
        readPidValues(r, pids, p, end);
        if (r.position < end) r.skip(end - r.position);
      }
      return { messages: [p] };
    }
    case SC_SNAPSHOT: {
      const p = obdPosition(readStat(r));
      r.skip(1); // snapshot flag
      const pids = readPids(r);
      readPidValues(r, pids, p, r.end);
      return { messages: [p] };
    }
    case SC_DTCS: {
      const p = obdPosition(readStat(r));
      r.skip(1); // DTC flag
      const count = r.u8();
      const codes: string[] = [];
      for (let i = 0; i < count; i++) codes.push(dtcOf(u16le(r)));
      if (codes.length > 0) p.attributes.dtcs = codes.join(' ');
      return { messages: [p] };
    }
    default:
      return { messages: [] };
  }
}

function readPids(r: ByteReader): number[] {
  const count = r.u8();
  const pids: number[] = [];
  for (let i = 0; i < count; i++) pids.push(u16le(r));
  return pids;
}

/** The comprehensive message's tail: tag, length and value (little-endian), device temperature and battery. */
function readTlvs(r: ByteReader, p: PositionDraft): void {
  while (r.remaining >= 4) {
    const tag = u16le(r);
    const length = u16le(r);
    const value = r.bytes(length);
    const number = length === 1 ? value.readUInt8(0) : length === 2 ? value.readUInt16LE(0) : null;
    if (tag === 0x0010 && number !== null) p.attributes.deviceTemp = number / 10;
    else if (tag === 0x0021 && number !== null) p.attributes.battery = number / 100;
    else p.attributes[`io${tag}`] = number ?? value.toString('hex');
  }
}

/** CC trackers (MPIP, PT series): the login carries a fix, the status word, the battery and the odometer. */
function decodeCc(r: ByteReader, type: number, reply: (type: number, content: Buffer) => Buffer): Decoded {
  if (type === CC_HEARTBEAT) return { messages: [], ack: reply(CC_HEARTBEAT_RESPONSE, Buffer.alloc(0)) };
  if (type !== CC_LOGIN) return { messages: [] };
  const p = readFix(r);
  p.attributes.status = r.u32le();
  p.attributes.battery = r.u8();
  p.attributes.odometer = r.u32le();
  return { messages: [p], ack: reply(CC_LOGIN_RESPONSE, Buffer.alloc(0)) };
}

/**
 * Castel / SinoCastel: frames `@@` (or `$$`), length, version, 20-byte device id, type, content, CRC-16/X-25, CR LF.
 * Protocol versions 3 and 4 are the OBD line (login 0x1001, heartbeat 0x1003, GPS 0x4001, PID data 0x4002, snapshot
 * 0x4005, trouble codes 0x4006, alarm 0x4007); later versions the CC trackers (login 0x4001, heartbeat 0x4206).
 * Logins, heartbeats and alarms are answered (0x9001, 0x9003, 0xC007; CC 0x8001, 0x8206), else the device resends.
 */
export const decodeCastel: Decoder<Buffer> = (frame, session) => {
  if (frame.length < 30) throw new Error('castel: frame too short');
  const header = frame.readUInt16BE(0);
  if (header !== HEADER_AT && header !== HEADER_DOLLAR) throw new Error('castel: no @@ or $$ header');
  const length = frame.readUInt16LE(2);
  if (length !== frame.length) throw new Error(`castel: length ${length} for a ${frame.length}-byte frame`);
  if (frame.readUInt16LE(length - 4) !== crc16X25Range(frame, 0, length - 4)) throw new Error('castel: bad CRC');
  const dollar = header === HEADER_DOLLAR;
  const version = dollar ? 0 : (frame[4] as number);
  const idAt = dollar ? 4 : 5;
  const nul = frame.indexOf(0, idAt);
  const idEnd = nul < 0 || nul > idAt + DEVICE_ID_LENGTH ? idAt + DEVICE_ID_LENGTH : nul;
  const uniqueId = frame.toString('latin1', idAt, idEnd).trim();
  if (!uniqueId) throw new Error('castel: no device id');
  const type = frame.readUInt16BE(idAt + DEVICE_ID_LENGTH);
  const r = new ByteReader(frame, idAt + DEVICE_ID_LENGTH + 2, length - 4);
  const rawId = frame.toString('latin1', idAt, idAt + DEVICE_ID_LENGTH);
  const reply = (answer: number, content: Buffer) => castelFrame(version, rawId, answer, content);

  let decoded: Decoded;
  if (dollar) {
    if (type === DOLLAR_GPS) {
      r.skip(4 + 4 + 1); // record index, time, record count
      decoded = { messages: [readFix(r)] };
    } else decoded = { messages: [] };
  } else if (version <= 4) decoded = decodeSc(r, type, version, reply, session.receivedAt);
  else decoded = decodeCc(r, type, reply);

  const result: DecodeResult = { messages: decoded.messages, uniqueId };
  if (decoded.ack) result.ack = decoded.ack;
  if (session.state.version !== version) result.state = { ...session.state, version };
  return result;
};
