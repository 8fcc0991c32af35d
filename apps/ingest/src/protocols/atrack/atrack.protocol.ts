import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeAtrack } from './atrack.decoder';
import { encodeAtrack } from './atrack.encoder';
import { atrackFramer } from './atrack.framer';

/** ATrack AK/AX/AT/AU/AY trackers: binary and ASCII `@P` reports, keep-alives and `$` replies over TCP and UDP on Traccar's port 5044. */
export const atrackProtocol: StreamProtocol = {
  name: 'atrack',
  kind: 'stream',
  defaultPort: protocolCatalogue.atrack.defaultPort,
  transports: protocolCatalogue.atrack.transports,
  framer: atrackFramer,
  decoder: decodeAtrack,
  encoder: encodeAtrack,
};
