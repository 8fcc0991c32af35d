import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { SharedBucket } from './shared-bucket';

const log = pino({ level: 'silent' });

describe.skipIf(!process.env.REDIS_URL)('SharedBucket (skipped: REDIS_URL not set)', () => {
  // two API nodes: a connection each
  const nodes = process.env.REDIS_URL ? [new Redis(process.env.REDIS_URL), new Redis(process.env.REDIS_URL)] : [];
  const prefix = `waymark-test-${randomBytes(4).toString('hex')}:`;
  const [one, two] = nodes as [Redis, Redis];
  afterAll(async () => {
    const keys = await one.keys(`${prefix}*`);
    if (keys.length) await one.del(...keys);
    await Promise.all(nodes.map((n) => n.quit()));
  });
  const bucket = (redis: Redis, provider: string, rate: number, sleep?: (ms: number) => Promise<void>) =>
    new SharedBucket({ redis, prefix, provider, rate, log, sleep });
  const ready = () => Promise.all(nodes.map((n) => (n.status === 'ready' ? undefined : n.ping())));

  it('two nodes draw on one budget: a burst of `rate`, then one slot each 1/rate s, served in order', async () => {
    await ready();
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const a = bucket(one, 'nominatim|http://a.test', 2, sleep);
    const b = bucket(two, 'nominatim|http://a.test', 2, sleep);
    // a burst of 2 between both nodes; the third, from either, would wait
    expect([await a.take(0), await b.take(0), await b.take(0), await a.take(0)]).toEqual([true, true, false, false]);
    // the next slots are reserved across nodes: about 500 ms, then 1000 ms
    expect([await b.take(5_000), await a.take(5_000)]).toEqual([true, true]);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(400);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThan(900);
    expect(waits[1]).toBeLessThanOrEqual(1000);
    // the key is under the deployment's prefix, and names no URL (it may carry a key)
    const keys = await one.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${prefix}geocoder:rate:[0-9a-f]{16}$`));
    expect(await one.pttl(keys[0] as string)).toBeGreaterThan(0);
  });

  it('spaces requests for real (measured) at 1 a second across two nodes', async () => {
    await ready();
    const a = bucket(one, 'nominatim|http://b.test', 1);
    const b = bucket(two, 'nominatim|http://b.test', 1);
    const started = Date.now();
    const taken: number[] = [];
    await Promise.all(
      [a, b, a].map(async (node) => {
        expect(await node.take(5_000)).toBe(true);
        taken.push(Date.now() - started);
      }),
    );
    taken.sort((x, y) => x - y);
    expect(taken[0]).toBeLessThan(300);
    expect(taken[1]).toBeGreaterThanOrEqual(950);
    expect(taken[2]).toBeGreaterThanOrEqual(1_950);
  });

  it('each provider has its own budget', async () => {
    await ready();
    const a = bucket(one, 'nominatim|http://c.test', 1);
    const b = bucket(two, 'opencage|http://c.test', 1);
    expect([await a.take(0), await b.take(0), await a.take(0), await b.take(0)]).toEqual([true, true, false, false]);
  });

  it("counts in the process's own bucket, without waiting, while Redis is not connected", async () => {
    const offline = new Redis({ lazyConnect: true, port: 1 });
    const warnings: unknown[] = [];
    const local = new SharedBucket({
      redis: offline,
      prefix,
      provider: 'nominatim|http://d.test',
      rate: 2,
      log: { warn: (...a: unknown[]) => void warnings.push(a), info() {} } as never,
    });
    const started = Date.now();
    expect([await local.take(0), await local.take(0), await local.take(0)]).toEqual([true, true, false]);
    expect(Date.now() - started).toBeLessThan(200);
    expect(warnings).toHaveLength(1);
    offline.disconnect();
  });
});
