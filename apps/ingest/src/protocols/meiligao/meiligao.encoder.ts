import type { Encoder } from '../protocol.types';
import { idBytes, serverPacket } from './meiligao-frame';

const TRACK_ON_DEMAND = 0x4101;
const TRACK_BY_INTERVAL = 0x4102;
const SPEEDING_ALARM = 0x4105;
const OUTPUT_CONTROL = 0x4114;
const TIME_ZONE = 0x4132;
const REBOOT = 0x4902;

/** Output states of 0x4114, outputs 1 to 5: 0 closes, 1 opens, 2 leaves an output as it is. */
const KEEP = 0x02;

/**
 * Meiligao commands, each an `@@` packet to the session's device: 0x4101 one position, 0x4102 reporting interval
 * (in units of 10 s, 0 stops), 0x4105 speeding alarm (setSpeedLimit, km/h ÷ 10), 0x4114 output 1 (engine cut-off relay), 0x4132
 * time zone (the offset in seconds, sent as signed minutes), 0x4902 reboot. A custom command's data is the command code in hex (up to 4 digits)
 * followed by its parameters in hex.
 */
export const encodeMeiligao: Encoder = (command, session) => {
  const id = idBytes(session.uniqueId ?? command.uniqueId);
  if (!id) return null;
  const attributes = command.attributes;
  const integer = (value: unknown, min: number, max: number): number | null => {
    const n = Number(value);
    return value !== undefined && value !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
  };
  const u16 = (value: number) => {
    const b = Buffer.alloc(2);
    b.writeInt16BE(value > 0x7fff ? value - 0x10000 : value);
    return b;
  };
  switch (command.type) {
    case 'positionSingle':
      return serverPacket(id, TRACK_ON_DEMAND);
    case 'positionPeriodic': {
      const seconds = integer(attributes.frequency, 10, 0xffff * 10);
      return seconds === null ? null : serverPacket(id, TRACK_BY_INTERVAL, u16(Math.round(seconds / 10)));
    }
    case 'positionStop':
      return serverPacket(id, TRACK_BY_INTERVAL, u16(0));
    case 'setSpeedLimit': {
      const speed = integer(attributes.data, 0, 2550);
      return speed === null ? null : serverPacket(id, SPEEDING_ALARM, Buffer.of(Math.round(speed / 10)));
    }
    case 'engineStop':
      return serverPacket(id, OUTPUT_CONTROL, Buffer.of(0x01, KEEP, KEEP, KEEP, KEEP));
    case 'engineResume':
      return serverPacket(id, OUTPUT_CONTROL, Buffer.of(0x00, KEEP, KEEP, KEEP, KEEP));
    case 'setTimezone': {
      const seconds = integer(attributes.timezone, -12 * 3600, 14 * 3600);
      return seconds === null || seconds % 60 !== 0 ? null : serverPacket(id, TIME_ZONE, u16(seconds / 60));
    }
    case 'rebootDevice':
      return serverPacket(id, REBOOT);
    case 'custom': {
      const data = typeof attributes.data === 'string' ? attributes.data.replace(/\s/g, '') : '';
      if (!/^[0-9A-Fa-f]{1,4}(?:[0-9A-Fa-f]{2})*$/.test(data) || (data.length > 4 && data.length % 2 !== 0))
        return null;
      return serverPacket(id, Number.parseInt(data.slice(0, 4), 16), Buffer.from(data.slice(4), 'hex'));
    }
    default:
      return null;
  }
};
