import type { Encoder } from '../protocol.types';
import { AT_OVERHEAD, CC_PETROL_CONTROL, castelFrame } from './castel-common';

const HEX = /^[0-9a-fA-F]+$/;

/**
 * Commands go out as `@@` frames with the device's id and the protocol version it last spoke (1 before any):
 * engine stop / resume are the petrol control message 0x4583 with 1 (cut) or 0 (restore); `custom` takes hex, either
 * a whole frame (`4040…` / `2424…`, sent as it is) or a type (2 bytes, zero-padded on the left when shorter) and its
 * content, which are framed here.
 */
export const encodeCastel: Encoder = (command, session) => {
  const deviceId = session.uniqueId ?? command.uniqueId;
  const stateVersion = session.state.version;
  const version = typeof stateVersion === 'number' ? stateVersion : 1;
  switch (command.type) {
    case 'engineStop':
      return castelFrame(version, deviceId, CC_PETROL_CONTROL, Buffer.of(1));
    case 'engineResume':
      return castelFrame(version, deviceId, CC_PETROL_CONTROL, Buffer.of(0));
    case 'custom': {
      const text = typeof command.attributes.data === 'string' ? command.attributes.data.replace(/\s+/g, '') : '';
      if (!HEX.test(text)) return null;
      if (/^(4040|2424)/.test(text) && text.length >= 2 * AT_OVERHEAD) return Buffer.from(text, 'hex');
      const data = text.length < 4 ? text.padStart(4, '0') : text.length % 2 ? `0${text}` : text;
      const bytes = Buffer.from(data, 'hex');
      return castelFrame(version, deviceId, bytes.readUInt16BE(0), bytes.subarray(2));
    }
    default:
      return null;
  }
};
