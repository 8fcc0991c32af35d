import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RateBucket } from './token-bucket';
import { TokenBucket } from './token-bucket';

/**
 * The token bucket of TokenBucket kept in Redis, so that every API node draws on one budget per provider: the key
 * holds the time at which the bucket is next empty (a "theoretical arrival time"), read and moved in one script,
 * on Redis' clock (the nodes' clocks need not agree). A taker reserves the next slot and waits for it, or takes
 * nothing when that slot is later than its limit; the answer is the wait in ms, or -1.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local wait = tat + interval - burst * interval - now
if wait < 0 then wait = 0 end
if wait > tonumber(ARGV[3]) then return -1 end
local after = tat + interval
redis.call('SET', KEYS[1], string.format('%.3f', after), 'PX', math.ceil(after - now) + 1000)
return math.ceil(wait)
`;

/** How long a Redis round trip may take before this node counts the request in its own bucket instead. */
const REDIS_TIMEOUT_MS = 1000;

export interface SharedBucketOptions {
  redis: Redis;
  /** WAYMARK_REDIS_PREFIX */
  prefix: string;
  /** the provider: its type and URL (the URL is hashed into the key: it may carry a key in its query) */
  provider: string;
  rate: number;
  log: Pick<Logger, 'warn' | 'info'>;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A provider's rate shared by every API node through Redis. While Redis is unreachable (not connected, or an
 * answer fails or is late) the node falls back to a bucket of its own at the same rate, as the sign-in limits do;
 * the switch is logged once each way.
 */
export class SharedBucket implements RateBucket {
  readonly rate: number;
  private readonly key: string;
  private readonly burst: number;
  private readonly local: TokenBucket;
  private readonly sleep: (ms: number) => Promise<void>;
  private down = false;

  constructor(private readonly o: SharedBucketOptions) {
    this.rate = o.rate;
    this.burst = Math.max(1, o.rate);
    this.sleep = o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.local = new TokenBucket(o.rate, this.burst, Date.now, this.sleep);
    const id = createHash('sha256').update(o.provider).digest('hex').slice(0, 16);
    this.key = `${o.prefix}geocoder:rate:${id}`;
  }

  async take(maxWaitMs: number): Promise<boolean> {
    const waitMs = await this.reserve(maxWaitMs);
    if (waitMs === undefined) return this.local.take(maxWaitMs);
    if (waitMs < 0) return false;
    if (waitMs > 0) await this.sleep(waitMs);
    return true;
  }

  /** The wait of the slot reserved in Redis, -1 when none within `maxWaitMs`, undefined when Redis did not answer. */
  private async reserve(maxWaitMs: number): Promise<number | undefined> {
    const { redis } = this.o;
    // a command sent while disconnected would wait in ioredis' offline queue: count locally at once
    if (redis.status !== 'ready') return this.fellBack(`redis ${redis.status}`);
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_TIMEOUT_MS} ms`)), REDIS_TIMEOUT_MS);
      });
      const args = [String(1000 / this.rate), String(this.burst), String(Math.max(0, Math.floor(maxWaitMs)))];
      const answer = await Promise.race([redis.eval(TAKE, 1, this.key, ...args), late]);
      if (this.down) {
        this.down = false;
        this.o.log.info('redis is back: the geocoder rate is shared across API nodes again');
      }
      return Number(answer);
    } catch (err) {
      return this.fellBack((err as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }

  private fellBack(reason: string): undefined {
    if (!this.down) {
      this.down = true;
      this.o.log.warn({ reason }, 'redis unreachable: the geocoder rate is counted in this process until it is back');
    }
    return undefined;
  }
}
