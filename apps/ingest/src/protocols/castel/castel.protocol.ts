import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeCastel } from './castel.decoder';
import { encodeCastel } from './castel.encoder';
import { castelFramer } from './castel.framer';

/** castel on Traccar's port 5086 (tcp, udp). */
export const castelProtocol: StreamProtocol = {
  name: 'castel',
  kind: 'stream',
  defaultPort: protocolCatalogue.castel.defaultPort,
  transports: protocolCatalogue.castel.transports,
  framer: castelFramer,
  decoder: decodeCastel,
  encoder: encodeCastel,
};
