import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeWatch } from './watch.decoder';
import { encodeWatch } from './watch.encoder';
import { watchFramer } from './watch.framer';

/** Kids' watches ([3G*id*len*...]) over TCP on Traccar's port 5093. */
export const watchProtocol: StreamProtocol = {
  name: 'watch',
  kind: 'stream',
  defaultPort: protocolCatalogue.watch.defaultPort,
  transports: protocolCatalogue.watch.transports,
  framer: watchFramer,
  decoder: decodeWatch,
  encoder: encodeWatch,
};
