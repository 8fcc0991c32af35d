import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeXirgo } from './xirgo.decoder';
import { encodeXirgo } from './xirgo.encoder';
import { xirgoFramer } from './xirgo.framer';

/** Xirgo XT `$$…##` text trackers over TCP and UDP on Traccar's port 5081. */
export const xirgoProtocol: StreamProtocol = {
  name: 'xirgo',
  kind: 'stream',
  defaultPort: protocolCatalogue.xirgo.defaultPort,
  transports: protocolCatalogue.xirgo.transports,
  framer: xirgoFramer,
  decoder: decodeXirgo,
  encoder: encodeXirgo,
};
