/**
 * A bounds-checked big-endian cursor over one frame, the way binary decoders read (Netty's ByteBuf reads):
 * every read past the end throws an Error, so a truncated frame fails cleanly instead of yielding garbage.
 */
export class ByteReader {
  private offset: number;

  constructor(
    readonly buffer: Buffer,
    start = 0,
    /** Reads stop here (exclusive). */
    readonly end = buffer.length,
  ) {
    this.offset = start;
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
    const at = this.offset;
    this.offset += length;
    return at;
  }

  skip(length: number): void {
    this.take(length);
  }

  u8(): number {
    return this.buffer.readUInt8(this.take(1));
  }

  i8(): number {
    return this.buffer.readInt8(this.take(1));
  }

  u16(): number {
    return this.buffer.readUInt16BE(this.take(2));
  }

  i16(): number {
    return this.buffer.readInt16BE(this.take(2));
  }

  u24(): number {
    return this.buffer.readUIntBE(this.take(3), 3);
  }

  u32(): number {
    return this.buffer.readUInt32BE(this.take(4));
  }

  i32(): number {
    return this.buffer.readInt32BE(this.take(4));
  }

  u32le(): number {
    return this.buffer.readUInt32LE(this.take(4));
  }

  /** A signed 64-bit value as the nearest double (as Java's long printed through JSON). */
  i64(): number {
    return Number(this.buffer.readBigInt64BE(this.take(8)));
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
    if (at < 0 || at >= this.end) throw new Error(`truncated frame: no byte at ${at}`);
    return this.buffer.readUInt8(at);
  }
}

export function asciiOf(bytes: Buffer): string {
  let text = '';
  for (const b of bytes) text += b < 0x80 ? String.fromCharCode(b) : '\ufffd';
  return text;
}

/** Java's String.trim(): strips every character up to U+0020 (NULs and control bytes included) at both ends. */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/** UTF-16BE text (an odd trailing byte becomes U+FFFD, as Java decodes it). */
export function utf16beOf(bytes: Buffer): string {
  const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  even.swap16();
  return even.toString('utf16le') + (bytes.length % 2 ? '\ufffd' : '');
}
