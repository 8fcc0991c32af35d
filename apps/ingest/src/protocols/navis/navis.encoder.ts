import type { Encoder } from '../protocol.types';
import type { NavisState } from './navis.decoder';
import { ntcbPacket } from './navis-ntcb';

/**
 * Commands are NTCB messages to the device (ids swapped from its own messages, kept in the session): the command
 * text starts `*!` and the device answers `*@…`. `custom` sends its text, with `*!` put in front when it has none
 * (e.g. `CNCT_DRC` → `*!CNCT_DRC`); nothing is sent before the device has sent an NTCB message on the session.
 */
export const encodeNavis: Encoder = (command, session) => {
  if (command.type !== 'custom') return null;
  const data = command.attributes?.data;
  if (typeof data !== 'string') return null;
  const text = data.trim();
  if (text === '' || !/^[\x20-\x7e]+$/.test(text)) return null;
  const state = session.state as NavisState;
  if (typeof state.device !== 'number' || typeof state.server !== 'number') return null;
  const body = text.startsWith('*!') ? text : `*!${text}`;
  if (body.length > 0xffff) return null;
  return ntcbPacket(state.device, state.server, Buffer.from(body, 'latin1'));
};
