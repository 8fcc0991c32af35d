import { randomBytes } from 'node:crypto';
import { InProcessDeviceLog } from '@waymark/bus/device-log/in-process-device-log';
import { createTestDatabase } from '@waymark/db/testing/db';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import pino from 'pino';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { loadEnv } from '../env';
import { Geocoder } from '../geocoding/geocoder';
import { LiveHub } from '../live/live-hub';
import type { Mail, Mailer } from '../mail/mailer';
import { createMailer } from '../mail/mailer';
import { ensureSystemRoles } from '../modules/roles/system-roles.service';
import { MemoryRateLimiter } from '../security/rate-limiter';
import { SecretBox } from '../security/secret-box';
import { loadSigningKey } from '../security/tokens';
import { StatisticsCounter } from '../statistics/statistics-counter';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** mails sent through the capturing mailer (when no SMTP server is given) */
  mails: Mail[];
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh PostgreSQL database cloned from the migrated template. Mail goes to the SMTP
 * server given in `env` (tests start a real one) or, without one, into `mails`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { log?: Logger } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadEnv({ NODE_ENV: 'test', WAYMARK_LOG_LEVEL: 'silent', ...env });
  const log = options.log ?? pino({ level: 'silent' });
  const mails: Mail[] = [];
  const mailer: Mailer = config.SMTP_HOST
    ? createMailer(config, log)
    : { send: async (m) => void mails.push(m), close() {} };
  await database.db.server.create({ data: { id: 1 } });
  await ensureSystemRoles(database.db);
  const statistics = new StatisticsCounter();
  const ctx: AppContext = {
    env: config,
    db: database.db,
    log,
    mailer,
    limiter: new MemoryRateLimiter(),
    jwtKey: await loadSigningKey(database.db, undefined),
    secrets: new SecretBox(randomBytes(32)),
    version: 'test',
    live: new LiveHub(log),
    deviceLog: new InProcessDeviceLog(),
    statistics,
    geocoder: new Geocoder({ db: database.db, env: config, log, statistics, version: 'test', timeoutMs: 2000 }),
  };
  const app = await buildApp(ctx, { logger: options.log !== undefined });
  await app.ready();
  return {
    app,
    ctx,
    mails,
    databaseUrl: database.url,
    async close() {
      await app.close();
      mailer.close();
      await database.drop();
    },
  };
}
