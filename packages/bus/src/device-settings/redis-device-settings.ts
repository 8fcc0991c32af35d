import { Redis } from 'ioredis';
import type { BusLogger } from '../bus';
import type { DeviceSettings, DeviceSettingsStore } from './device-settings-store';
import { settingsOf } from './device-settings-store';

export interface RedisDeviceSettingsOptions {
  redisUrl: string;
  logger: BusLogger;
  /** Prefix of the key and channel. Default `waymark:`. */
  keyPrefix?: string;
}

/** Most devices written by one HSET/HDEL call. */
const CHUNK = 1000;

/**
 * Device settings in Redis: the hash `<prefix>device-settings` (field uniqueId, value the settings as JSON) and
 * the channel `<prefix>device-settings:changes` (a JSON object uniqueId → settings or null per change). Readers
 * keep a copy in memory: loaded on start, updated by the channel, and loaded again whenever the subscription
 * (re)connects, so that a change published while it was away is not missed.
 */
export class RedisDeviceSettings implements DeviceSettingsStore {
  readonly kind = 'redis';
  private readonly redis: Redis;
  private subscriber: Redis | undefined;
  private started: Promise<void> | undefined;
  private readonly local = new Map<string, DeviceSettings>();
  private readonly hash: string;
  private readonly channel: string;
  private readonly logger: BusLogger;
  /** Changes heard while a full load runs, applied after it (they are newer than what it read). */
  private pending: Map<string, DeviceSettings | null> | undefined;

  constructor(options: RedisDeviceSettingsOptions) {
    const prefix = options.keyPrefix ?? 'waymark:';
    this.hash = `${prefix}device-settings`;
    this.channel = `${prefix}device-settings:changes`;
    this.logger = options.logger;
    this.redis = new Redis(options.redisUrl, { protocol: 2, connectionName: 'waymark-device-settings' });
    this.redis.on('error', (err) => this.logger.warn({ err: err.message }, 'device settings redis connection error'));
  }

  get(uniqueId: string): DeviceSettings | undefined {
    return this.local.get(uniqueId);
  }

  async set(changes: ReadonlyMap<string, DeviceSettings | null>): Promise<void> {
    if (changes.size === 0) return;
    const entries = [...changes];
    for (let i = 0; i < entries.length; i += CHUNK) {
      const chunk = entries.slice(i, i + CHUNK);
      const kept = chunk.flatMap(([id, value]) => {
        const s = settingsOf(value);
        return s ? [id, JSON.stringify(s)] : [];
      });
      const removed = chunk.filter(([, value]) => !settingsOf(value)).map(([id]) => id);
      const multi = this.redis.multi();
      if (kept.length > 0) multi.hset(this.hash, ...kept);
      if (removed.length > 0) multi.hdel(this.hash, ...removed);
      multi.publish(
        this.channel,
        JSON.stringify(Object.fromEntries(chunk.map(([id, v]) => [id, settingsOf(v) ?? null]))),
      );
      await multi.exec();
    }
    this.apply(changes);
  }

  async all(): Promise<Map<string, DeviceSettings>> {
    const raw = await this.redis.hgetall(this.hash);
    const out = new Map<string, DeviceSettings>();
    for (const [uniqueId, json] of Object.entries(raw)) {
      const settings = parse(json);
      if (settings) out.set(uniqueId, settings);
    }
    return out;
  }

  start(): Promise<void> {
    this.started ??= (async () => {
      const subscriber = this.redis.duplicate({ connectionName: 'waymark-device-settings-sub' });
      this.subscriber = subscriber;
      subscriber.on('error', (err) => this.logger.warn({ err: err.message }, 'device settings subscriber error'));
      subscriber.on('message', (_channel: string, raw: string) => this.heard(raw));
      await subscriber.subscribe(this.channel);
      await this.reload();
      // ioredis subscribes again after a reconnection; what changed meanwhile is read again
      subscriber.on('ready', () => {
        this.reload().catch((err: Error) => this.logger.warn({ err: err.message }, 'device settings reload failed'));
      });
    })();
    return this.started;
  }

  async close(): Promise<void> {
    await Promise.all([this.subscriber, this.redis].map((c) => (c ? c.quit().catch(() => c.disconnect()) : undefined)));
  }

  private async reload(): Promise<void> {
    this.pending = new Map();
    try {
      const stored = await this.all();
      this.local.clear();
      for (const [uniqueId, settings] of stored) this.local.set(uniqueId, settings);
      this.apply(this.pending);
    } finally {
      this.pending = undefined;
    }
  }

  private heard(raw: string): void {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      message = undefined;
    }
    if (!message || typeof message !== 'object' || Array.isArray(message)) {
      this.logger.warn({}, 'device settings change unreadable; ignored');
      return;
    }
    const changes = new Map<string, DeviceSettings | null>();
    for (const [uniqueId, value] of Object.entries(message)) changes.set(uniqueId, settingsOf(value) ?? null);
    this.apply(changes);
    if (this.pending) for (const [k, v] of changes) this.pending.set(k, v);
  }

  private apply(changes: ReadonlyMap<string, DeviceSettings | null>): void {
    for (const [uniqueId, value] of changes) {
      const kept = settingsOf(value);
      if (kept) this.local.set(uniqueId, kept);
      else this.local.delete(uniqueId);
    }
  }
}

function parse(json: string): DeviceSettings | undefined {
  try {
    return settingsOf(JSON.parse(json));
  } catch {
    return undefined;
  }
}
