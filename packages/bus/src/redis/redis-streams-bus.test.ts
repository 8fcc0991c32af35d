import { randomUUID } from 'node:crypto';
import type { PositionMessage } from '@waymark/contracts/bus';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CreateBusOptions, compareEntryIds, partitionOf, silentLogger } from '../bus';
import { createBus } from '../create-bus';
import { buildCommandMessage, buildPositionMessage, seqsByDevice, waitFor } from '../testing/messages';
import { RedisStreamsBus } from './redis-streams-bus';

const redisUrl = process.env.REDIS_URL;
const title = redisUrl ? 'redis streams' : 'redis streams (skipped: REDIS_URL not set)';

describe.skipIf(!redisUrl)(title, () => {
  const prefix = `waymark-test-${randomUUID().slice(0, 8)}:`;
  const buses: RedisStreamsBus[] = [];
  const consume = { blockMs: 200 };
  let testPrefix = prefix;
  let testCount = 0;

  beforeEach(() => {
    testCount += 1;
    testPrefix = `${prefix}${testCount}:`; // every test starts from empty streams
  });

  function makeBus(nodeId: string, options: Partial<CreateBusOptions> = {}): RedisStreamsBus {
    const bus = createBus({
      redisUrl,
      nodeId,
      partitions: 4,
      keyPrefix: testPrefix,
      leaseTtlMs: 900,
      retryDelayMs: 50,
      closeTimeoutMs: 300,
      logger: silentLogger,
      ...options,
    });
    expect(bus).toBeInstanceOf(RedisStreamsBus);
    buses.push(bus as RedisStreamsBus);
    return bus as RedisStreamsBus;
  }

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('round trip: publishes to the device partition, consumes and acknowledges', async () => {
    const bus = makeBus('node-a');
    const received: PositionMessage[] = [];
    const ids: string[] = [];
    const consumer = bus.consume(
      'positions',
      async (batch, meta) => {
        received.push(...batch);
        ids.push(...meta.ids);
      },
      { ...consume, group: 'rt' },
    );
    const messages = [0, 1, 2].map((seq) => buildPositionMessage('rt-device', seq));
    await bus.publish('positions', messages);
    await waitFor(() => received.length === 3, 10_000, 'three messages');
    expect(received).toEqual(messages);
    expect(consumer.ownedPartitions()).toEqual([0, 1, 2, 3]);
    // the stream entry ids of the device's messages, increasing
    expect(ids).toHaveLength(3);
    expect(compareEntryIds(ids[0]!, ids[1]!)).toBe(-1);
    expect(compareEntryIds(ids[1]!, ids[2]!)).toBe(-1);

    const redis = new Redis(redisUrl!);
    const pending = await Promise.all([0, 1, 2, 3].map((p) => redis.xpending(`${testPrefix}positions:${p}`, 'rt')));
    await redis.quit();
    expect(pending.map((summary) => Number((summary as unknown[])[0]))).toEqual([0, 0, 0, 0]);
  });

  it("packs one device's messages of one publish into one entry, each with its own id", async () => {
    const bus = makeBus('node-a', { partitions: 1 });
    const ids: string[] = [];
    const received: PositionMessage[] = [];
    bus.consume(
      'positions',
      async (batch, meta) => {
        received.push(...batch);
        ids.push(...meta.ids);
      },
      { ...consume, group: 'pack' },
    );
    const packet = [0, 1, 2, 3].map((seq) => buildPositionMessage('packer', seq));
    await bus.publish('positions', [...packet, buildPositionMessage('other', 0)]);
    await waitFor(() => received.length === 5, 10_000, 'five messages');
    expect(received).toEqual([...packet, buildPositionMessage('other', 0)]);
    const redis = new Redis(redisUrl!);
    expect(await redis.xlen(`${testPrefix}positions:0`)).toBe(2);
    await redis.quit();
    const entry = ids[0]!.split(':')[0];
    expect(ids.slice(0, 4)).toEqual([0, 1, 2, 3].map((k) => `${entry}:${k}`));
    for (let i = 1; i < ids.length; i++) expect(compareEntryIds(ids[i - 1]!, ids[i]!)).toBe(-1);
  });

  it('trims what every group has acknowledged and never what a group has not', async () => {
    const bus = makeBus('node-a', { partitions: 1 });
    const redis = new Redis(redisUrl!);
    const key = `${testPrefix}positions:0`;
    let count = 0;
    bus.consume(
      'positions',
      async (batch) => {
        count += batch.length;
      },
      { ...consume, group: 'trim-a' },
    );
    const publishAll = async (n: number, from: number) => {
      for (let i = from; i < from + n; i++) await bus.publish('positions', [buildPositionMessage(`trim-${i}`, 0)]);
    };
    await publishAll(1000, 0);
    await waitFor(() => count === 1000, 20_000, 'a thousand messages');
    await new Promise((r) => setTimeout(r, 2100)); // the next acknowledgement trims
    await publishAll(1, 1000);
    await waitFor(() => count === 1001, 10_000, 'one more');
    await waitFor(async () => (await redis.xlen(key)) < 200, 5000, 'trimmed');

    // a second group that has read nothing yet: nothing of what it has not acknowledged goes
    await redis.xgroup('CREATE', key, 'trim-b', '$');
    const before = await redis.xlen(key);
    await publishAll(500, 2000);
    await waitFor(() => count === 1501, 10_000, 'group a read them');
    await new Promise((r) => setTimeout(r, 2100));
    await publishAll(1, 3000);
    await waitFor(() => count === 1502, 10_000, 'one more');
    await new Promise((r) => setTimeout(r, 300));
    expect(await redis.xlen(key)).toBeGreaterThanOrEqual(501);
    const unread = await redis.xreadgroup('GROUP', 'trim-b', 'b', 'COUNT', 1000, 'STREAMS', key, '>');
    expect((unread as [string, unknown[]][])[0]![1]).toHaveLength(501);
    expect(before).toBeLessThan(200);
    await redis.quit();
  });

  it('holds publishes while a stream is full, until consumers have worked it down (back-pressure)', async () => {
    const ingest = makeBus('ingest', { partitions: 1, streamHighWaterMark: 150 });
    for (let i = 0; i < 150; i++) await ingest.publish('positions', [buildPositionMessage(`bp-${i}`, 0)]);
    let resolved = false;
    const held = ingest.publish('positions', [buildPositionMessage('bp-late', 0)]).then(() => {
      resolved = true;
    });
    await new Promise((r) => setTimeout(r, 600));
    expect(resolved).toBe(false); // no consumer: the ingest would not acknowledge this tracker yet
    let count = 0;
    makeBus('api', { partitions: 1 }).consume(
      'positions',
      async (batch) => {
        count += batch.length;
      },
      { ...consume, group: 'bp' },
    );
    await held;
    // released once the consumer's first acknowledged batch was trimmed from the stream (not necessarily all 150)
    expect(count).toBeGreaterThan(0);
  });

  it('keeps per-device order with two consumers on two nodes, each owning half the partitions', async () => {
    const publisher = makeBus('ingest');
    const a = makeBus('node-a');
    const b = makeBus('node-b');
    const received: PositionMessage[] = [];
    const slowHandler = async (batch: readonly PositionMessage[]) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      received.push(...batch);
    };
    const consumerA = a.consume('positions', slowHandler, { ...consume, group: 'order', batchSize: 5 });
    const consumerB = b.consume('positions', slowHandler, { ...consume, group: 'order', batchSize: 5 });
    const devices = Array.from({ length: 12 }, (_, i) => `order-${i}`);
    for (let seq = 0; seq < 40; seq++) {
      await publisher.publish(
        'positions',
        devices.map((d) => buildPositionMessage(d, seq)),
      );
      if (seq % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await waitFor(() => received.length >= devices.length * 40, 20_000, 'every message');
    const seqs = seqsByDevice(received);
    for (const d of devices) expect(seqs.get(d), d).toEqual([...Array(40).keys()]);

    await waitFor(() => consumerA.ownedPartitions().length === 2 && consumerB.ownedPartitions().length === 2);
    const owned = [...consumerA.ownedPartitions(), ...consumerB.ownedPartitions()].sort();
    expect(owned).toEqual([0, 1, 2, 3]);
  });

  it('redelivers the unacknowledged messages of a dead consumer to the other node, in order', async () => {
    const a = makeBus('node-a', { partitions: 1 });
    const b = makeBus('node-b', { partitions: 1 });
    let aGot = 0;
    a.consume(
      'positions',
      async (batch) => {
        aGot += batch.length;
        await new Promise(() => {}); // dies mid-batch: never acknowledges
      },
      { ...consume, group: 'takeover' },
    );
    const messages = [0, 1, 2, 3, 4].map((seq) => buildPositionMessage('takeover-device', seq));
    await b.publish('positions', messages);
    await waitFor(() => aGot === 5, 10_000, 'node-a to read the batch');

    const bReceived: PositionMessage[] = [];
    const consumerB = b.consume('positions', async (batch) => void bReceived.push(...batch), {
      ...consume,
      group: 'takeover',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bReceived).toEqual([]); // node-a still holds the lease
    await a.close(); // its handler never returns: the lease is left to lapse, the messages stay pending
    await b.publish('positions', [buildPositionMessage('takeover-device', 5)]);
    await waitFor(() => bReceived.length >= 6, 10_000, 'node-b to take over');
    expect(seqsByDevice(bReceived).get('takeover-device')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(consumerB.ownedPartitions()).toEqual([0]);
  });

  it('re-reads a failed batch before newer messages', async () => {
    const bus = makeBus('node-a');
    const attempts: number[][] = [];
    let failures = 1;
    bus.consume(
      'positions',
      async (batch) => {
        attempts.push(batch.map((m) => Number(m.attributes.seq)));
        if (failures-- > 0) throw new Error('database down');
      },
      { ...consume, group: 'retry', batchSize: 3 },
    );
    // one publish each: one entry each (batchSize counts entries)
    for (const seq of [0, 1, 2, 3]) await bus.publish('positions', [buildPositionMessage('retry-device', seq)]);
    await waitFor(() => attempts.flat().length >= 7, 10_000, 'redelivery');
    expect(attempts.slice(0, 3)).toEqual([[0, 1, 2], [0, 1, 2], [3]]);
  });

  it('stores the concurrent publishes of many connections together, each resolving once its messages are stored, in order', async () => {
    const bus = makeBus('ingest', { partitions: 4 });
    const redis = new Redis(redisUrl!);
    const devices = Array.from({ length: 300 }, (_, i) => `batch-${i}`);
    // every device publishes its next message as soon as its previous one is stored, like a tracker waiting for acks
    const stored: string[] = [];
    await Promise.all(
      devices.map(async (d) => {
        for (let seq = 0; seq < 5; seq++) {
          await bus.publish('positions', [buildPositionMessage(d, seq)]);
          stored.push(`${d}:${seq}`);
        }
      }),
    );
    expect(stored).toHaveLength(devices.length * 5);
    const entries = (
      await Promise.all([0, 1, 2, 3].map((p) => redis.xrange(`${testPrefix}positions:${p}`, '-', '+')))
    ).flat();
    await redis.quit();
    const messages = entries.map(([, fields]) => JSON.parse(fields[1] as string) as PositionMessage);
    expect(messages).toHaveLength(devices.length * 5);
    const seqs = seqsByDevice(messages);
    for (const d of devices) expect(seqs.get(d), d).toEqual([0, 1, 2, 3, 4]);
  });

  it('rejects only the publishes whose messages Redis refused', async () => {
    const bus = makeBus('ingest', { partitions: 4 });
    const redis = new Redis(redisUrl!);
    const devices = Array.from({ length: 40 }, (_, i) => `refused-${i}`);
    const partition = partitionOf(devices[0]!, 4);
    await redis.set(`${testPrefix}positions:${partition}`, 'not a stream');
    const results = await Promise.allSettled(
      devices.map((d) => bus.publish('positions', [buildPositionMessage(d, 0)])),
    );
    await redis.quit();
    devices.forEach((d, i) => {
      const result = results[i]!;
      if (partitionOf(d, 4) === partition) {
        expect(result.status, d).toBe('rejected');
        expect(String((result as PromiseRejectedResult).reason)).toMatch(/WRONGTYPE/);
      } else expect(result.status, d).toBe('fulfilled');
    });
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
  });

  it('sends the publishes it has already taken before closing', async () => {
    const bus = makeBus('ingest', { partitions: 1 });
    const published = bus.publish('positions', [buildPositionMessage('last-words', 0)]);
    const closed = bus.close();
    await published;
    await closed;
    const redis = new Redis(redisUrl!);
    expect(await redis.xlen(`${testPrefix}positions:0`)).toBe(1);
    await redis.quit();
  });

  it('delivers commands to every subscribed node', async () => {
    const api = makeBus('api');
    const ingestA = makeBus('ingest-a');
    const ingestB = makeBus('ingest-b');
    const got: string[] = [];
    await ingestA.onCommand((c) => void got.push(`a:${c.uniqueId}`));
    await ingestB.onCommand((c) => void got.push(`b:${c.uniqueId}`));
    await api.sendCommand(buildCommandMessage('cmd-device'));
    await waitFor(() => got.length === 2, 5000, 'both nodes');
    expect(got.sort()).toEqual(['a:cmd-device', 'b:cmd-device']);
  });

  it('closes cleanly: stops a blocked read at once and releases its leases', async () => {
    const bus = makeBus('node-a', { closeTimeoutMs: 5000 });
    const consumer = bus.consume('device-status', async () => {}, { group: 'close', blockMs: 10_000 });
    await waitFor(() => consumer.ownedPartitions().length === 4, 5000, 'leases');
    await new Promise((resolve) => setTimeout(resolve, 100)); // now blocked in XREADGROUP
    const started = Date.now();
    await bus.close();
    expect(Date.now() - started).toBeLessThan(1000);
    const redis = new Redis(redisUrl!);
    expect(await redis.keys(`${testPrefix}lease:device-status:close:*`)).toEqual([]);
    await redis.quit();
    await expect(bus.publish('positions', [buildPositionMessage('x', 0)])).rejects.toThrow('closed');
  });
});
