import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeEgts } from './egts.decoder';
import { egtsFramer } from './egts.framer';

/** EGTS (ERA-GLONASS) terminals over TCP on Traccar's port 5162. No server commands. */
export const egtsProtocol: StreamProtocol = {
  name: 'egts',
  kind: 'stream',
  defaultPort: protocolCatalogue.egts.defaultPort,
  transports: protocolCatalogue.egts.transports,
  framer: egtsFramer,
  decoder: decodeEgts,
};
