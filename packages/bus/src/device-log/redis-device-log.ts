import type { DeviceLogEntry, DeviceLogRecord } from '@waymark/contracts/device-log';
import { Redis } from 'ioredis';
import type { BusLogger } from '../bus';
import {
  APPEND_LAG_MS,
  type DeviceLogLimits,
  type DeviceLogListener,
  type DeviceLogRange,
  type DeviceLogStore,
  deviceLogDefaults,
  recordBytes,
} from './device-log-store';

/**
 * Appends one device's records and trims its log, atomically. KEYS: the stream, its byte counter. ARGV: the
 * oldest time kept (ms), maxEntries, maxBytes, the keys' time to live (ms), then (bytes, entry JSON) per record.
 * Trimming walks from the oldest entry (stream ids begin with the time Redis stored them) while the log is over
 * a bound, then cuts there with XTRIM MINID; the counter holds the bytes of what is left. Both keys expire a
 * window after the last write, so a device that went silent leaves nothing behind. Reply: the new entries' ids.
 */
const APPEND_AND_TRIM = `local stream, counter = KEYS[1], KEYS[2]
local minMs, maxEntries, maxBytes = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local bytes = tonumber(redis.call('GET', counter) or '0')
local ids = {}
for i = 5, #ARGV, 2 do
  ids[#ids + 1] = redis.call('XADD', stream, '*', 'b', ARGV[i], 'e', ARGV[i + 1])
  bytes = bytes + tonumber(ARGV[i])
end
local len = redis.call('XLEN', stream)
local cursor, count, keep = '-', 1, nil
while keep == nil do
  local batch = redis.call('XRANGE', stream, cursor, '+', 'COUNT', count)
  if #batch == 0 then break end
  for _, e in ipairs(batch) do
    local ms = tonumber(string.match(e[1], '^%d+'))
    if len <= maxEntries and bytes <= maxBytes and ms >= minMs then
      keep = e[1]
      break
    end
    bytes = bytes - tonumber(e[2][2])
    len = len - 1
  end
  cursor = '(' .. batch[#batch][1]
  count = 128
end
if keep then
  redis.call('XTRIM', stream, 'MINID', keep)
else
  redis.call('DEL', stream)
  bytes = 0
end
redis.call('SET', counter, bytes, 'PX', ARGV[4])
redis.call('PEXPIRE', stream, ARGV[4])
return ids`;

interface ScriptedRedis {
  waymarkLogAppend(stream: string, counter: string, ...args: (string | number)[]): Promise<string[]>;
}

export interface RedisDeviceLogOptions extends Partial<DeviceLogLimits> {
  redisUrl: string;
  logger: BusLogger;
  /** prefix of every key and channel (default `waymark:`) */
  keyPrefix?: string;
  flushMs?: number;
  maxPending?: number;
}

/**
 * The device log in Redis: a stream per device (`<prefix>device-log:<uniqueId>`) trimmed by time and caps on
 * every write (APPEND_AND_TRIM), readable by every API node. Appends are buffered and written every flushMs, one
 * script call per device, so the ingest never waits on Redis; entries written go out on a pub/sub channel too,
 * while some API node watches it.
 */
export class RedisDeviceLog implements DeviceLogStore {
  readonly kind = 'redis';
  private readonly redis: Redis;
  private subscriber: Redis | undefined;
  private readonly listeners = new Set<DeviceLogListener>();
  private readonly limits: DeviceLogLimits;
  private readonly prefix: string;
  private readonly flushMs: number;
  private readonly maxPending: number;
  private pending: DeviceLogRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;
  /** nodes subscribed to the live channel, as Redis last said */
  private watchers = { count: 0, at: 0 };
  private closed = false;

  constructor(private readonly options: RedisDeviceLogOptions) {
    this.limits = {
      windowMs: options.windowMs ?? deviceLogDefaults.windowMs,
      maxEntries: options.maxEntries ?? deviceLogDefaults.maxEntries,
      maxBytes: options.maxBytes ?? deviceLogDefaults.maxBytes,
    };
    this.prefix = options.keyPrefix ?? 'waymark:';
    this.flushMs = options.flushMs ?? deviceLogDefaults.flushMs;
    this.maxPending = options.maxPending ?? deviceLogDefaults.maxPending;
    this.redis = new Redis(options.redisUrl, { protocol: 2, maxRetriesPerRequest: 2, connectionName: 'waymark-log' });
    this.redis.on('error', (err: Error) => options.logger.debug({ err: err.message }, 'device log: redis error'));
    this.redis.defineCommand('waymarkLogAppend', { lua: APPEND_AND_TRIM, numberOfKeys: 2 });
  }

  private key(uniqueId: string): string {
    return `${this.prefix}device-log:${uniqueId}`;
  }

  private get channel(): string {
    return `${this.prefix}device-log`;
  }

  append(records: readonly DeviceLogRecord[]): void {
    if (this.closed || records.length === 0) return;
    for (const record of records) this.pending.push(record);
    const over = this.pending.length - this.maxPending;
    if (over > 0) {
      // Redis is slower than the devices (or away): the oldest waiting records go
      this.pending.splice(0, over);
      if (this.dropped === 0) this.options.logger.warn({ over }, 'device log: Redis is behind; records dropped');
      this.dropped += over;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.flushMs);
  }

  /** Writes what is pending (after any write in progress); failures are logged and the batch dropped. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const batch = this.pending;
      if (batch.length === 0) return;
      this.pending = [];
      try {
        await this.write(batch);
        this.dropped = 0;
      } catch (err) {
        this.options.logger.warn(
          { err: err instanceof Error ? err.message : String(err), records: batch.length },
          'device log: records not stored',
        );
      }
    });
    return this.writing;
  }

  private async write(batch: readonly DeviceLogRecord[]): Promise<void> {
    const byDevice = new Map<string, DeviceLogRecord[]>();
    for (const record of batch) {
      const list = byDevice.get(record.uniqueId);
      if (list) list.push(record);
      else byDevice.set(record.uniqueId, [record]);
    }
    const minMs = Date.now() - this.limits.windowMs;
    const scripted = this.redis as unknown as ScriptedRedis;
    const written = await Promise.all(
      [...byDevice].map(async ([uniqueId, records]) => {
        const args: (string | number)[] = [minMs, this.limits.maxEntries, this.limits.maxBytes, this.limits.windowMs];
        for (const record of records) args.push(recordBytes(record), JSON.stringify(record));
        const ids = await scripted.waymarkLogAppend(this.key(uniqueId), `${this.key(uniqueId)}:bytes`, ...args);
        return records.map((record, i): DeviceLogEntry => ({ ...record, id: ids[i] ?? '0-0' }));
      }),
    );
    if (await this.watched()) await this.redis.publish(this.channel, JSON.stringify(written.flat()));
  }

  /** Whether any node watches the live channel (asked at most once a second: publishing to nobody is waste). */
  private async watched(): Promise<boolean> {
    if (this.listeners.size > 0) return true;
    if (Date.now() - this.watchers.at > 1000) {
      const reply = (await this.redis.call('PUBSUB', 'NUMSUB', this.channel)) as [string, number];
      this.watchers = { count: Number(reply[1] ?? 0), at: Date.now() };
    }
    return this.watchers.count > 0;
  }

  async read(uniqueId: string, range: DeviceLogRange): Promise<DeviceLogEntry[]> {
    const out: DeviceLogEntry[] = [];
    let cursor = range.after !== undefined ? `(${range.after}` : String(Math.max(0, range.from - APPEND_LAG_MS));
    const end = String(range.to + APPEND_LAG_MS);
    const count = Math.min(1000, Math.max(100, range.limit));
    for (;;) {
      const rows = (await this.redis.xrange(this.key(uniqueId), cursor, end, 'COUNT', count)) as [string, string[]][];
      for (const [id, fields] of rows) {
        const entry = parseEntry(id, fields);
        if (!entry) continue;
        const time = Date.parse(entry.time);
        if (time >= range.from && time < range.to) out.push(entry);
        if (out.length >= range.limit) return out;
      }
      if (rows.length < count) return out;
      cursor = `(${rows[rows.length - 1]![0]}`;
    }
  }

  async watch(listener: DeviceLogListener): Promise<() => void> {
    const own: DeviceLogListener = (entries) => listener(entries);
    this.listeners.add(own);
    if (!this.subscriber) {
      const subscriber = this.redis.duplicate({ connectionName: 'waymark-log-watch' });
      subscriber.on('error', (err: Error) =>
        this.options.logger.debug({ err: err.message }, 'device log: watch error'),
      );
      subscriber.on('message', (_channel, payload: string) => {
        let entries: DeviceLogEntry[];
        try {
          entries = JSON.parse(payload) as DeviceLogEntry[];
        } catch {
          return;
        }
        for (const each of this.listeners) each(entries);
      });
      this.subscriber = subscriber;
      await subscriber.subscribe(this.channel);
    }
    return () => {
      this.listeners.delete(own);
      if (this.listeners.size === 0 && this.subscriber) {
        const subscriber = this.subscriber;
        this.subscriber = undefined;
        subscriber.quit().catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    await this.flush();
    this.listeners.clear();
    await this.subscriber?.quit().catch(() => {});
    await this.redis.quit().catch(() => {});
  }
}

function parseEntry(id: string, fields: string[]): DeviceLogEntry | undefined {
  const at = fields.indexOf('e');
  if (at < 0) return undefined;
  try {
    return { ...(JSON.parse(fields[at + 1] ?? '') as DeviceLogRecord), id };
  } catch {
    return undefined;
  }
}
