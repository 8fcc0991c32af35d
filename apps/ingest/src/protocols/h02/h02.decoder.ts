import { asciiOf, javaTrim } from '../../codec/text';
import type { DecodeResult, Decoder } from '../protocol.types';
import { decodeH02Binary } from './h02-binary.decoder';
import { decodeH02Text } from './h02-text.decoder';

/**
 * H02 (SinoTrack and many other "HQ" trackers) over TCP or UDP: text `*HQ,…#` sentences or 32/45-byte binary
 * `$…` reports. Every message names its device, so each binds the session. Field semantics follow Traccar.
 */
export const decodeH02: Decoder<Buffer> = (frame, session) => {
  const marker = frame[0];
  if (marker === 0x24) {
    const { uniqueId, position } = decodeH02Binary(frame);
    return { uniqueId, messages: [position] };
  }
  if (marker !== 0x2a) return { messages: [] }; // 'X' reports and anything else: not decoded
  const decoded = decodeH02Text(javaTrim(asciiOf(frame)), session.receivedAt);
  const result: DecodeResult = { messages: decoded?.position ? [decoded.position] : [] };
  if (decoded?.uniqueId) result.uniqueId = decoded.uniqueId;
  if (decoded?.ack) result.ack = decoded.ack;
  return result;
};
