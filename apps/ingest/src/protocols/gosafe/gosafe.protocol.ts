import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeGosafe } from './gosafe.decoder';
import { encodeGosafe } from './gosafe.encoder';
import { gosafeFramer } from './gosafe.framer';

/** GoSafe `*GS` text and 0xF8 binary trackers over TCP and UDP on Traccar's port 5078. */
export const gosafeProtocol: StreamProtocol = {
  name: 'gosafe',
  kind: 'stream',
  defaultPort: protocolCatalogue.gosafe.defaultPort,
  transports: protocolCatalogue.gosafe.transports,
  framer: gosafeFramer,
  decoder: decodeGosafe,
  encoder: encodeGosafe,
};
