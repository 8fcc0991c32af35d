import { protocolCatalogue } from '@waymark/protocols/catalogue';
import { delimiterFramer } from '../../codec/delimiter.framer';
import type { StreamProtocol } from '../protocol.types';
import { decodeUpro } from './upro.decoder';
import { encodeUpro } from './upro.encoder';

export const UPRO_MAX_FRAME = 1024;

/** UPRO over TCP on Traccar's port 5095: messages end at `#` (kept). */
export const uproProtocol: StreamProtocol = {
  name: 'upro',
  kind: 'stream',
  defaultPort: protocolCatalogue.upro.defaultPort,
  transports: protocolCatalogue.upro.transports,
  framer: delimiterFramer({ delimiters: ['#'], maxFrameLength: UPRO_MAX_FRAME, includeDelimiter: true }),
  decoder: decodeUpro,
  encoder: encodeUpro,
};
