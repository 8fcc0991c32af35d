import { lengthFieldFramer } from '../../codec/length-field.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame kept: devices fill data record messages up to about 1 KiB. */
export const DMT_MAX_FRAME = 2048;

/** Digital Matter frames: 0x02 0x55, the message type, the payload length (16 bits, little-endian) and the payload. */
export const dmtFramer: FramerFactory = lengthFieldFramer({
  header: Buffer.from([0x02, 0x55]),
  lengthOffset: 3,
  lengthSize: 2,
  littleEndian: true,
  maxFrame: DMT_MAX_FRAME,
});
