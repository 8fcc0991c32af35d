import type { DeviceLogEntry } from '@waymark/contracts/device-log';
import { DEVICE_LOG_WINDOW_MS } from '@waymark/contracts/device-log';

/**
 * One frame as the ingest hands it to the store: the raw bytes (at most DEVICE_LOG_MAX_FRAME_BYTES of them), kept
 * as they are and turned into hex or text only when read — the ingest spends nothing on formatting.
 */
export interface RawLogFrame {
  /** when the frame was received or sent, ms */
  at: number;
  direction: 'in' | 'out';
  protocol: string;
  transport: 'tcp' | 'udp' | 'http';
  remoteAddress: string;
  uniqueId: string;
  bytes: Buffer;
  /** the frame's whole length (more than bytes.length when it was cut) */
  size: number;
}

/**
 * The device log's storage, shared by the ingest (which appends) and the API (which reads and watches): a Redis
 * stream per device when REDIS_URL is set, memory when the platform runs in one process. Each device's log is
 * bounded three ways — entries older than the window, more entries than maxEntries, more bytes than maxBytes —
 * and the oldest entries go first.
 */
export interface DeviceLogStore {
  readonly kind: 'in-process' | 'redis';
  /**
   * Adds records (any devices, in the order they happened). Returns at once and never throws: writing is batched
   * behind it, and a record that cannot be stored (Redis away for long) is dropped, since the log must never
   * slow or stop the ingest.
   */
  append(frames: readonly RawLogFrame[]): void;
  /** Entries of one device with from <= time < to (ms), oldest first, at most `limit`, after the entry `after`. */
  read(uniqueId: string, range: DeviceLogRange): Promise<DeviceLogEntry[]>;
  /**
   * Calls the listener with the entries appended from now on, by any node; resolves once that is live. The
   * listener gets batches, each in append order.
   */
  watch(listener: DeviceLogListener): Promise<() => void>;
  /** Resolves once what append() took so far is stored (tests, shutdown). */
  flush(): Promise<void>;
  /** Flushes, then stops timers and connections. Idempotent. */
  close(): Promise<void>;
}

export interface DeviceLogRange {
  from: number;
  to: number;
  /** the id of the last entry already read (exclusive) */
  after?: string | undefined;
  limit: number;
}

export type DeviceLogListener = (entries: readonly DeviceLogEntry[]) => void;

export interface DeviceLogLimits {
  /** entries older than this are trimmed, ms (default 24 h) */
  windowMs: number;
  /** most entries kept per device */
  maxEntries: number;
  /** most bytes of frames kept per device (the bytes stored, after any cut) */
  maxBytes: number;
}

export const deviceLogDefaults: DeviceLogLimits & {
  /** in-process store: most bytes kept over every device; beyond, the least recently written device goes */
  maxTotalBytes: number;
  /** Redis store: how often appended records are written, ms */
  flushMs: number;
  /** Redis store: most records waiting to be written; beyond, the oldest waiting are dropped */
  maxPending: number;
} = {
  windowMs: DEVICE_LOG_WINDOW_MS,
  // one frame and one ack every 10 s for a day is 17,280 entries
  maxEntries: 20_000,
  maxBytes: 4 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  flushMs: 100,
  maxPending: 50_000,
};

/**
 * An entry's id is taken when it is stored, its time when the frame came: the id trails the time by the writer's
 * batching (well under a second; up to the Redis client's wait while Redis restarts). Reads by time look this far
 * around the ids, then keep the entries whose time is in range.
 */
export const APPEND_LAG_MS = 60_000;

/** Compares two entry ids (`<ms>-<seq>`, or `<ms>-<seq>:<k>` for the k-th frame of a packed entry): negative when a comes first. */
export function compareLogIds(a: string, b: string): number {
  const [am = 0, as = 0, ak = -1] = a.split(/[-:]/).map(Number);
  const [bm = 0, bs = 0, bk = -1] = b.split(/[-:]/).map(Number);
  return am - bm || as - bs || ak - bk;
}

/** A stored frame as the contract's entry: text when every byte is printable ASCII (or tab, CR, LF), else hex. */
export function toLogEntry(frame: RawLogFrame, id: string): DeviceLogEntry {
  const text = isPrintable(frame.bytes);
  return {
    id,
    time: new Date(frame.at).toISOString(),
    direction: frame.direction,
    protocol: frame.protocol,
    transport: frame.transport,
    remoteAddress: frame.remoteAddress,
    uniqueId: frame.uniqueId,
    encoding: text ? 'text' : 'hex',
    data: frame.bytes.toString(text ? 'latin1' : 'hex'),
    size: frame.size,
    ...(frame.bytes.length < frame.size ? { truncated: true } : {}),
  };
}

function isPrintable(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  for (const b of bytes) {
    if ((b < 0x20 || b > 0x7e) && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  }
  return true;
}
