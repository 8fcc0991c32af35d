import { addAlarm, type PositionDraft } from '../../codec/position-builder';

export const HEADER = 0x6767;
export const UDP_HEADER = 0x454c; // "EL"

export const MSG_LOGIN = 0x01;
export const MSG_GPS = 0x02;
export const MSG_HEARTBEAT = 0x03;
export const MSG_ALARM = 0x04;
export const MSG_STATE = 0x05;
export const MSG_SMS = 0x06;
export const MSG_OBD = 0x07;
export const MSG_DOWNLINK = 0x80;
export const MSG_DATA = 0x81;
export const MSG_NORMAL = 0x12;
export const MSG_WARNING = 0x14;
export const MSG_REPORT = 0x15;
export const MSG_OBD_CODE = 0x19;

/** Latitude and longitude are sent in 1/1,800,000 of a degree (1/30,000 of a minute). */
export const COORDINATE_UNIT = 1_800_000;

const ALARMS: Readonly<Record<number, string>> = {
  1: 'powerOff',
  2: 'sos',
  3: 'lowBattery',
  4: 'vibration',
  8: 'gpsAntennaCut',
  9: 'gpsAntennaCut',
  37: 'removing',
  129: 'lowspeed',
  130: 'overspeed',
  131: 'geofenceEnter',
  132: 'geofenceExit',
  133: 'accident',
  134: 'fallDown',
};

export function addEelinkAlarm(position: PositionDraft, code: number): void {
  addAlarm(position, ALARMS[code]);
}

/**
 * The status word: each state is reported only when its "known" bit is set — bit 1/2 ignition, 3/4 armed, 5/6
 * relay (6 set: not blocked), 7/8 charging.
 */
export function applyEelinkStatus(position: PositionDraft, status: number): void {
  const a = position.attributes;
  const bit = (n: number) => ((status >> n) & 1) === 1;
  if (bit(1)) a.ignition = bit(2);
  if (bit(3)) a.armed = bit(4);
  if (bit(5)) a.blocked = !bit(6);
  if (bit(7)) a.charge = bit(8);
  a.status = status;
}

/** Eelink's 16-bit rotate-and-add checksum of the UDP envelope. */
export function eelinkChecksum(bytes: Buffer): number {
  let sum = 0;
  for (const byte of bytes) sum = (((sum << 1) | (sum >> 15)) + byte) & 0xffff;
  return sum;
}

/** A packet `67 67 type length index content`, in the UDP envelope (`EL`, length, checksum, IMEI) when asked. */
export function eelinkPacket(type: number, index: number, content: Buffer, udpImei?: string): Buffer {
  const packet = Buffer.alloc(7 + content.length);
  packet.writeUInt16BE(HEADER, 0);
  packet.writeUInt8(type, 2);
  packet.writeUInt16BE(2 + content.length, 3);
  packet.writeUInt16BE(index & 0xffff, 5);
  content.copy(packet, 7);
  if (udpImei === undefined) return packet;
  const body = Buffer.concat([Buffer.from(`0${udpImei}`.slice(-16).padStart(16, '0'), 'hex'), packet]);
  const head = Buffer.alloc(6);
  head.writeUInt16BE(UDP_HEADER, 0);
  head.writeUInt16BE(2 + body.length, 2);
  head.writeUInt16BE(eelinkChecksum(body), 4);
  return Buffer.concat([head, body]);
}
