import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodePt502 } from './pt502.decoder';
import { encodePt502 } from './pt502.encoder';
import { pt502Framer } from './pt502.framer';

/** PT502 (Bofan) over TCP on Traccar's port 5017. */
export const pt502Protocol: StreamProtocol = {
  name: 'pt502',
  kind: 'stream',
  defaultPort: protocolCatalogue.pt502.defaultPort,
  transports: protocolCatalogue.pt502.transports,
  framer: pt502Framer,
  decoder: decodePt502,
  encoder: encodePt502,
};
