import { protocolCatalogue } from '@waymark/protocols/catalogue';
import { delimiterFramer } from '../../codec/delimiter.framer';
import type { StreamProtocol } from '../protocol.types';
import { decodeTlt2h } from './tlt2h.decoder';
import { encodeTlt2h } from './tlt2h.encoder';

export const TLT2H_MAX_FRAME = 32_768;

/** Xexun TLT-2H family over TCP (batches end at `##\r\n`) and UDP (one batch per datagram) on Traccar's port 5030. */
export const tlt2hProtocol: StreamProtocol = {
  name: 'tlt2h',
  kind: 'stream',
  defaultPort: protocolCatalogue.tlt2h.defaultPort,
  transports: protocolCatalogue.tlt2h.transports,
  framer: delimiterFramer({ delimiters: ['##\r\n'], maxFrameLength: TLT2H_MAX_FRAME }),
  decoder: decodeTlt2h,
  encoder: encodeTlt2h,
};
