import type { Bus } from '@waymark/bus/bus';
import type { DeviceLogStore } from '@waymark/bus/device-log/device-log-store';
import type { DeviceSettingsStore } from '@waymark/bus/device-settings/device-settings-store';
import { loadIngestEnv } from '@waymark/ingest/env';
import { startIngest } from '@waymark/ingest/ingest';
import type { Logger } from 'pino';

/** The ingest listeners inside the all-in-one process, on the same bus, device log and device settings as the API. */
export async function startIngestInProcess(
  bus: Bus,
  nodeId: string,
  log: Logger,
  deviceLog?: DeviceLogStore,
  deviceSettings?: DeviceSettingsStore,
) {
  const env = loadIngestEnv(process.env);
  const ingest = await startIngest({
    bus,
    nodeId,
    host: env.host,
    protocols: env.protocols,
    portOverrides: env.portOverrides,
    maxConnectionsPerAddress: env.maxConnectionsPerAddress,
    idleTimeoutMs: env.idleTimeoutMs,
    logger: log.child({ component: 'ingest' }),
    ...(deviceLog && env.deviceLog ? { deviceLog } : {}),
    ...(deviceSettings ? { deviceSettings } : {}),
  });
  return {
    /** the address and ports it listens on (port 0 in WAYMARK_PORT_* resolved) */
    host: env.host,
    listening: ingest.listening,
    close: () => ingest.close(),
    describe: () =>
      ingest.listening.length === 0
        ? 'no protocol enabled'
        : ingest.listening.map((l) => `${l.protocol} ${l.transport}/${l.port}`).join(', '),
  };
}
