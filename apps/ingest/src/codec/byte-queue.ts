/**
 * The unread bytes of a stream, for framers (meitrack, suntech): appending copies only the new chunk into spare
 * capacity (doubling when full), so a frame arriving byte by byte costs linear time, not a concat per read.
 * `view()` is valid until the next `append`; copy what you keep.
 */
export class ByteQueue {
  private store: Buffer;
  private start = 0;
  private end = 0;

  constructor(private readonly initialCapacity = 1024) {
    this.store = Buffer.alloc(initialCapacity);
  }

  get length(): number {
    return this.end - this.start;
  }

  append(chunk: Buffer): void {
    if (this.end + chunk.length > this.store.length) {
      const needed = this.length + chunk.length;
      if (needed <= this.store.length / 2) {
        this.store.copyWithin(0, this.start, this.end);
      } else {
        const grown = Buffer.alloc(Math.max(needed, this.store.length * 2));
        this.store.copy(grown, 0, this.start, this.end);
        this.store = grown;
      }
      this.end -= this.start;
      this.start = 0;
    }
    chunk.copy(this.store, this.end);
    this.end += chunk.length;
  }

  view(): Buffer {
    return this.store.subarray(this.start, this.end);
  }

  /** Drops the first n bytes (all of them when n is larger). */
  consume(n: number): void {
    this.start = Math.min(this.start + n, this.end);
    if (this.start === this.end) {
      this.start = 0;
      this.end = 0;
      if (this.store.length > 4 * this.initialCapacity * 64) this.store = Buffer.alloc(this.initialCapacity);
    }
  }
}
