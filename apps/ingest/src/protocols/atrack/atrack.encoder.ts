import type { Encoder } from '../protocol.types';

/**
 * ATrack takes AT commands as text lines (`AT$FORM=…`, `AT$INFO=?`, each ending CR LF) over its data connection.
 * Only `custom` is offered: the command text as given, the line break added when missing.
 */
export const encodeAtrack: Encoder = (command) => {
  switch (command.type) {
    case 'custom': {
      const data = String(command.attributes?.data ?? '');
      if (data === '') return null;
      return data.endsWith('\r\n') ? data : `${data}\r\n`;
    }
    default:
      return null;
  }
};
