import { protocolCatalogue } from '@waymark/protocols/catalogue';
import { delimiterFramer } from '../../codec/delimiter.framer';
import type { StreamProtocol } from '../protocol.types';
import { decodeGps103 } from './gps103.decoder';
import { encodeGps103 } from './gps103.encoder';

/**
 * GPS103 over TCP and UDP on Traccar's port 5001. TCP sentences end at CR LF, LF, ';' or '*' (kept in the frame:
 * the alternative layout is recognised by its closing '*').
 */
export const gps103Protocol: StreamProtocol = {
  name: 'gps103',
  kind: 'stream',
  defaultPort: protocolCatalogue.gps103.defaultPort,
  transports: protocolCatalogue.gps103.transports,
  framer: delimiterFramer({ delimiters: ['\r\n', '\n', ';', '*'], maxFrameLength: 2048, includeDelimiter: true }),
  decoder: decodeGps103,
  encoder: encodeGps103,
};
