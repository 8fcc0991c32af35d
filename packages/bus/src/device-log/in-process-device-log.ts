import type { DeviceLogEntry } from '@waymark/contracts/device-log';
import {
  APPEND_LAG_MS,
  compareLogIds,
  type DeviceLogLimits,
  type DeviceLogListener,
  type DeviceLogRange,
  type DeviceLogStore,
  deviceLogDefaults,
  type RawLogFrame,
  toLogEntry,
} from './device-log-store';

interface Stored {
  id: string;
  /** ms of the id: when it was stored */
  storedAt: number;
  frame: RawLogFrame;
}

interface DeviceLog {
  entries: Stored[];
  /** index of the first live entry (trimmed ones before it are dropped in bulk, not one shift at a time) */
  head: number;
  bytes: number;
}

export interface InProcessDeviceLogOptions extends Partial<DeviceLogLimits> {
  maxTotalBytes?: number;
  /** the clock (tests) */
  now?: () => number;
}

/**
 * The device log in memory (the platform in one process): an array per device, trimmed on every append by the
 * window and the caps; over every device at most maxTotalBytes, beyond which the least recently written device's
 * log is dropped whole. Entry ids are `<ms>-<seq>` like Redis stream ids.
 */
export class InProcessDeviceLog implements DeviceLogStore {
  readonly kind = 'in-process';
  private readonly logs = new Map<string, DeviceLog>();
  private readonly listeners = new Set<DeviceLogListener>();
  private readonly limits: DeviceLogLimits;
  private readonly maxTotalBytes: number;
  private readonly now: () => number;
  private totalBytes = 0;
  private lastMs = 0;
  private seq = 0;

  constructor(options: InProcessDeviceLogOptions = {}) {
    this.limits = {
      windowMs: options.windowMs ?? deviceLogDefaults.windowMs,
      maxEntries: options.maxEntries ?? deviceLogDefaults.maxEntries,
      maxBytes: options.maxBytes ?? deviceLogDefaults.maxBytes,
    };
    this.maxTotalBytes = options.maxTotalBytes ?? deviceLogDefaults.maxTotalBytes;
    this.now = options.now ?? Date.now;
  }

  append(frames: readonly RawLogFrame[]): void {
    if (frames.length === 0) return;
    const added: Stored[] = [];
    const now = this.now();
    for (const frame of frames) {
      let log = this.logs.get(frame.uniqueId);
      if (log)
        this.logs.delete(frame.uniqueId); // re-inserted last: the map runs from least recently written
      else log = { entries: [], head: 0, bytes: 0 };
      this.logs.set(frame.uniqueId, log);
      // a copy of its own: a frame may share a pooled slab, which a day's keeping would hold on to
      const bytes = Buffer.allocUnsafeSlow(frame.bytes.length);
      frame.bytes.copy(bytes);
      const stored = { id: this.nextId(now), storedAt: this.lastMs, frame: { ...frame, bytes } };
      log.entries.push(stored);
      log.bytes += bytes.length;
      this.totalBytes += bytes.length;
      this.trim(log, now);
      added.push(stored);
    }
    for (const [uniqueId, log] of this.logs) {
      if (this.totalBytes <= this.maxTotalBytes) break;
      this.totalBytes -= log.bytes;
      this.logs.delete(uniqueId);
    }
    if (this.listeners.size === 0) return;
    const entries = added.map((s) => toLogEntry(s.frame, s.id));
    for (const listener of this.listeners) listener(entries);
  }

  async read(uniqueId: string, range: DeviceLogRange): Promise<DeviceLogEntry[]> {
    const log = this.logs.get(uniqueId);
    if (!log) return [];
    this.trim(log, this.now());
    const out: DeviceLogEntry[] = [];
    const { after } = range;
    const from = this.firstStoredAt(log, range.from - APPEND_LAG_MS);
    for (let i = from; i < log.entries.length && out.length < range.limit; i++) {
      const stored = log.entries[i]!;
      if (stored.storedAt >= range.to + APPEND_LAG_MS) break;
      if (after !== undefined && compareLogIds(stored.id, after) <= 0) continue;
      if (stored.frame.at >= range.from && stored.frame.at < range.to) out.push(toLogEntry(stored.frame, stored.id));
    }
    return out;
  }

  async watch(listener: DeviceLogListener): Promise<() => void> {
    // a listener added twice must still be removable twice: wrap it
    const own: DeviceLogListener = (entries) => listener(entries);
    this.listeners.add(own);
    return () => {
      this.listeners.delete(own);
    };
  }

  async flush(): Promise<void> {}

  async close(): Promise<void> {
    this.listeners.clear();
  }

  /** `<ms>-<seq>`, increasing even when the clock steps back. */
  private nextId(now: number): string {
    if (now > this.lastMs) {
      this.lastMs = now;
      this.seq = 0;
    } else this.seq += 1;
    return `${this.lastMs}-${this.seq}`;
  }

  /** Drops the oldest entries while the log is over a bound. */
  private trim(log: DeviceLog, now: number): void {
    const minMs = now - this.limits.windowMs;
    while (log.head < log.entries.length) {
      const oldest = log.entries[log.head]!;
      const live = log.entries.length - log.head;
      const fits = live <= this.limits.maxEntries && log.bytes <= this.limits.maxBytes;
      if (fits && oldest.storedAt >= minMs) break;
      log.bytes -= oldest.frame.bytes.length;
      this.totalBytes -= oldest.frame.bytes.length;
      log.head += 1;
    }
    // compact once the dropped part outweighs the live one
    if (log.head === log.entries.length || (log.head > 1024 && log.head * 2 > log.entries.length)) {
      log.entries = log.entries.slice(log.head);
      log.head = 0;
    }
  }

  /** Binary search: index of the first live entry stored at or after `ms`. */
  private firstStoredAt(log: DeviceLog, ms: number): number {
    let lo = log.head;
    let hi = log.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (log.entries[mid]!.storedAt < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
