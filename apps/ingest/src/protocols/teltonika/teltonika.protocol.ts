import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeTeltonika } from './teltonika.decoder';
import { encodeTeltonika } from './teltonika.encoder';
import { teltonikaFramer } from './teltonika.framer';

/** Teltonika FM devices over TCP and UDP on Traccar's port 5027 (codec 8, 8 Extended, 16, GH3000; codec 12 commands). */
export const teltonikaProtocol: StreamProtocol = {
  name: 'teltonika',
  kind: 'stream',
  defaultPort: protocolCatalogue.teltonika.defaultPort,
  transports: protocolCatalogue.teltonika.transports,
  framer: teltonikaFramer,
  decoder: decodeTeltonika,
  encoder: encodeTeltonika,
};
