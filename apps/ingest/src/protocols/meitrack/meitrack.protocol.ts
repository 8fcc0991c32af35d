import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeMeitrack } from './meitrack.decoder';
import { encodeMeitrack } from './meitrack.encoder';
import { meitrackFramer } from './meitrack.framer';

/** Meitrack `$$…` text and binary (CCE/CCC) reports over TCP and UDP on Traccar's port 5020. */
export const meitrackProtocol: StreamProtocol = {
  name: 'meitrack',
  kind: 'stream',
  defaultPort: protocolCatalogue.meitrack.defaultPort,
  transports: protocolCatalogue.meitrack.transports,
  framer: meitrackFramer,
  decoder: decodeMeitrack,
  encoder: encodeMeitrack,
};
