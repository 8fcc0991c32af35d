import type { Encoder } from '../protocol.types';

/**
 * Totem commands are the device's SMS command strings, `*<password>,<code>,<params>#`, sent as they are over the
 * connection too. engineStop / engineResume switch output C (the one wired to the fuel / starter relay) with code
 * 025: `*<password>,025,C,1#` and `*<password>,025,C,0#`. The password is the command's `devicePassword`, else the
 * factory one, 000000. custom sends its `data` as given (a whole `*…#` command).
 */
export const encodeTotem: Encoder = (command) => {
  const given = command.attributes.devicePassword;
  const password = typeof given === 'string' && /^\d{1,12}$/.test(given) ? given : '000000';
  switch (command.type) {
    case 'custom': {
      const data = command.attributes.data;
      return typeof data === 'string' && data !== '' && !/[\r\n]/.test(data) ? data : null;
    }
    case 'engineStop':
      return `*${password},025,C,1#`;
    case 'engineResume':
      return `*${password},025,C,0#`;
    default:
      return null;
  }
};
