import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeJt600 } from './jt600.decoder';
import { encodeJt600 } from './jt600.encoder';
import { jt600Framer } from './jt600.framer';

/** JointTech JT600/JT701/JT707 (binary `$` reports and `(…)` text messages) on Traccar's port 5014 (TCP). */
export const jt600Protocol: StreamProtocol = {
  name: 'jt600',
  kind: 'stream',
  defaultPort: protocolCatalogue.jt600.defaultPort,
  transports: protocolCatalogue.jt600.transports,
  framer: jt600Framer,
  decoder: decodeJt600,
  encoder: encodeJt600,
};
