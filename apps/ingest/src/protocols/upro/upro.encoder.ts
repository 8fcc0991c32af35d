import type { Encoder } from '../protocol.types';

/** UPRO devices take their `*…#` configuration commands as text: custom sends the data as given. */
export const encodeUpro: Encoder = (command) => {
  if (command.type !== 'custom') return null;
  const data = command.attributes.data;
  return typeof data === 'string' && data !== '' ? data : null;
};
