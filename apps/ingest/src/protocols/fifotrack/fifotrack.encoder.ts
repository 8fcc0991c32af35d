import type { Encoder } from '../protocol.types';

/**
 * `##<pack-len>,<imei>,<work-no>,<cmd-code>[,<params>]*<xor>\r\n` (pack-len counts from the comma before the IMEI
 * to the `*`; the checksum is the XOR of the bytes before `*`, two uppercase hex digits). custom sends its data as
 * `<cmd-code>,<params>` (e.g. `B07,60`); requestPhoto is D05 at 640×480.
 */
export const encodeFifotrack: Encoder = (command, session) => {
  const imei = session.uniqueId ?? command.uniqueId;
  switch (command.type) {
    case 'custom': {
      const data = command.attributes.data;
      return typeof data === 'string' && data !== '' && !/[*\r\n]/.test(data) ? fifotrackCommand(imei, data) : null;
    }
    case 'requestPhoto':
      return fifotrackCommand(imei, 'D05,3');
    default:
      return null;
  }
};

/** One downlink command (work number 1). */
export function fifotrackCommand(imei: string, body: string): string {
  const content = `,${imei},1,${body}`;
  const message = `##${Buffer.byteLength(content, 'latin1')}${content}`;
  let xor = 0;
  for (const byte of Buffer.from(message, 'latin1')) xor ^= byte;
  return `${message}*${xor.toString(16).toUpperCase().padStart(2, '0')}\r\n`;
}
