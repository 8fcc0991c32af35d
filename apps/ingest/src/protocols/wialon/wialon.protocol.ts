import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeWialon } from './wialon.decoder';
import { encodeWialon } from './wialon.encoder';
import { wialonFramer } from './wialon.framer';

/** Wialon IPS 1.1/2.0 lines over TCP and UDP on Traccar's port 5039. */
export const wialonProtocol: StreamProtocol = {
  name: 'wialon',
  kind: 'stream',
  defaultPort: protocolCatalogue.wialon.defaultPort,
  transports: protocolCatalogue.wialon.transports,
  framer: wialonFramer,
  decoder: decodeWialon,
  encoder: encodeWialon,
};
