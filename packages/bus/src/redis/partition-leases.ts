import type { PartitionedTopic } from '@waymark/contracts/bus';
import type { Redis } from 'ioredis';
import type { BusLogger } from '../bus';
import { partitionOf } from '../partition';
import type { BusKeys } from './keys';

/** Registers the caller as a live member (Redis clock) and returns how many members are live. */
const HEARTBEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)
redis.call('PEXPIRE', KEYS[1], ttl * 2)
return redis.call('ZCARD', KEYS[1])`;

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface PartitionLeasesOptions {
  redis: Redis;
  keys: BusKeys;
  topic: PartitionedTopic;
  group: string;
  partitions: number;
  ttlMs: number;
  /** Unique per consumer instance (node id + random), the value stored in lease keys. */
  token: string;
  logger: BusLogger;
}

/**
 * Exclusive ownership of partitions of one topic within one consumer group: a lease is the key
 * `lease:<topic>:<group>:<p>` set with `SET NX PX ttl` to the owner's token and renewed every ttl/3. Live members
 * heartbeat into a sorted set so that each takes its fair share, ceil(partitions / members); a dead member's
 * leases lapse after ttl and the others take them.
 */
export class PartitionLeases {
  private readonly held = new Set<number>();
  private members = 1;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: PartitionLeasesOptions) {}

  owned(): number[] {
    return [...this.held].sort((a, b) => a - b);
  }

  has(partition: number): boolean {
    return this.held.has(partition);
  }

  fairShare(): number {
    return Math.ceil(this.o.partitions / Math.max(1, this.members));
  }

  /** Heartbeats and renews every ttl/3 until stop(). */
  start(): void {
    this.timer ??= setInterval(
      () => {
        this.heartbeat().catch((err) => this.o.logger.warn({ err, topic: this.o.topic }, 'bus lease heartbeat failed'));
      },
      Math.max(50, Math.floor(this.o.ttlMs / 3)),
    );
  }

  async heartbeat(): Promise<void> {
    const { redis, keys, topic, group, token, ttlMs } = this.o;
    this.members = Number(await redis.eval(HEARTBEAT, 1, keys.members(topic, group), token, ttlMs));
    const renewing = [...this.held];
    if (renewing.length === 0) return;
    const pipeline = redis.pipeline();
    for (const p of renewing) pipeline.eval(RENEW, 1, keys.lease(topic, group, p), token, ttlMs);
    const results = (await pipeline.exec()) ?? [];
    renewing.forEach((p, i) => {
      const [err, renewed] = results[i] ?? [new Error('no reply'), 0];
      if (err || Number(renewed) !== 1) {
        this.held.delete(p);
        this.o.logger.warn({ topic, group, partition: p }, 'bus partition lease lost');
      }
    });
  }

  /** Tries to take up to `count` free partitions, starting at a per-member offset to spread contention. */
  async acquire(count: number): Promise<number[]> {
    const { redis, keys, topic, group, token, ttlMs, partitions } = this.o;
    const acquired: number[] = [];
    const offset = partitionOf(token, partitions);
    for (let i = 0; i < partitions && acquired.length < count; i++) {
      const p = (offset + i) % partitions;
      if (this.held.has(p)) continue;
      const ok = await redis.set(keys.lease(topic, group, p), token, 'PX', ttlMs, 'NX');
      if (ok === 'OK') {
        this.held.add(p);
        acquired.push(p);
      }
    }
    return acquired;
  }

  async release(partition: number): Promise<void> {
    const { redis, keys, topic, group, token } = this.o;
    this.held.delete(partition);
    await redis.eval(RELEASE, 1, keys.lease(topic, group, partition), token);
  }

  /** Stops renewing, releases every lease except `keep` (left to lapse), and leaves the member set. */
  async stop(keep: ReadonlySet<number> = new Set()): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const { redis, keys, topic, group, token } = this.o;
    for (const p of this.owned()) {
      if (keep.has(p)) this.held.delete(p);
      else await this.release(p);
    }
    await redis.zrem(keys.members(topic, group), token);
  }
}
