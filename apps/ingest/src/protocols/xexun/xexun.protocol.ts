import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeXexun } from './xexun.decoder';
import { encodeXexun } from './xexun.encoder';
import { xexunFramer } from './xexun.framer';

/** Xexun `GPRMC…imei:` text trackers over TCP on Traccar's port 5006. */
export const xexunProtocol: StreamProtocol = {
  name: 'xexun',
  kind: 'stream',
  defaultPort: protocolCatalogue.xexun.defaultPort,
  transports: protocolCatalogue.xexun.transports,
  framer: xexunFramer,
  decoder: decodeXexun,
  encoder: encodeXexun,
};
