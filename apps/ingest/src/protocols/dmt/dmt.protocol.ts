import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeDmt } from './dmt.decoder';
import { dmtFramer } from './dmt.framer';

/** Digital Matter devices on the OEM server protocol over TCP, Traccar's port 5137. No server commands. */
export const dmtProtocol: StreamProtocol = {
  name: 'dmt',
  kind: 'stream',
  defaultPort: protocolCatalogue.dmt.defaultPort,
  transports: protocolCatalogue.dmt.transports,
  framer: dmtFramer,
  decoder: decodeDmt,
};
