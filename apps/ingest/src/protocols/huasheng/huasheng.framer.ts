import { escapedFramer } from '../../codec/escaped.framer';
import type { FramerFactory } from '../protocol.types';

export const HUASHENG_MAX_FRAME = 4096;

/**
 * HuaSheng frames are delimited by 0xC0 at both ends, with 0xC0 and 0xDB inside escaped as DB DC and DB DD (SLIP).
 * A frame is given whole (both 0xC0 kept) and unescaped. An empty C0 C0 pair is a frame end followed by a start.
 */
export const huashengFramer: FramerFactory = escapedFramer({
  flag: 0xc0,
  escape: 0xdb,
  escapes: { 220: 0xc0, 221: 0xdb },
  maxFrame: HUASHENG_MAX_FRAME,
});
