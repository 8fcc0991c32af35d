import type { Encoder } from '../protocol.types';

/**
 * Xexun commands travel as the SMS texts the device takes: `powercar<password> 11` cuts the fuel/power relay,
 * `powercar<password> 00` restores it (password: the command's `devicePassword`, else the factory 123456).
 * A custom command's data is sent as it is.
 */
export const encodeXexun: Encoder = (command) => {
  const given = command.attributes.devicePassword;
  const password = typeof given === 'string' && given !== '' ? given : '123456';
  switch (command.type) {
    case 'custom': {
      const data = command.attributes.data;
      return typeof data === 'string' && data !== '' ? data : null;
    }
    case 'engineStop':
      return `powercar${password} 11`;
    case 'engineResume':
      return `powercar${password} 00`;
    default:
      return null;
  }
};
