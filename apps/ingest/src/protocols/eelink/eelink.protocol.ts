import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeEelink } from './eelink.decoder';
import { encodeEelink } from './eelink.encoder';
import { eelinkFramer } from './eelink.framer';

/** Eelink 0x6767 binary trackers over TCP and UDP (`EL` envelope) on Traccar's port 5064. */
export const eelinkProtocol: StreamProtocol = {
  name: 'eelink',
  kind: 'stream',
  defaultPort: protocolCatalogue.eelink.defaultPort,
  transports: protocolCatalogue.eelink.transports,
  framer: eelinkFramer,
  decoder: decodeEelink,
  encoder: encodeEelink,
};
