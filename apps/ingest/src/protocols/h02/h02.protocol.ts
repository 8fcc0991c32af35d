import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeH02 } from './h02.decoder';
import { encodeH02 } from './h02.encoder';
import { h02Framer } from './h02.framer';

/** H02 / SinoTrack over TCP and UDP on Traccar's port 5013. */
export const h02Protocol: StreamProtocol = {
  name: 'h02',
  kind: 'stream',
  defaultPort: protocolCatalogue.h02.defaultPort,
  transports: protocolCatalogue.h02.transports,
  framer: h02Framer,
  decoder: decodeH02,
  encoder: encodeH02,
};
