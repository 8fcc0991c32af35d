import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeCellocator } from './cellocator.decoder';
import { encodeCellocator } from './cellocator.encoder';
import { cellocatorFramer } from './cellocator.framer';

/** Cellocator (Pointer) units over TCP and UDP on Traccar's port 5033. */
export const cellocatorProtocol: StreamProtocol = {
  name: 'cellocator',
  kind: 'stream',
  defaultPort: protocolCatalogue.cellocator.defaultPort,
  transports: protocolCatalogue.cellocator.transports,
  framer: cellocatorFramer,
  decoder: decodeCellocator,
  encoder: encodeCellocator,
};
