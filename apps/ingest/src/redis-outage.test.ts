import { createBus } from '@waymark/bus/create-bus';
import { startRedisServer, streamMessages } from '@waymark/bus/testing/redis-server';
import { expect, it } from 'vitest';
import { startIngest } from './ingest';
import { silentLogger, waitFor } from './testing/ingest-harness';
import { startTrackerFleet } from './testing/resending-trackers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PARTITIONS = 4;

/** Fix times (ms) of the positions in the bus's streams, per device. */
async function storedFixTimes(url: string, prefix: string): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (const m of await streamMessages(url, prefix, 'positions', PARTITIONS)) {
    const uniqueId = String(m.uniqueId);
    out.set(uniqueId, [...(out.get(uniqueId) ?? []), Date.parse(String(m.fixTime))]);
  }
  return out;
}

it('holds acknowledgements while Redis is down and loses none it gave (M7)', async () => {
  const redis = await startRedisServer();
  const prefix = 'outage:';
  const bus = createBus({
    redisUrl: redis.url,
    nodeId: 'ingest-outage',
    logger: silentLogger,
    keyPrefix: prefix,
    partitions: PARTITIONS,
    publishTimeoutMs: 1500,
  });
  const ingest = await startIngest({
    bus,
    nodeId: 'ingest-outage',
    logger: silentLogger,
    protocols: ['gt06', 'teltonika'],
    portOverrides: { gt06: 0, teltonika: 0 },
    host: '127.0.0.1',
    maxConnectionsPerAddress: 0,
  });
  const portOf = (protocol: string) => ingest.listening.find((l) => l.protocol === protocol)?.port as number;
  const fleet = startTrackerFleet({
    trackers: Array.from({ length: 20 }, (_, i) => ({
      uniqueId: `3520991000000${String(i).padStart(2, '0')}`,
      protocol: i % 2 === 0 ? ('gt06' as const) : ('teltonika' as const),
      ports: [portOf(i % 2 === 0 ? 'gt06' : 'teltonika')],
    })),
    intervalMs: 100,
    firstFix: Date.UTC(2026, 0, 1),
    // trackers wait long for their acks: what closes their connections during the outage is the ingest
    timeoutMs: 30_000,
  });
  try {
    await waitFor(() => fleet.stats().acked >= 100, 'acknowledgements before the outage', 20_000);
    await redis.stop('SIGKILL');
    // publishes answered before the kill may still be acknowledged; after that none may be
    await sleep(300);
    const beforeOutage = fleet.stats().acked;
    const failuresBefore = fleet.stats().failures;
    // longer than the bus waits for Redis (publishTimeoutMs): the held publishes fail
    await sleep(5000);
    const duringOutage = fleet.stats().acked - beforeOutage;
    const droppedDuringOutage = fleet.stats().failures - failuresBefore;
    await redis.start();
    await waitFor(() => fleet.stats().acked >= beforeOutage + 100, 'acknowledgements after the outage', 30_000);
    await fleet.stop();
    expect(duringOutage).toBe(0);
    // bounded: the ingest does not hold a device forever, it closes the connection and the device resends later
    expect(droppedDuringOutage).toBeGreaterThan(0);

    const stored = await storedFixTimes(redis.url, prefix);
    const lost = fleet.records.flatMap((r) => {
      const have = new Set(stored.get(r.uniqueId) ?? []);
      return r.acked.filter((t) => !have.has(t)).map((t) => `${r.uniqueId}@${new Date(t).toISOString()}`);
    });
    expect(lost).toEqual([]);
    expect(fleet.records.every((r) => r.acked.length > 0)).toBe(true);
  } finally {
    await fleet.stop();
    await ingest.close();
    await bus.close();
    await redis.dispose();
  }
}, 90_000);
