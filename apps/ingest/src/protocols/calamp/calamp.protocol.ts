import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeCalamp } from './calamp.decoder';
import { encodeCalamp } from './calamp.encoder';

/** CalAmp LMU trackers, LM Direct over UDP on Traccar's port 5082 (a datagram is a message). */
export const calampProtocol: StreamProtocol = {
  name: 'calamp',
  kind: 'stream',
  defaultPort: protocolCatalogue.calamp.defaultPort,
  transports: protocolCatalogue.calamp.transports,
  decoder: decodeCalamp,
  encoder: encodeCalamp,
};
