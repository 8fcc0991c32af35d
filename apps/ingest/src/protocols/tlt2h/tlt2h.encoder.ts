import type { Encoder } from '../protocol.types';

/**
 * The TLT-2H family takes its configuration as the SMS command texts of its manual (model-specific codes with the
 * user password), which the GPRS channel accepts too; with no documented server command set, only `custom` is
 * offered: its `data` is sent as is, ended by CR LF.
 */
export const encodeTlt2h: Encoder = (command) => {
  const data = command.attributes.data;
  if (command.type !== 'custom' || typeof data !== 'string' || data === '') return null;
  return data.endsWith('\r\n') ? data : `${data}\r\n`;
};
