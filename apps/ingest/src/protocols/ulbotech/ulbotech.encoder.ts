import type { Encoder } from '../protocol.types';

/**
 * Ulbotech trackers take text commands `*TS01,<command>#` (their configuration command set, e.g. `*TS01,RESET#`);
 * `custom` sends `data` in that envelope (as is when it already has it).
 */
export const encodeUlbotech: Encoder = (command) => {
  const data = command.attributes.data;
  if (command.type !== 'custom' || typeof data !== 'string' || data === '') return null;
  return data.startsWith('*TS') ? data : `*TS01,${data}#`;
};
