import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { HttpProtocol } from '../protocol.types';
import { decodeFlespi } from './flespi.decoder';

/**
 * flespi HTTP stream on Traccar's port 5149: flespi forwards its devices' messages as JSON arrays. flespi sends
 * commands to its devices itself (its REST API), so there is no encoder here.
 */
export const flespiProtocol: HttpProtocol = {
  name: 'flespi',
  kind: 'http',
  defaultPort: protocolCatalogue.flespi.defaultPort,
  transports: ['http'],
  decoder: decodeFlespi,
};
