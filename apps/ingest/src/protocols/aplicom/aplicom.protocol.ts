import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeAplicom } from './aplicom.decoder';
import { encodeAplicom } from './aplicom.encoder';
import { aplicomFramer } from './aplicom.framer';

/** aplicom on Traccar's port 5049 (tcp). */
export const aplicomProtocol: StreamProtocol = {
  name: 'aplicom',
  kind: 'stream',
  defaultPort: protocolCatalogue.aplicom.defaultPort,
  transports: protocolCatalogue.aplicom.transports,
  framer: aplicomFramer,
  decoder: decodeAplicom,
  encoder: encodeAplicom,
};
