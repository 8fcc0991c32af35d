import type { CommandMessage, PartitionedTopic, TopicMessages } from '@waymark/contracts/bus';

import { InProcessBus } from './in-process-bus';
import { RedisStreamsBus } from './redis/redis-streams-bus';

export { busDefaults } from './defaults';
export { partitionOf } from './partition';

/** The subset of a pino logger the bus uses (pino's Logger satisfies it). */
export interface BusLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Handles one batch. Messages of one device appear in the order they were published. The batch is acknowledged
 * only when the promise resolves; if it rejects, the same messages are delivered again (at-least-once), so
 * handlers must tolerate a repeat.
 */
export type BatchHandler<T> = (batch: readonly T[], meta: BatchMeta) => Promise<void>;

/**
 * Entry ids of a batch, one per message: `<ms>-<seq>` as Redis streams make them, increasing within a partition
 * and so within one device. A consumer that commits the last id it stored with its data can skip a redelivered
 * message (exactly-once effect over an at-least-once bus).
 */
export interface BatchMeta {
  ids: readonly string[];
}

/** Orders two entry ids (`<ms>-<seq>`): negative when a comes first. */
export function compareEntryIds(a: string, b: string): number {
  const [am = '0', as = '0'] = a.split('-');
  const [bm = '0', bs = '0'] = b.split('-');
  const byMs = BigInt(am) - BigInt(bm);
  if (byMs !== 0n) return byMs < 0n ? -1 : 1;
  const bySeq = BigInt(as) - BigInt(bs);
  return bySeq === 0n ? 0 : bySeq < 0n ? -1 : 1;
}

export interface ConsumeOptions {
  /** Consumer group: every group receives every message once; within a group one consumer per partition. */
  group?: string;
  /** Most messages handed to the handler at once (per partition for Redis). Default 100. */
  batchSize?: number;
  /** How long one read waits for new messages, ms. Default 1000. */
  blockMs?: number;
}

export interface Consumer {
  readonly topic: PartitionedTopic;
  readonly group: string;
  /** Partitions this consumer currently owns (all of them for the in-process bus). */
  ownedPartitions(): readonly number[];
  /** Stops reading, lets the running batch finish (bounded by the bus's closeTimeoutMs), releases partitions. */
  close(): Promise<void>;
}

export type CommandHandler = (command: CommandMessage) => void | Promise<void>;
export type Unsubscribe = () => void;

export interface Bus {
  readonly kind: 'in-process' | 'redis';
  readonly nodeId: string;
  readonly partitions: number;
  /** Appends messages to a partitioned topic (partition = hash of uniqueId). Resolves when stored. */
  publish<T extends PartitionedTopic>(topic: T, messages: readonly TopicMessages[T][]): Promise<void>;
  consume<T extends PartitionedTopic>(
    topic: T,
    handler: BatchHandler<TopicMessages[T]>,
    options?: ConsumeOptions,
  ): Consumer;
  /** Broadcasts a command to every ingest node; the one holding the device's session sends it. */
  sendCommand(command: CommandMessage): Promise<void>;
  /** Resolves once the subscription is live (commands sent afterwards reach the handler). */
  onCommand(handler: CommandHandler): Promise<Unsubscribe>;
  /** Closes consumers, subscriptions, timers and connections. Idempotent. */
  close(): Promise<void>;
}

export interface CreateBusOptions {
  /** redis://… selects Redis streams; absent selects the in-process bus. */
  redisUrl?: string | undefined;
  /** Unique per process: consumer name in Redis groups and owner of partition leases. */
  nodeId: string;
  /** Partitions per topic; must be the same on every node of a deployment. Default 16. */
  partitions?: number;
  logger: BusLogger;
  /** Prefix of every Redis key and channel. Default `waymark:`. */
  keyPrefix?: string;
  /** A partition's lease lapses this long after its owner stops renewing it. Default 15000 ms. */
  leaseTtlMs?: number;
  /** Approximate cap of each partition stream (Redis) or per-group queue (in-process). Default 100000. */
  maxLen?: number;
  /** Wait before a failed batch is delivered again, ms. Default 1000. */
  retryDelayMs?: number;
  /** How long close() waits for a running handler, ms. Default 5000. */
  closeTimeoutMs?: number;
  /**
   * In-process bus only: publish() resolves once every consuming group has handled the messages, so whoever
   * acknowledges after publish (the ingest, to a tracker) acknowledges stored data — the in-process bus keeps
   * nothing across a crash. Redis streams are durable on their own.
   */
  confirmHandled?: boolean;
}

/** The Redis bus when `redisUrl` is given, otherwise the in-process one. */
export function createBus(options: CreateBusOptions): Bus {
  const { redisUrl, ...rest } = options;
  return redisUrl ? new RedisStreamsBus({ ...rest, redisUrl }) : new InProcessBus(rest);
}

/** A logger that drops everything (tests). */
export const silentLogger: BusLogger = { debug() {}, info() {}, warn() {}, error() {} };
