import type { CommandMessage, PartitionedTopic, TopicMessages } from '@waymark/contracts/bus';
import type {
  BatchHandler,
  Bus,
  BusLogger,
  CommandHandler,
  ConsumeOptions,
  Consumer,
  CreateBusOptions,
  Unsubscribe,
} from './bus';
import { busDefaults } from './defaults';
import { GroupQueue } from './in-process-queue';
import { Waiter, withTimeout } from './sleep';

export type InProcessBusOptions = Omit<CreateBusOptions, 'redisUrl' | 'streamHighWaterMark' | 'publishTimeoutMs'> & {
  highWaterMark?: number;
};

/** A published message in a group queue; `settle` counts down the consumer groups that still have to handle it. */
interface Entry<T = unknown> {
  id: string;
  message: T;
  settle?: () => void;
}

interface TopicState {
  groups: Map<string, GroupQueue>;
  /** Messages published before any group consumed the topic; the first group adopts them. */
  backlog: GroupQueue;
}

/**
 * The bus inside one process (embedded `waymark start`). Same semantics as the Redis bus: per group every message
 * once, in publish order, acknowledged when the handler resolves, delivered again when it rejects. publish()
 * waits while a consumed queue is above the high-water mark, which pauses the ingest sockets behind it.
 */
export class InProcessBus implements Bus {
  readonly kind = 'in-process';
  readonly nodeId: string;
  readonly partitions: number;
  private readonly logger: BusLogger;
  private readonly options: Required<Omit<InProcessBusOptions, 'logger' | 'nodeId' | 'keyPrefix' | 'leaseTtlMs'>>;
  private readonly topics = new Map<PartitionedTopic, TopicState>();
  private readonly consumers = new Set<InProcessConsumer<unknown>>();
  private readonly commandHandlers = new Set<CommandHandler>();
  private closed = false;

  private lastMs = 0;
  private seq = 0;

  /** Entry ids as Redis makes them (`<ms>-<seq>`, increasing), so consumers can treat both buses alike. */
  private nextId(): string {
    const now = Date.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.seq = 0;
    } else {
      this.seq += 1;
    }
    return `${this.lastMs}-${this.seq}`;
  }

  constructor(options: InProcessBusOptions) {
    this.nodeId = options.nodeId;
    this.logger = options.logger;
    this.partitions = options.partitions ?? busDefaults.partitions;
    this.options = {
      partitions: this.partitions,
      maxLen: options.maxLen ?? busDefaults.maxLen,
      retryDelayMs: options.retryDelayMs ?? busDefaults.retryDelayMs,
      closeTimeoutMs: options.closeTimeoutMs ?? busDefaults.closeTimeoutMs,
      highWaterMark: options.highWaterMark ?? busDefaults.highWaterMark,
      confirmHandled: options.confirmHandled ?? false,
    };
  }

  async publish<T extends PartitionedTopic>(topic: T, messages: readonly TopicMessages[T][]): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    if (messages.length === 0) return;
    const state = this.topic(topic);
    const queues = state.groups.size > 0 ? [...state.groups.values()] : [state.backlog];
    const consumed = queues.filter((q) => q.consumer).length;
    const handled: Promise<void>[] = [];
    const entries = messages.map((message): Entry => {
      const entry: Entry = { id: this.nextId(), message };
      if (this.options.confirmHandled && consumed > 0) {
        let left = consumed;
        handled.push(
          new Promise<void>((resolve) => {
            entry.settle = () => {
              left -= 1;
              if (left <= 0) resolve();
            };
          }),
        );
      }
      return entry;
    });
    for (const queue of queues) {
      const dropped = queue.push(entries);
      if (dropped > 0) this.logger.warn({ topic, dropped }, 'bus queue full: dropped the oldest messages');
    }
    if (handled.length > 0) {
      // confirmHandled: resolve only once every consumer group has handled (stored) the messages
      await Promise.all(handled);
      return;
    }
    for (const queue of queues) {
      while (!this.closed && queue.consumer && queue.length >= this.options.highWaterMark) {
        await queue.waitForDrain();
      }
    }
  }

  consume<T extends PartitionedTopic>(
    topic: T,
    handler: BatchHandler<TopicMessages[T]>,
    options: ConsumeOptions = {},
  ): Consumer {
    if (this.closed) throw new Error('bus is closed');
    const group = options.group ?? busDefaults.group;
    const state = this.topic(topic);
    let queue = state.groups.get(group);
    if (queue?.consumer) throw new Error(`topic ${topic} already has a consumer in group ${group}`);
    if (!queue) {
      queue = new GroupQueue(this.options.maxLen);
      if (state.groups.size === 0) state.backlog.moveTo(queue);
      state.groups.set(group, queue);
    }
    const consumer = new InProcessConsumer<TopicMessages[T]>(topic, group, queue, handler, {
      batchSize: options.batchSize ?? busDefaults.batchSize,
      lowWaterMark: Math.floor(this.options.highWaterMark / 2),
      partitions: this.partitions,
      retryDelayMs: this.options.retryDelayMs,
      closeTimeoutMs: this.options.closeTimeoutMs,
      logger: this.logger,
      onClose: () => this.consumers.delete(consumer as InProcessConsumer<unknown>),
    });
    this.consumers.add(consumer as InProcessConsumer<unknown>);
    return consumer;
  }

  async sendCommand(command: CommandMessage): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    await Promise.all(
      [...this.commandHandlers].map(async (handler) => {
        try {
          await handler(command);
        } catch (err) {
          this.logger.error({ err, commandId: command.id }, 'command handler failed');
        }
      }),
    );
  }

  async onCommand(handler: CommandHandler): Promise<Unsubscribe> {
    if (this.closed) throw new Error('bus is closed');
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
    for (const state of this.topics.values()) {
      for (const queue of state.groups.values()) {
        queue.releaseWaiters();
        // nobody will handle what is left: let its publishers return (the messages are lost with the process)
        for (const entry of queue.peek(queue.length) as Entry[]) entry.settle?.();
      }
    }
  }

  private topic(topic: PartitionedTopic): TopicState {
    let state = this.topics.get(topic);
    if (!state) {
      state = { groups: new Map(), backlog: new GroupQueue(this.options.maxLen) };
      this.topics.set(topic, state);
    }
    return state;
  }
}

interface ConsumerOptions {
  batchSize: number;
  lowWaterMark: number;
  partitions: number;
  retryDelayMs: number;
  closeTimeoutMs: number;
  logger: BusLogger;
  onClose: () => void;
}

class InProcessConsumer<T> implements Consumer {
  private stopped = false;
  private readonly waiter = new Waiter();
  private readonly running: Promise<void>;

  constructor(
    readonly topic: PartitionedTopic,
    readonly group: string,
    private readonly queue: GroupQueue,
    private readonly handler: BatchHandler<T>,
    private readonly options: ConsumerOptions,
  ) {
    queue.consumer = this;
    this.running = this.run();
  }

  wake(): void {
    this.waiter.wake();
  }

  ownedPartitions(): readonly number[] {
    return this.stopped ? [] : Array.from({ length: this.options.partitions }, (_, i) => i);
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.waiter.wake();
    if ((await withTimeout(this.running, this.options.closeTimeoutMs)) === 'timeout') {
      this.options.logger.warn({ topic: this.topic, group: this.group }, 'bus handler still running at close');
    }
    this.queue.consumer = null;
    this.queue.releaseWaiters();
    this.options.onClose();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.queue.length === 0) {
        await this.waiter.wait();
        continue;
      }
      const entries = this.queue.peek(this.options.batchSize) as Entry<T>[];
      const batch = entries.map((e) => e.message);
      try {
        await this.handler(batch, { ids: entries.map((e) => e.id) });
        this.queue.shift(batch.length, this.options.lowWaterMark);
        for (const entry of entries) entry.settle?.();
      } catch (err) {
        const { topic, group } = this;
        this.options.logger.error({ err, topic, group, size: batch.length }, 'bus handler failed; will redeliver');
        if (!this.stopped) await this.waiter.wait(this.options.retryDelayMs);
      }
    }
  }
}
