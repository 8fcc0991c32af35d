/** FIFO of one consumer group of the in-process bus, with drop-oldest at maxLen and drain notification. */
export class GroupQueue {
  private items: unknown[] = [];
  private head = 0;
  private drainWaiters: Array<() => void> = [];
  /** Set while a consumer reads this queue; publish() applies back-pressure only then. */
  consumer: { wake(): void } | null = null;

  constructor(private readonly maxLen: number) {}

  get length(): number {
    return this.items.length - this.head;
  }

  /** Appends; returns how many of the oldest messages were dropped to stay within maxLen. */
  push(messages: readonly unknown[]): number {
    for (const m of messages) this.items.push(m);
    const overflow = this.length - this.maxLen;
    if (overflow > 0) this.head += overflow;
    this.compact();
    this.consumer?.wake();
    return Math.max(0, overflow);
  }

  peek(count: number): unknown[] {
    return this.items.slice(this.head, this.head + count);
  }

  /** Removes the first `count` messages (acknowledged). */
  shift(count: number, lowWaterMark: number): void {
    this.head += Math.min(count, this.length);
    this.compact();
    if (this.length <= lowWaterMark) this.releaseWaiters();
  }

  /** Resolves when the queue drained below the low-water mark or nobody consumes it any more. */
  waitForDrain(): Promise<void> {
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  releaseWaiters(): void {
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Moves everything into `other` (backlog adopted by the first consumer group). */
  moveTo(other: GroupQueue): void {
    other.push(this.items.slice(this.head));
    this.items = [];
    this.head = 0;
  }

  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}
