import { ByteReader } from '../../codec/byte-reader';
import { crc16Kermit } from '../../codec/crc16';
import { markOutdated, newPosition, type PositionDraft, setAttribute } from '../../codec/position-builder';
import { asciiOf, javaTrim } from '../../codec/text';
import type { DecodeResult, Decoder } from '../protocol.types';
import { decodeDtcs, decodeRecords, MSG_EXTENDED_RECORDS, MSG_RECORDS } from './ruptela-records';

/**
 * Ruptela FM devices (TCP). Every packet: 2-byte length (of what follows, CRC excluded), the IMEI as an 8-byte
 * integer, a command byte, its payload and a CRC-16/KERMIT of IMEI, command and payload. Every packet names its
 * device. Server packets: length, command, payload, CRC (of command and payload); acknowledgements are command
 * 100 (records), 109 (DTCs), 115 (identification) and 116 (heartbeat) with payload 0x01.
 */
const MSG_DEVICE_CONFIGURATION = 2;
const MSG_DEVICE_VERSION = 3;
const MSG_FIRMWARE_UPDATE = 4;
const MSG_SMS_VIA_GPRS_RESPONSE = 7;
const MSG_DTCS = 9;
const MSG_IDENTIFICATION = 15;
const MSG_HEARTBEAT = 16;
const MSG_SET_IO = 17;
const MSG_IDENTIFICATION_EXTENDED = 18;

export const decodeRuptela: Decoder<Buffer> = (frame) => {
  const reader = new ByteReader(frame);
  const length = reader.u16();
  if (length < 9) throw new Error(`packet too short: ${length}`);
  if (frame.length < length + 4) throw new Error(`truncated frame: ${length} bytes announced`);
  // The CRC is not checked: devices that send a wrong one are accepted by Traccar (the framer finds packets by their
  // length and header), so their records must not be lost here.
  const body = new ByteReader(frame, 2, 2 + length);
  const uniqueId = body.bytes(8).readBigUInt64BE(0).toString().padStart(15, '0');
  const command = body.u8();

  const result = (messages: PositionDraft[], ack?: Buffer): DecodeResult =>
    ack ? { messages, uniqueId, ack } : { messages, uniqueId };
  switch (command) {
    case MSG_RECORDS:
    case MSG_EXTENDED_RECORDS:
      return result(decodeRecords(body, command), ruptelaPacket(100, Buffer.from([1])));
    case MSG_DTCS:
      return result(decodeDtcs(body), ruptelaPacket(109, Buffer.from([1])));
    case MSG_IDENTIFICATION:
    case MSG_IDENTIFICATION_EXTENDED:
      return result([], ruptelaPacket(115, Buffer.from([1])));
    case MSG_HEARTBEAT:
      return result([], ruptelaPacket(116, Buffer.from([1])));
    case MSG_DEVICE_CONFIGURATION:
    case MSG_DEVICE_VERSION:
    case MSG_FIRMWARE_UPDATE:
    case MSG_SMS_VIA_GPRS_RESPONSE:
      return result([commandResult(command, javaTrim(asciiOf(body.bytes(body.remaining))))]);
    case MSG_SET_IO:
      return result([commandResult(command, String(body.u8()))]);
    default:
      // Files (37: photos, tachograph downloads) and other commands are not handled.
      return result([]);
  }
};

/** A command response: no location of its own, the command number as `type` and the answer as `result`. */
function commandResult(command: number, text: string): PositionDraft {
  const position = newPosition();
  markOutdated(position);
  setAttribute(position, 'type', command);
  setAttribute(position, 'result', text);
  return position;
}

/** A server packet: length, command, payload and the CRC-16/KERMIT of command and payload. */
export function ruptelaPacket(command: number, payload: Buffer): Buffer {
  const packet = Buffer.alloc(5 + payload.length);
  packet.writeUInt16BE(1 + payload.length, 0);
  packet.writeUInt8(command, 2);
  payload.copy(packet, 3);
  packet.writeUInt16BE(crc16Kermit(packet.subarray(2, 3 + payload.length)), 3 + payload.length);
  return packet;
}
