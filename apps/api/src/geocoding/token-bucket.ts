/** A provider's rate: `take` waits for the next request's turn, or answers false when it would pass `maxWaitMs`. */
export interface RateBucket {
  readonly rate: number;
  take(maxWaitMs: number): Promise<boolean>;
}

/**
 * A token bucket: `rate` tokens a second, holding at most `burst`. A taker that finds it empty reserves the next
 * token (the count goes below zero) and waits for it, so takers are served in order and at the rate; one whose wait
 * would pass its limit takes nothing and is told so at once.
 */
export class TokenBucket implements RateBucket {
  private tokens: number;
  private last: number;

  constructor(
    readonly rate: number,
    private readonly burst = Math.max(1, rate),
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Waits for a token; false (without waiting) when it would come later than `maxWaitMs` from now. */
  async take(maxWaitMs: number): Promise<boolean> {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.rate) / 1000);
    this.last = now;
    const waitMs = this.tokens >= 1 ? 0 : ((1 - this.tokens) * 1000) / this.rate;
    if (waitMs > maxWaitMs) return false;
    this.tokens -= 1;
    if (waitMs > 0) await this.sleep(waitMs);
    return true;
  }
}
