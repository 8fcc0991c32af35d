import type { Encoder } from '../protocol.types';
import { ruptelaPacket } from './ruptela.decoder';

/** Server commands: the device command they concern plus 100 (the device answers with that command). */
const SMS_VIA_GPRS = 108; // answered with 7
const FILES = 137; // file transfer request (photos)
const DEVICE_CONFIGURATION = 102; // answered with 2
const DEVICE_VERSION = 103; // answered with 3
const FIRMWARE_UPDATE = 104; // answered with 4
const SET_CONNECTION = 105;
const SET_ODOMETER = 106;
const SET_IO = 117; // answered with 17

const ascii = (text: string) => Buffer.from(text, 'latin1');
const u32s = (...values: number[]) => {
  const out = Buffer.alloc(4 * values.length);
  for (const [i, v] of values.entries()) out.writeUInt32BE(v >>> 0, 4 * i);
  return out;
};
const integer = (value: unknown, min: number, max: number): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/**
 * Ruptela server commands (length, command, payload, CRC-16/KERMIT — ruptelaPacket):
 * - custom: `data` as an SMS-via-GPRS command (108), the device's SMS command syntax (e.g. `coords`);
 * - configuration: `data` + CR LF as a configuration line (102); getVersion (103, empty); firmwareUpdate: `|FU_STRT*`
 *   + CR LF (104);
 * - outputControl: output `index` and value `data` as two 4-byte integers (117);
 * - setConnection: `server,port,TCP` (105); setOdometer: `data` as a 4-byte integer (106);
 * - requestPhoto: a file request (137) for source 0 over the whole time range.
 */
export const encodeRuptela: Encoder = (command) => {
  const a = command.attributes;
  switch (command.type) {
    case 'custom':
      return typeof a.data === 'string' && a.data !== '' ? ruptelaPacket(SMS_VIA_GPRS, ascii(a.data)) : null;
    case 'configuration':
      return typeof a.data === 'string' && a.data !== ''
        ? ruptelaPacket(DEVICE_CONFIGURATION, ascii(`${a.data}\r\n`))
        : null;
    case 'getVersion':
      return ruptelaPacket(DEVICE_VERSION, Buffer.alloc(0));
    case 'firmwareUpdate':
      return ruptelaPacket(FIRMWARE_UPDATE, ascii('|FU_STRT*\r\n'));
    case 'outputControl': {
      const index = integer(a.index, 0, 0xffffffff);
      const value = integer(a.data, 0, 0xffffffff);
      return index === null || value === null ? null : ruptelaPacket(SET_IO, u32s(index, value));
    }
    case 'setConnection': {
      const port = integer(a.port, 1, 65_535);
      if (typeof a.server !== 'string' || a.server === '' || port === null) return null;
      return ruptelaPacket(SET_CONNECTION, ascii(`${a.server},${port},TCP`));
    }
    case 'setOdometer': {
      const value = integer(a.data, 0, 0xffffffff);
      return value === null ? null : ruptelaPacket(SET_ODOMETER, u32s(value));
    }
    case 'requestPhoto': {
      const request = Buffer.alloc(10);
      request.writeUInt8(1, 0); // sub-command: request
      request.writeUInt8(0, 1); // source
      request.writeUInt32BE(0, 2); // from
      request.writeUInt32BE(0x7fffffff, 6); // to
      return ruptelaPacket(FILES, request);
    }
    default:
      return null;
  }
};
