import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../testing/pipeline-harness';
import { createHarness, message } from '../testing/pipeline-harness';
import type { SettingLayers } from './settings';
import { resolveSettings } from './settings';
import { defaultPipelineConfig } from './types';

const noColumns = {
  fuelDropThreshold: null,
  fuelIncreaseThreshold: null,
  temperatureDropThreshold: null,
  temperatureIncreaseThreshold: null,
};
const layers = (over: Partial<SettingLayers> = {}): SettingLayers => ({
  device: {},
  columns: noColumns,
  groups: [],
  tenant: {},
  server: {},
  ...over,
});

describe('resolveSettings', () => {
  it('is the defaults object itself when nothing is set', () => {
    expect(resolveSettings(layers(), defaultPipelineConfig)).toBe(defaultPipelineConfig);
  });

  it('takes the nearest layer: columns, device, group, parent group, tenant, server, defaults', () => {
    const s = resolveSettings(
      layers({
        columns: { ...noColumns, fuelDropThreshold: 7 },
        device: { fuelDropThreshold: 99, speedLimit: 60 },
        groups: [
          { speedLimit: 70, minimalTripDistance: 250 },
          { minimalTripDistance: 900, geofenceDwell: 30 },
        ],
        tenant: { geofenceDwell: 60, inactivityPeriod: 600_000 },
        server: { inactivityPeriod: 1, 'filter.zero': false },
      }),
      defaultPipelineConfig,
    );
    expect(s).toMatchObject({
      fuelDropThreshold: 7,
      speedLimit: 60,
      minimalTripDistance: 250,
      geofenceDwellMs: 30_000,
      inactivityPeriod: 600_000,
      filterZero: false,
      minimalParkingDuration: defaultPipelineConfig.minimalParkingDuration,
    });
    expect(defaultPipelineConfig.speedLimit).toBe(0); // the defaults are never changed
  });

  it('reads numbers and booleans written as text, and skips unreadable values', () => {
    const s = resolveSettings(
      layers({
        device: { speedLimit: '45.5', 'filter.duplicate': 'false', minimalTripDuration: 'soon' },
        groups: [{ minimalTripDuration: 60_000 }],
        tenant: { 'filter.future': '60', 'filter.maxSpeed': -3 },
      }),
      defaultPipelineConfig,
    );
    expect(s).toMatchObject({
      speedLimit: 45.5,
      filterDuplicate: false,
      minimalTripDuration: 60_000,
      filterFutureMs: 60_000,
      filterMaxSpeedKnots: defaultPipelineConfig.filterMaxSpeedKnots,
    });
  });
});

describe('settings in the pipeline', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it("a group's speedLimit changed in the database applies to the very next position", async () => {
    const tenantId = (await h.device('set-probe')).tenantId;
    const parent = await h.t.ctx.db.group.create({
      data: { name: 'Region', tenantId, attributes: { speedLimit: 100 } },
    });
    const group = await h.t.ctx.db.group.create({ data: { name: 'Depot', tenantId, parentGroupId: parent.id } });
    const d = await h.device('set-1', { groupId: group.id });
    await h.send([message('set-1', 0, { speed: 60 }), message('set-1', 1, { speed: 60 })]);
    const overspeed = () => h.t.ctx.db.event.findMany({ where: { deviceId: d.id, type: 'deviceOverspeed' } });
    expect(await overspeed()).toEqual([]); // the parent's 100 kn applies
    await h.t.ctx.db.group.update({ where: { id: group.id }, data: { attributes: { speedLimit: 50 } } });
    await h.send([message('set-1', 2, { speed: 60 })]);
    expect((await overspeed()).map((e) => e.attributes)).toEqual([{ speed: 60, speedLimit: 50 }]);
  });

  it('filters follow the tenant and server attributes', async () => {
    const d = await h.device('set-2');
    await h.t.ctx.db.tenant.update({
      where: { id: d.tenantId as number },
      data: { attributes: { 'filter.zero': false } },
    });
    await h.send([message('set-2', 0, { latitude: 0, longitude: 0 })]);
    expect(await h.t.ctx.db.position.count({ where: { deviceId: d.id } })).toBe(1);
    await h.t.ctx.db.server.update({ where: { id: 1 }, data: { attributes: { 'filter.invalid': true } } });
    await h.send([message('set-2', 1, { latitude: 0, longitude: 0, valid: false })]);
    expect(await h.t.ctx.db.position.count({ where: { deviceId: d.id } })).toBe(1);
    await h.t.ctx.db.server.update({ where: { id: 1 }, data: { attributes: {} } });
    await h.send([message('set-2', 2, { latitude: 0, longitude: 0, valid: false })]);
    expect(await h.t.ctx.db.position.count({ where: { deviceId: d.id } })).toBe(2);
  });
});
