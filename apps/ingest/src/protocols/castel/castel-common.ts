import { crc16X25Range } from '../../codec/crc16';

/** `@@`: the OBD line (IDD-213, IDD-218…, protocol versions 3 and 4) and the CC trackers (versions 5 and up). */
export const HEADER_AT = 0x4040;
/** `$$`: the older frame without a version byte. */
export const HEADER_DOLLAR = 0x2424;
export const DEVICE_ID_LENGTH = 20;

// OBD line ("SC") types, uplink; the server's answer is the type with bit 15 set.
export const SC_LOGIN = 0x1001;
export const SC_LOGOUT = 0x1002;
export const SC_HEARTBEAT = 0x1003;
export const SC_GPS = 0x4001;
export const SC_PID_DATA = 0x4002;
export const SC_SNAPSHOT = 0x4005;
export const SC_DTCS = 0x4006;
export const SC_ALARM = 0x4007;
export const SC_COMPREHENSIVE = 0x401f;
// CC trackers (MPIP, PT series).
export const CC_LOGIN = 0x4001;
export const CC_LOGIN_RESPONSE = 0x8001;
export const CC_HEARTBEAT = 0x4206;
export const CC_HEARTBEAT_RESPONSE = 0x8206;
export const CC_PETROL_CONTROL = 0x4583;
// `$$` frames.
export const DOLLAR_GPS = 0x2001;

export const RESPONSE_BIT = 0x8000;

/** Bytes a `@@` frame adds around its content: header, length, version, device id, type, CRC, CR LF. */
export const AT_OVERHEAD = 2 + 2 + 1 + DEVICE_ID_LENGTH + 2 + 2 + 2;

/**
 * A `@@` frame: header, total length (little-endian), version, device id (20 bytes, NUL padded), type (big-endian),
 * content, CRC-16/X-25 of everything before it (little-endian), CR LF.
 */
export function castelFrame(version: number, deviceId: string, type: number, content: Buffer): Buffer {
  const length = AT_OVERHEAD + content.length;
  const frame = Buffer.alloc(length);
  frame.writeUInt16BE(HEADER_AT, 0);
  frame.writeUInt16LE(length, 2);
  frame.writeUInt8(version & 0xff, 4);
  frame.write(deviceId.slice(0, DEVICE_ID_LENGTH), 5, 'latin1');
  frame.writeUInt16BE(type & 0xffff, 25);
  content.copy(frame, 27);
  frame.writeUInt16LE(crc16X25Range(frame, 0, length - 4), length - 4);
  frame.writeUInt16BE(0x0d0a, length - 2);
  return frame;
}
