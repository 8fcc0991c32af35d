import { InProcessDeviceSettings } from '@waymark/bus/device-settings/in-process-device-settings';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { type DeviceSettingsSync, decoderSettings, startDeviceSettingsSync } from './device-settings-sync';

let t: TestApp;
let store: InProcessDeviceSettings;
let sync: DeviceSettingsSync;
beforeAll(async () => {
  t = await createTestApp();
  store = new InProcessDeviceSettings();
  // a stale entry from before: the first comparison removes it
  await store.set(new Map([['gone', { model: 'X' }]]));
  sync = await startDeviceSettingsSync(t.ctx.db, store, pino({ level: 'silent' }), { debounceMs: 10 });
  t.ctx.deviceSettings = sync;
});
afterAll(async () => {
  await sync.close();
  await t.close();
});

const waitFor = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('decoder settings of a device', () => {
  it('are its model name and its model’s then its own decoder.* and <protocol>.* attributes, as text', () => {
    expect(
      decoderSettings({
        model: 'FMB130',
        modelAttributes: { 'teltonika.extended': true, speedLimit: 50, 'suntech.hbm': 'false' },
        attributes: { 'suntech.hbm': 1, 'decoder.timezone': 'GMT+2', 'report.trip.minDistance': 5, 'x.y': 'z' },
      }),
    ).toEqual({ model: 'FMB130', 'teltonika.extended': 'true', 'suntech.hbm': '1', 'decoder.timezone': 'GMT+2' });
    expect(decoderSettings({ model: null, modelAttributes: null, attributes: { speedLimit: 50 } })).toBeUndefined();
  });
});

describe('device settings sync', () => {
  it('writes the database’s settings at start and follows devices and models written through the API', async () => {
    expect(store.get('gone')).toBeUndefined();
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    await t.ctx.db.deviceModel.create({ data: { name: 'FMB130', protocol: 'teltonika', port: 5027 } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { authorization },
      payload: { name: 'Van', uniqueId: '356307042441013', model: 'FMB130' },
    });
    expect(created.statusCode).toBe(200);
    await waitFor(() => store.get('356307042441013') !== undefined, 'the new device');
    expect(store.get('356307042441013')).toEqual({ model: 'FMB130' });

    const id = created.json().id as number;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${id}`,
      headers: { authorization },
      payload: {
        ...(created.json() as Record<string, unknown>),
        attributes: { 'teltonika.extended': 'true', speedLimit: 40 },
      },
    });
    expect(updated.statusCode).toBe(200);
    await waitFor(() => store.get('356307042441013')?.['teltonika.extended'] === 'true', 'the attribute');
    expect(store.get('356307042441013')).toEqual({ model: 'FMB130', 'teltonika.extended': 'true' });

    // a write made around the API (SQL, stock import) is found by the next comparison
    await t.ctx.db.device.update({ where: { id }, data: { modelId: null, attributes: {} } });
    expect(await sync.syncNow()).toBe(1);
    expect(store.get('356307042441013')).toBeUndefined();
    expect(await sync.syncNow()).toBe(0);
  });
});
