import type { Decoder, HttpRequestFrame } from '../protocol.types';
import { decodeOsmandJson } from './osmand-json.decoder';
import { decodeOsmandQuery } from './osmand-query.decoder';

/** OsmAnd / Traccar Client over HTTP: JSON body when Content-Type says so, else the query-string form. */
export const decodeOsmand: Decoder<HttpRequestFrame> = (frame, session) => {
  const contentType = frame.headers['content-type'] ?? '';
  return contentType.toLowerCase().startsWith('application/json')
    ? decodeOsmandJson(frame)
    : decodeOsmandQuery(frame, session);
};
