import { protocolCatalogue } from '@waymark/protocols/catalogue';
import { delimiterFramer } from '../../codec/delimiter.framer';
import type { StreamProtocol } from '../protocol.types';
import { decodeTaip } from './taip.decoder';
import { encodeTaip } from './taip.encoder';

export const TAIP_MAX_FRAME = 1024;

/** Trimble TAIP over TCP (messages end at `<`) and UDP (one message per datagram) on Traccar's port 5031. */
export const taipProtocol: StreamProtocol = {
  name: 'taip',
  kind: 'stream',
  defaultPort: protocolCatalogue.taip.defaultPort,
  transports: protocolCatalogue.taip.transports,
  framer: delimiterFramer({ delimiters: ['<'], maxFrameLength: TAIP_MAX_FRAME }),
  decoder: decodeTaip,
  encoder: encodeTaip,
};
