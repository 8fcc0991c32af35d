import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeTotem } from './totem.decoder';
import { encodeTotem } from './totem.encoder';
import { totemFramer } from './totem.framer';

/** Totem Tech trackers over TCP on Traccar's port 5007. */
export const totemProtocol: StreamProtocol = {
  name: 'totem',
  kind: 'stream',
  defaultPort: protocolCatalogue.totem.defaultPort,
  transports: protocolCatalogue.totem.transports,
  framer: totemFramer,
  decoder: decodeTotem,
  encoder: encodeTotem,
};
