import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeStartek } from './startek.decoder';
import { encodeStartek } from './startek.encoder';
import { startekFramer } from './startek.framer';

/** iStartek trackers over TCP on Traccar's port 5222 (`&&…` reports with a length and a checksum). */
export const startekProtocol: StreamProtocol = {
  name: 'startek',
  kind: 'stream',
  defaultPort: protocolCatalogue.startek.defaultPort,
  transports: protocolCatalogue.startek.transports,
  framer: startekFramer,
  decoder: decodeStartek,
  encoder: encodeStartek,
};
