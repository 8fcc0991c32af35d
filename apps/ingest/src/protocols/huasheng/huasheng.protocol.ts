import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeHuasheng } from './huasheng.decoder';
import { huashengFramer } from './huasheng.framer';

/** HuaSheng over TCP on Traccar's port 5111. */
export const huashengProtocol: StreamProtocol = {
  name: 'huasheng',
  kind: 'stream',
  defaultPort: protocolCatalogue.huasheng.defaultPort,
  transports: protocolCatalogue.huasheng.transports,
  framer: huashengFramer,
  decoder: decodeHuasheng,
};
