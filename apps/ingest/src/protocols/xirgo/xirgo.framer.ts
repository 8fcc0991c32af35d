import { delimiterFramer } from '../../codec/delimiter.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest report kept. */
export const XIRGO_MAX_FRAME = 1024;

/** Xirgo reports end with `##` (kept, as the decoder reads the sequence number before it). */
export const xirgoFramer: FramerFactory = delimiterFramer({
  delimiters: ['##'],
  maxFrameLength: XIRGO_MAX_FRAME,
  includeDelimiter: true,
});
