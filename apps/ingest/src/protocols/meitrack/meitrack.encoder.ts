import type { Encoder } from '../protocol.types';

/**
 * A server-to-device message: `@@<flag><length>,<imei>,<content>*<checksum>\r\n`. The length counts the bytes
 * from the first comma to the CR LF; the checksum is the byte sum (mod 256, two hex digits) of everything before it.
 */
export function meitrackMessage(flag: string, imei: string, content: string): string {
  const head = `@@${flag}${imei.length + content.length + 7},${imei},${content}*`;
  let sum = 0;
  for (const byte of Buffer.from(head, 'latin1')) sum = (sum + byte) & 0xff;
  return `${head}${sum.toString(16).toUpperCase().padStart(2, '0')}\r\n`;
}

/**
 * Commands (Meitrack GPRS protocol): positionSingle A10, positionPeriodic A12 (in tens of seconds), engineStop /
 * engineResume C01 (output 1 on / off, the other outputs kept), sendSms C02, requestPhoto D03, and custom (the
 * command text as given, e.g. `A11,6`).
 */
export const encodeMeitrack: Encoder = (command) => {
  const attributes = command.attributes;
  const content = (() => {
    switch (command.type) {
      case 'positionSingle':
        return 'A10';
      case 'positionPeriodic': {
        const frequency = Number(attributes.frequency);
        return Number.isFinite(frequency) && frequency > 0 ? `A12,${Math.max(1, Math.round(frequency / 10))}` : null;
      }
      case 'engineStop':
        return 'C01,0,12222';
      case 'engineResume':
        return 'C01,0,02222';
      case 'sendSms':
        return typeof attributes.phone === 'string' && typeof attributes.message === 'string'
          ? `C02,0,${attributes.phone},${attributes.message}`
          : null;
      case 'requestPhoto':
        return 'D03,1,camera_picture.jpg';
      case 'custom':
        return typeof attributes.data === 'string' && attributes.data !== '' ? attributes.data : null;
      default:
        return null;
    }
  })();
  return content === null ? null : meitrackMessage('Q', command.uniqueId, content);
};
