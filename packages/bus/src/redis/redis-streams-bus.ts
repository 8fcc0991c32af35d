import { randomUUID } from 'node:crypto';
import type { CommandMessage, PartitionedTopic, TopicMessages } from '@waymark/contracts/bus';
import { commandMessageSchema, topicMessageSchemas } from '@waymark/contracts/bus';
import { fastPositionMessageSchema } from '@waymark/contracts/position-check';
import { Redis } from 'ioredis';
import type {
  BatchHandler,
  Bus,
  BusLogger,
  CommandHandler,
  ConsumeOptions,
  Consumer,
  CreateBusOptions,
  Unsubscribe,
} from '../bus';
import { busDefaults } from '../defaults';
import { partitionOf } from '../partition';
import { BusKeys } from './keys';
import { RedisStreamConsumer, TRIM_ACKED } from './stream-consumer';
import type { MessageSchema } from './stream-reply';

/** Most entries in one publish batch: a larger turn's publishes go out in several. */
const MAX_BATCH = 1000;
/** Most messages of one device packed into one stream entry. */
const MAX_PACK = 100;

/**
 * XADDs a batch (KEYS[i] <- ARGV[i + 1]; MAXLEN ~ ARGV[1] unless it is 0) in one command: one script call costs
 * the ingest far less than a pipeline of one command per message. Each XADD stands alone as it would in a
 * pipeline (pcall). Reply: `{ failed, lengths }` — failed: `{ index, error, … }` (1-based), empty when all are
 * stored; lengths: `{ key, XLEN, … }` of every stream written (the publisher's back-pressure).
 */
const XADD_BATCH = `local failed = {}
local capped = ARGV[1] ~= '0'
for i = 1, #KEYS do
  local r
  if capped then
    r = redis.pcall('XADD', KEYS[i], 'MAXLEN', '~', ARGV[1], '*', 'd', ARGV[i + 1])
  else
    r = redis.pcall('XADD', KEYS[i], '*', 'd', ARGV[i + 1])
  end
  if type(r) == 'table' and r.err then
    failed[#failed + 1] = i
    failed[#failed + 1] = r.err
  end
end
local lengths, seen = {}, {}
for i = 1, #KEYS do
  if not seen[KEYS[i]] then
    seen[KEYS[i]] = true
    local ok, n = pcall(redis.call, 'XLEN', KEYS[i])
    if ok then
      lengths[#lengths + 1] = KEYS[i]
      lengths[#lengths + 1] = n
    end
  end
end
return { failed, lengths }`;

interface BatchingRedis {
  waymarkXaddBatch(...args: (string | number)[]): Promise<unknown>;
}

/** Publishes of one event-loop turn: their stream keys and payloads, sent as one XADD_BATCH call. */
interface PublishBatch {
  keys: string[];
  payloads: string[];
  /** Failed messages of the batch: 0-based index -> Redis error. */
  failures: Promise<Map<number, string>>;
  settle(failures: Map<number, string>): void;
  fail(err: unknown): void;
}

export type RedisStreamsBusOptions = Omit<CreateBusOptions, 'redisUrl'> & { redisUrl: string };

/**
 * The production bus. Partitioned topics are N Redis streams each (`<prefix><topic>:<p>`, p = FNV-1a of
 * uniqueId mod N), written with XADD and read through consumer groups, one leased consumer per partition and
 * group (see RedisStreamConsumer), which also trims what every group has acknowledged. The messages of one device
 * in one publish call (a tracker's packet of buffered records) share one entry: field `d` holds the message, or
 * the list of messages when there are several. Commands go over pub/sub to every ingest node.
 */
export class RedisStreamsBus implements Bus {
  readonly kind = 'redis';
  readonly nodeId: string;
  readonly partitions: number;
  private readonly redis: Redis;
  private readonly keys: BusKeys;
  private readonly logger: BusLogger;
  private readonly instanceId = randomUUID().slice(0, 8);
  private readonly consumers = new Set<Consumer>();
  private readonly commandHandlers = new Set<CommandHandler>();
  private subscriber: Redis | undefined;
  private subscribed: Promise<unknown> | undefined;
  private closed = false;
  private batch: PublishBatch | undefined;
  private readonly maxLen: string;
  private readonly highWaterMark: number;
  /** Entries in each stream as Redis last said (after a publish, or while waiting for room). */
  private readonly lengths = new Map<string, number>();
  /** One refresh of the lengths of full streams that every waiting publish shares. */
  private refreshing: Promise<void> | undefined;
  private readonly streamKeyCache = new Map<PartitionedTopic, readonly string[]>();
  private readonly publishTimeoutMs: number;
  /** Publishes waiting for Redis to be reachable again, woken by its 'ready'. */
  private readonly readyWaiters = new Set<() => void>();
  /** The connection was ready once: not being ready now is an outage (before, it is the start). */
  private wasReady = false;

  constructor(private readonly options: RedisStreamsBusOptions) {
    this.nodeId = options.nodeId;
    this.partitions = options.partitions ?? busDefaults.partitions;
    this.logger = options.logger;
    this.keys = new BusKeys(options.keyPrefix ?? busDefaults.keyPrefix);
    this.maxLen = String(options.maxLen ?? 0);
    this.highWaterMark = options.streamHighWaterMark ?? busDefaults.streamHighWaterMark;
    this.publishTimeoutMs = options.publishTimeoutMs ?? busDefaults.publishTimeoutMs;
    this.redis = new Redis(options.redisUrl, { protocol: 2, connectionName: `waymark-bus:${this.nodeId}` });
    this.redis.defineCommand('waymarkXaddBatch', { lua: XADD_BATCH });
    this.redis.defineCommand('waymarkTrimAcked', { lua: TRIM_ACKED, numberOfKeys: 1 });
    this.redis.on('error', (err) => this.logger.warn({ err: err.message }, 'bus redis connection error'));
    this.redis.on('ready', () => {
      this.wasReady = true;
      for (const wake of this.readyWaiters) wake();
    });
  }

  /**
   * Appends the messages to their partitions' streams. Publishes of the same event-loop turn (every connection
   * whose frames were read in it) go to Redis together in one XADD_BATCH call, in call order, so the messages of a
   * device keep their order; each call resolves when its own messages are stored and rejects if any of them failed.
   */
  async publish<T extends PartitionedTopic>(topic: T, messages: readonly TopicMessages[T][]): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    if (messages.length === 0) return;
    if (this.wasReady && this.redis.status !== 'ready') {
      await this.reachable();
      if (this.closed) throw new Error('bus is closed');
    }
    const streams = this.streamKeys(topic);
    if (this.highWaterMark > 0) {
      const full = messages.some(
        (m) =>
          (this.lengths.get(streams[partitionOf(m.uniqueId, this.partitions)] as string) ?? 0) >= this.highWaterMark,
      );
      if (full) await this.roomFor(messages.map((m) => streams[partitionOf(m.uniqueId, this.partitions)] as string));
      if (this.closed) throw new Error('bus is closed');
    }
    const batch = this.openBatch();
    const first = batch.keys.length;
    try {
      for (let i = 0; i < messages.length; ) {
        const uniqueId = (messages[i] as TopicMessages[T]).uniqueId;
        let j = i + 1;
        while (j < messages.length && j - i < MAX_PACK && (messages[j] as TopicMessages[T]).uniqueId === uniqueId) j++;
        batch.keys.push(streams[partitionOf(uniqueId, this.partitions)] as string);
        batch.payloads.push(JSON.stringify(j - i === 1 ? messages[i] : messages.slice(i, j)));
        i = j;
      }
    } catch (err) {
      // a message that cannot be serialised: none of this call's go out
      batch.keys.length = first;
      batch.payloads.length = first;
      throw err;
    }
    const end = batch.keys.length;
    if (end >= MAX_BATCH) this.flush(batch);
    const failures = await batch.failures;
    if (failures.size === 0) return;
    for (let i = first; i < end; i++) {
      const err = failures.get(i);
      if (err !== undefined) throw new Error(err);
    }
  }

  /**
   * Waits until Redis is reachable, at most publishTimeoutMs, then fails: what the client would otherwise queue
   * while Redis is down (every held tracker, every reconnection's login) is not queued at all. Commands already
   * sent when the connection dropped are sent again by the client when it reconnects.
   */
  private reachable(): Promise<void> {
    return new Promise((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        this.readyWaiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(() => {
        this.readyWaiters.delete(wake);
        reject(new Error(`bus unavailable: Redis not reachable for ${this.publishTimeoutMs} ms`));
      }, this.publishTimeoutMs);
      this.readyWaiters.add(wake);
    });
  }

  /**
   * Back-pressure: waits while any of these streams holds `streamHighWaterMark` entries or more (consumers are
   * behind, or none runs), so the ingest stops acknowledging — trackers keep their records — instead of Redis
   * growing without bound. Waiting publishes share one XLEN refresh every 100 ms.
   */
  private async roomFor(keys: readonly string[]): Promise<void> {
    const isFull = (k: string) => (this.lengths.get(k) ?? 0) >= this.highWaterMark;
    while (!this.closed && keys.some(isFull)) {
      this.refreshing ??= (async () => {
        await new Promise((r) => setTimeout(r, 100));
        const full = [...this.lengths.keys()].filter(isFull);
        const pipeline = this.redis.pipeline();
        for (const k of full) pipeline.xlen(k);
        const results = (await pipeline.exec()) ?? [];
        full.forEach((k, i) => {
          const [err, n] = results[i] ?? [];
          if (!err) this.lengths.set(k, Number(n));
        });
      })()
        .catch((err) => this.logger.warn({ err }, 'bus stream lengths not read'))
        .finally(() => {
          this.refreshing = undefined;
        });
      await this.refreshing;
    }
  }

  /** The batch the next publish joins; a new one goes out at the end of this event-loop turn. */
  private openBatch(): PublishBatch {
    if (this.batch) return this.batch;
    let settle!: (failures: Map<number, string>) => void;
    let fail!: (err: unknown) => void;
    const failures = new Promise<Map<number, string>>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    const batch: PublishBatch = { keys: [], payloads: [], failures, settle, fail };
    this.batch = batch;
    setImmediate(() => this.flush(batch));
    return batch;
  }

  /** Sends a batch (once): later publishes start a new one. */
  private flush(batch: PublishBatch): void {
    if (this.batch !== batch) return;
    this.batch = undefined;
    if (batch.keys.length === 0) {
      batch.settle(new Map());
      return;
    }
    const redis = this.redis as unknown as BatchingRedis;
    redis.waymarkXaddBatch(batch.keys.length, ...batch.keys, this.maxLen, ...batch.payloads).then((reply) => {
      const [failed, lengths] = Array.isArray(reply) ? (reply as [unknown, unknown]) : [reply, []];
      if (Array.isArray(lengths)) {
        for (let i = 0; i + 1 < lengths.length; i += 2) this.lengths.set(String(lengths[i]), Number(lengths[i + 1]));
      }
      batch.settle(failuresOf(failed, batch.keys.length));
    }, batch.fail);
  }

  /** Stream keys of a topic by partition, built once. */
  private streamKeys(topic: PartitionedTopic): readonly string[] {
    let keys = this.streamKeyCache.get(topic);
    if (!keys) {
      keys = Array.from({ length: this.partitions }, (_, p) => this.keys.stream(topic, p));
      this.streamKeyCache.set(topic, keys);
    }
    return keys;
  }

  consume<T extends PartitionedTopic>(
    topic: T,
    handler: BatchHandler<TopicMessages[T]>,
    options: ConsumeOptions = {},
  ): Consumer {
    if (this.closed) throw new Error('bus is closed');
    const o = this.options;
    const consumer: Consumer = new RedisStreamConsumer<TopicMessages[T]>({
      redis: this.redis,
      keys: this.keys,
      topic,
      group: options.group ?? busDefaults.group,
      consumerName: this.nodeId,
      token: `${this.nodeId}#${this.instanceId}`,
      partitions: this.partitions,
      // positions: the contract's fast check first (zod costs ~10 µs a message on the hot path)
      schema: (topic === 'positions' ? fastPositionMessageSchema : topicMessageSchemas[topic]) as MessageSchema<
        TopicMessages[T]
      >,
      handler,
      batchSize: options.batchSize ?? busDefaults.batchSize,
      blockMs: options.blockMs ?? busDefaults.blockMs,
      leaseTtlMs: o.leaseTtlMs ?? busDefaults.leaseTtlMs,
      retryDelayMs: o.retryDelayMs ?? busDefaults.retryDelayMs,
      closeTimeoutMs: o.closeTimeoutMs ?? busDefaults.closeTimeoutMs,
      logger: this.logger,
      onClose: () => this.consumers.delete(consumer),
    });
    this.consumers.add(consumer);
    return consumer;
  }

  async sendCommand(command: CommandMessage): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    await this.redis.publish(this.keys.commands(), JSON.stringify(command));
  }

  async onCommand(handler: CommandHandler): Promise<Unsubscribe> {
    if (this.closed) throw new Error('bus is closed');
    if (!this.subscriber) {
      const subscriber = this.redis.duplicate();
      subscriber.on('error', (err) => this.logger.warn({ err: err.message }, 'bus subscriber connection error'));
      subscriber.on('message', (_channel: string, raw: string) => this.dispatchCommand(raw));
      this.subscriber = subscriber;
      this.subscribed = subscriber.subscribe(this.keys.commands());
    }
    await this.subscribed;
    this.commandHandlers.add(handler);
    return () => {
      this.commandHandlers.delete(handler);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // publishes already accepted go out before the connection quits
    if (this.batch) this.flush(this.batch);
    await Promise.all([...this.consumers].map((c) => c.close()));
    this.commandHandlers.clear();
    await Promise.all([this.subscriber, this.redis].map((conn) => (conn ? quit(conn) : undefined)));
  }

  private dispatchCommand(raw: string): void {
    let parsed: ReturnType<typeof commandMessageSchema.safeParse>;
    try {
      parsed = commandMessageSchema.safeParse(JSON.parse(raw));
    } catch {
      parsed = commandMessageSchema.safeParse(undefined);
    }
    if (!parsed.success) {
      this.logger.warn({ issues: parsed.error.issues.length }, 'bus command unreadable; ignored');
      return;
    }
    const command = parsed.data;
    for (const handler of this.commandHandlers) {
      Promise.resolve()
        .then(() => handler(command))
        .catch((err) => this.logger.error({ err, commandId: command.id }, 'command handler failed'));
    }
  }
}

/** The failures an XADD_BATCH reply lists, by 0-based index; a reply it cannot read fails every message. */
function failuresOf(reply: unknown, size: number): Map<number, string> {
  const failures = new Map<number, string>();
  if (!Array.isArray(reply) || reply.length % 2 !== 0) {
    for (let i = 0; i < size; i++) failures.set(i, 'bus publish: unexpected reply from Redis');
    return failures;
  }
  for (let i = 0; i < reply.length; i += 2) failures.set(Number(reply[i]) - 1, String(reply[i + 1]));
  return failures;
}

async function quit(conn: Redis): Promise<void> {
  try {
    await conn.quit();
  } catch {
    conn.disconnect();
  }
}
