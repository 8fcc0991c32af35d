import { protocolCatalogue } from '@waymark/protocols/catalogue';
import { delimiterFramer } from '../../codec/delimiter.framer';
import type { StreamProtocol } from '../protocol.types';
import { decodeLaipac } from './laipac.decoder';
import { encodeLaipac } from './laipac.encoder';

export const LAIPAC_MAX_FRAME = 1024;

/** Laipac over TCP on Traccar's port 5048: one sentence per line. */
export const laipacProtocol: StreamProtocol = {
  name: 'laipac',
  kind: 'stream',
  defaultPort: protocolCatalogue.laipac.defaultPort,
  transports: protocolCatalogue.laipac.transports,
  framer: delimiterFramer({ delimiters: ['\r\n', '\n'], maxFrameLength: LAIPAC_MAX_FRAME }),
  decoder: decodeLaipac,
  encoder: encodeLaipac,
};
