import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from './rate-limiter';
import { FallbackRateLimiter, MemoryRateLimiter, RedisRateLimiter } from './rate-limiter';

async function behavesAsAFixedWindow(limiter: RateLimiter) {
  const key = `k-${randomBytes(4).toString('hex')}`;
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await limiter.hit(key, 3, 60_000));
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
  expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
  expect(results[3]?.retryAfterMs).toBeGreaterThan(50_000);
  await limiter.reset(key);
  expect((await limiter.hit(key, 3, 60_000)).allowed).toBe(true);
  const short = `s-${randomBytes(4).toString('hex')}`;
  await limiter.hit(short, 1, 50);
  expect((await limiter.hit(short, 1, 50)).allowed).toBe(false);
  await new Promise((r) => setTimeout(r, 80));
  expect((await limiter.hit(short, 1, 50)).allowed).toBe(true);
}

describe('MemoryRateLimiter', () => {
  it('counts hits in a fixed window', () => behavesAsAFixedWindow(new MemoryRateLimiter()));
});

describe.skipIf(!process.env.REDIS_URL)('RedisRateLimiter (skipped: REDIS_URL not set)', () => {
  const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
  const prefix = `waymark-test-${randomBytes(4).toString('hex')}:rl:`;
  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts hits in a fixed window shared by every API node', async () => {
    await behavesAsAFixedWindow(new RedisRateLimiter(redis as Redis, prefix));
    const a = new RedisRateLimiter(redis as Redis, prefix);
    const b = new RedisRateLimiter(redis as Redis, prefix);
    await a.hit('shared', 2, 60_000);
    await b.hit('shared', 2, 60_000);
    expect((await a.hit('shared', 2, 60_000)).allowed).toBe(false);
  });
});

describe('FallbackRateLimiter', () => {
  it('counts in memory, without waiting, while Redis is not connected', async () => {
    const offline = new Redis({ lazyConnect: true, port: 1 });
    const warnings: unknown[] = [];
    const limiter = new FallbackRateLimiter(offline, { warn: (...a: unknown[]) => void warnings.push(a), info() {} });
    await behavesAsAFixedWindow(limiter);
    expect(warnings).toHaveLength(1);
    offline.disconnect();
  });
});
