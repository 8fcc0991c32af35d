import type { Encoder } from '../protocol.types';

/**
 * GoSafe devices take their configuration commands as text (the vendor's `*GSvv` command set, which differs per
 * model and firmware), so only a custom command is offered: its data is sent as it is.
 */
export const encodeGosafe: Encoder = (command) => {
  if (command.type !== 'custom') return null;
  const data = command.attributes.data;
  return typeof data === 'string' && data !== '' ? data : null;
};
