import type { Encoder } from '../protocol.types';

/**
 * OwnTracks takes commands in the response to its next POST: a JSON array of `_type: cmd` messages.
 * positionSingle asks for a location now (`reportLocation`); a custom command's `data` is sent as is (a JSON
 * array of OwnTracks messages, e.g. `setConfiguration`).
 */
export const encodeOwnTracks: Encoder = (command) => {
  switch (command.type) {
    case 'positionSingle':
      return JSON.stringify([{ _type: 'cmd', action: 'reportLocation' }]);
    case 'custom': {
      const data = command.attributes.data;
      return typeof data === 'string' && data !== '' ? data : null;
    }
    default:
      return null;
  }
};
