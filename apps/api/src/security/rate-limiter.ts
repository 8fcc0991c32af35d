import type { Redis } from 'ioredis';

export interface RateResult {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
}

/** Counts hits of a key in a fixed window; shared across API nodes when backed by Redis. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateResult>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, limit: number, windowMs: number): Promise<RateResult> {
    const now = Date.now();
    if (this.windows.size > 50_000) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { allowed: w.count <= limit, remaining: Math.max(0, limit - w.count), retryAfterMs: w.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'waymark:rl:',
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateResult> {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttl = Number(res?.[2]?.[1] ?? windowMs);
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterMs: ttl > 0 ? ttl : windowMs };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/** How long a Redis round trip may take before the hit is counted in memory instead. */
const REDIS_TIMEOUT_MS = 1000;

/**
 * Redis-backed limits that survive a Redis outage: while Redis is unreachable (not connected, or an answer fails
 * or is late) hits are counted in this process's memory, so requests keep being served and limited, per node
 * instead of across nodes. The switch is logged once each way.
 */
export class FallbackRateLimiter implements RateLimiter {
  private readonly shared: RedisRateLimiter;
  private readonly memory = new MemoryRateLimiter();
  private down = false;

  constructor(
    private readonly redis: Redis,
    private readonly log: { warn(details: object, message: string): void; info(message: string): void },
    prefix?: string,
  ) {
    this.shared = new RedisRateLimiter(redis, prefix);
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateResult> {
    const shared = await this.tryRedis(() => this.shared.hit(key, limit, windowMs));
    return shared ?? this.memory.hit(key, limit, windowMs);
  }

  async reset(key: string): Promise<void> {
    await this.memory.reset(key);
    await this.tryRedis(() => this.shared.reset(key));
  }

  private async tryRedis<T>(call: () => Promise<T>): Promise<T | undefined> {
    // a command sent while disconnected would wait in ioredis' offline queue: go to memory at once
    if (this.redis.status !== 'ready') return this.fellBack(`redis ${this.redis.status}`);
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_TIMEOUT_MS} ms`)), REDIS_TIMEOUT_MS);
      });
      const result = await Promise.race([call(), late]);
      if (this.down) {
        this.down = false;
        this.log.info('redis is back: rate limits are shared across API nodes again');
      }
      return result;
    } catch (err) {
      return this.fellBack((err as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }

  private fellBack(reason: string): undefined {
    if (!this.down) {
      this.down = true;
      this.log.warn({ reason }, 'redis unreachable: rate limits are counted in this process until it is back');
    }
    return undefined;
  }
}
