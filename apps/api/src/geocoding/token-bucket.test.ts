import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('refills at its rate up to its burst, and serves waiters in order', async () => {
    let now = 0;
    const waits: number[] = [];
    const bucket = new TokenBucket(
      2,
      2,
      () => now,
      async (ms) => void waits.push(ms),
    );
    expect([await bucket.take(0), await bucket.take(0), await bucket.take(0)]).toEqual([true, true, false]);
    // two reserved ahead: 500 ms, then 1000 ms
    expect([await bucket.take(2_000), await bucket.take(2_000)]).toEqual([true, true]);
    expect(waits).toEqual([500, 1000]);
    // a long pause fills it to its burst only
    now += 60_000;
    expect([await bucket.take(0), await bucket.take(0), await bucket.take(0)]).toEqual([true, true, false]);
  });
});
