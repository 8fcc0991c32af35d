import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeMegastek } from './megastek.decoder';
import { encodeMegastek } from './megastek.encoder';
import { megastekFramer } from './megastek.framer';

/** Megastek text reports over TCP on Traccar's port 5024. */
export const megastekProtocol: StreamProtocol = {
  name: 'megastek',
  kind: 'stream',
  defaultPort: protocolCatalogue.megastek.defaultPort,
  transports: protocolCatalogue.megastek.transports,
  framer: megastekFramer,
  decoder: decodeMegastek,
  encoder: encodeMegastek,
};
