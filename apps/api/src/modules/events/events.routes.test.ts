import { EVENT_REPORT_MAX_ROWS } from '@waymark/contracts/event';
import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storeEvent, storeEvents } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { PERIOD_TOO_LONG, REPORTS_DISABLED } from './events.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function member(permissions: Permission[] = ['VIEW_EVENT_REPORTS'], extra: { disableReports?: boolean } = {}) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions, ...extra });
  const { authorization } = await signIn(t.app, user.email);
  return { tenant, headers: { authorization } };
}
const device = (tenantId: number, groupId: number | null = null) =>
  t.ctx.db.device.create({ data: { name: `E${++seq}`, uniqueId: `ev-${tenantId}-${++seq}`, tenantId, groupId } });
const event = (d: { id: number; tenantId: number | null }, type: string, at: string, attributes = {}) =>
  storeEvent(t.ctx.db, { data: { deviceId: d.id, tenantId: d.tenantId, type, eventTime: new Date(at), attributes } });

describe('GET /api/events/:id', () => {
  it('gives one event in Traccar’s shape, 404 for another tenant’s', async () => {
    const m = await member(['VIEW_ALERT_DETAILS']);
    const d = await device(m.tenant.id);
    const e = await event(d, 'alarm', '2026-04-01T10:00:00Z', { alarm: 'sos' });
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${e.id}`, headers: m.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: Number(e.id),
      type: 'alarm',
      eventTime: '2026-04-01T10:00:00.000Z',
      deviceId: d.id,
      positionId: 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: { alarm: 'sos' },
    });
    const other = await member(['VIEW_ALERT_DETAILS']);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${e.id}`, headers: other.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/reports/events', () => {
  it('filters by period, devices, groups with subgroups and types, oldest first', async () => {
    const m = await member();
    const parent = await t.ctx.db.group.create({ data: { name: 'P', tenantId: m.tenant.id } });
    const child = await t.ctx.db.group.create({ data: { name: 'C', tenantId: m.tenant.id, parentGroupId: parent.id } });
    const a = await device(m.tenant.id, parent.id);
    const b = await device(m.tenant.id, child.id);
    const c = await device(m.tenant.id);
    const e1 = await event(a, 'deviceOnline', '2026-04-01T10:00:00Z');
    const e2 = await event(b, 'alarm', '2026-04-01T09:00:00Z');
    const e3 = await event(c, 'ignitionOn', '2026-04-01T11:00:00Z');
    await event(c, 'ignitionOff', '2026-04-03T11:00:00Z'); // outside the period
    const foreign = await member();
    await event(await device(foreign.tenant.id), 'alarm', '2026-04-01T10:30:00Z');
    const period = 'from=2026-04-01T00:00:00Z&to=2026-04-02T00:00:00Z';
    const ids = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/reports/events?${period}${q}`, headers: m.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((e: { id: number }) => e.id);
    };
    expect(await ids('')).toEqual([e2, e1, e3].map((e) => Number(e.id)));
    expect(await ids('&type=allEvents')).toEqual([e2, e1, e3].map((e) => Number(e.id)));
    expect(await ids(`&deviceId=${a.id}&deviceId=${c.id}`)).toEqual([e1, e3].map((e) => Number(e.id)));
    expect(await ids(`&groupId=${parent.id}`)).toEqual([e2, e1].map((e) => Number(e.id)));
    expect(await ids(`&groupId=${child.id}`)).toEqual([Number(e2.id)]);
    expect(await ids(`&groupId=${child.id}&deviceId=${c.id}`)).toEqual([e2, e3].map((e) => Number(e.id)));
    expect(await ids('&type=alarm&type=ignitionOn')).toEqual([e2, e3].map((e) => Number(e.id)));
  });

  it('refuses long periods, bad parameters, foreign devices and accounts without reports', async () => {
    const m = await member();
    const other = await member();
    const foreignDevice = await device(other.tenant.id);
    const get = (q: string, headers = m.headers) =>
      t.app.inject({ method: 'GET', url: `/api/reports/events?${q}`, headers });
    const long = await get('from=2026-01-01T00:00:00Z&to=2026-02-15T00:00:00Z');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(PERIOD_TOO_LONG);
    expect((await get('from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z')).statusCode).toBe(400);
    expect((await get('to=2026-01-01T00:00:00Z')).statusCode).toBe(400);
    expect((await get('from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&type=bogus')).statusCode).toBe(400);
    const foreign = await get(`from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&deviceId=${foreignDevice.id}`);
    expect(foreign.statusCode).toBe(404);
    const off = await member(['VIEW_EVENT_REPORTS'], { disableReports: true });
    const disabled = await get('from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z', off.headers);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().message).toBe(REPORTS_DISABLED);
    const noFlag = await member(['VIEW_DEVICES']);
    expect((await get('from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z', noFlag.headers)).statusCode).toBe(403);
  });

  it('returns at most 10,000 events, the oldest', async () => {
    const m = await member();
    const d = await device(m.tenant.id);
    const start = Date.parse('2026-05-01T00:00:00Z');
    await storeEvents(t.ctx.db, {
      data: Array.from({ length: EVENT_REPORT_MAX_ROWS + 5 }, (_, i) => ({
        deviceId: d.id,
        tenantId: m.tenant.id,
        type: 'deviceMoving',
        eventTime: new Date(start + i * 1000),
      })),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/events?from=2026-05-01T00:00:00Z&to=2026-05-02T00:00:00Z&deviceId=${d.id}`,
      headers: m.headers,
    });
    const rows = res.json();
    expect(rows).toHaveLength(EVENT_REPORT_MAX_ROWS);
    expect(rows[0].eventTime).toBe('2026-05-01T00:00:00.000Z');
    expect(res.headers['x-truncated']).toBe('true');
  });
});
