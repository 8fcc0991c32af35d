import type { Encoder } from '../protocol.types';

/**
 * OsmAnd has no command set of its own: as in Traccar, a `custom` command's `data` text is the body of the
 * response to the device's next request.
 */
export const encodeOsmand: Encoder = (command) => {
  const data = command.attributes.data;
  return command.type === 'custom' && typeof data === 'string' ? data : null;
};
