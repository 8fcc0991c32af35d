import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeGt06 } from './gt06.decoder';
import { encodeGt06 } from './gt06.encoder';
import { gt06Framer } from './gt06.framer';

/** Concox GT06 family over TCP on Traccar's port 5023. */
export const gt06Protocol: StreamProtocol = {
  name: 'gt06',
  kind: 'stream',
  defaultPort: protocolCatalogue.gt06.defaultPort,
  transports: protocolCatalogue.gt06.transports,
  framer: gt06Framer,
  decoder: decodeGt06,
  encoder: encodeGt06,
};
