import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeMinifinder2 } from './minifinder2.decoder';
import { encodeMinifinder2 } from './minifinder2.encoder';
import { minifinder2Framer } from './minifinder2.framer';

/** MiniFinder Pico/Atto (protocol 2) binary trackers over TCP on Traccar's port 5187. */
export const minifinder2Protocol: StreamProtocol = {
  name: 'minifinder2',
  kind: 'stream',
  defaultPort: protocolCatalogue.minifinder2.defaultPort,
  transports: protocolCatalogue.minifinder2.transports,
  framer: minifinder2Framer,
  decoder: decodeMinifinder2,
  encoder: encodeMinifinder2,
};
