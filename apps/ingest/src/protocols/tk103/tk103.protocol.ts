import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeTk103 } from './tk103.decoder';
import { encodeTk103 } from './tk103.encoder';
import { tk103Framer } from './tk103.framer';

/** TK103 `(...)` text trackers over TCP and UDP on Traccar's port 5002 (a UDP datagram is one frame). */
export const tk103Protocol: StreamProtocol = {
  name: 'tk103',
  kind: 'stream',
  defaultPort: protocolCatalogue.tk103.defaultPort,
  transports: protocolCatalogue.tk103.transports,
  framer: tk103Framer,
  decoder: decodeTk103,
  encoder: encodeTk103,
};
