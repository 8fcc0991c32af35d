/** Defaults of createBus and consume options. */
export const busDefaults = {
  partitions: 16,
  keyPrefix: 'waymark:',
  leaseTtlMs: 15_000,
  /** In-process bus: cap of each group queue (Redis streams have none unless maxLen is set). */
  maxLen: 100_000,
  retryDelayMs: 1000,
  closeTimeoutMs: 5000,
  group: 'api',
  batchSize: 100,
  blockMs: 1000,
  /** In-process bus: publish() waits while a consumed queue holds this many messages (back-pressure). */
  highWaterMark: 10_000,
  /**
   * Redis bus: publish() waits while the partition's stream holds this many entries (XLEN: unprocessed ones plus
   * up to ~2 s of processed ones not trimmed yet). An entry carries one device's messages of one publish.
   */
  streamHighWaterMark: 2000,
  /** Redis bus: how long a publish waits for an unreachable Redis before it fails, ms. */
  publishTimeoutMs: 20_000,
} as const;

/** What WAYMARK_REDIS_PREFIX may hold: 1-64 letters, digits and `_ . : -` (a key prefix, usually ending in `:`). */
export const REDIS_PREFIX_PATTERN = /^[\w.:-]{1,64}$/;
