import { randomUUID } from 'node:crypto';
import type { CommandMessage, PartitionedTopic, TopicMessages } from '@waymark/contracts/bus';
import { commandMessageSchema, topicMessageSchemas } from '@waymark/contracts/bus';
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
import { RedisStreamConsumer } from './stream-consumer';
import type { MessageSchema } from './stream-reply';

export type RedisStreamsBusOptions = Omit<CreateBusOptions, 'redisUrl'> & { redisUrl: string };

/**
 * The production bus. Partitioned topics are N Redis streams each (`<prefix><topic>:<p>`, p = FNV-1a of
 * uniqueId mod N), written with XADD (MAXLEN ~ maxLen) and read through consumer groups, one leased consumer
 * per partition and group (see RedisStreamConsumer). Commands go over pub/sub to every ingest node.
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

  constructor(private readonly options: RedisStreamsBusOptions) {
    this.nodeId = options.nodeId;
    this.partitions = options.partitions ?? busDefaults.partitions;
    this.logger = options.logger;
    this.keys = new BusKeys(options.keyPrefix ?? busDefaults.keyPrefix);
    this.redis = new Redis(options.redisUrl, { protocol: 2, connectionName: `waymark-bus:${this.nodeId}` });
    this.redis.on('error', (err) => this.logger.warn({ err: err.message }, 'bus redis connection error'));
  }

  async publish<T extends PartitionedTopic>(topic: T, messages: readonly TopicMessages[T][]): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    if (messages.length === 0) return;
    const maxLen = String(this.options.maxLen ?? busDefaults.maxLen);
    const pipeline = this.redis.pipeline();
    for (const message of messages) {
      const key = this.keys.stream(topic, partitionOf(message.uniqueId, this.partitions));
      pipeline.xadd(key, 'MAXLEN', '~', maxLen, '*', 'd', JSON.stringify(message));
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([err]) => err);
    if (failed) throw failed[0];
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
      schema: topicMessageSchemas[topic] as MessageSchema<TopicMessages[T]>,
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

async function quit(conn: Redis): Promise<void> {
  try {
    await conn.quit();
  } catch {
    conn.disconnect();
  }
}
