import { traccarPorts } from '../ports';
import type { StreamProtocol } from '../protocol.types';
import { decodeWatch } from './watch.decoder';
import { encodeWatch } from './watch.encoder';
import { watchFramer } from './watch.framer';

/** Kids' watches ([3G*id*len*...]) over TCP on Traccar's port 5093. */
export const watchProtocol: StreamProtocol = {
  name: 'watch',
  kind: 'stream',
  defaultPort: traccarPorts.watch.port,
  transports: traccarPorts.watch.transports,
  framer: watchFramer,
  decoder: decodeWatch,
  encoder: encodeWatch,
};
