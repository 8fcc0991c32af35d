import type { Encoder } from '../protocol.types';

/**
 * Wialon IPS has one server-to-device packet, the text message `#M#<text>\r\n` (the device answers `#AM#1`): a
 * `custom` command sends its `data` that way (a command line the firmware understands), `message` its `message`.
 */
export const encodeWialon: Encoder = (command) => {
  const text =
    command.type === 'custom'
      ? command.attributes.data
      : command.type === 'message'
        ? command.attributes.message
        : null;
  if (typeof text !== 'string' || text === '' || /[\r\n]/.test(text)) return null;
  return `#M#${text}\r\n`;
};
