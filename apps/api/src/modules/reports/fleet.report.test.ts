import type { FleetDashboard } from '@waymark/contracts/fleet-dashboard';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storeEvent } from '../../testing/history';
import type { Harness } from '../../testing/pipeline-harness';
import { BASE, createHarness, message } from '../../testing/pipeline-harness';
import { startOfLocalWeek } from './fleet.report';

/**
 * BASE is Sunday 2026-03-01 11:00 UTC; the dashboard is read at 14:00 UTC by a user in Athens (UTC+2): today
 * began 2026-02-28 22:00 UTC, the week on Monday 2026-02-22 22:00 UTC.
 */
let h: Harness;
const KNOT_MPS = 0.514444;
const STEP_DEG = (30 * KNOT_MPS * 60) / 111_195; // a minute at 30 kn, in degrees of latitude
const STEP_M = 30 * KNOT_MPS * 60;
const NOW = BASE + 3 * 3_600_000;
let ids: Record<'a' | 'b' | 'c' | 'd', number>;
let tenantId: number;

const drive = (uniqueId: string, from: number, minutes: number, lat0: number, over = {}) =>
  Array.from({ length: minutes + 1 }, (_, i) =>
    message(uniqueId, from + i, { latitude: lat0 + i * STEP_DEG, speed: 30, attributes: { ignition: true }, ...over }),
  );

beforeAll(async () => {
  h = await createHarness();
  const a = await h.device('fleet-a');
  const b = await h.device('fleet-b');
  const c = await h.device('fleet-c', { status: 'offline' });
  const d = await h.device('fleet-d');
  tenantId = a.tenantId as number;
  ids = { a: a.id, b: b.id, c: c.id, d: d.id };
  // a: 20 min on Saturday, 5 min today, still driving
  await h.send(drive('fleet-a', -25 * 60, 20, 50));
  await h.send(drive('fleet-a', 0, 5, 50 + 20 * STEP_DEG));
  // b: 10 min today burning 0.2 l a minute, then halted with the engine on
  const bDrive = drive('fleet-b', 0, 10, 40).map((m, i) => ({
    ...m,
    attributes: { ignition: true, fuel: 50 - i * 0.2 },
  }));
  const lastLat = 40 + 10 * STEP_DEG;
  await h.send([
    ...bDrive,
    message('fleet-b', 11, { latitude: lastLat, attributes: { ignition: true, fuel: 48 } }),
    message('fleet-b', 12, { latitude: lastLat, attributes: { ignition: true, fuel: 48 } }),
  ]);
  // d: parked, engine off
  await h.send([0, 1].map((m) => message('fleet-d', m, { attributes: { ignition: false } })));
  const overspeed = (deviceId: number, time: string) =>
    storeEvent(h.t.ctx.db, { data: { deviceId, tenantId, type: 'deviceOverspeed', eventTime: new Date(time) } });
  await overspeed(a.id, '2026-03-01T12:00:00Z');
  await overspeed(a.id, '2026-02-28T12:00:00Z');
  await overspeed(b.id, '2026-02-20T12:00:00Z'); // the week before
  // another tenant's moving device counts nowhere
  const other = await buildTenant(h.t.ctx.db);
  await h.t.ctx.db.device.create({ data: { name: 'x', uniqueId: 'fleet-x', tenantId: other.id, status: 'online' } });
  await h.send(drive('fleet-x', 0, 5, 30));
}, 60_000);
afterAll(() => h.close());

async function dashboard(permissions = ['VIEW_SUMMARY_REPORTS' as const]) {
  const user = await buildUser(h.t.ctx.db, { tenantId, permissions, attributes: { timezone: 'Europe/Athens' } });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  try {
    const { authorization } = await signIn(h.t.app, user.email);
    return await h.t.app.inject({ method: 'GET', url: '/api/v2/reports/fleet', headers: { authorization } });
  } finally {
    vi.useRealTimers();
  }
}

describe('GET /api/v2/reports/fleet', () => {
  it('counts the fleet now, sums today and this week in the user’s zone, and ranks the week’s distances', async () => {
    const res = await dashboard();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data as FleetDashboard;
    expect(body.timeZone).toBe('Europe/Athens');
    expect(body.devices).toBe(4);
    expect(body.now).toEqual({ moving: 1, idle: 1, parked: 1, offline: 1 });
    expect(body.today.from).toBe('2026-02-28T22:00:00.000Z');
    expect(body.week.from).toBe('2026-02-22T22:00:00.000Z');
    expect(body.today.distance).toBeCloseTo(15 * STEP_M, -2);
    expect(body.week.distance).toBeCloseTo(35 * STEP_M, -2);
    expect(body.today.spentFuel).toBeCloseTo(2, 1);
    expect(body.week.spentFuel).toBeCloseTo(2, 1);
    expect([body.today.overspeeds, body.week.overspeeds]).toEqual([1, 2]);
    expect(body.topDevices.map((t) => [t.deviceId, t.name])).toEqual([
      [ids.a, 'fleet-a'],
      [ids.b, 'fleet-b'],
    ]);
    expect(body.topDevices[0]?.distance).toBeCloseTo(25 * STEP_M, -2);
  });

  it('needs VIEW_SUMMARY_REPORTS', async () => {
    expect((await dashboard(['VIEW_EVENT_REPORTS' as never])).statusCode).toBe(403);
  });
});

describe('startOfLocalWeek', () => {
  it('is the local Monday midnight, across a change of clocks', () => {
    // Sunday 2026-03-29 in Paris: clocks went forward at 02:00 that morning; Monday 23 was still UTC+1
    expect(new Date(startOfLocalWeek(Date.parse('2026-03-29T20:00:00Z'), 'Europe/Paris')).toISOString()).toBe(
      '2026-03-22T23:00:00.000Z',
    );
    // a Monday is its own week's start
    expect(new Date(startOfLocalWeek(Date.parse('2026-03-02T05:00:00Z'), 'UTC')).toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
  });
});
