import { randomUUID } from 'node:crypto';
import type { DeviceLogEntry } from '@waymark/contracts/device-log';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../bus';
import { createDeviceLog } from './create-device-log';
import type { DeviceLogLimits, DeviceLogStore, RawLogFrame } from './device-log-store';
import { InProcessDeviceLog } from './in-process-device-log';

const redisUrl = process.env.REDIS_URL;
const prefix = `waymark-test-log-${randomUUID().slice(0, 8)}:`;

/** A frame of printable bytes: read back as text equal to `data`. */
const record = (uniqueId: string, data: string, time = new Date()): RawLogFrame => ({
  at: time.getTime(),
  direction: 'in',
  protocol: 'gt06',
  transport: 'tcp',
  remoteAddress: '127.0.0.1:5000',
  uniqueId,
  bytes: Buffer.from(data, 'latin1'),
  size: data.length,
});

const all = { from: 0, to: Date.now() + 3_600_000, limit: 100_000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const kinds: [string, (limits: Partial<DeviceLogLimits>) => DeviceLogStore][] = [
  ['in-process', (limits) => createDeviceLog({ logger: silentLogger, ...limits })],
];
if (redisUrl) {
  kinds.push(['redis', (limits) => createDeviceLog({ redisUrl, keyPrefix: prefix, logger: silentLogger, ...limits })]);
}

describe.each(kinds)('device log store (%s)', (kind, make) => {
  const stores: DeviceLogStore[] = [];
  const open = (limits: Partial<DeviceLogLimits> = {}) => {
    const store = make(limits);
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });
  const device = () => `dev-${randomUUID().slice(0, 8)}`;

  it('is the kind its options select', () => {
    expect(open().kind).toBe(kind);
  });

  it('keeps each device apart, oldest first, and pages after an id', async () => {
    const store = open();
    const [a, b] = [device(), device()];
    store.append([record(a, '01'), record(b, 'b1'), record(a, '02'), record(a, '03')]);
    await store.flush();
    const entries = await store.read(a, all);
    expect(entries.map((e) => e.data)).toEqual(['01', '02', '03']);
    expect(entries.every((e) => /^\d+-\d+(:\d+)?$/.test(e.id) && e.uniqueId === a)).toBe(true);
    expect(entries[0]).toMatchObject({ encoding: 'text', protocol: 'gt06', transport: 'tcp', size: 2 });
    expect(entries[0]?.remoteAddress).toBe('127.0.0.1:5000');
    expect((await store.read(b, all)).map((e) => e.data)).toEqual(['b1']);
    const page = await store.read(a, { ...all, limit: 2 });
    expect(page.map((e) => e.data)).toEqual(['01', '02']);
    const rest = await store.read(a, { ...all, after: page[1]!.id });
    expect(rest.map((e) => e.data)).toEqual(['03']);
    expect(await store.read(device(), all)).toEqual([]);
  });

  it('keeps what one write brings even beyond the caps (Redis packs a write per device), then trims it', async () => {
    const store = open({ maxEntries: 3 });
    const id = device();
    store.append(['a1', 'a2', 'a3', 'a4'].map((data) => record(id, data)));
    await store.flush();
    const read = (await store.read(id, all)).map((e) => e.data);
    expect(read.length).toBeGreaterThanOrEqual(3);
    expect(read.slice(-3)).toEqual(['a2', 'a3', 'a4']);
    store.append([record(id, 'b1')]);
    await store.flush();
    expect((await store.read(id, all)).map((e) => e.data)).toEqual(kind === 'redis' ? ['b1'] : ['a3', 'a4', 'b1']);
  });

  it('pages within frames written together', async () => {
    const store = open();
    const id = device();
    store.append(['p1', 'p2', 'p3'].map((data) => record(id, data)));
    await store.flush();
    const [first] = await store.read(id, { ...all, limit: 1 });
    const rest = await store.read(id, { ...all, after: first!.id });
    expect(rest.map((e) => e.data)).toEqual(['p2', 'p3']);
  });

  it('gives binary frames back as hex, cut ones with their whole size', async () => {
    const store = open();
    const id = device();
    const bytes = Buffer.from([0x78, 0x78, 0x00, 0xff, 0x7c, 0x0d, 0x0a]); // 0x7c is '|', the meta separator
    store.append([{ ...record(id, ''), bytes, size: 5000, direction: 'out', remoteAddress: '[::1]:7' }]);
    await store.flush();
    const [entry] = await store.read(id, all);
    expect(entry).toMatchObject({
      encoding: 'hex',
      data: '787800ff7c0d0a',
      size: 5000,
      truncated: true,
      direction: 'out',
      remoteAddress: '[::1]:7',
    });
  });

  it('keeps identifiers that look like key names apart', async () => {
    const store = open();
    const id = device();
    const lookalikes = [id, `${id}:tally`, `device-log-tally:${id}`, `${id}|x`];
    store.append(lookalikes.map((uniqueId) => record(uniqueId, uniqueId)));
    await store.flush();
    for (const uniqueId of lookalikes) expect((await store.read(uniqueId, all)).map((e) => e.data)).toEqual([uniqueId]);
  });

  it('reads by the time a frame came: from inclusive, to exclusive', async () => {
    const store = open();
    const id = device();
    const now = Date.now();
    store.append([0, 1, 2].map((k) => record(id, `0${k}`, new Date(now - 3000 + k * 1000))));
    await store.flush();
    const middle = await store.read(id, { from: now - 2000, to: now - 1000, limit: 10 });
    expect(middle.map((e) => e.data)).toEqual(['01']);
  });

  it('trims the oldest entries beyond the cap on entries', async () => {
    const store = open({ maxEntries: 5 });
    const id = device();
    for (let k = 0; k < 12; k++) {
      store.append([record(id, k.toString(16).padStart(2, '0'))]);
      await store.flush();
    }
    expect((await store.read(id, all)).map((e) => e.data)).toEqual(['07', '08', '09', '0a', '0b']);
  });

  it('trims the oldest entries beyond the cap on bytes', async () => {
    const store = open({ maxBytes: 100 });
    const id = device();
    // 40 bytes each: two fit in 100, a third does not
    for (const k of [1, 2, 3, 4]) {
      store.append([record(id, String(k).repeat(40))]);
      await store.flush();
    }
    expect((await store.read(id, all)).map((e) => e.data[0])).toEqual(['3', '4']);
  });

  it('trims entries older than the window on the next write', async () => {
    const store = open({ windowMs: 400 });
    const id = device();
    store.append([record(id, 'aa'), record(id, 'bb')]);
    await store.flush();
    await sleep(600);
    store.append([record(id, 'cc')]);
    await store.flush();
    expect((await store.read(id, all)).map((e) => e.data)).toEqual(['cc']);
  });

  it('tells watchers of new entries, with their ids, until they stop', async () => {
    const writer = open();
    const reader = kind === 'redis' ? open() : writer;
    const seen: DeviceLogEntry[] = [];
    const stop = await reader.watch((entries) => seen.push(...entries));
    const id = device();
    writer.append([record(id, 'a1'), record(id, 'a2')]);
    await writer.flush();
    for (let i = 0; i < 100 && seen.length < 2; i++) await sleep(20);
    expect(seen.map((e) => e.data)).toEqual(['a1', 'a2']);
    expect(seen[0]!.id).toMatch(/^\d+-\d+(:\d+)?$/);
    stop();
    writer.append([record(id, 'a3')]);
    await writer.flush();
    await sleep(100);
    expect(seen).toHaveLength(2);
  });
});

describe('in-process device log over every device', () => {
  it('drops the least recently written device whole beyond maxTotalBytes', async () => {
    const store = new InProcessDeviceLog({ maxTotalBytes: 100 });
    store.append([record('old', 'x'.repeat(40)), record('mid', 'y'.repeat(40))]);
    store.append([record('old', 'x'.repeat(10))]); // old is now the most recently written
    store.append([record('new', 'z'.repeat(40))]);
    expect(await store.read('mid', all)).toEqual([]);
    expect((await store.read('old', all)).length).toBe(2);
    expect((await store.read('new', all)).length).toBe(1);
  });
});

afterAll(async () => {
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});
