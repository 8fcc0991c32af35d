import type { CommandMessage, PartitionedTopic, TopicMessages } from '@waymark/contracts/bus';

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
 * Message ids of a batch, one per message: the entry id `<ms>-<seq>` as Redis streams make them, or
 * `<ms>-<seq>:<k>` for the k-th message of an entry that carries several (one device's messages published
 * together), increasing within a partition and so within one device. A consumer that commits the last id it stored with its data can skip a redelivered
 * message (exactly-once effect over an at-least-once bus).
 */
export interface BatchMeta {
  ids: readonly string[];
}

/** Orders two message ids (`<ms>-<seq>` or `<ms>-<seq>:<k>`): negative when a comes first. */
export function compareEntryIds(a: string, b: string): number {
  const ad = a.indexOf('-');
  const bd = b.indexOf('-');
  const byMs = compareDigits(ad < 0 ? a : a.slice(0, ad), bd < 0 ? b : b.slice(0, bd));
  if (byMs !== 0) return byMs;
  const ac = ad < 0 ? -1 : a.indexOf(':', ad);
  const bc = bd < 0 ? -1 : b.indexOf(':', bd);
  const seqOf = (id: string, dash: number, colon: number) =>
    dash < 0 ? '0' : colon < 0 ? id.slice(dash + 1) : id.slice(dash + 1, colon);
  const bySeq = compareDigits(seqOf(a, ad, ac), seqOf(b, bd, bc));
  if (bySeq !== 0) return bySeq;
  return compareDigits(ac < 0 ? '' : a.slice(ac + 1), bc < 0 ? '' : b.slice(bc + 1));
}

/** Orders two unsigned decimal numbers without leading zeros, of any length (no BigInt: this runs per message). */
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

export interface ConsumeOptions {
  /** Consumer group: every group receives every message once; within a group one consumer per partition. */
  group?: string;
  /**
   * Most messages handed to the handler at once; for Redis, most entries read per partition (an entry carries
   * the messages of one device published together). Default 100.
   */
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
  /**
   * In-process: cap of each group's queue (default 100000). Redis: a hard cap of each partition stream (XADD
   * MAXLEN ~), 0 or unset for none — the default, because a cap drops the oldest entries whether or not they were
   * processed; consumers trim what every group has acknowledged instead.
   */
  maxLen?: number;
  /**
   * Redis bus: publish() waits while the stream of a message's partition holds this many entries or more
   * (default 2000; 0 = never wait), so that a stalled or absent consumer stops the ingest's acknowledgements
   * instead of filling Redis.
   */
  streamHighWaterMark?: number;
  /**
   * Redis bus: while Redis is unreachable a publish waits for it at most this long, ms (default 20000), then
   * fails — so the ingest holds a tracker's acknowledgement through a Redis restart, and past that closes the
   * connection (the tracker resends later) instead of queueing without limit in the client.
   */
  publishTimeoutMs?: number;
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

/** A logger that drops everything (tests). */
export const silentLogger: BusLogger = { debug() {}, info() {}, warn() {}, error() {} };
