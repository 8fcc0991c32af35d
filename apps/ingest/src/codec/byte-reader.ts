import { asciiOf } from './text';

/**
 * A bounds-checked big-endian cursor over one frame, the way binary decoders read (Netty's ByteBuf reads):
 * every read past the end throws an Error, so a truncated frame fails cleanly instead of yielding garbage.
 */
export class ByteReader {
  private offset: number;
  /**
   * Reads wholly below this offset are served straight from the bytes (min of `end` and the buffer's length, or -1
   * when the start is not a whole non-negative offset); any other read takes the checked path, which throws exactly
   * as Buffer's readers do.
   */
  private limit: number;

  constructor(
    readonly buffer: Buffer,
    start = 0,
    /** Reads stop here (exclusive). */
    readonly end = buffer.length,
  ) {
    this.offset = start;
    const limit = Math.min(end, buffer.length);
    this.limit = Number.isInteger(start) && start >= 0 && limit >= 0 ? limit : -1;
  }

  get position(): number {
    return this.offset;
  }

  /** Bytes left to read. */
  get remaining(): number {
    return this.end - this.offset;
  }

  private take(length: number): number {
    if (length < 0 || this.offset + length > this.end) {
      throw new Error(`truncated frame: ${length} bytes wanted at ${this.offset}, ${this.remaining} left`);
    }
    if (!Number.isInteger(length)) this.limit = -1; // a fractional offset: leave every later read to Buffer
    const at = this.offset;
    this.offset += length;
    return at;
  }

  skip(length: number): void {
    this.take(length);
  }

  u8(): number {
    const at = this.offset;
    if (!(at + 1 <= this.limit)) return this.buffer.readUInt8(this.take(1));
    this.offset = at + 1;
    return this.buffer[at] as number;
  }

  i8(): number {
    const at = this.offset;
    if (!(at + 1 <= this.limit)) return this.buffer.readInt8(this.take(1));
    this.offset = at + 1;
    const value = this.buffer[at] as number;
    return value | ((value & 0x80) * 0x1fffffe);
  }

  u16(): number {
    const at = this.offset;
    if (!(at + 2 <= this.limit)) return this.buffer.readUInt16BE(this.take(2));
    this.offset = at + 2;
    const b = this.buffer;
    return ((b[at] as number) << 8) | (b[at + 1] as number);
  }

  i16(): number {
    const at = this.offset;
    if (!(at + 2 <= this.limit)) return this.buffer.readInt16BE(this.take(2));
    this.offset = at + 2;
    const b = this.buffer;
    const value = ((b[at] as number) << 8) | (b[at + 1] as number);
    return value | ((value & 0x8000) * 0x1fffe);
  }

  u24(): number {
    const at = this.offset;
    if (!(at + 3 <= this.limit)) return this.buffer.readUIntBE(this.take(3), 3);
    this.offset = at + 3;
    const b = this.buffer;
    return ((b[at] as number) << 16) | ((b[at + 1] as number) << 8) | (b[at + 2] as number);
  }

  u32(): number {
    const at = this.offset;
    if (!(at + 4 <= this.limit)) return this.buffer.readUInt32BE(this.take(4));
    this.offset = at + 4;
    const b = this.buffer;
    return (
      (b[at] as number) * 0x1000000 +
      (((b[at + 1] as number) << 16) | ((b[at + 2] as number) << 8) | (b[at + 3] as number))
    );
  }

  i32(): number {
    const at = this.offset;
    if (!(at + 4 <= this.limit)) return this.buffer.readInt32BE(this.take(4));
    this.offset = at + 4;
    const b = this.buffer;
    return (
      ((b[at] as number) << 24) | ((b[at + 1] as number) << 16) | ((b[at + 2] as number) << 8) | (b[at + 3] as number)
    );
  }

  u32le(): number {
    const at = this.offset;
    if (!(at + 4 <= this.limit)) return this.buffer.readUInt32LE(this.take(4));
    this.offset = at + 4;
    const b = this.buffer;
    return (
      (b[at + 3] as number) * 0x1000000 +
      (((b[at + 2] as number) << 16) | ((b[at + 1] as number) << 8) | (b[at] as number))
    );
  }

  /**
   * A signed 64-bit value as the nearest double (as Java's long printed through JSON): high word × 2³² is exact and
   * the one rounding of the addition is the round-to-nearest-even of the exact value, as Number(BigInt) rounds.
   */
  i64(): number {
    const at = this.offset;
    if (!(at + 8 <= this.limit)) return Number(this.buffer.readBigInt64BE(this.take(8)));
    this.offset = at + 8;
    const b = this.buffer;
    const high =
      ((b[at] as number) << 24) | ((b[at + 1] as number) << 16) | ((b[at + 2] as number) << 8) | (b[at + 3] as number);
    const low =
      (b[at + 4] as number) * 0x1000000 +
      (((b[at + 5] as number) << 16) | ((b[at + 6] as number) << 8) | (b[at + 7] as number));
    return high * 0x100000000 + low;
  }

  bytes(length: number): Buffer {
    const at = this.take(length);
    return this.buffer.subarray(at, at + length);
  }

  hex(length: number): string {
    return this.bytes(length).toString('hex');
  }

  /** US-ASCII text (bytes above 0x7F become U+FFFD, as Java decodes them). */
  ascii(length: number): string {
    return asciiOf(this.bytes(length));
  }

  /** The byte `ahead` positions after the cursor, without moving it. */
  peekU8(ahead = 0): number {
    const at = this.offset + ahead;
    if (at >= 0 && at < this.limit && Number.isInteger(at)) return this.buffer[at] as number;
    if (at < 0 || at >= this.end) throw new Error(`truncated frame: no byte at ${at}`);
    return this.buffer.readUInt8(at);
  }
}
