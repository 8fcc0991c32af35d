import type { Encoder } from '../protocol.types';

/**
 * Aplicom units take their configuration and control commands as text lines over the open data connection (the
 * same commands as by SMS). The D protocol defines no binary command message, so `custom` is the one command: its
 * text is sent as written, ended with CR LF when it has no line end of its own.
 */
export const encodeAplicom: Encoder = (command) => {
  if (command.type !== 'custom') return null;
  const data = command.attributes.data;
  if (typeof data !== 'string' || data.trim() === '') return null;
  return /[\r\n]$/.test(data) ? data : `${data}\r\n`;
};
