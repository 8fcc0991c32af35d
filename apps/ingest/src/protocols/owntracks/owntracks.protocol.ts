import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { HttpProtocol } from '../protocol.types';
import { decodeOwnTracks } from './owntracks.decoder';
import { encodeOwnTracks } from './owntracks.encoder';

/** OwnTracks (iOS/Android app) in HTTP mode on Traccar's port 5144: one JSON message per POST. */
export const ownTracksProtocol: HttpProtocol = {
  name: 'owntracks',
  kind: 'http',
  defaultPort: protocolCatalogue.owntracks.defaultPort,
  transports: ['http'],
  decoder: decodeOwnTracks,
  encoder: encodeOwnTracks,
};
