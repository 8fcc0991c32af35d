import { ByteReader } from '../../codec/byte-reader';
import { crc16Ibm } from '../../codec/crc16';
import type { PositionDraft } from '../../codec/position-builder';
import { asciiOf } from '../../codec/text';
import type { DecodeResult, Decoder } from '../protocol.types';
import { AVL_CODECS, CODEC_GH3000, decodeAvlRecords } from './teltonika-avl';
import { isFmbFamily } from './teltonika-io';
import { CODEC_12, decodeSerialMessages, SERIAL_CODECS, TYPE_CAMERA } from './teltonika-serial';

/**
 * Teltonika FM devices over TCP and UDP.
 *
 * TCP: the device opens with its IMEI (2-byte length + ASCII), answered 0x01; then AVL packets (4 zero bytes,
 * 4-byte data length, codec id, record count, records, record count, 4-byte CRC-16/IBM of the data), each answered
 * with the number of records as a 4-byte integer. A lone 0xFF byte is a keep-alive.
 * UDP: every datagram carries a channel header (length, packet id, packet type, AVL packet id, IMEI) before the
 * codec id and has no CRC; it is answered with length 5, the packet id, 0x01, the AVL packet id and the count.
 * Codec 12/13/14 packets (command responses, serial data) are decoded but not acknowledged.
 */
export interface TeltonikaOptions {
  /** The device model, as Traccar's model override (e.g. FMB130): FMB-family models decode extra IO elements. */
  model?: string;
  /**
   * Records carry a 16-byte IO group (Traccar's `extended` setting). Default 'auto': a frame whose records do not
   * line up without the group is decoded again with it.
   */
  extended?: boolean | 'auto';
}

const KEEP_ALIVE = 0xff;
const LOGIN_ACCEPTED = Buffer.from([0x01]);

/**
 * A decoder with fixed options; where an option is not given, the device's settings (SessionView.settings:
 * `model`, `teltonika.extended`) decide, as Traccar's device model and `teltonika.extended` attribute do.
 */
export function createTeltonikaDecoder(fixed: TeltonikaOptions = {}): Decoder<Buffer> {
  return (frame, session) => {
    const options = withSettings(fixed, session.settings);
    return session.transport === 'udp' ? decodeUdp(frame, options) : decodeTcp(frame, session.uniqueId, options);
  };
}

/** The registered decoder: the model and `extended` from the device's settings, else unknown and detected. */
export const decodeTeltonika: Decoder<Buffer> = createTeltonikaDecoder();

function withSettings(fixed: TeltonikaOptions, settings: Readonly<Record<string, string>> | undefined) {
  if (!settings) return fixed;
  const options: TeltonikaOptions = { ...fixed };
  if (options.model === undefined && settings.model) options.model = settings.model;
  const extended = settings['teltonika.extended'];
  if (options.extended === undefined && (extended === 'true' || extended === 'false')) {
    options.extended = extended === 'true';
  }
  return options;
}

function decodeTcp(frame: Buffer, uniqueId: string | null, options: TeltonikaOptions): DecodeResult {
  if (frame.length === 1 && frame[0] === KEEP_ALIVE) return { messages: [] };
  if (frame.length < 2) throw new Error('frame too short');
  if (frame.readUInt16BE(0) > 0) return decodeLogin(frame);

  const reader = new ByteReader(frame);
  if (reader.u32() !== 0) throw new Error('bad preamble');
  const length = reader.u32();
  const dataEnd = 8 + length;
  if (length < 3 || dataEnd > frame.length) throw new Error(`truncated frame: ${length} data bytes announced`);
  const codec = frame[8] as number;
  // Camera transfers (codec 12, type 0x0D) are not downloaded: nothing to decode or acknowledge.
  if (codec === CODEC_12 && frame[10] === TYPE_CAMERA) return { messages: [] };
  // The CRC field is checked when the frame carries it whole.
  if (frame.length >= dataEnd + 4 && frame.readUInt32BE(dataEnd) !== crc16Ibm(frame.subarray(8, dataEnd))) {
    throw new Error('CRC mismatch');
  }
  // As in Traccar, records of a connection that has not identified itself are neither decoded nor acknowledged.
  if (!uniqueId) return { messages: [] };

  const data = decodeData(frame, 8, dataEnd, options);
  const result: DecodeResult = { messages: data.positions };
  if (AVL_CODECS.has(codec)) {
    const ack = Buffer.alloc(4);
    ack.writeUInt32BE(data.count);
    result.ack = ack;
  }
  return result;
}

function decodeLogin(frame: Buffer): DecodeResult {
  const length = frame.readUInt16BE(0);
  if (frame.length < 2 + length) throw new Error('truncated IMEI');
  const imei = readImei(frame.subarray(2, 2 + length));
  return { messages: [], uniqueId: imei, ack: LOGIN_ACCEPTED };
}

function readImei(bytes: Buffer): string {
  const imei = asciiOf(bytes);
  if (!/^[\x21-\x7e]+$/.test(imei)) throw new Error('IMEI is not printable text');
  return imei;
}

function decodeUdp(frame: Buffer, options: TeltonikaOptions): DecodeResult {
  const reader = new ByteReader(frame);
  reader.skip(2); // length
  const packetId = reader.u16();
  reader.skip(1); // packet type
  const avlPacketId = reader.u8();
  const imei = readImei(reader.bytes(reader.u16()));
  const codec = reader.peekU8();
  if (codec === CODEC_12 && reader.remaining > 2 && reader.peekU8(2) === TYPE_CAMERA) {
    return { messages: [], uniqueId: imei };
  }
  const data = decodeData(frame, reader.position, frame.length, options);
  const result: DecodeResult = { messages: data.positions, uniqueId: imei };
  if (AVL_CODECS.has(codec)) {
    const ack = Buffer.alloc(7);
    ack.writeUInt16BE(5, 0);
    ack.writeUInt16BE(packetId, 2);
    ack.writeUInt8(0x01, 4);
    ack.writeUInt8(avlPacketId, 5);
    ack.writeUInt8(data.count, 6);
    result.ack = ack;
  }
  return result;
}

/** The data part: codec id, record count, records and the trailing count, between `start` and `end`. */
function decodeData(
  frame: Buffer,
  start: number,
  end: number,
  options: TeltonikaOptions,
): { count: number; positions: PositionDraft[] } {
  const header = new ByteReader(frame, start, end);
  const codec = header.u8();
  const count = header.u8();
  if (SERIAL_CODECS.has(codec)) {
    const positions = decodeSerialMessages(header, codec, count);
    return { count, positions };
  }
  if (!AVL_CODECS.has(codec)) throw new Error(`unsupported codec 0x${codec.toString(16)}`);

  const fmb = isFmbFamily(options.model);
  const attempt = (extended: boolean) => {
    const reader = new ByteReader(frame, start + 2, end);
    const decoded = decodeAvlRecords(reader, codec, count, { fmb, extended });
    return { positions: decoded.positions, aligned: decoded.countMatches && reader.remaining === 0 };
  };
  const extended = options.extended ?? 'auto';
  if (extended !== 'auto') return { count, positions: attempt(extended).positions };

  let plain: ReturnType<typeof attempt> | undefined;
  let plainError: unknown;
  try {
    plain = attempt(false);
    if (plain.aligned) return { count, positions: plain.positions };
  } catch (err) {
    plainError = err;
  }
  if (codec !== CODEC_GH3000) {
    try {
      const withGroup = attempt(true);
      if (withGroup.aligned) return { count, positions: withGroup.positions };
    } catch {
      // not the extended layout either
    }
  }
  if (plain) return { count, positions: plain.positions };
  throw plainError;
}
