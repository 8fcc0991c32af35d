import type { Encoder } from '../protocol.types';

/**
 * T55-style NMEA trackers take configuration as free text (the vendor's `$…` sentences), so the only command is
 * custom: its text goes out as one line.
 */
export const encodeT55: Encoder = (command) => {
  if (command.type !== 'custom') return null;
  const data = command.attributes.data;
  return typeof data === 'string' && data !== '' ? `${data}\r\n` : null;
};
