import type { DeviceLogEntry } from '@waymark/contracts/device-log';
import { Redis } from 'ioredis';
import type { BusLogger } from '../bus';
import {
  APPEND_LAG_MS,
  type DeviceLogLimits,
  type DeviceLogListener,
  type DeviceLogRange,
  type DeviceLogStore,
  deviceLogDefaults,
  type RawLogFrame,
  toLogEntry,
} from './device-log-store';

/**
 * Appends the frames of a flush, one stream entry per device (fields: `n` frames, `m` their meta lines, `b` their
 * bytes end to end), and trims each device's log, atomically, in one call. The whole flush travels in four
 * arguments — an index line per device (`uniqueId TAB frames TAB meta length TAB bytes length`), every meta line,
 * every byte — because a client's cost grows with the number of arguments, and the log must cost the ingest
 * little. Keys are made here from two prefixes (a stream `<prefix>device-log:<uniqueId>` and its tally
 * `<prefix>device-log-tally:<uniqueId>`, a hash of `frames`, `bytes` and `oldest` = ms of the oldest entry; apart,
 * so that no identifier can name another device's tally), as the bus's scripts also span many keys: one Redis, not
 * a cluster. ARGV: the oldest time kept (ms), maxEntries (frames), maxBytes, the keys' time to live (ms), the two
 * prefixes, the index, the meta lines, the bytes. Only when a bound is passed does it walk from the oldest entry
 * (stream ids begin with the time Redis stored them) and cut with XTRIM MINID, whole entries at a time (never the
 * one just written). Both keys expire a window after the last write, so a device that went silent leaves nothing
 * behind. Reply: the new entries' ids, one per device, in index order.
 */
const APPEND_AND_TRIM = `local minMs, maxFrames, maxBytes, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
local prefix, tallies, metas, blob = ARGV[5], ARGV[6], ARGV[8], ARGV[9]
local ids, mpos, bpos = {}, 1, 1
for uid, n, ml, bl in string.gmatch(ARGV[7], '([^\\t\\n]+)\\t(%d+)\\t(%d+)\\t(%d+)') do
  local meta = string.sub(metas, mpos, mpos + ml - 1)
  local bytesOf = string.sub(blob, bpos, bpos + bl - 1)
  mpos, bpos = mpos + ml, bpos + bl
  local stream = prefix .. uid
  local tally = tallies .. uid
  local id = redis.call('XADD', stream, '*', 'n', n, 'm', meta, 'b', bytesOf)
  ids[#ids + 1] = id
  local t = redis.call('HMGET', tally, 'frames', 'bytes', 'oldest')
  local frames = tonumber(t[1] or '0') + tonumber(n)
  local bytes = tonumber(t[2] or '0') + tonumber(bl)
  local oldest = tonumber(t[3] or string.match(id, '^%d+'))
  if frames > maxFrames or bytes > maxBytes or oldest < minMs then
    local cursor, keep = '-', nil
    while keep == nil do
      local batch = redis.call('XRANGE', stream, cursor, '+', 'COUNT', 64)
      if #batch == 0 then break end
      for _, e in ipairs(batch) do
        local ms = tonumber(string.match(e[1], '^%d+'))
        -- the entry just written stays, whatever it holds: a bound can be passed by one flush's frames
        if e[1] == id or (frames <= maxFrames and bytes <= maxBytes and ms >= minMs) then
          keep = e[1]
          oldest = ms
          break
        end
        frames = frames - tonumber(e[2][2])
        bytes = bytes - #e[2][6]
      end
      cursor = '(' .. batch[#batch][1]
    end
    if keep then
      redis.call('XTRIM', stream, 'MINID', keep)
    else
      redis.call('DEL', stream)
      frames, bytes, oldest = 0, 0, tonumber(string.match(id, '^%d+'))
    end
  end
  redis.call('HSET', tally, 'frames', frames, 'bytes', bytes, 'oldest', oldest)
  redis.call('PEXPIRE', tally, ttl)
  redis.call('PEXPIRE', stream, ttl)
end
return ids`;

/** Most frames written by one script call: a backlog after a Redis outage goes in several. */
const MAX_WRITE = 2000;

interface ScriptedRedis {
  waymarkLogAppend(...args: (string | number | Buffer)[]): Promise<string[]>;
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
 * script call for all of them, so the ingest never waits on Redis; the frames' bytes are stored raw and formatted
 * only when read; entries written go out on a pub/sub channel too,
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
  private pending: RawLogFrame[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;
  /** a write failed and none succeeded since (the failure is logged once, not every flush of an outage) */
  private failing = false;
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
    this.redis.defineCommand('waymarkLogAppend', { lua: APPEND_AND_TRIM, numberOfKeys: 0 });
  }

  private key(uniqueId: string): string {
    return `${this.prefix}device-log:${uniqueId}`;
  }

  private get channel(): string {
    return `${this.prefix}device-log`;
  }

  append(frames: readonly RawLogFrame[]): void {
    if (this.closed || frames.length === 0) return;
    for (const frame of frames) this.pending.push(frame);
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
        for (let at = 0; at < batch.length; at += MAX_WRITE) await this.write(batch.slice(at, at + MAX_WRITE));
        this.dropped = 0;
        if (this.failing) this.options.logger.info({}, 'device log: stored again');
        this.failing = false;
      } catch (err) {
        if (!this.failing) {
          this.options.logger.warn(
            { err: err instanceof Error ? err.message : String(err), records: batch.length },
            'device log: records not stored (until Redis answers again)',
          );
        }
        this.failing = true;
      }
    });
    return this.writing;
  }

  private async write(batch: readonly RawLogFrame[]): Promise<void> {
    const byDevice = new Map<string, RawLogFrame[]>();
    for (const frame of batch) {
      // the index is tab- and line-separated: such an identifier (none real has one) is not logged
      if (/[\t\n]/.test(frame.uniqueId)) continue;
      const list = byDevice.get(frame.uniqueId);
      if (list) list.push(frame);
      else byDevice.set(frame.uniqueId, [frame]);
    }
    if (byDevice.size === 0) return;
    let index = '';
    let metas = '';
    const chunks: Buffer[] = [];
    for (const [uniqueId, frames] of byDevice) {
      let meta = '';
      let length = 0;
      for (const frame of frames) {
        meta += metaLine(frame);
        chunks.push(frame.bytes);
        length += frame.bytes.length;
      }
      index += `${uniqueId}\t${frames.length}\t${Buffer.byteLength(meta)}\t${length}\n`;
      metas += meta;
    }
    const { windowMs, maxEntries, maxBytes } = this.limits;
    const scripted = this.redis as unknown as ScriptedRedis;
    const ids = await scripted.waymarkLogAppend(
      Date.now() - windowMs,
      maxEntries,
      maxBytes,
      windowMs,
      `${this.prefix}device-log:`,
      `${this.prefix}device-log-tally:`,
      index,
      metas,
      Buffer.concat(chunks),
    );
    if (await this.watched()) {
      const entries: DeviceLogEntry[] = [];
      let d = 0;
      for (const frames of byDevice.values()) {
        const id = ids[d++] ?? '0-0';
        for (const [k, frame] of frames.entries()) entries.push(toLogEntry(frame, `${id}:${k}`));
      }
      await this.redis.publish(this.channel, JSON.stringify(entries));
    }
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
    // `after` names a frame of an entry: read from that entry on, skipping its frames up to that one
    const [afterEntry, afterFrame] = range.after?.split(':') ?? [];
    let cursor = afterEntry ?? String(Math.max(0, range.from - APPEND_LAG_MS));
    const end = String(range.to + APPEND_LAG_MS);
    const count = 100;
    for (;;) {
      const rows = (await this.redis.xrangeBuffer(this.key(uniqueId), cursor, end, 'COUNT', count)) as [
        Buffer,
        Buffer[],
      ][];
      for (const [rawId, fields] of rows) {
        const id = rawId.toString();
        const skipTo = id === afterEntry ? Number(afterFrame ?? Number.POSITIVE_INFINITY) : -1;
        const frames = unpack(uniqueId, fields);
        for (let k = skipTo + 1; k < frames.length; k++) {
          const frame = frames[k]!;
          if (frame.at < range.from || frame.at >= range.to) continue;
          out.push(toLogEntry(frame, `${id}:${k}`));
          if (out.length >= range.limit) return out;
        }
      }
      if (rows.length < count) return out;
      cursor = `(${rows[rows.length - 1]![0].toString()}`;
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

/**
 * A frame's fields but its device and bytes, in one short line ending in a line feed:
 * `at|direction|transport|size|length|protocol|remote`.
 */
function metaLine(frame: RawLogFrame): string {
  const { at, direction, transport, size, bytes, protocol, remoteAddress } = frame;
  return `${at}|${direction}|${transport}|${size}|${bytes.length}|${protocol}|${remoteAddress}\n`;
}

/** The frames of one stream entry (fields n, m, b), or none when it is not one of ours. */
function unpack(uniqueId: string, fields: Buffer[]): RawLogFrame[] {
  const meta = fields[3]?.toString('latin1');
  const blob = fields[5];
  if (meta === undefined || !blob) return [];
  const frames: RawLogFrame[] = [];
  let offset = 0;
  for (const line of meta.split('\n')) {
    if (line === '') continue;
    const parts = line.split('|');
    if (parts.length < 7) return frames;
    const [at, direction, transport, size, length, protocol] = parts;
    const end = offset + Number(length);
    frames.push({
      at: Number(at),
      direction: direction === 'out' ? 'out' : 'in',
      transport: transport === 'udp' || transport === 'http' ? transport : 'tcp',
      size: Number(size),
      protocol: protocol ?? '',
      remoteAddress: parts.slice(6).join('|'),
      uniqueId,
      bytes: blob.subarray(offset, end),
    });
    offset = end;
  }
  return frames;
}
