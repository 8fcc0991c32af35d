import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../testing/pipeline-harness';
import { BASE, createHarness, message } from '../../testing/pipeline-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();
const summary = async (deviceId: number) =>
  (await h.events(deviceId)).map((e) => ({
    type: e.type,
    at: e.eventTime.toISOString(),
    attributes: e.attributes,
  }));

describe('events engine through the pipeline', () => {
  it('fires nothing when nothing changes', async () => {
    const d = await h.device('ev-quiet');
    await h.send([0, 1, 2, 3].map((m) => message('ev-quiet', m, { attributes: { ignition: true, fuel: 50 } })));
    await h.send([message('ev-quiet', 4, { attributes: { ignition: true, fuel: 50 } })]);
    expect(await h.events(d.id)).toEqual([]);
    expect(h.stored.at(-1)?.events).toEqual([]);
  });

  it('deviceMoving / deviceStopped with trip and parking hysteresis', async () => {
    const d = await h.device('ev-motion', {
      attributes: { minimalTripDistance: 1000, minimalTripDuration: 120_000, minimalParkingDuration: 180_000 },
    });
    const speeds = [0, 20, 0, 20, 20, 20, 0, 0, 20, 0, 0, 0, 0];
    await h.send(speeds.map((speed, m) => message('ev-motion', m, { speed })));
    const events = await h.events(d.id);
    expect(events.map((e) => [e.type, e.eventTime.toISOString()])).toEqual([
      ['deviceMoving', at(5)], // moving since minute 3 for 2 minutes (minute 1 went back to stopped too soon)
      ['deviceStopped', at(12)], // stopped since minute 9 for 3 minutes (minute 6–7 too short)
    ]);
    const position = await h.t.ctx.db.position.findFirstOrThrow({ where: { id: events[0]?.positionId as bigint } });
    expect(position.fixTime.toISOString()).toBe(at(5));
  });

  it('deviceMoving after the minimal trip distance', async () => {
    const d = await h.device('ev-trip', { attributes: { minimalTripDistance: 300 } });
    const lat = [52.5, 52.5, 52.502, 52.504];
    await h.send(lat.map((latitude, m) => message('ev-trip', m, { latitude, speed: m === 0 ? 0 : 30 })));
    expect((await summary(d.id)).map((e) => [e.type, e.at])).toEqual([['deviceMoving', at(3)]]);
  });

  it('ignitionOn / ignitionOff', async () => {
    const d = await h.device('ev-ign');
    const states = [false, true, true, false];
    await h.send(states.map((ignition, m) => message('ev-ign', m, { attributes: { ignition } })));
    expect((await summary(d.id)).map((e) => [e.type, e.at])).toEqual([
      ['ignitionOn', at(1)],
      ['ignitionOff', at(3)],
    ]);
  });

  it('alarm: each value once while raised, again after being cleared', async () => {
    const d = await h.device('ev-alarm');
    const alarms = ['sos', 'sos', 'sos,overspeed', undefined, 'sos'];
    await h.send(alarms.map((alarm, m) => message('ev-alarm', m, { attributes: alarm ? { alarm } : {} })));
    expect(await summary(d.id)).toEqual([
      { type: 'alarm', at: at(0), attributes: { alarm: 'sos' } },
      { type: 'alarm', at: at(2), attributes: { alarm: 'overspeed' } },
      { type: 'alarm', at: at(4), attributes: { alarm: 'sos' } },
    ]);
  });

  it('deviceOverspeed once per episode after the minimal duration', async () => {
    const d = await h.device('ev-speed', { attributes: { speedLimit: 50, overspeedMinimalDuration: 60_000 } });
    const speeds = [40, 60, 70, 80, 40, 60, 60];
    await h.send(speeds.map((speed, m) => message('ev-speed', m, { speed })));
    expect((await summary(d.id)).filter((e) => e.type === 'deviceOverspeed')).toEqual([
      { type: 'deviceOverspeed', at: at(2), attributes: { speed: 70, speedLimit: 50 } },
      { type: 'deviceOverspeed', at: at(6), attributes: { speed: 60, speedLimit: 50 } },
    ]);
  });

  it('deviceFuelDrop / deviceFuelIncrease from the device threshold columns', async () => {
    const d = await h.device('ev-fuel', { fuelDropThreshold: 10, fuelIncreaseThreshold: 20 });
    const fuel = [100, 95, 80, 110, 105];
    await h.send(fuel.map((f, m) => message('ev-fuel', m, { attributes: { fuel: f } })));
    expect(await summary(d.id)).toEqual([
      { type: 'deviceFuelDrop', at: at(2), attributes: { fuel: 80, previous: 95, threshold: 10 } },
      { type: 'deviceFuelIncrease', at: at(3), attributes: { fuel: 110, previous: 80, threshold: 20 } },
    ]);
  });

  it('temperatureDrop / temperatureIncrease with thresholds inherited from the group', async () => {
    const tenantId = (await h.device('ev-temp-probe')).tenantId;
    const group = await h.t.ctx.db.group.create({
      data: { name: 'Cold chain', tenantId, attributes: { temperatureDropThreshold: 5 } },
    });
    const d = await h.device('ev-temp', { groupId: group.id, temperatureIncreaseThreshold: 4 });
    const temps = [
      { temp1: 20, deviceTemp: 30 },
      { temp1: 14, deviceTemp: 31 },
      { temp1: 15, deviceTemp: 36 },
    ];
    await h.send(temps.map((attributes, m) => message('ev-temp', m, { attributes })));
    expect(await summary(d.id)).toEqual([
      { type: 'temperatureDrop', at: at(1), attributes: { sensor: 'temp1', value: 14, previous: 20, threshold: 5 } },
      {
        type: 'temperatureIncrease',
        at: at(2),
        attributes: { sensor: 'deviceTemp', value: 36, previous: 31, threshold: 4 },
      },
    ]);
  });

  it('driverChanged and media', async () => {
    const d = await h.device('ev-driver');
    const attrs: Record<string, string>[] = [
      { driverUniqueId: 'A1' },
      { driverUniqueId: 'A1', image: 'cab.jpg' },
      { driverUniqueId: 'B2' },
    ];
    await h.send(attrs.map((attributes, m) => message('ev-driver', m, { attributes })));
    expect(await summary(d.id)).toEqual([
      { type: 'driverChanged', at: at(0), attributes: { driverUniqueId: 'A1' } },
      { type: 'media', at: at(1), attributes: { media: 'image', file: 'cab.jpg' } },
      { type: 'driverChanged', at: at(2), attributes: { driverUniqueId: 'B2' } },
    ]);
  });

  it('maintenance when totalDistance crosses start + k·period (group link), reminders skipped', async () => {
    const tenantId = (await h.device('ev-maint-probe')).tenantId;
    const group = await h.t.ctx.db.group.create({ data: { name: 'Fleet', tenantId } });
    const d = await h.device('ev-maint', { groupId: group.id });
    const service = await h.t.ctx.db.maintenance.create({
      data: { tenantId, name: 'Oil', type: 'totalDistance', start: 500, period: 1000 },
    });
    const reminder = await h.t.ctx.db.maintenance.create({
      data: { tenantId, name: 'Call', type: 'totalDistance', start: 0, period: 100, attributes: { isReminder: true } },
    });
    await h.t.ctx.db.groupMaintenance.create({ data: { groupId: group.id, maintenanceId: service.id } });
    await h.t.ctx.db.deviceMaintenance.create({ data: { deviceId: d.id, maintenanceId: reminder.id } });
    const yearly = await h.t.ctx.db.maintenance.create({
      data: { tenantId, name: 'Inspection', type: 'fixTime', start: BASE + 150_000, period: 365 * 86_400_000 },
    });
    await h.t.ctx.db.deviceMaintenance.create({ data: { deviceId: d.id, maintenanceId: yearly.id } });
    // ≈ 556 m per step: totalDistance 0, 556 (crosses 500), 1112, 1668 (crosses 1500)
    const lat = [52.5, 52.505, 52.51, 52.515];
    await h.send(lat.map((latitude, m) => message('ev-maint', m, { latitude })));
    const events = (await h.events(d.id)).filter((e) => e.type === 'maintenance');
    const found = events.map((e) => [e.eventTime.toISOString(), e.maintenanceId, e.attributes] as const);
    expect(found.sort((a, b) => a[0].localeCompare(b[0]) || Number(a[1]) - Number(b[1]))).toEqual([
      [at(1), service.id, { totalDistance: expect.closeTo(556, -1) }],
      [at(3), service.id, { totalDistance: expect.closeTo(1668, -1) }],
      [at(3), yearly.id, { fixTime: BASE + 180_000 }],
    ]);
  });

  it('a redelivered batch creates no duplicate events', async () => {
    const d = await h.device('ev-redeliver');
    const batch = [false, true, false].map((ignition, m) => message('ev-redeliver', m, { attributes: { ignition } }));
    const ids = h.ids(3);
    await h.send(batch, ids);
    await h.send(batch, ids);
    await h.send([...batch, message('ev-redeliver', 3, { attributes: { ignition: true } })], [...ids, ...h.ids(1)]);
    expect((await h.events(d.id)).map((e) => e.type)).toEqual(['ignitionOn', 'ignitionOff', 'ignitionOn']);
  });

  it('keeps its state across a restart (raised alarms, pending motion)', async () => {
    const d = await h.device('ev-restart', {
      attributes: { minimalTripDuration: 120_000, minimalTripDistance: 100_000 },
    });
    await h.send([
      message('ev-restart', 0, { attributes: { alarm: 'tow' } }),
      message('ev-restart', 1, { speed: 20, attributes: { alarm: 'tow' } }),
    ]);
    const saved = await h.t.ctx.db.device.findUniqueOrThrow({ where: { id: d.id } });
    expect(saved.eventState).toMatchObject({ alarms: ['tow'], motion: { moving: false, since: BASE + 60_000 } });
    h.restart();
    await h.send([
      message('ev-restart', 2, { speed: 20, attributes: { alarm: 'tow' } }),
      message('ev-restart', 3, { speed: 20, attributes: { alarm: 'tow' } }),
    ]);
    expect((await summary(d.id)).map((e) => [e.type, e.at])).toEqual([
      ['alarm', at(0)],
      ['deviceMoving', at(3)],
    ]);
  });

  it('hands the stored events to onStored with their position ids', async () => {
    const d = await h.device('ev-handoff');
    await h.send([false, true].map((ignition, m) => message('ev-handoff', m, { attributes: { ignition } })));
    const batch = h.stored.at(-1);
    expect(batch?.events).toHaveLength(1);
    const event = batch?.events[0];
    expect(event).toMatchObject({ type: 'ignitionOn', deviceId: d.id, tenantId: d.tenantId, attributes: {} });
    expect(event?.positionId).toBe(batch?.positions[1]?.id);
    expect(typeof event?.id).toBe('bigint');
  });
});
