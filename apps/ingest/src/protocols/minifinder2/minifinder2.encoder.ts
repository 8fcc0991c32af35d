import type { Encoder } from '../protocol.types';
import { minifinder2Frame } from './minifinder2-frame';

/**
 * MiniFinder protocol 2 commands are binary configuration and system-control messages whose keys are given in
 * the vendor's documentation per model; a custom command's data is their content in hex (message type, then
 * length-key-value records; an odd count of digits gets a leading zero), framed here with its CRC.
 */
export const encodeMinifinder2: Encoder = (command) => {
  if (command.type !== 'custom') return null;
  const data = command.attributes.data;
  if (typeof data !== 'string' || !/^[0-9a-fA-F]+$/.test(data)) return null;
  return minifinder2Frame(Buffer.from(data.length % 2 ? `0${data}` : data, 'hex'), 0);
};
