// A stand-alone ingest process for benchmarks: the real listeners on an in-process bus whose consumer only
// counts (no database), so what is measured is the ingest itself. Prints "ready <port>" and answers "rss" on stdin.
import { createBus } from '@waymark/bus/create-bus';
import { startIngest } from '@waymark/ingest/ingest';
import pino from 'pino';

const protocol = process.env.BENCH_PROTOCOL ?? 'gt06';
const log = pino({ level: 'silent' });
const bus = createBus({ nodeId: 'bench-ingest', logger: log });
let received = 0;
bus.consume('positions', async (batch) => {
  received += batch.length;
});
bus.consume('device-status', async () => {}, { group: 'api' });
const ingest = await startIngest({
  bus,
  nodeId: 'bench-ingest',
  logger: log,
  protocols: [protocol],
  portOverrides: { [protocol]: 0 },
  host: '127.0.0.1',
  maxConnectionsPerAddress: 0,
});
const port = ingest.listening.find((l) => l.transport === 'tcp' || l.transport === 'http')?.port;
process.stdout.write(`ready ${port}\n`);
process.stdin.on('data', (d) => {
  if (String(d).trim() === 'rss') {
    global.gc?.();
    process.stdout.write(`rss ${process.memoryUsage().rss} received ${received}\n`);
  }
});
