import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeRuptela } from './ruptela.decoder';
import { encodeRuptela } from './ruptela.encoder';
import { ruptelaFramer } from './ruptela.framer';

/** Ruptela FM devices over TCP on Traccar's port 5046 (records, extended records, DTCs; SMS-via-GPRS commands). */
export const ruptelaProtocol: StreamProtocol = {
  name: 'ruptela',
  kind: 'stream',
  defaultPort: protocolCatalogue.ruptela.defaultPort,
  transports: protocolCatalogue.ruptela.transports,
  framer: ruptelaFramer,
  decoder: decodeRuptela,
  encoder: encodeRuptela,
};
