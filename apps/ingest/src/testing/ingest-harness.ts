import { InProcessBus } from '@waymark/bus/in-process-bus';
import type { DeviceStatusMessage, PositionMessage } from '@waymark/contracts/bus';
import { pino } from 'pino';
import { type Ingest, type StartIngestOptions, startIngest } from '../ingest';

export const silentLogger = pino({ level: 'silent' });

/** An ingest on ephemeral ports of 127.0.0.1, publishing to an in-process bus whose messages it collects. */
export async function startTestIngest(options: Partial<StartIngestOptions> = {}) {
  const bus = new InProcessBus({ nodeId: 'test', logger: silentLogger });
  const positions: PositionMessage[] = [];
  const statuses: DeviceStatusMessage[] = [];
  bus.consume('positions', async (batch) => void positions.push(...batch));
  bus.consume('device-status', async (batch) => void statuses.push(...batch));
  let ingest: Ingest;
  try {
    ingest = await startIngest({ bus, nodeId: 'ingest-test', logger: silentLogger, host: '127.0.0.1', ...options });
  } catch (err) {
    await bus.close();
    throw err;
  }
  const portOf = (protocol: string, transport: string) => {
    const found = ingest.listening.find((l) => l.protocol === protocol && l.transport === transport);
    if (!found) throw new Error(`no ${protocol}/${transport} listener`);
    return found.port;
  };
  return {
    bus,
    ingest,
    positions,
    statuses,
    portOf,
    async close() {
      await ingest.close();
      await bus.close();
    },
  };
}

export async function waitFor(condition: () => boolean, what = 'condition', timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
