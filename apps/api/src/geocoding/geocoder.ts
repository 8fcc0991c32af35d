import type { Db } from '@waymark/db/client';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Env } from '../env';
import type { StatisticsCounter } from '../statistics/statistics-counter';
import type { AddressParts } from './address-format';
import { formatAddress } from './address-format';
import type { GeocoderSettings } from './geocoder-settings';
import { geocoderSettings } from './geocoder-settings';
import { Lru } from './lru';
import { PROVIDERS, ProviderError } from './providers';
import { SharedBucket } from './shared-bucket';
import type { RateBucket } from './token-bucket';
import { TokenBucket } from './token-bucket';

/** Why no address came: geocoding is off, the provider's rate would make the caller wait too long, or it failed. */
export type GeocodingFailure = 'disabled' | 'busy' | 'failed';

export class GeocodingError extends Error {
  constructor(
    readonly reason: GeocodingFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Decimals kept of each coordinate for the cache: 4 is about 11 m, closer than a street address tells apart. */
const DECIMALS = 4;
/** Addresses kept in each process's memory before the least recently used go. */
const MEMORY_ENTRIES = 10_000;
const DAY_MS = 86_400_000;
/** Expired rows of the shared cache are deleted at most this often, by the node that writes. */
const PRUNE_EVERY_MS = 3_600_000;

/** A coordinate rounded for the cache key and for the request (so that the answer is the same for the whole cell). */
export function roundCoordinate(value: number): string {
  // Number() drops trailing zeros and turns -0 into 0
  return String(Number(value.toFixed(DECIMALS)));
}

export interface GeocoderOptions {
  db: Db;
  env: Env;
  log: Logger;
  version: string;
  statistics?: StatisticsCounter;
  /** with Redis (the production path) every API node draws on one rate per provider; a rate per process otherwise */
  redis?: Redis;
  /** how long a provider may take to answer */
  timeoutMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface LookupOptions {
  /** the settings read once for many lookups (a report); read from the server's row otherwise */
  settings?: GeocoderSettings;
  /** the longest wait for the provider's rate before giving up with 'busy' */
  maxWaitMs: number;
  /** answer from the caches only: a place not in them fails with 'busy' without asking the provider */
  cachedOnly?: boolean;
}

/**
 * Reverse geocoding on demand (a person asks for an address, or a report shows its rows), never for every stored
 * position: public services ban servers that send them each fix. An address is looked up in this process's memory,
 * then in the cache table every API node shares, and only then asked of the provider, at the provider's rate;
 * lookups of the same rounded place at the same time make one request.
 */
export class Geocoder {
  private readonly memory: Lru<AddressParts>;
  private readonly pending = new Map<string, Promise<AddressParts>>();
  private readonly buckets = new Map<string, RateBucket>();
  private readonly now: () => number;
  private lastPrune = 0;

  constructor(private readonly o: GeocoderOptions) {
    this.now = o.now ?? Date.now;
    this.memory = new Lru(MEMORY_ENTRIES, this.now);
  }

  /** The settings in force (one read of the server's row). */
  async settings(): Promise<GeocoderSettings> {
    const row = await this.o.db.server.findUnique({ where: { id: 1 }, select: { attributes: true } });
    return geocoderSettings(this.o.env, (row?.attributes ?? {}) as Record<string, unknown>);
  }

  /** The one-line address of a place; null when the provider knows none there. */
  async address(latitude: number, longitude: number, options: LookupOptions): Promise<string | null> {
    const settings = options.settings ?? (await this.settings());
    if (!settings.enabled) throw new GeocodingError('disabled', 'Reverse geocoding is not enabled');
    const lat = roundCoordinate(latitude);
    const lon = roundCoordinate(longitude);
    const key = `${settings.type}|${settings.language ?? ''}|${lat},${lon}`;
    let parts = this.memory.get(key);
    if (!parts) {
      let lookup = this.pending.get(key);
      if (!lookup) {
        lookup = this.lookup(key, lat, lon, settings, options).finally(() => this.pending.delete(key));
        this.pending.set(key, lookup);
      }
      parts = await lookup;
    }
    return formatAddress(parts, settings.format);
  }

  private async lookup(
    key: string,
    lat: string,
    lon: string,
    settings: GeocoderSettings,
    { maxWaitMs, cachedOnly = false }: LookupOptions,
  ): Promise<AddressParts> {
    const { db } = this.o;
    const row = await db.geocodeCache.findUnique({ where: { key } });
    if (row && row.expiresAt.getTime() > this.now()) {
      const parts = row.parts as AddressParts;
      this.memory.set(key, parts, row.expiresAt.getTime());
      return parts;
    }
    if (cachedOnly || !(await this.bucket(settings).take(maxWaitMs)))
      throw new GeocodingError('busy', 'The geocoding service is busy, try again in a moment');
    const parts = await this.ask(lat, lon, settings);
    const now = this.now();
    const expiresAt = now + this.o.env.WAYMARK_GEOCODER_CACHE_DAYS * DAY_MS;
    this.memory.set(key, parts, expiresAt);
    const stored = { parts: parts as object, createdAt: new Date(now), expiresAt: new Date(expiresAt) };
    await db.geocodeCache.upsert({ where: { key }, create: { key, ...stored }, update: stored });
    this.prune(now);
    return parts;
  }

  /** One request to the provider; its failures become a GeocodingError, logged without the key. */
  private async ask(lat: string, lon: string, settings: GeocoderSettings): Promise<AddressParts> {
    const provider = PROVIDERS[settings.type];
    const userAgent = `Waymark/${this.o.version}${settings.email ? ` (${settings.email})` : ''}`;
    const { url, headers } = provider.request(lat, lon, { ...settings, userAgent });
    const where = `${url.origin}${url.pathname}`;
    this.o.statistics?.add('geocoderRequests');
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000) });
      if (!res.ok) throw new ProviderError(`HTTP ${res.status}`);
      return provider.parse(await res.json());
    } catch (err) {
      const reason = err instanceof ProviderError ? err.message : (err as Error).name;
      this.o.log.warn({ provider: settings.type, url: where, reason }, 'reverse geocoding failed');
      throw new GeocodingError('failed', 'The geocoding service did not answer with an address');
    }
  }

  /**
   * The rate limit of a provider (by type and URL), in Redis for all API nodes when Redis is configured; a changed
   * rate starts a new bucket.
   */
  private bucket(settings: GeocoderSettings): RateBucket {
    const id = `${settings.type}|${settings.url}`;
    let bucket = this.buckets.get(id);
    if (!bucket || bucket.rate !== settings.rate) {
      const { redis, env, log, sleep } = this.o;
      bucket = redis
        ? new SharedBucket({ redis, prefix: env.WAYMARK_REDIS_PREFIX, provider: id, rate: settings.rate, log, sleep })
        : new TokenBucket(settings.rate, undefined, this.now, sleep);
      this.buckets.set(id, bucket);
    }
    return bucket;
  }

  private prune(now: number): void {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.o.db.geocodeCache
      .deleteMany({ where: { expiresAt: { lt: new Date(now) } } })
      .catch((err: Error) => this.o.log.warn({ err: err.message }, 'expired geocoding cache rows were not deleted'));
  }
}
