import { delimiterFramer } from '../codec/delimiter.framer';
import type { DecodedPosition, ProtocolDefinition, StreamProtocol } from '../protocols/protocol.types';

/**
 * A tiny text protocol for transport tests, one frame a line: `LOGIN,<id>` (ack `OK`), `POS,<lat>,<lon>[,<seq>]`
 * (ack `ACK`), anything else is malformed (the decoder throws). Commands go out as `CMD,<data>`.
 */
export const lineProtocol: StreamProtocol = {
  name: 'testline',
  kind: 'stream',
  defaultPort: 0,
  transports: ['tcp', 'udp'],
  framer: delimiterFramer({ delimiters: ['\r\n', '\n'], maxFrameLength: 256 }),
  decoder(frame, session) {
    const [type, ...fields] = frame.toString('latin1').split(',');
    if (type === 'LOGIN' && fields[0]) return { messages: [], uniqueId: fields[0], ack: 'OK\n' };
    if (type === 'POS' && fields.length >= 2) {
      const [lat, lon, seq] = fields.map(Number);
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) throw new Error('bad coordinates');
      const time = session.receivedAt.toISOString();
      const position: DecodedPosition = {
        deviceTime: time,
        fixTime: time,
        outdated: false,
        valid: true,
        latitude: lat!,
        longitude: lon!,
        altitude: 0,
        speed: 0,
        course: 0,
        accuracy: 0,
        network: null,
        attributes: seq === undefined ? {} : { seq },
      };
      return { messages: [position], ack: 'ACK\n' };
    }
    throw new Error(`unknown frame ${type}`);
  },
  encoder: (command) => (typeof command.attributes.data === 'string' ? `CMD,${command.attributes.data}\n` : null),
};

export const testRegistry: ReadonlyMap<string, ProtocolDefinition> = new Map([[lineProtocol.name, lineProtocol]]);
