import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeUlbotech } from './ulbotech.decoder';
import { encodeUlbotech } from './ulbotech.encoder';
import { ulbotechFramer } from './ulbotech.framer';

/** Ulbotech OBD trackers over TCP on Traccar's port 5072. */
export const ulbotechProtocol: StreamProtocol = {
  name: 'ulbotech',
  kind: 'stream',
  defaultPort: protocolCatalogue.ulbotech.defaultPort,
  transports: protocolCatalogue.ulbotech.transports,
  framer: ulbotechFramer,
  decoder: decodeUlbotech,
  encoder: encodeUlbotech,
};
