import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeT800x } from './t800x.decoder';
import { encodeT800x } from './t800x.encoder';
import { t800xFramer } from './t800x.framer';

/** T800x trackers over TCP and UDP on Traccar's port 5094. */
export const t800xProtocol: StreamProtocol = {
  name: 't800x',
  kind: 'stream',
  defaultPort: protocolCatalogue.t800x.defaultPort,
  transports: protocolCatalogue.t800x.transports,
  framer: t800xFramer,
  decoder: decodeT800x,
  encoder: encodeT800x,
};
