import { protocolCatalogue } from '@waymark/protocols/catalogue';
import { delimiterFramer } from '../../codec/delimiter.framer';
import type { StreamProtocol } from '../protocol.types';
import { decodeT55 } from './t55.decoder';
import { encodeT55 } from './t55.encoder';

export const T55_MAX_FRAME = 1024;

/** T55 (NMEA sentences) over TCP and UDP on Traccar's port 5005: one sentence a line. */
export const t55Protocol: StreamProtocol = {
  name: 't55',
  kind: 'stream',
  defaultPort: protocolCatalogue.t55.defaultPort,
  transports: protocolCatalogue.t55.transports,
  framer: delimiterFramer({ delimiters: ['\r\n', '\n'], maxFrameLength: T55_MAX_FRAME }),
  decoder: decodeT55,
  encoder: encodeT55,
};
