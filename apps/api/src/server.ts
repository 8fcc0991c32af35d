import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Bus } from '@waymark/bus/bus';
import { createBus } from '@waymark/bus/create-bus';
import { createDeviceLog } from '@waymark/bus/device-log/create-device-log';
import type { DeviceLogStore } from '@waymark/bus/device-log/device-log-store';
import { createDeviceSettings } from '@waymark/bus/device-settings/create-device-settings';
import type { DeviceSettingsStore } from '@waymark/bus/device-settings/device-settings-store';
import type { Db } from '@waymark/db/client';
import { createDb } from '@waymark/db/client';
import { paths } from '@waymark/db/paths';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { buildApp } from './app';
import type { AppContext } from './context';
import type { Env } from './env';
import { startForwarding } from './forwarding/worker';
import { Geocoder } from './geocoding/geocoder';
import { PartitionMonths } from './history/partitions';
import { startHistory } from './history/worker';
import { startActivityUpkeep } from './jobs/activity-upkeep';
import { startBilling } from './jobs/billing-worker';
import { startDeviceSettingsSync } from './jobs/device-settings-sync';
import { startScheduledReports } from './jobs/scheduled-reports';
import { startStatisticsFlush } from './jobs/statistics-flush';
import { LiveHub } from './live/live-hub';
import { createLogger } from './logger';
import { countingMailer } from './mail/counting-mailer';
import { createMailer } from './mail/mailer';
import { sealPlainTotpSecrets } from './modules/users/totp-secrets';
import { startNotifications } from './notifications/worker';
import { pipelineConfig } from './pipeline/config';
import { createPool } from './pipeline/pg-pool';
import { startProcessing } from './pipeline/processing';
import { ensureFirstAdmin, seed } from './runtime/bootstrap';
import { dataDir, migrate, openDatabase } from './runtime/database';
import { FallbackRateLimiter, MemoryRateLimiter } from './security/rate-limiter';
import { SecretBox } from './security/secret-box';
import { checkSecretsKey, loadSecretsKey } from './security/secrets-key';
import { loadSigningKey } from './security/tokens';
import { StatisticsCounter } from './statistics/statistics-counter';

export const VERSION = '0.1.0';

export interface ApiServer {
  close(): Promise<void>;
  url: string;
  port: number;
  /** the server's database client */
  db: Db;
}

/** What the API shares with a part started beside it in the same process. */
export interface ApiShared {
  /** the bus the API's pipeline consumes */
  bus: Bus;
  /** the device log the API reads (Redis when REDIS_URL is set, else memory): an ingest beside it writes there */
  deviceLog: DeviceLogStore;
  /** the devices' models and decoder options the API keeps current: an ingest beside it reads them */
  deviceSettings: DeviceSettingsStore;
  nodeId: string;
  log: Logger;
}

/** A part started beside the API in the same process; it says in one line what it runs. */
export interface Companion {
  close(): Promise<unknown> | unknown;
  describe(): string;
}

export interface ApiServerOptions {
  say?: (line: string) => void;
  /**
   * Whether what `say` prints reaches a person at a terminal (default: whether stdout is a terminal). The first
   * administrator's generated password is printed only there: output that is not a terminal is usually kept
   * (container logs, journald) beside the JSON logs.
   */
  terminal?: boolean;
  /** the JSON logger (default: one on stderr at WAYMARK_LOG_LEVEL) */
  logger?: Logger;
  /**
   * Started once the API listens and before the start is reported ready; stopped before the API. Its
   * description is printed as `<name>: <description>`.
   */
  alongside?: { name: string; start(shared: ApiShared): Promise<Companion> };
}

/**
 * Starts the API and web app: opens the database (applying migrations and creating the first administrator),
 * connects the bus, Redis and mail, starts the API's workers (the position pipeline and the notification
 * worker), then listens on HOST:PORT. close() stops everything in the reverse order.
 */
export async function startApiServer(env: Env, options: ApiServerOptions = {}): Promise<ApiServer> {
  const say = options.say ?? console.log;
  const terminal = options.terminal ?? process.stdout.isTTY === true;
  const log = options.logger ?? createLogger(env.WAYMARK_LOG_LEVEL);
  const started = Date.now();
  const closers: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const fn of closers.reverse()) {
      try {
        await fn();
      } catch (err) {
        log.error({ err }, 'error while stopping');
      }
    }
  };
  let admin: { email: string; password: string } | null = null;
  // never through the JSON logger: only `say`, and the password only to a terminal
  const printAdmin = () => {
    if (!admin) return;
    say('');
    say('A platform administrator was created. Sign in with:');
    say(`email: ${admin.email}`);
    if (env.WAYMARK_ADMIN_PASSWORD) {
      say('password: the one set in WAYMARK_ADMIN_PASSWORD');
    } else if (terminal) {
      say(`password: ${admin.password}`);
      say('(shown this once; change it after signing in)');
    } else {
      say('password: generated, and not shown because this output is not a terminal (it may be kept in logs).');
      say('Set one with: pnpm waymark create-admin --email <email> --password <password>');
    }
    admin = null;
  };
  try {
    const database = await openDatabase(env, (m) => log.info(m));
    closers.push(() => database.stop());
    const applied = await migrate(database.url);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    const db = createDb(database.url, { poolSize: env.WAYMARK_DB_POOL });
    closers.push(() => db.$disconnect());
    await seed(db);
    admin = await ensureFirstAdmin(db, env);

    const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 3 }) : undefined;
    if (redis) {
      // a Redis outage is reported by the parts that depend on it (the rate limits fall back to memory);
      // ioredis' own error event, repeated at each reconnection attempt, is kept out of the log
      redis.on('error', (err: Error) => log.debug({ err: err.message }, 'redis connection error'));
      closers.push(() => redis.quit());
    }
    const nodeId = `${hostname()}-${process.pid}`;
    // confirmHandled: in one process a tracker's ack waits until its position is stored (nothing acked lives only in memory)
    const bus: Bus = createBus({
      redisUrl: env.REDIS_URL,
      keyPrefix: env.WAYMARK_REDIS_PREFIX,
      nodeId,
      logger: log.child({ component: 'bus' }),
      confirmHandled: true,
    });
    closers.push(() => bus.close());
    const deviceLog = createDeviceLog({
      redisUrl: env.REDIS_URL,
      keyPrefix: env.WAYMARK_REDIS_PREFIX,
      logger: log.child({ component: 'device-log' }),
    });
    closers.push(() => deviceLog.close());
    // the devices' models and decoder options, kept for the ingest (Redis hash and channel, or memory)
    const deviceSettings = createDeviceSettings({
      redisUrl: env.REDIS_URL,
      keyPrefix: env.WAYMARK_REDIS_PREFIX,
      logger: log.child({ component: 'device-settings' }),
    });
    closers.push(() => deviceSettings.close());
    const settingsSync = await startDeviceSettingsSync(db, deviceSettings, log.child({ component: 'device-settings' }));
    closers.push(() => settingsSync.close());
    const statistics = new StatisticsCounter();
    const mailer = countingMailer(createMailer(env, log), statistics);
    closers.push(() => mailer.close());
    const subscriber = env.REDIS_URL ? new Redis(env.REDIS_URL) : undefined;
    if (subscriber) {
      // live updates pause while Redis is away and resume when it reconnects
      subscriber.on('error', (err: Error) => log.debug({ err: err.message }, 'redis subscriber connection error'));
      closers.push(() => subscriber.quit());
    }
    const live = new LiveHub(
      log,
      redis && subscriber ? { publisher: redis, subscriber, prefix: env.WAYMARK_REDIS_PREFIX } : undefined,
    );
    await live.whenReady();
    const pool = createPool(database.url, 4);
    closers.push(() => pool.end());

    const secretsKey = await loadSecretsKey(env, dataDir(env));
    const secrets = new SecretBox(secretsKey.key);
    await checkSecretsKey(db, secrets, secretsKey.source);
    const sealed = await sealPlainTotpSecrets(db, secrets);
    if (sealed > 0) log.info({ users: sealed }, 'TOTP secrets stored in plain text are now encrypted');
    const ctx: AppContext = {
      env,
      db,
      log,
      mailer,
      limiter: redis
        ? new FallbackRateLimiter(redis, log.child({ component: 'rate-limit' }), `${env.WAYMARK_REDIS_PREFIX}rl:`)
        : new MemoryRateLimiter(),
      jwtKey: await loadSigningKey(db, env.WAYMARK_JWT_SECRET),
      secrets,
      redis,
      bus,
      deviceLog,
      deviceSettings: settingsSync,
      live,
      statistics,
      geocoder: new Geocoder({
        db,
        env,
        log: log.child({ component: 'geocoder' }),
        statistics,
        redis,
        version: VERSION,
      }),
      version: VERSION,
    };
    // flushed last at stop (closers run in reverse), after the app and workers have counted what they did
    closers.push(startStatisticsFlush(ctx).close);
    // month partitions of positions and events, made ahead and dropped by retention (history/)
    const partitions = new PartitionMonths();
    const history = startHistory(pool, partitions, log.child({ component: 'history' }));
    closers.push(() => history.close());
    const processing = startProcessing(ctx, bus, pool, { partitions });
    closers.push(() => processing.close());
    // forwarding has a pool of its own: a slow target holds its connections, never the pipeline's
    const forwardPool = createPool(database.url, 4);
    closers.push(() => forwardPool.end());
    const forwarding = startForwarding(forwardPool, log.child({ component: 'forwarding' }), {
      allowPrivate: env.WAYMARK_WEBHOOK_ALLOW_PRIVATE,
    });
    closers.push(() => forwarding.close());
    const activityUpkeep = startActivityUpkeep(pool, pipelineConfig(env), log.child({ component: 'activity' }));
    closers.push(() => activityUpkeep.close());
    closers.push(startNotifications(ctx).close);
    const billing = startBilling(ctx);
    closers.push(() => billing.close());
    const scheduledReports = startScheduledReports(ctx);
    closers.push(() => scheduledReports.close());
    const app = await buildApp(ctx, { webDir: env.WAYMARK_WEB_DIR ?? join(paths.root, 'apps', 'web', 'dist') });
    closers.push(() => app.close());
    await app.listen({ port: env.PORT, host: env.HOST });
    const port = (app.server.address() as { port: number }).port;
    const url = `http://localhost:${port}`;

    say(`Waymark ${VERSION}`);
    say(`database: ${database.description}`);
    say(`bus: ${bus.kind === 'redis' ? 'Redis streams' : 'in-process'}`);
    say(`web and API: ${url}  (API under ${url}/api)`);
    if (options.alongside) {
      const companion = await options.alongside.start({ bus, deviceLog, deviceSettings, nodeId, log });
      closers.push(() => companion.close());
      say(`${options.alongside.name}: ${companion.describe()}`);
    }
    printAdmin();
    say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { close, url, port, db };
  } catch (err) {
    // the administrator exists from now on: its credentials must not be lost with a failed start
    printAdmin();
    await close();
    throw err;
  }
}

/**
 * Resolves once a SIGINT or SIGTERM has stopped the process's servers with `stop`. A terminal's Ctrl-C can arrive
 * twice (from the terminal and relayed by tsx): the first stops cleanly, further ones are ignored until a third,
 * which forces the exit.
 */
export function untilSignalled(stop: () => Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    let signals = 0;
    const onSignal = async () => {
      signals += 1;
      if (signals >= 3) process.exit(130);
      if (signals > 1) return;
      console.log('stopping…');
      await stop();
      console.log('stopped');
      resolve();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
