import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../pipeline/pg-pool';
import { buildTenant, buildUser, signIn } from '../testing/factories';
import { ensureMonths, storeEvent, storePosition } from '../testing/history';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { listPartitions, PartitionMonths } from './partitions';
import { applyRetention } from './retention';

let t: TestApp;
let pool: pg.Pool;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  pool = createPool(t.databaseUrl, 4);
  const user = await buildUser(t.ctx.db, { administrator: true });
  admin = { authorization: (await signIn(t.app, user.email)).authorization };
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

const NOW = new Date('2025-12-20T12:00:00Z');
const DAY = 86_400_000;
let seq = 0;

async function device(tenantId: number) {
  return t.ctx.db.device.create({ data: { name: `R${++seq}`, uniqueId: `retention-${++seq}`, tenantId } });
}

/** Stores a position and an event at each time; the last one becomes the device's latest position. */
async function history(d: { id: number; tenantId: number | null }, times: Date[]) {
  let last = null;
  for (const fixTime of times) {
    last = await storePosition(t.ctx.db, {
      data: {
        deviceId: d.id,
        tenantId: d.tenantId,
        deviceTime: fixTime,
        fixTime,
        valid: true,
        latitude: 1,
        longitude: 2,
      },
    });
    await storeEvent(t.ctx.db, {
      data: { deviceId: d.id, tenantId: d.tenantId, type: 'alarm', eventTime: fixTime, positionId: last.id },
    });
  }
  if (last)
    await t.ctx.db.device.update({ where: { id: d.id }, data: { positionId: last.id, positionTime: last.fixTime } });
}

/** A kept hour of a device (as the pipeline keeps them), at `at`. */
async function hour(deviceId: number, at: string) {
  const time = new Date(at);
  await t.ctx.db.activityHour.create({
    data: {
      deviceId,
      hour: time,
      distance: 1,
      maxSpeed: 1,
      speedSum: 1,
      positions: 1,
      movingMs: 0,
      idleMs: 0,
      engineMs: 0,
      fuelSpent: 0,
      parkedDrop: 0,
      parkedRise: 0,
      firstTime: time,
      lastTime: time,
      firstOdometer: 0,
      lastOdometer: 0,
    },
  });
}

const fixTimes = async (deviceId: number) =>
  (await t.ctx.db.position.findMany({ where: { deviceId }, orderBy: { fixTime: 'asc' } })).map((p) =>
    p.fixTime.toISOString(),
  );
const eventTimes = async (deviceId: number) =>
  (await t.ctx.db.event.findMany({ where: { deviceId }, orderBy: { eventTime: 'asc' } })).map((e) =>
    e.eventTime.toISOString(),
  );
const everyTenDays = (from: string, to: string) => {
  const out: Date[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += 10 * DAY) out.push(new Date(at));
  return out;
};
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('retention', () => {
  it('a tenant that keeps 30 days loses what is older, except its devices’ latest positions; others keep all', async () => {
    const short = await buildTenant(t.ctx.db, { retentionDays: 30 });
    const other = await buildTenant(t.ctx.db);
    const busy = await device(short.id);
    const silent = await device(short.id);
    const untouched = await device(other.id);
    const times = everyTenDays('2025-09-01T08:00:00Z', '2025-12-19T08:00:00Z');
    await history(busy, times);
    await history(silent, [new Date('2025-10-02T08:00:00Z'), new Date('2025-10-03T08:00:00Z')]);
    await history(untouched, times);
    for (const d of [busy, untouched])
      for (const at of ['2025-09-01T08:00:00Z', '2025-12-19T08:00:00Z']) await hour(d.id, at);

    const result = await applyRetention(pool, new PartitionMonths(), NOW, 3);
    const cutoff = NOW.getTime() - 30 * DAY;
    const kept = times.filter((d) => d.getTime() >= cutoff);
    expect(await fixTimes(busy.id)).toEqual(iso(kept));
    expect(await eventTimes(busy.id)).toEqual(iso(kept));
    // the silent device keeps its last known place (not its events)
    expect(await fixTimes(silent.id)).toEqual(['2025-10-03T08:00:00.000Z']);
    expect(await eventTimes(silent.id)).toEqual([]);
    expect(await fixTimes(untouched.id)).toEqual(iso(times));
    expect(result.tenantRows).toBe(2 * (times.length - kept.length) + 1 + 2);
    expect(result.dropped).toEqual([]);
    // the kept hours folded from those positions go with them
    const hours = async (deviceId: number) =>
      (await t.ctx.db.activityHour.findMany({ where: { deviceId }, orderBy: { hour: 'asc' } })).map((h) =>
        h.hour.toISOString(),
      );
    expect(await hours(busy.id)).toEqual(['2025-12-19T08:00:00.000Z']);
    expect(await hours(untouched.id)).toEqual(['2025-09-01T08:00:00.000Z', '2025-12-19T08:00:00.000Z']);
    expect(result.activityRows).toBe(1);
  });

  it('a tenant may not keep longer than the server; the server’s setting is checked', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: admin });
    expect((await put('/api/server', { retentionDays: 0 })).statusCode).toBe(400);
    expect((await put('/api/server', { retentionDays: 187 })).json()).toMatchObject({ retentionDays: 187 });
    const tooLong = await put(`/api/v2/tenants/${tenant.id}/retention`, { retentionDays: 200 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('A tenant keeps its history at most as long as the server: 187 days');
    const ok = await put(`/api/v2/tenants/${tenant.id}/retention`, { retentionDays: 90 });
    expect(ok.json().data).toEqual({ tenantId: tenant.id, name: tenant.name, retentionDays: 90, effectiveDays: 90 });
    const member = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['TRACK_DEVICES'] });
    const memberHeaders = { authorization: (await signIn(t.app, member.email)).authorization };
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/retention', headers: memberHeaders })).statusCode).toBe(
      403,
    );
    const overview = (await t.app.inject({ method: 'GET', url: '/api/v2/retention', headers: admin })).json().data;
    expect(overview.serverDays).toBe(187);
    expect(overview.tenants).toContainEqual({
      tenantId: tenant.id,
      name: tenant.name,
      retentionDays: 90,
      effectiveDays: 90,
    });
    expect(overview.partitions.map((p: { name: string }) => p.name)).toContain('positions_2025_09');
    await t.ctx.db.tenant.update({ where: { id: tenant.id }, data: { retentionDays: null } });
  });

  it('the server’s retention drops whole expired months and nothing else, without stopping writers', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const fleet = await device(tenant.id);
    const silent = await device(tenant.id);
    const year: Date[] = [];
    for (let month = 0; month < 12; month++)
      for (const day of [1, 15]) year.push(new Date(Date.UTC(2025, month, day, 9)));
    await history(fleet, year);
    await history(silent, [new Date('2025-02-10T10:00:00Z'), new Date('2025-03-10T10:00:00Z')]);
    await t.ctx.db.server.update({ where: { id: 1 }, data: { retentionDays: 187 } });

    // a writer's transaction is open on the present month while retention runs
    await ensureMonths(t.ctx.db, 'positions', [new Date()]);
    const open = await pool.connect();
    await open.query('BEGIN');
    await open.query(
      `INSERT INTO positions ("deviceId", "deviceTime", "fixTime", valid, latitude, longitude) VALUES ($1, now(), now(), true, 0, 0)`,
      [fleet.id],
    );
    const months = new PartitionMonths();
    let retentionDone = false;
    const retention = applyRetention(pool, months, NOW).finally(() => {
      retentionDone = true;
    });
    await new Promise((r) => setTimeout(r, 300));
    // another writer is not held up by the months being dropped
    const started = Date.now();
    await pool.query(
      `INSERT INTO positions ("deviceId", "deviceTime", "fixTime", valid, latitude, longitude) VALUES ($1, now(), now(), true, 0, 0)`,
      [fleet.id],
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(retentionDone).toBe(false); // the detach waits for the open transaction, it does not block it
    await open.query('COMMIT');
    open.release();
    const result = await retention;

    // cutoff 2025-06-16 12:00: January to May ended before it; March holds the silent device's latest position
    const gone = ['01', '02', '04', '05'];
    expect(result.dropped.sort()).toEqual(
      [
        ...gone.map((m) => `positions_2025_${m}`),
        ...['01', '02', '03', '04', '05'].map((m) => `events_2025_${m}`),
      ].sort(),
    );
    expect(result.trimmed.map((p) => p.name)).toEqual(['positions_2025_03']);
    const names = (await listPartitions(pool)).map((p) => p.name);
    for (const m of gone) expect(names).not.toContain(`positions_2025_${m}`);
    for (const m of ['03', '06', '07', '12']) expect(names).toContain(`positions_2025_${m}`);
    const kept = year.filter((d) => d >= new Date('2025-06-01T00:00:00Z'));
    expect((await fixTimes(fleet.id)).filter((x) => x < '2026')).toEqual(iso(kept));
    expect(await eventTimes(fleet.id)).toEqual(iso(kept));
    expect(await fixTimes(silent.id)).toEqual(['2025-03-10T10:00:00.000Z']);
    const latest = await t.app.inject({ method: 'GET', url: `/api/positions?deviceId=${silent.id}`, headers: admin });
    expect(latest.json().map((p: { fixTime: string }) => p.fixTime)).toEqual(['2025-03-10T10:00:00.000Z']);
    // a late position for a dropped month makes the month again
    await months.ensure(pool, 'positions', [new Date('2025-01-05T00:00:00Z')]);
    expect((await listPartitions(pool)).map((p) => p.name)).toContain('positions_2025_01');
    await t.ctx.db.server.update({ where: { id: 1 }, data: { retentionDays: null } });
  });

  it('a deleted device’s positions and events are purged, and no other device’s', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const doomed = await device(tenant.id);
    const neighbour = await device(tenant.id);
    const times = everyTenDays('2025-07-01T08:00:00Z', '2025-12-01T08:00:00Z');
    await history(doomed, times);
    await history(neighbour, times);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/devices/${doomed.id}`, headers: admin });
    expect(res.statusCode).toBe(204);
    expect(await t.ctx.db.devicePurge.count({ where: { deviceId: doomed.id } })).toBe(1);
    const result = await applyRetention(pool, new PartitionMonths(), NOW, 4);
    expect(result.purgedDevices).toEqual([doomed.id]);
    expect(result.purgedRows).toBe(2 * times.length);
    expect(await fixTimes(doomed.id)).toEqual([]);
    expect(await eventTimes(doomed.id)).toEqual([]);
    expect(await fixTimes(neighbour.id)).toEqual(iso(times));
    expect(await t.ctx.db.devicePurge.count()).toBe(0);
  });
});
