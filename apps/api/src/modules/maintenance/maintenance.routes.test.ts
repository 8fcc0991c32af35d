import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOTH: Permission[] = ['VIEW_MAINTENANCES', 'VIEW_REMIND_MANAGEMENTS'];
async function member(permissions: Permission[] = BOTH, tenantId?: number) {
  const tenant = tenantId ?? (await buildTenant(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { tenantId: tenant, permissions });
  return { tenantId: tenant, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}
const call = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers, payload: payload as never });

const OIL = { name: 'Oil change', type: 'totalDistance', start: 0, period: 10_000_000 };
const INSURANCE = {
  attributes: {
    item: 'Insurance',
    remarks: 'call broker',
    sendTo: 'a@example.test, b@example.test',
    expiry: '2030-01-01T00:00:00Z',
  },
};

describe('/api/maintenance', () => {
  it('creates, reads, updates and deletes a maintenance', async () => {
    const { tenantId, headers } = await member();
    const created = await call(headers, 'POST', '/api/maintenance', OIL);
    expect(created.statusCode).toBe(200);
    const row = created.json();
    expect(row).toEqual({
      id: expect.any(Number),
      ...OIL,
      lastTime: null,
      nextTime: null,
      tenantId,
      attributes: {},
    });
    expect((await call(headers, 'GET', `/api/maintenance/${row.id}`)).json()).toEqual(row);
    const moved = await call(headers, 'PUT', `/api/maintenance/${row.id}`, { start: 5000 });
    expect(moved.json()).toMatchObject({ start: 5000, period: OIL.period });
    const updated = await call(headers, 'PUT', `/api/maintenance/${row.id}`, { type: 'hours', period: 3_600_000 });
    expect(updated.json()).toMatchObject({ name: 'Oil change', type: 'hours', start: 5000, period: 3_600_000 });
    expect((await call(headers, 'DELETE', `/api/maintenance/${row.id}`)).statusCode).toBe(204);
    expect((await call(headers, 'GET', `/api/maintenance/${row.id}`)).statusCode).toBe(404);
  });

  it('reads start and period sent as numeric text (Traccar clients send them so)', async () => {
    const { headers } = await member();
    const created = await call(headers, 'POST', '/api/maintenance', { ...OIL, start: '1000', period: '5e3' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ start: 1000, period: 5000 });
    const moved = await call(headers, 'PUT', `/api/maintenance/${created.json().id}`, { start: '-2.5' });
    expect(moved.json()).toMatchObject({ start: -2.5, period: 5000 });
    for (const start of ['', 'NaN', '1e999', null, true]) {
      const res = await call(headers, 'POST', '/api/maintenance', { ...OIL, start });
      expect(res.statusCode, String(start)).toBe(400);
    }
  });

  it('refuses invalid bodies with a message', async () => {
    const { tenantId, headers } = await member();
    for (const payload of [
      { ...OIL, name: '' },
      { ...OIL, type: 'total distance' },
      { ...OIL, period: 'often' },
      { name: 'X', type: 'hours' },
    ]) {
      const res = await call(headers, 'POST', '/api/maintenance', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const zero = await call(headers, 'POST', '/api/maintenance', { ...OIL, period: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe("period: Can't be zero");
    const badReminder = await call(headers, 'POST', '/api/maintenance', { ...OIL, attributes: { isReminder: true } });
    expect(badReminder.statusCode).toBe(400);
    expect(badReminder.json().message).toMatch(/^Invalid reminder: attributes\.item/);
    expect(await t.ctx.db.maintenance.count({ where: { tenantId } })).toBe(0);
  });

  it('lists reminders too unless reminders=false; a PUT keeps a reminder a reminder', async () => {
    const { headers } = await member();
    const oil = (await call(headers, 'POST', '/api/maintenance', OIL)).json();
    const reminder = (await call(headers, 'POST', '/api/reminders', INSURANCE)).json();
    const viaMaintenance = await call(headers, 'POST', '/api/maintenance', {
      ...OIL,
      name: 'Tax',
      period: 0,
      attributes: { isReminder: true, item: 'Road tax', expiry: '2031-05-01T00:00:00Z' },
    });
    expect(viaMaintenance.statusCode).toBe(200);
    const ids = async (url: string) => (await call(headers, 'GET', url)).json().map((m: { id: number }) => m.id);
    expect(await ids('/api/maintenance')).toEqual([oil.id, reminder.id, viaMaintenance.json().id]);
    expect(await ids('/api/maintenance?reminders=false')).toEqual([oil.id]);
    expect(await ids('/api/maintenance?reminders=true')).toEqual([reminder.id, viaMaintenance.json().id]);
    expect(await ids('/api/reminders')).toEqual([reminder.id, viaMaintenance.json().id]);

    const demote = await call(headers, 'PUT', `/api/maintenance/${reminder.id}`, {
      attributes: { isReminder: false, item: 'Insurance', expiry: '2030-02-01T00:00:00Z' },
    });
    expect(demote.statusCode).toBe(200);
    expect(demote.json().attributes).toMatchObject({ isReminder: true, expiry: '2030-02-01T00:00:00.000Z' });
    const stripped = await call(headers, 'PUT', `/api/maintenance/${reminder.id}`, { attributes: {} });
    expect(stripped.statusCode).toBe(400);
    const row = await t.ctx.db.maintenance.findUniqueOrThrow({ where: { id: reminder.id } });
    expect(row.attributes).toMatchObject({ isReminder: true, item: 'Insurance' });
    // a reminder id is not a plain maintenance at /api/reminders' side and vice versa
    expect((await call(headers, 'GET', `/api/reminders/${oil.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'DELETE', `/api/reminders/${oil.id}`)).statusCode).toBe(404);
  });

  it('filters the list by userId, groupId, deviceId, keyword, limit and offset', async () => {
    const { tenantId, user, headers } = await member();
    const other = await member(BOTH, tenantId);
    const a = (await call(headers, 'POST', '/api/maintenance', { ...OIL, name: 'Alpha' })).json();
    const b = (await call(headers, 'POST', '/api/maintenance', { ...OIL, name: 'Beta' })).json();
    const c = (await call(other.headers, 'POST', '/api/maintenance', { ...OIL, name: 'Gamma' })).json();
    const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId } });
    const device = await t.ctx.db.device.create({ data: { name: 'D', uniqueId: `mt-${a.id}`, tenantId } });
    await t.ctx.db.groupMaintenance.create({ data: { groupId: group.id, maintenanceId: b.id } });
    await t.ctx.db.deviceMaintenance.create({ data: { deviceId: device.id, maintenanceId: c.id } });
    const names = async (query: string) =>
      (await call(headers, 'GET', `/api/maintenance${query}`)).json().map((x: { name: string }) => x.name);
    expect(await names('')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names(`?userId=${user.id}`)).toEqual(['Alpha', 'Beta']);
    expect(await names(`?groupId=${group.id}`)).toEqual(['Beta']);
    expect(await names(`?deviceId=${device.id}`)).toEqual(['Gamma']);
    expect(await names('?keyword=amm')).toEqual(['Gamma']);
    expect(await names('?limit=1&offset=2')).toEqual(['Gamma']);
  });

  it('gives 404 for another tenant’s rows, unchanged, and requires VIEW_MAINTENANCES', async () => {
    const { headers } = await member();
    const other = await member();
    const foreign = (await call(other.headers, 'POST', '/api/maintenance', OIL)).json();
    expect((await call(headers, 'GET', `/api/maintenance/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'PUT', `/api/maintenance/${foreign.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(headers, 'DELETE', `/api/maintenance/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'GET', '/api/maintenance')).json()).toEqual([]);
    expect(await t.ctx.db.maintenance.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({
      name: OIL.name,
    });
    const { headers: remindersOnly } = await member(['VIEW_REMIND_MANAGEMENTS']);
    expect((await call(remindersOnly, 'GET', '/api/maintenance')).statusCode).toBe(403);
    expect((await call(remindersOnly, 'POST', '/api/maintenance', OIL)).statusCode).toBe(403);
  });
});

describe('/api/reminders', () => {
  it('creates (isReminder forced), reads, updates and deletes a reminder', async () => {
    const { headers } = await member(['VIEW_REMIND_MANAGEMENTS']);
    const created = await call(headers, 'POST', '/api/reminders', {
      attributes: { ...INSURANCE.attributes, isReminder: true, extra: 1 },
    });
    expect(created.statusCode).toBe(200);
    const reminder = created.json();
    expect(reminder).toMatchObject({
      name: 'Insurance',
      type: 'expiry',
      period: 0,
      nextTime: '2030-01-01T00:00:00.000Z',
      attributes: {
        isReminder: true,
        item: 'Insurance',
        remarks: 'call broker',
        sendTo: 'a@example.test, b@example.test',
        expiry: '2030-01-01T00:00:00.000Z',
        extra: 1,
      },
    });
    expect((await call(headers, 'GET', `/api/reminders/${reminder.id}`)).json()).toEqual(reminder);
    const updated = await call(headers, 'PUT', `/api/reminders/${reminder.id}`, {
      name: 'Car insurance',
      attributes: { item: 'Insurance', expiry: '2031-01-01T10:00:00+02:00' },
    });
    expect(updated.json()).toMatchObject({
      name: 'Car insurance',
      nextTime: '2031-01-01T08:00:00.000Z',
      attributes: { isReminder: true, expiry: '2031-01-01T08:00:00.000Z' },
    });
    expect((await call(headers, 'DELETE', `/api/reminders/${reminder.id}`)).statusCode).toBe(204);
    expect((await call(headers, 'GET', `/api/reminders/${reminder.id}`)).statusCode).toBe(404);
  });

  it('validates item, sendTo and expiry; another tenant’s reminder is a 404; VIEW_REMIND_MANAGEMENTS needed', async () => {
    const { tenantId, headers } = await member(['VIEW_REMIND_MANAGEMENTS']);
    const base = INSURANCE.attributes;
    for (const attributes of [
      { ...base, item: '' },
      { ...base, item: undefined },
      { ...base, sendTo: 'a@example.test, nope' },
      { ...base, expiry: 'tomorrow' },
      { ...base, expiry: undefined },
    ]) {
      const res = await call(headers, 'POST', '/api/reminders', { attributes });
      expect(res.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await t.ctx.db.maintenance.count({ where: { tenantId } })).toBe(0);
    const other = await member(['VIEW_REMIND_MANAGEMENTS']);
    const foreign = (await call(other.headers, 'POST', '/api/reminders', INSURANCE)).json();
    expect((await call(headers, 'GET', `/api/reminders/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'PUT', `/api/reminders/${foreign.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(headers, 'DELETE', `/api/reminders/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'GET', '/api/reminders')).json()).toEqual([]);
    expect(await t.ctx.db.maintenance.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({
      name: 'Insurance',
    });
    const { headers: maintenanceOnly } = await member(['VIEW_MAINTENANCES']);
    expect((await call(maintenanceOnly, 'GET', '/api/reminders')).statusCode).toBe(403);
    expect((await call(maintenanceOnly, 'POST', '/api/reminders', INSURANCE)).statusCode).toBe(403);
  });
});
