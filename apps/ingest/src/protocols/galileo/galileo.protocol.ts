import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeGalileo } from './galileo.decoder';
import { encodeGalileo } from './galileo.encoder';
import { galileoFramer } from './galileo.framer';

/** Galileosky tag packets over TCP on Traccar's port 5034. */
export const galileoProtocol: StreamProtocol = {
  name: 'galileo',
  kind: 'stream',
  defaultPort: protocolCatalogue.galileo.defaultPort,
  transports: protocolCatalogue.galileo.transports,
  framer: galileoFramer,
  decoder: decodeGalileo,
  encoder: encodeGalileo,
};
