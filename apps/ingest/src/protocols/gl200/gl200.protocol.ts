import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeGl200 } from './gl200.decoder';
import { encodeGl200 } from './gl200.encoder';
import { gl200Framer } from './gl200.framer';

/** Queclink (GL/GV/GB series, text and binary) over TCP and UDP on Traccar's port 5004. */
export const gl200Protocol: StreamProtocol = {
  name: 'gl200',
  kind: 'stream',
  defaultPort: protocolCatalogue.gl200.defaultPort,
  transports: protocolCatalogue.gl200.transports,
  framer: gl200Framer,
  decoder: decodeGl200,
  encoder: encodeGl200,
};
