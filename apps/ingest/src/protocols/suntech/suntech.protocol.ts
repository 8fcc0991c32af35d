import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeSuntech } from './suntech.decoder';
import { encodeSuntech } from './suntech.encoder';
import { suntechFramer } from './suntech.framer';

/**
 * Suntech legacy, universal and zip reports on Traccar's port 5011. Traccar serves it over TCP only; the devices
 * also report over UDP (each report then acknowledged, see the decoder), so this listens on UDP too.
 */
export const suntechProtocol: StreamProtocol = {
  name: 'suntech',
  kind: 'stream',
  defaultPort: protocolCatalogue.suntech.defaultPort,
  transports: protocolCatalogue.suntech.transports,
  framer: suntechFramer,
  decoder: decodeSuntech,
  encoder: encodeSuntech,
};
