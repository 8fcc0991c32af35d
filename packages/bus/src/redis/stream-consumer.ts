import type { PartitionedTopic } from '@waymark/contracts/bus';
import type { Redis } from 'ioredis';
import type { BatchHandler, BusLogger, Consumer } from '../bus';
import { Waiter, withTimeout } from '../sleep';
import type { BusKeys } from './keys';
import { PartitionLeases } from './partition-leases';
import { decodeEntry, type MessageSchema, parseAutoclaimCursor, parseReadReply } from './stream-reply';

export interface StreamConsumerOptions<T> {
  redis: Redis;
  keys: BusKeys;
  topic: PartitionedTopic;
  group: string;
  /** Consumer name inside the Redis group: the node id. */
  consumerName: string;
  token: string;
  partitions: number;
  schema: MessageSchema<T>;
  handler: BatchHandler<T>;
  batchSize: number;
  blockMs: number;
  leaseTtlMs: number;
  retryDelayMs: number;
  closeTimeoutMs: number;
  logger: BusLogger;
  onClose: () => void;
}

/**
 * Trims from a stream (KEYS[1]) what every consumer group is done with: entries older than each group's oldest
 * pending entry, or than its last delivered one when nothing is pending. Nothing is trimmed before a group exists.
 */
export const TRIM_ACKED = `local function older(a, b)
  local ams, aseq = string.match(a, '(%d+)-(%d+)')
  local bms, bseq = string.match(b, '(%d+)-(%d+)')
  ams, aseq, bms, bseq = tonumber(ams), tonumber(aseq), tonumber(bms), tonumber(bseq)
  return ams < bms or (ams == bms and aseq < bseq)
end
local keep = nil
for _, g in ipairs(redis.call('XINFO', 'GROUPS', KEYS[1])) do
  local info = {}
  for i = 1, #g, 2 do info[g[i]] = g[i + 1] end
  local need = info['last-delivered-id']
  if info['pending'] > 0 then need = redis.call('XPENDING', KEYS[1], info['name'])[2] end
  if keep == nil or older(need, keep) then keep = need end
end
if keep == nil then return 0 end
return redis.call('XTRIM', KEYS[1], 'MINID', '~', keep)`;

/** How often a consumer trims each partition it acknowledges in, ms (and at once when it has nothing to read). */
const TRIM_EVERY_MS = 500;

interface TrimmingPipeline {
  waymarkTrimAcked(key: string): unknown;
}

interface Entry {
  partition: number;
  id: string;
  fields: string[] | null;
}

/**
 * Reads the partitions it holds leases for with one XREADGROUP (BLOCK) on its own connection, hands the
 * messages to the handler and XACKs them only after it resolves. A newly owned partition first gets its group
 * created and every pending entry claimed (XAUTOCLAIM) so that a dead owner's unacknowledged messages are
 * delivered again, in order, before new ones; the same re-read of pending entries follows a failed batch.
 * Every few seconds it trims from each partition what every group has acknowledged (streams have no length
 * cap by default: a cap would drop entries nobody has processed yet).
 */
export class RedisStreamConsumer<T> implements Consumer {
  readonly topic: PartitionedTopic;
  readonly group: string;
  private readonly blocking: Redis;
  private readonly leases: PartitionLeases;
  private readonly ready = new Set<number>();
  private readonly needsPending = new Set<number>();
  private readonly waiter = new Waiter();
  private readonly running: Promise<void>;
  private inFlight = new Set<number>();
  private stopped = false;
  private nextRebalance = 0;
  private readonly trimmedAt = new Map<number, number>();
  /** partitions with acknowledgements since their last trim */
  private readonly untrimmed = new Set<number>();
  /** times the blocking connection closed: a read it was waiting on when that happened is not to be trusted */
  private blockingDrops = 0;

  constructor(private readonly o: StreamConsumerOptions<T>) {
    this.topic = o.topic;
    this.group = o.group;
    this.blocking = o.redis.duplicate();
    this.blocking.on('error', (err) => o.logger.debug({ err }, 'bus blocking connection error'));
    this.blocking.on('close', () => {
      this.blockingDrops += 1;
    });
    this.leases = new PartitionLeases({ ...o, ttlMs: o.leaseTtlMs });
    this.running = this.run();
  }

  ownedPartitions(): readonly number[] {
    return this.leases.owned();
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.waiter.wake();
    this.blocking.disconnect();
    const outcome = await withTimeout(this.running, this.o.closeTimeoutMs);
    // A batch still running keeps its leases until they lapse: nobody else may take its messages meanwhile.
    const keep = outcome === 'timeout' ? new Set(this.inFlight) : new Set<number>();
    if (outcome === 'timeout') this.log('warn', { partitions: [...keep] }, 'bus handler still running at close');
    await this.leases.stop(keep).catch((err) => this.log('warn', { err }, 'bus lease release failed'));
    this.o.onClose();
  }

  private async run(): Promise<void> {
    this.leases.start();
    while (!this.stopped) {
      try {
        await this.step();
      } catch (err) {
        if (this.stopped) break;
        this.log('warn', { err }, 'bus read failed; retrying');
        if (err instanceof Error && err.message.includes('NOGROUP')) this.ready.clear();
        // Whatever was read but not acknowledged sits in this consumer's pending list: read it again first.
        for (const p of this.ready) this.needsPending.add(p);
        await this.waiter.wait(this.o.retryDelayMs);
      }
    }
  }

  private async step(): Promise<void> {
    if (Date.now() >= this.nextRebalance) {
      await this.leases.heartbeat();
      await this.rebalance();
      this.nextRebalance = Date.now() + Math.floor(this.o.leaseTtlMs / 3);
    }
    for (const p of this.ready) if (!this.leases.has(p)) this.ready.delete(p);
    for (const p of this.leases.owned()) if (!this.ready.has(p)) await this.prepare(p);
    const owned = this.leases.owned().filter((p) => this.ready.has(p));
    if (owned.length === 0) {
      await this.waiter.wait(Math.min(this.o.blockMs, Math.floor(this.o.leaseTtlMs / 3)));
      return;
    }
    const pending = owned.filter((p) => this.needsPending.has(p));
    const entries = pending.length > 0 ? await this.read(pending, '0') : await this.read(owned, '>');
    for (const p of pending) if (!entries.some((e) => e.partition === p)) this.needsPending.delete(p);
    if (entries.length > 0 && !this.stopped) await this.handle(entries);
    else if (entries.length === 0 && this.untrimmed.size > 0) await this.trimIdle();
  }

  private async rebalance(): Promise<void> {
    const fair = this.leases.fairShare();
    const owned = this.leases.owned();
    if (owned.length > fair) {
      for (const p of owned.slice(fair)) {
        await this.leases.release(p);
        this.ready.delete(p);
        this.needsPending.delete(p);
      }
      this.log('info', { released: owned.slice(fair) }, 'bus partitions handed over');
    } else if (owned.length < fair) {
      const acquired = await this.leases.acquire(fair - owned.length);
      if (acquired.length > 0) this.log('info', { acquired }, 'bus partitions taken');
    }
  }

  /** Creates the group if needed and claims every pending entry of the partition for this consumer. */
  private async prepare(partition: number): Promise<void> {
    const { redis, keys, topic, group, consumerName } = this.o;
    const key = keys.stream(topic, partition);
    try {
      await redis.call('XGROUP', ['CREATE', key, group, '0', 'MKSTREAM']);
    } catch (err) {
      if (!(err instanceof Error && err.message.includes('BUSYGROUP'))) throw err;
    }
    let cursor = '0-0';
    do {
      const reply = await redis.call('XAUTOCLAIM', [key, group, consumerName, '0', cursor, 'COUNT', '1000', 'JUSTID']);
      cursor = parseAutoclaimCursor(reply);
    } while (cursor !== '0-0');
    this.ready.add(partition);
    this.needsPending.add(partition);
  }

  /** `>` reads new entries (blocking); `0` re-reads this consumer's pending entries (not blocking). */
  private async read(partitions: readonly number[], id: '>' | '0'): Promise<Entry[]> {
    const { keys, topic, group, consumerName, batchSize, blockMs } = this.o;
    const streamKeys = partitions.map((p) => keys.stream(topic, p));
    const args = ['GROUP', group, consumerName, 'COUNT', String(batchSize)];
    if (id === '>') args.push('BLOCK', String(blockMs));
    args.push('STREAMS', ...streamKeys, ...streamKeys.map(() => id));
    const drops = this.blockingDrops;
    const reply = await (id === '>' ? this.blocking : this.o.redis).call('XREADGROUP', args);
    // The connection dropped while this read waited: the client sent it again on the new one, so this reply may
    // follow one that never arrived, whose entries Redis counts as delivered (in this consumer's pending list).
    // Handling this reply would put newer entries before them; the caller re-reads the pending list instead.
    if (id === '>' && this.blockingDrops !== drops) throw new Error('bus connection dropped during a read');
    const byKey = new Map(streamKeys.map((k, i) => [k, partitions[i]!]));
    return parseReadReply(reply).flatMap((e) => {
      const partition = byKey.get(e.key);
      return partition === undefined ? [] : [{ partition, id: e.id, fields: e.fields }];
    });
  }

  private async handle(entries: readonly Entry[]): Promise<void> {
    const messages: T[] = [];
    const messageIds: string[] = [];
    const ids = new Map<number, string[]>();
    for (const entry of entries) {
      const list = ids.get(entry.partition);
      if (list) list.push(entry.id);
      else ids.set(entry.partition, [entry.id]);
      const decoded = entry.fields ? decodeEntry(entry.fields, this.o.schema) : undefined;
      if (decoded === undefined) {
        this.log('warn', { id: entry.id, partition: entry.partition }, 'bus message unreadable; skipped');
        continue;
      }
      for (let k = 0; k < decoded.length; k++) {
        const message = decoded[k];
        if (message === undefined) {
          this.log('warn', { id: entry.id, index: k, partition: entry.partition }, 'bus message unreadable; skipped');
          continue;
        }
        messages.push(message);
        messageIds.push(decoded.length === 1 ? entry.id : `${entry.id}:${k}`);
      }
    }
    this.inFlight = new Set(ids.keys());
    try {
      if (messages.length > 0) await this.o.handler(messages, { ids: messageIds });
    } catch (err) {
      this.log('error', { err, size: messages.length }, 'bus handler failed; will redeliver');
      for (const p of this.inFlight) this.needsPending.add(p);
      this.inFlight = new Set();
      if (!this.stopped) await this.waiter.wait(this.o.retryDelayMs);
      return;
    }
    const pipeline = this.o.redis.pipeline();
    const now = Date.now();
    const trims = new Set<number>(); // indexes of trim commands in the pipeline
    for (const [p, list] of ids) {
      const key = this.o.keys.stream(this.o.topic, p);
      pipeline.xack(key, this.o.group, ...list);
      this.untrimmed.add(p);
      if (now - (this.trimmedAt.get(p) ?? 0) >= TRIM_EVERY_MS) {
        this.trimmedAt.set(p, now);
        this.untrimmed.delete(p);
        trims.add(pipeline.length);
        (pipeline as unknown as TrimmingPipeline).waymarkTrimAcked(key);
      }
    }
    const results = (await pipeline.exec()) ?? [];
    this.inFlight = new Set();
    for (let i = 0; i < results.length; i++) {
      const err = results[i]?.[0];
      if (!err) continue;
      // a failed trim only leaves entries for the next one; a failed XACK means redelivery (skipped by cursors)
      if (trims.has(i)) this.log('warn', { err }, 'bus stream trim failed');
      else throw err;
    }
  }

  /**
   * Nothing new to read: trims the partitions acknowledged in since their last trim, so that a stream the
   * publishers' back-pressure watches does not stay long with processed entries.
   */
  private async trimIdle(): Promise<void> {
    const pipeline = this.o.redis.pipeline();
    for (const p of this.untrimmed) {
      (pipeline as unknown as TrimmingPipeline).waymarkTrimAcked(this.o.keys.stream(this.o.topic, p));
      this.trimmedAt.set(p, Date.now());
    }
    this.untrimmed.clear();
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([err]) => err);
    if (failed) this.log('warn', { err: failed[0] }, 'bus stream trim failed');
  }

  private log(level: 'info' | 'warn' | 'error', obj: object, msg: string): void {
    this.o.logger[level]({ topic: this.o.topic, group: this.o.group, ...obj }, msg);
  }
}
