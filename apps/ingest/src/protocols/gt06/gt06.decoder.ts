import { ByteReader } from '../../codec/byte-reader';
import { markOutdated, newPosition, type PositionDraft, setAttribute } from '../../codec/position-builder';
import type { Decoder } from '../protocol.types';
import { ackOf, gt06Frame } from './gt06-common';
import {
  decodeAlarmEvent,
  decodeBms,
  decodeGpsLbs8,
  decodeHeartbeat,
  decodeIButton,
  decodeLongStatus,
  decodeSr411,
  decodeStringReply,
  decodeVlLocation,
  decodeX1Gps,
  isVlLocation,
} from './gt06-device.decoder';
import { decodeAz735, decodeInfo, decodeObd, decodeSerial, decodeStringInfo } from './gt06-extended.decoder';
import { decodeLocationFamily } from './gt06-location.decoder';
import { decodeModular, decodeStatusItems } from './gt06-modular.decoder';
import { decodeBluetoothClock, decodeLbsMultiple, decodeWifi } from './gt06-network.decoder';
import type { Gt06Message, Gt06Outcome, Variant } from './gt06-types';
import { MSG, modelTraits } from './gt06-types';

/**
 * Concox GT06 family (GT06, GT02, JM-VL, X1, AZ735, GK310, …): binary frames 0x7878 (one-byte length) or 0x7979
 * (two-byte length), protocol number, content, serial number, CRC-16/X-25, CR LF. The login (0x01) carries the IMEI
 * in BCD; most other messages are acknowledged with their protocol number and serial. Field semantics follow
 * Traccar's decoder. The CRC is not enforced: devices in the field send wrong ones and Traccar accepts them.
 *
 * Session state: `model` (string, optional) selects model-specific layouts (R11, LW…, SEEWORLD, NT/XT, VL…) when
 * something sets it; layouts that can be told from the frame itself are recognised without it.
 */
export const decodeGt06: Decoder<Buffer> = (frame, session) => {
  const size = frame.length;
  if (size < 6) throw new Error('gt06: frame too short');
  const b0 = frame[0] as number;
  if ((b0 !== 0x78 && b0 !== 0x79) || frame[1] !== b0) throw new Error('gt06: bad start bytes');
  const extended = b0 === 0x79;
  const length = extended ? ((frame[2] as number) << 8) | (frame[3] as number) : (frame[2] as number);
  const type = frame[extended ? 4 : 3] as number;
  const message: Gt06Message = {
    frame,
    extended,
    length,
    type,
    variant: extended ? 'standard' : variantOf(frame, length, type),
    model: modelTraits(session.settings?.model ?? session.state.model),
    reader: new ByteReader(frame, extended ? 5 : 4),
    serial: ((frame[size - 6] as number) << 8) | (frame[size - 5] as number),
    now: session.receivedAt,
  };

  if (type === MSG.LOGIN) {
    const imei = message.reader.hex(8).substring(1); // BCD, 15 digits after a leading 0
    return { messages: [], uniqueId: imei, ack: ackOf(message) };
  }
  // Nothing is decoded until the device has logged in (Traccar has no device to attach it to).
  if (!session.uniqueId) return { messages: [] };

  const outcome = dispatch(message);
  const position = outcome.position;
  const ack = outcome.ack;
  if (ack) return position ? { messages: [position], ack } : { messages: [], ack };
  return { messages: position ? [position] : [] };
};

function dispatch(message: Gt06Message): Gt06Outcome {
  const { type, variant, extended, reader } = message;
  switch (type) {
    case MSG.HEARTBEAT:
      return decodeHeartbeat(message);
    case MSG.ADDRESS_REQUEST: {
      const text = Buffer.from('NA&&NA&&0##', 'ascii');
      const content = Buffer.concat([Buffer.from([text.length, 0, 0, 0, 0]), text]);
      return { ack: gt06Frame(true, MSG.ADDRESS_RESPONSE, 0, content) };
    }
    case MSG.TIME_REQUEST: {
      const now = message.now;
      const content = Buffer.from([
        now.getUTCFullYear() - 2000,
        now.getUTCMonth() + 1,
        now.getUTCDate(),
        now.getUTCHours(),
        now.getUTCMinutes(),
        now.getUTCSeconds(),
      ]);
      return { ack: gt06Frame(false, MSG.TIME_REQUEST, 0, content) };
    }
    case MSG.X1_PHOTO_INFO:
      return {}; // photo transfer is not supported
    default:
  }
  if (type === MSG.X1_GPS && variant !== 'sl4x') return decodeX1Gps(message);
  if ((type === MSG.WIFI && variant !== 'rfid') || type === MSG.WIFI_2 || type === MSG.WIFI_4) {
    return decodeWifi(message);
  }
  if (type === MSG.INFO && !extended) {
    return { position: powerOnly(message) };
  }
  if (type === MSG.LBS_MULTIPLE_3 && variant === 'sr411Mini') return decodeSr411(message);
  if (
    type === MSG.LBS_MULTIPLE_1 ||
    type === MSG.LBS_MULTIPLE_2 ||
    type === MSG.LBS_MULTIPLE_3 ||
    type === MSG.LBS_EXTEND ||
    type === MSG.LBS_WIFI ||
    type === MSG.LBS_2 ||
    type === MSG.X1_GPS ||
    (type === MSG.WIFI_3 && variant !== 'lw4g') ||
    (type === MSG.WIFI_5 && !extended) ||
    type === MSG.WIFI_ALARM
  ) {
    return decodeLbsMultiple(message);
  }
  if (type === MSG.BLUETOOTH_CLOCK) return decodeBluetoothClock(message);
  if (type === MSG.STRING) return decodeStringReply(message);
  if (type === MSG.BMS) return decodeBms(message);
  if (type === MSG.STATUS && reader.remaining === 22) return decodeLongStatus(message);
  if (type === MSG.IBUTTON) return decodeIButton(message);
  if (isVlLocation(message)) return decodeVlLocation(message);
  const location = decodeLocationFamily(message);
  if (location) return location;
  switch (type) {
    case MSG.ALARM:
      return decodeAlarmEvent(message);
    case MSG.STRING_INFO:
      return decodeStringInfo(message);
    case MSG.INFO:
      return decodeInfo(message);
    case MSG.STATUS_2:
      return {}; // photo data (X1), not supported
    case MSG.GPS_LBS_STATUS_4:
    case MSG.WIFI_5:
      return decodeAz735(message);
    case MSG.OBD:
      return decodeObd(message);
    case MSG.GPS_MODULAR:
      return decodeModular(message);
    case MSG.SERIAL:
      return decodeSerial(message);
    case MSG.PERIPHERAL:
    case MSG.DEVICE_STATUS:
      return decodeStatusItems(message);
    case MSG.GPS_LBS_8:
      return decodeGpsLbs8(message);
    default:
      // Unknown types are acknowledged (except command replies) so that the device does not resend them.
      if (extended || type === MSG.COMMAND_0 || type === MSG.COMMAND_1 || type === MSG.COMMAND_2) return {};
      return { ack: ackOf(message) };
  }
}

/** 0x94 in a short frame: external power voltage only. */
function powerOnly(message: Gt06Message): PositionDraft {
  const position = newPosition();
  markOutdated(position);
  setAttribute(position, 'power', message.reader.i16() / 100);
  return position;
}

/**
 * Device families of short frames told apart by type and length (a frame of another family has another length);
 * 0x7979 frames are all 'standard'.
 */
function variantOf(frame: Buffer, length: number, type: number): Variant {
  switch (type) {
    case MSG.GPS_LBS_1:
      if (length === 0x24) return 'vxt01';
      if (length >= 0x71) return 'gt06eCard';
      if (length === 0x21) return 'benway';
      if (length === 0x2b) return 's5';
      if (length === 0x29) return 'wetrust';
      return 'standard';
    case MSG.GPS_LBS_STATUS_1:
      if (length === 0x24) return 'vxt01';
      return length === 0x26 ? 'seeworld' : 'standard';
    case MSG.LBS_MULTIPLE_3:
      if (length === 0x31) return 'wanwayS20';
      return length === 0x2e ? 'sr411Mini' : 'standard';
    case MSG.LBS_STATUS:
      return length >= 0x17 ? 'space10x' : 'standard';
    case MSG.STATUS:
      return length === 0x13 ? 'obd6' : 'standard';
    case MSG.ALARM:
      return frame.length >= 6 && frame[4] === 0xff && frame[5] === 0xff ? 'jc400' : 'standard';
    case MSG.X1_GPS:
      return length === 0x37 ? 'sl4x' : 'standard';
    case MSG.GPS_LBS_5:
      return length === 0x2a ? 'sl4x' : 'standard';
    case MSG.GPS_LBS_STATUS_4:
      return length === 0x27 || length === 0x29 ? 'sl4x' : 'standard';
    case MSG.GPS_LBS_2:
      return length === 0x2f ? 'seeworld' : 'standard';
    case MSG.FENCE_SINGLE:
      return length === 0x0c ? 'seeworld' : 'standard';
    case MSG.WIFI:
      return length === 0x28 ? 'rfid' : 'standard';
    case MSG.WIFI_3:
      return length === 0x40 ? 'lw4g' : 'standard';
    default:
      return 'standard';
  }
}
