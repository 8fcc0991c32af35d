import type { Encoder } from '../protocol.types';
import { startekChecksum } from './startek.framer';

/** Output 1 drives the fuel-cut relay in iStartek's wiring. */
const RELAY_OUTPUT = 1;

/**
 * iStartek server commands: `$$<packet no><length>,<IMEI>,<command>[,<parameters>]`, the checksum (sum of the bytes,
 * two hex digits) and CRLF; the length counts from the first comma up to the checksum. `custom` sends `data` as
 * `<command>,<parameters>` (e.g. `100,…`), outputControl and engineStop/engineResume use command 900 (output id,
 * 1 = on / 0 = off).
 */
export const encodeStartek: Encoder = (command) => {
  const { data, index } = command.attributes;
  switch (command.type) {
    case 'custom':
      return typeof data === 'string' && data !== '' ? startekCommand(command.uniqueId, data) : null;
    case 'outputControl': {
      const output = Number(index ?? RELAY_OUTPUT);
      const state = String(data ?? '');
      if (!Number.isInteger(output) || output < 1 || output > 9 || !/^[01]$/.test(state)) return null;
      return startekCommand(command.uniqueId, `900,${output},${state}`);
    }
    case 'engineStop':
      return startekCommand(command.uniqueId, `900,${RELAY_OUTPUT},1`);
    case 'engineResume':
      return startekCommand(command.uniqueId, `900,${RELAY_OUTPUT},0`);
    default:
      return null;
  }
};

function startekCommand(uniqueId: string, content: string): string {
  const tail = `,${uniqueId},${content}`;
  const head = `$$:${tail.length}${tail}`;
  return `${head}${startekChecksum(Buffer.from(head, 'latin1'))}\r\n`;
}
