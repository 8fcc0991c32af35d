import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../bus';
import { createDeviceSettings } from './create-device-settings';
import { type DeviceSettings, sameSettings, settingsOf } from './device-settings-store';

const redisUrl = process.env.REDIS_URL;
const waitFor = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('device settings values', () => {
  it('keeps string values only and compares by content', () => {
    expect(settingsOf({ model: 'FMB130', n: 1, x: null })).toEqual({ model: 'FMB130' });
    expect(settingsOf({})).toBeUndefined();
    expect(settingsOf([1])).toBeUndefined();
    expect(sameSettings({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameSettings({ a: '1' }, { a: '2' })).toBe(false);
    expect(sameSettings(undefined, {})).toBe(true);
  });
});

describe('in-process device settings', () => {
  it('hands what the API sets to the ingest at once, and forgets a device set to null', async () => {
    const store = createDeviceSettings({ logger: silentLogger });
    await store.start();
    await store.set(new Map([['1', { model: 'FMB130' }]]));
    expect(store.get('1')).toEqual({ model: 'FMB130' });
    await store.set(new Map([['1', null]]));
    expect(store.get('1')).toBeUndefined();
    expect(await store.all()).toEqual(new Map());
  });
});

describe.skipIf(!redisUrl)('redis device settings', () => {
  const prefix = `waymark-test-settings-${randomUUID().slice(0, 8)}:`;
  const url = redisUrl as string;
  const open = () => createDeviceSettings({ redisUrl: url, keyPrefix: prefix, logger: silentLogger });

  afterAll(async () => {
    const redis = new Redis(url);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('loads what was stored before it started, and follows the changes another process writes', async () => {
    const api = open();
    const ingest = open();
    try {
      await api.set(new Map([['356307042441013', { model: 'FMB130' }]]));
      await ingest.start();
      expect(ingest.get('356307042441013')).toEqual({ model: 'FMB130' });
      await api.set(
        new Map<string, DeviceSettings>([
          ['356307042441013', { model: 'FMB920', 'teltonika.extended': 'true' }],
          ['2', { model: 'JC371' }],
        ]),
      );
      await waitFor(() => ingest.get('356307042441013')?.model === 'FMB920', 'the change');
      expect(ingest.get('356307042441013')).toEqual({ model: 'FMB920', 'teltonika.extended': 'true' });
      expect(ingest.get('2')).toEqual({ model: 'JC371' });
      await api.set(new Map([['2', null]]));
      await waitFor(() => ingest.get('2') === undefined, 'the removal');
      expect([...(await api.all()).keys()]).toEqual(['356307042441013']);
    } finally {
      await api.close();
      await ingest.close();
    }
  });

  it('ignores a change message that is not JSON', async () => {
    const ingest = open();
    const redis = new Redis(url);
    try {
      await ingest.start();
      await redis.publish(`${prefix}device-settings:changes`, 'not json');
      await redis.publish(`${prefix}device-settings:changes`, JSON.stringify({ x: { model: 'A' } }));
      await waitFor(() => ingest.get('x') !== undefined, 'the valid change');
    } finally {
      await ingest.close();
      await redis.quit();
    }
  });
});
