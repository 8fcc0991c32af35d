import { ByteReader } from '../../codec/byte-reader';
import { utcDate } from '../../codec/dates';
import {
  markOutdated,
  newPosition,
  newPositionAt,
  type PositionDraft,
  setLocation,
  setTime,
} from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, Decoder, SessionView } from '../protocol.types';
import {
  applyEelinkStatus,
  eelinkPacket,
  HEADER,
  MSG_ALARM,
  MSG_DATA,
  MSG_DOWNLINK,
  MSG_GPS,
  MSG_HEARTBEAT,
  MSG_LOGIN,
  MSG_NORMAL,
  MSG_OBD,
  MSG_OBD_CODE,
  MSG_SMS,
  MSG_STATE,
  UDP_HEADER,
} from './eelink-common';
import { decodeEelinkNew, decodeEelinkOld } from './eelink-position.decoder';

const RESULT =
  /Lat:([NS])(\d+\.\d+)[\s\S]*Lon:([EW])(\d+\.\d+)[\s\S]*Course:(\d+\.\d+)[\s\S]*Speed:(\d+\.\d+)[\s\S]*Date ?Time:(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)/;

/** A command answer (0x80): its text, as a position when it is a location answer, else as `result`. */
function decodeResult(r: ByteReader, index: number): PositionDraft {
  r.skip(1 + 4); // type, server id
  const text = r.bytes(r.remaining).toString('utf8');
  const m = RESULT.exec(text);
  if (!m) {
    const p = newPositionAt(null);
    p.attributes.index = index;
    p.attributes.result = text;
    return p;
  }
  const g = (i: number) => Number(m[i]);
  const p = newPosition();
  p.attributes.index = index;
  p.valid = true;
  setLocation(p, g(2) * (m[1] === 'S' ? -1 : 1), g(4) * (m[3] === 'W' ? -1 : 1));
  p.course = g(5);
  p.speed = knotsFromKph(g(6));
  setTime(p, utcDate(g(7), g(8), g(9), g(10), g(11), g(12)));
  return p;
}

/** An OBD packet (0x07): time, then PID + 32-bit value pairs. */
function decodeObd(r: ByteReader): PositionDraft {
  const p = newPositionAt(null);
  markOutdated(p, new Date(r.u32() * 1000));
  while (r.remaining >= 5) {
    const pid = r.u8();
    const value = r.i32();
    if (pid === 0x89) p.attributes.fuelConsumption = value;
    else if (pid === 0x8a) p.attributes.odometer = value * 1000;
    else if (pid === 0x8b) p.attributes.fuel = Math.trunc(value / 10);
  }
  return p;
}

/** The answer a packet type needs (all but GPS and data): type and index echoed; a login's carries the time. */
function answer(type: number, index: number, session: SessionView, udpImei: string | undefined): Buffer {
  let content = Buffer.alloc(0);
  if (type === MSG_LOGIN) {
    content = Buffer.alloc(7);
    content.writeUInt32BE(Math.floor(session.receivedAt.getTime() / 1000), 0);
    content.writeUInt16BE(1, 4); // protocol version
    content.writeUInt8(0, 6); // action mask
  }
  return eelinkPacket(type, index, content, udpImei);
}

const imeiOf = (bytes: Buffer) => bytes.toString('hex').slice(1);

/**
 * Eelink (TK116, TK119, GPT series…): packets `67 67 type length index content`; over UDP several of them in an
 * envelope `EL length checksum imei`. The login (0x01) names the device by its IMEI; every packet but GPS (0x02)
 * and data (0x81) is answered with its type and index (the login with the server time), else the device resends.
 */
export const decodeEelink: Decoder<Buffer> = (frame, session) => {
  const r = new ByteReader(frame);
  let envelopeImei: string | undefined;
  if (frame.length >= 2 && frame.readUInt16BE(0) === UDP_HEADER) {
    r.skip(6);
    envelopeImei = imeiOf(r.bytes(8));
  }
  let uniqueId = envelopeImei ?? session.uniqueId ?? undefined;
  const udpImei = session.transport === 'udp' || envelopeImei ? uniqueId : undefined;
  const messages: PositionDraft[] = [];
  const acks: Buffer[] = [];
  while (r.remaining > 0) {
    if (r.u16() !== HEADER) throw new Error('eelink: packet without its 0x6767 header');
    const type = r.u8();
    const length = r.u16();
    const packet = new ByteReader(r.bytes(length));
    const index = packet.u16();
    if (type !== MSG_GPS && type !== MSG_DATA && (udpImei !== undefined || session.transport !== 'udp')) {
      acks.push(answer(type, index, session, udpImei));
    }
    if (type === MSG_LOGIN) {
      uniqueId ??= imeiOf(packet.bytes(8));
      continue;
    }
    let position: PositionDraft | null = null;
    if (type === MSG_GPS || type === MSG_ALARM || type === MSG_STATE || type === MSG_SMS) {
      position = decodeEelinkOld(packet, type, index);
    } else if (type >= MSG_NORMAL && type <= MSG_OBD_CODE) {
      position = decodeEelinkNew(packet, type, index);
    } else if ((type === MSG_HEARTBEAT && packet.remaining >= 2) || (type === MSG_OBD && packet.remaining === 4)) {
      position = newPositionAt(null);
      applyEelinkStatus(position, packet.u16());
    } else if (type === MSG_OBD) {
      position = decodeObd(packet);
    } else if (type === MSG_DOWNLINK) {
      position = decodeResult(packet, index);
    }
    if (position) messages.push(position);
  }
  const result: DecodeResult = { messages: uniqueId ? messages : [] };
  if (uniqueId) result.uniqueId = uniqueId;
  if (acks.length > 0) result.ack = acks.length === 1 ? (acks[0] as Buffer) : Buffer.concat(acks);
  return result;
};
