import type { Bus } from '@waymark/bus/bus';
import type { DeviceLogStore } from '@waymark/bus/device-log/device-log-store';
import type { Db } from '@waymark/db/client';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Env } from './env';
import type { Geocoder } from './geocoding/geocoder';
import type { DeviceSettingsSync } from './jobs/device-settings-sync';
import type { LiveHub } from './live/live-hub';
import type { Mailer } from './mail/mailer';
import type { RateLimiter } from './security/rate-limiter';
import type { SecretBox } from './security/secret-box';
import type { StatisticsCounter } from './statistics/statistics-counter';

/** Everything a request handler may use; built once per process (runtime/) or per test (testing/). */
export interface AppContext {
  env: Env;
  db: Db;
  log: Logger;
  mailer: Mailer;
  limiter: RateLimiter;
  /** HS256 key that signs access and API tokens */
  jwtKey: Uint8Array;
  /** seals TOTP secrets and keys emailed-code hashes (security/secret-box.ts) */
  secrets: SecretBox;
  redis?: Redis;
  bus?: Bus;
  /** devices' raw frames, written by the ingest (absent: no log is kept in this composition) */
  deviceLog?: DeviceLogStore;
  /** keeps the ingest's copy of the devices' models and decoder options current (absent: no ingest to tell) */
  deviceSettings?: DeviceSettingsSync;
  live: LiveHub;
  /** this process's statistics counts, flushed to the day's row about once a minute (jobs/statistics-flush.ts) */
  statistics: StatisticsCounter;
  /** addresses on demand, cached and at the provider's rate (geocoding/geocoder.ts) */
  geocoder: Geocoder;
  version: string;
}
