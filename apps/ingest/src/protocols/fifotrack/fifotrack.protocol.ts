import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeFifotrack } from './fifotrack.decoder';
import { encodeFifotrack } from './fifotrack.encoder';
import { fifotrackFramer } from './fifotrack.framer';

/** Fifotrack over TCP on Traccar's port 5124. */
export const fifotrackProtocol: StreamProtocol = {
  name: 'fifotrack',
  kind: 'stream',
  defaultPort: protocolCatalogue.fifotrack.defaultPort,
  transports: protocolCatalogue.fifotrack.transports,
  framer: fifotrackFramer,
  decoder: decodeFifotrack,
  encoder: encodeFifotrack,
};
