import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeJt808 } from './jt808.decoder';
import { encodeJt808 } from './jt808.encoder';
import { jt808Framer } from './jt808.framer';

/** JT/T 808 (Traccar's jt808, formerly huabao) over TCP on Traccar's port 5015. */
export const jt808Protocol: StreamProtocol = {
  name: 'jt808',
  kind: 'stream',
  defaultPort: protocolCatalogue.jt808.defaultPort,
  transports: protocolCatalogue.jt808.transports,
  framer: jt808Framer,
  decoder: decodeJt808,
  encoder: encodeJt808,
};
