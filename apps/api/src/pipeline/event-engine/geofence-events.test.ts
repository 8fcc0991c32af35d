import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../testing/pipeline-harness';
import { BASE, createHarness, message } from '../../testing/pipeline-harness';

let h: Harness;
let tenantId: number | null;
beforeAll(async () => {
  h = await createHarness();
  tenantId = (await h.device('geo-probe')).tenantId;
});
afterAll(() => h.close());

const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();
const OUT = 52.6;
const IN = 52.5;

function calendar(start: string, end: string) {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//waymark//test//EN',
    'BEGIN:VEVENT',
    'UID:window@waymark.test',
    `DTSTART:${start}`,
    `DTEND:${end}`,
    'SUMMARY:window',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
}

async function fenced(uniqueId: string, fence: Record<string, unknown> = {}, device: Record<string, unknown> = {}) {
  const d = await h.device(uniqueId, device);
  const geofence = await h.t.ctx.db.geofence.create({
    data: { name: uniqueId, tenantId, area: 'CIRCLE (52.5 13.4, 500)', ...fence },
  });
  await h.t.ctx.db.deviceGeofence.create({ data: { deviceId: d.id, geofenceId: geofence.id } });
  return { d, geofence };
}

async function run(uniqueId: string, lats: number[], over: { speed?: number } = {}) {
  await h.send(lats.map((latitude, m) => message(uniqueId, m, { latitude, ...over })));
}

async function summary(deviceId: number) {
  return (await h.events(deviceId)).map((e) => [e.type, e.eventTime.toISOString(), e.geofenceId]);
}

describe('geofence events through the pipeline', () => {
  it('geofenceEnter / geofenceExit on membership changes', async () => {
    const { d, geofence } = await fenced('geo-1');
    await run('geo-1', [OUT, IN, IN, OUT, OUT]);
    expect(await summary(d.id)).toEqual([
      ['geofenceEnter', at(1), geofence.id],
      ['geofenceExit', at(3), geofence.id],
    ]);
  });

  it("applies a geofence linked to the device's group's parent group", async () => {
    const parent = await h.t.ctx.db.group.create({ data: { name: 'Region', tenantId } });
    const child = await h.t.ctx.db.group.create({ data: { name: 'Depot crews', tenantId, parentGroupId: parent.id } });
    const d = await h.device('geo-tree', { groupId: child.id });
    const geofence = await h.t.ctx.db.geofence.create({
      data: { name: 'Region fence', tenantId, area: 'CIRCLE (52.5 13.4, 500)' },
    });
    await h.t.ctx.db.groupGeofence.create({ data: { groupId: parent.id, geofenceId: geofence.id } });
    await run('geo-tree', [OUT, IN]);
    expect(await summary(d.id)).toEqual([['geofenceEnter', at(1), geofence.id]]);
  });

  it('honours alertOnEntry / alertOnExit', async () => {
    const { d, geofence } = await fenced('geo-2', { attributes: { alertOnEntry: false } });
    await run('geo-2', [OUT, IN, OUT]);
    expect(await summary(d.id)).toEqual([['geofenceExit', at(2), geofence.id]]);
  });

  it('with a dwell delay, cutting a corner fires nothing and staying fires once', async () => {
    const { d, geofence } = await fenced('geo-3', {}, { attributes: { geofenceDwell: 120 } });
    // inside at 1 only (corner), then inside from 3 on: confirmed at 5; outside from 7: confirmed at 9
    await run('geo-3', [OUT, IN, OUT, IN, IN, IN, IN, OUT, OUT, OUT]);
    expect(await summary(d.id)).toEqual([
      ['geofenceEnter', at(5), geofence.id],
      ['geofenceExit', at(9), geofence.id],
    ]);
    const saved = await h.t.ctx.db.device.findUniqueOrThrow({ where: { id: d.id } });
    expect(saved.eventState).toMatchObject({ geofences: [] });
  });

  it('keeps a pending dwell across batches', async () => {
    const { d, geofence } = await fenced('geo-4', {}, { attributes: { geofenceDwell: 120 } });
    await h.send([message('geo-4', 0, { latitude: OUT }), message('geo-4', 1, { latitude: IN })]);
    h.restart();
    await h.send([message('geo-4', 2, { latitude: IN })]);
    expect(await summary(d.id)).toEqual([]);
    await h.send([message('geo-4', 3, { latitude: IN })]);
    expect(await summary(d.id)).toEqual([['geofenceEnter', at(3), geofence.id]]);
  });

  it("fires only while the geofence's calendar is active", async () => {
    const active = await h.t.ctx.db.calendar.create({
      data: { tenantId, name: 'Morning', data: calendar('20260301T100000Z', '20260301T120000Z') },
    });
    const inactive = await h.t.ctx.db.calendar.create({
      data: { tenantId, name: 'Last year', data: calendar('20250301T100000Z', '20250301T120000Z') },
    });
    const on = await fenced('geo-5', { calendarId: active.id });
    const off = await fenced('geo-6', { calendarId: inactive.id });
    await run('geo-5', [OUT, IN]);
    await run('geo-6', [OUT, IN]);
    expect(await summary(on.d.id)).toEqual([['geofenceEnter', at(1), on.geofence.id]]);
    expect(await summary(off.d.id)).toEqual([]);
  });

  it("deviceOverspeed against a geofence's own speed limit", async () => {
    const { d, geofence } = await fenced('geo-7', { attributes: { speedLimit: 30, alertOnEntry: false } });
    await run('geo-7', [OUT, IN], { speed: 40 });
    const events = (await h.events(d.id)).filter((e) => e.type !== 'deviceMoving');
    expect(events.map((e) => [e.type, e.eventTime.toISOString(), e.geofenceId, e.attributes])).toEqual([
      ['deviceOverspeed', at(1), geofence.id, { speed: 40, speedLimit: 30 }],
    ]);
  });
});
