import { ByteReader } from '../../codec/byte-reader';
import { isoTime } from '../../codec/dates';
import { newPositionAt, type PositionDraft, setAttribute, setLocation } from '../../codec/position-builder';
import { KNOTS_PER_KPH } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';
import { egtsFrameLength } from './egts.framer';
import { egtsCrc8, egtsCrc16 } from './egts-crc';

/**
 * EGTS (ERA-GLONASS, GOST 33472), TCP. Transport packet: header (version, security key, flags, header length,
 * encoding, data length, packet id, packet type, routing when flagged, CRC-8), then service records and their
 * CRC-16. A record: length, number, flags (object id, event id, time present), source and recipient services, then
 * subrecords (type, length, data). Teleservice positions (POS_DATA with EXT_POS_DATA, AD_SENSORS, LIQUID_LEVEL…)
 * become positions; the auth service's TERM_IDENTITY names the terminal (IMEI, else its id), as does a record's
 * object id. Every application packet is answered with a RESPONSE packet confirming each record.
 */
const PT_RESPONSE = 0;
const PT_APPDATA = 1;
const PT_SIGNED_APPDATA = 2;

const SR_RECORD_RESPONSE = 0;
const SR_TERM_IDENTITY = 1;
const SR_POS_DATA = 16;
const SR_EXT_POS_DATA = 17;
const SR_AD_SENSORS_DATA = 18;
const SR_LIQUID_LEVEL_SENSOR = 27;

const SERVICE_AUTH = 1;
const EPOCH_2010 = Date.UTC(2010, 0, 1);

const u16le = (reader: ByteReader): number => {
  const value = reader.u16();
  return ((value & 0xff) << 8) | (value >> 8);
};
const u24le = (reader: ByteReader): number => reader.u8() | (reader.u8() << 8) | (reader.u8() << 16);

interface RecordAck {
  number: number;
  service: number;
}

export const decodeEgts: Decoder<Buffer> = (frame) => {
  const total = egtsFrameLength(frame, 0);
  if (total === 0) throw new Error('bad EGTS header (version, length or CRC-8)');
  if (total < 0 || frame.length < total) throw new Error('truncated frame');
  const headerLength = frame[3] as number;
  const dataLength = frame.readUInt16LE(5);
  const packetId = frame.readUInt16LE(7);
  const packetType = frame[9] as number;
  if (dataLength > 0 && egtsCrc16(frame, headerLength, headerLength + dataLength) !== frame.readUInt16LE(total - 2)) {
    throw new Error('CRC-16 mismatch');
  }
  if (packetType === PT_RESPONSE || (packetType !== PT_APPDATA && packetType !== PT_SIGNED_APPDATA)) {
    return { messages: [] };
  }
  const reader = new ByteReader(frame, headerLength, headerLength + dataLength);
  if (packetType === PT_SIGNED_APPDATA) reader.skip(u16le(reader));
  const messages: PositionDraft[] = [];
  const acks: RecordAck[] = [];
  let uniqueId: string | undefined;
  while (reader.remaining > 0) {
    const length = u16le(reader);
    const number = u16le(reader);
    const flags = reader.u8();
    const objectId = flags & 0x01 ? reader.u32le() : undefined;
    if (flags & 0x02) reader.skip(4); // event id
    if (flags & 0x04) reader.skip(4); // time
    const service = reader.u8();
    reader.skip(1); // recipient service
    const data = new ByteReader(frame, reader.position, reader.position + length);
    reader.skip(length);
    acks.push({ number, service });
    if (objectId !== undefined) uniqueId = String(objectId);
    const position = newPositionAt();
    let located = false;
    while (data.remaining > 0) {
      const type = data.u8();
      const size = u16le(data);
      const sub = new ByteReader(frame, data.position, data.position + size);
      data.skip(size);
      if (service === SERVICE_AUTH && type === SR_TERM_IDENTITY) uniqueId = terminalIdentity(sub);
      else if (type === SR_POS_DATA) {
        decodePosData(position, sub);
        located = true;
      } else if (type === SR_EXT_POS_DATA) decodeExtPosData(position, sub);
      else if (type === SR_AD_SENSORS_DATA) decodeSensors(position, sub);
      else if (type === SR_LIQUID_LEVEL_SENSOR) {
        const levelFlags = sub.u8();
        sub.skip(2); // module address
        if ((levelFlags & 0x08) === 0) setAttribute(position, 'liquid', sub.u32le());
      } else if (type === SR_RECORD_RESPONSE) {
        // the terminal confirming a server record: nothing to store
      }
    }
    if (located) messages.push(position);
  }
  const result: DecodeResult = { messages, ack: egtsResponse(packetId, acks) };
  if (uniqueId) result.uniqueId = uniqueId;
  return result;
};

/** TERM_IDENTITY: terminal id, flags, then the optional fields; the IMEI when present, else the terminal id. */
function terminalIdentity(sub: ByteReader): string {
  const terminalId = sub.u32le();
  const flags = sub.u8();
  if (flags & 0x01) sub.skip(2); // home dispatcher id
  if (flags & 0x02) {
    const imei = sub.bytes(15).toString('latin1').replace(/\0+$/, '').replace(/\0/g, '');
    if (/^\d+$/.test(imei)) return imei;
  }
  return String(terminalId);
}

/**
 * POS_DATA: time (s since 2010), latitude and longitude as fractions of 90°/180° (signs in the flags), flags
 * (valid, south, west, altitude present), speed (0.1 km/h, 14 bits; altitude sign and course bit 8 above), course,
 * odometer (0.1 km), digital inputs, source (the event), altitude (3 bytes) when flagged.
 */
function decodePosData(position: PositionDraft, sub: ByteReader): void {
  const time = isoTime(EPOCH_2010 + sub.u32le() * 1000);
  position.deviceTime = time;
  position.fixTime = time;
  let latitude = (sub.u32le() * 90) / 0xffffffff;
  let longitude = (sub.u32le() * 180) / 0xffffffff;
  const flags = sub.u8();
  if (flags & 0x20) latitude = -latitude;
  if (flags & 0x40) longitude = -longitude;
  setLocation(position, latitude, longitude);
  position.valid = (flags & 0x01) !== 0;
  const speed = u16le(sub);
  position.speed = (speed & 0x3fff) * 0.1 * KNOTS_PER_KPH;
  const course = sub.u8() | ((speed & 0x8000) >> 7);
  position.course = course <= 360 ? course : 0;
  setAttribute(position, 'odometer', u24le(sub));
  setAttribute(position, 'input', sub.u8());
  setAttribute(position, 'event', sub.u8());
  if (flags & 0x80) {
    const altitude = u24le(sub);
    position.altitude = speed & 0x4000 ? -altitude : altitude;
  }
}

/** EXT_POS_DATA: flags, then VDOP, HDOP, PDOP (16 bits), satellites, navigation systems as flagged. */
function decodeExtPosData(position: PositionDraft, sub: ByteReader): void {
  const flags = sub.u8();
  if (flags & 0x01) setAttribute(position, 'vdop', u16le(sub));
  if (flags & 0x02) setAttribute(position, 'hdop', u16le(sub));
  if (flags & 0x04) setAttribute(position, 'pdop', u16le(sub));
  if (flags & 0x08) setAttribute(position, 'sat', sub.u8());
}

/** AD_SENSORS_DATA: which digital input bytes and analogue inputs follow, the outputs, then them. */
function decodeSensors(position: PositionDraft, sub: ByteReader): void {
  const digital = sub.u8();
  setAttribute(position, 'output', sub.u8());
  const analog = sub.u8();
  for (let i = 0; i < 8; i++) if (digital & (1 << i)) sub.skip(1);
  for (let i = 0; i < 8; i++) if (analog & (1 << i)) setAttribute(position, `adc${i + 1}`, u24le(sub));
}

/**
 * RESPONSE packet: the packet id answered, result 0, and for each record a record of the same service holding a
 * RECORD_RESPONSE (record number, status 0). Written in one buffer: a terminal sends dozens of records a packet.
 */
export function egtsResponse(packetId: number, records: readonly RecordAck[]): Buffer {
  const dataLength = 3 + records.length * 13;
  const packet = Buffer.allocUnsafe(11 + dataLength + 2);
  writeHeader(packet, packetId, PT_RESPONSE, dataLength);
  packet.writeUInt16LE(packetId, 11);
  packet[13] = 0; // processing result: OK
  let at = 14;
  for (const record of records) {
    packet.writeUInt16LE(6, at); // record data length
    packet.writeUInt16LE(record.number, at + 2);
    packet[at + 4] = 0; // no optional fields
    packet[at + 5] = record.service;
    packet[at + 6] = record.service;
    packet[at + 7] = SR_RECORD_RESPONSE;
    packet.writeUInt16LE(3, at + 8);
    packet.writeUInt16LE(record.number, at + 10); // confirmed record
    packet[at + 12] = 0; // status: OK
    at += 13;
  }
  packet.writeUInt16LE(egtsCrc16(packet, 11, 11 + dataLength), 11 + dataLength);
  return packet;
}

/** The 11-byte transport header (no routing, no encryption) with its CRC-8. */
function writeHeader(packet: Buffer, packetId: number, packetType: number, dataLength: number): void {
  packet[0] = 0x01; // protocol version
  packet[1] = 0x00; // security key id
  packet[2] = 0x00; // flags
  packet[3] = 11; // header length
  packet[4] = 0x00; // header encoding
  packet.writeUInt16LE(dataLength, 5);
  packet.writeUInt16LE(packetId & 0xffff, 7);
  packet[9] = packetType;
  packet[10] = egtsCrc8(packet, 0, 10);
}

/** A transport packet (11-byte header, no routing or encryption) around `data`. */
export function egtsPacket(packetId: number, packetType: number, data: Buffer): Buffer {
  const packet = Buffer.alloc(11 + data.length + (data.length > 0 ? 2 : 0));
  writeHeader(packet, packetId, packetType, data.length);
  if (data.length > 0) {
    data.copy(packet, 11);
    packet.writeUInt16LE(egtsCrc16(packet, 11, 11 + data.length), 11 + data.length);
  }
  return packet;
}
