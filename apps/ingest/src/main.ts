import { createBus } from '@waymark/bus/create-bus';
import { createDeviceLog } from '@waymark/bus/device-log/create-device-log';
import { createDeviceSettings } from '@waymark/bus/device-settings/create-device-settings';
import { pino } from 'pino';
import { ConfigError, loadIngestEnv } from './env';
import { startIngest } from './ingest';

/**
 * Standalone ingest (production, several nodes): Redis bus required. The all-in-one `waymark start` (apps/platform)
 * runs startIngest beside the API in one process, on the in-process bus, instead.
 */
async function main(): Promise<void> {
  let env: ReturnType<typeof loadIngestEnv>;
  try {
    env = loadIngestEnv();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`waymark ingest: invalid configuration: ${err.message}\n`);
    process.exitCode = 1;
    return;
  }
  const logger = pino({ level: env.logLevel, base: { service: 'ingest', nodeId: env.nodeId } }, pino.destination(2));
  if (!env.redisUrl) {
    logger.fatal('REDIS_URL is required for the standalone ingest (the embedded one runs inside `waymark start`)');
    process.exitCode = 1;
    return;
  }

  const bus = createBus({
    redisUrl: env.redisUrl,
    keyPrefix: env.redisPrefix,
    nodeId: env.nodeId,
    logger: logger.child({ component: 'bus' }),
    streamHighWaterMark: env.busHighWaterMark,
  });
  const deviceLog = env.deviceLog
    ? createDeviceLog({
        redisUrl: env.redisUrl,
        keyPrefix: env.redisPrefix,
        logger: logger.child({ component: 'device-log' }),
      })
    : undefined;
  // the devices' models and decoder options, written by the API
  const deviceSettings = createDeviceSettings({
    redisUrl: env.redisUrl,
    keyPrefix: env.redisPrefix,
    logger: logger.child({ component: 'device-settings' }),
  });
  let ingest: Awaited<ReturnType<typeof startIngest>>;
  try {
    ingest = await startIngest({
      bus,
      deviceSettings,
      ...(deviceLog ? { deviceLog } : {}),
      nodeId: env.nodeId,
      logger,
      protocols: env.protocols,
      portOverrides: env.portOverrides,
      host: env.host,
      maxConnectionsPerAddress: env.maxConnectionsPerAddress,
      maxConnections: env.maxConnections,
      idleTimeoutMs: env.idleTimeoutMs,
    });
  } catch (err) {
    logger.fatal({ err }, 'ingest failed to start');
    await deviceSettings.close();
    await deviceLog?.close();
    await bus.close();
    process.exitCode = 1;
    return;
  }
  for (const address of ingest.listening) logger.info({ ...address, host: env.host }, 'listening');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    await ingest.close();
    await deviceSettings.close();
    await deviceLog?.close();
    await bus.close();
    clearTimeout(force);
    logger.info('stopped');
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

await main();
