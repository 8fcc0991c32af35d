import type { FramerFactory } from '../protocols/protocol.types';
import { type Cut, scanningFramer } from './scanning.framer';

export interface LengthFieldOptions {
  /** Bytes every frame opens with (e.g. `$$`, 0x4040): where the stream lines up again after garbage. */
  header?: Buffer;
  /** Where the length field is, from the frame's first byte. */
  lengthOffset: number;
  /** 1, 2 or 4 bytes, unsigned. */
  lengthSize: 1 | 2 | 4;
  littleEndian?: boolean;
  /**
   * Added to the field's value to give the whole frame's length in bytes: for a field that counts the bytes after
   * itself, `lengthOffset + lengthSize` (the default); for a field that counts the whole frame, 0; more for a
   * trailer the field leaves out (a checksum, a stop mark).
   */
  lengthAdjustment?: number;
  /** Frames shorter or longer than this are false starts: scanning goes on one byte further. */
  minFrame?: number;
  maxFrame: number;
  /** A last check of a whole candidate (a stop mark, a checksum): false makes it a false start. */
  accept?: (frame: Buffer) => boolean;
}

/**
 * A framer for binary protocols whose frames carry their own length (Netty's LengthFieldBasedFrameDecoder, which
 * most binary tracker protocols use): a frame opens with `header` (when given), its length is read from a field, and
 * a candidate that is too short, too long or refused by `accept` is a false start, so garbage and a lying length
 * cost one byte of scanning, never the stream.
 */
export function lengthFieldFramer(options: LengthFieldOptions): FramerFactory {
  const header = options.header ?? Buffer.alloc(0);
  const { lengthOffset, lengthSize, maxFrame } = options;
  const adjustment = options.lengthAdjustment ?? lengthOffset + lengthSize;
  const minFrame = Math.max(options.minFrame ?? 0, header.length, lengthOffset + lengthSize);
  const read = (b: Buffer, at: number): number => {
    if (lengthSize === 1) return b[at] as number;
    if (lengthSize === 2) return options.littleEndian ? b.readUInt16LE(at) : b.readUInt16BE(at);
    return options.littleEndian ? b.readUInt32LE(at) : b.readUInt32BE(at);
  };
  return scanningFramer((buffer, at, budget): Cut => {
    const available = buffer.length - at;
    for (let i = 0; i < header.length; i++) {
      if (i >= available) return { wait: true };
      if (buffer[at + i] !== header[i]) return { skip: true };
    }
    if (available < lengthOffset + lengthSize) return { wait: true };
    const total = read(buffer, at + lengthOffset) + adjustment;
    if (total < minFrame || total > maxFrame) return { skip: true };
    if (available < total) return { wait: true };
    if (options.accept) {
      if (!budget.spend(total)) return { skip: true };
      if (!options.accept(buffer.subarray(at, at + total))) return { skip: true };
    }
    return { frame: total };
  });
}
