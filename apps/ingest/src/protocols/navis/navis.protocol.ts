import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeNavis } from './navis.decoder';
import { encodeNavis } from './navis.encoder';
import { navisFramer } from './navis.framer';

/** Navtelecom NTCB and FLEX over TCP on Traccar's port 5019. */
export const navisProtocol: StreamProtocol = {
  name: 'navis',
  kind: 'stream',
  defaultPort: protocolCatalogue.navis.defaultPort,
  transports: protocolCatalogue.navis.transports,
  framer: navisFramer,
  decoder: decodeNavis,
  encoder: encodeNavis,
};
