import type { Encoder } from '../protocol.types';

/**
 * Xirgo `+XT:` commands: outputControl sets output 1 with command 7005 (`data` 0 → state 1 off, 1 → state 2 on);
 * a custom command's data is sent as it is.
 */
export const encodeXirgo: Encoder = (command) => {
  switch (command.type) {
    case 'custom': {
      const data = command.attributes.data;
      return typeof data === 'string' && data !== '' ? data : null;
    }
    case 'outputControl': {
      const value = String(command.attributes.data ?? '');
      if (!/^[01]$/.test(value)) return null;
      return `+XT:7005,${Number(value) + 1},1`;
    }
    default:
      return null;
  }
};
