import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.ctx.db, { administrator: true });
  admin = (await signIn(t.app, user.email)).authorization;
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: unknown, authorization = admin) =>
  t.app.inject({
    method: method as never,
    url: `/api/v2${url}`,
    headers: { authorization },
    payload: payload as never,
  });

let n = 0;
const imei = () => {
  // a valid 15-digit IMEI: 14 digits and the Luhn check digit
  const body = `35${String(100_000_000_000 + n++).padStart(12, '0')}`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[13 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
};

describe('/api/v2/device', () => {
  it('adds stock devices, READY once model and SIM are set, and counts each status', async () => {
    const model = await t.ctx.db.deviceModel.create({ data: { name: `M-${n}` } });
    const sim = await t.ctx.db.simCard.create({ data: { iccid: `89447771234${String(n).padStart(9, '0')}` } });
    const bare = await call('POST', '/device', { uniqueId: imei() });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data).toMatchObject({ stockStatus: 'IN_STOCK', assigned: false, tenantId: null });
    const ready = await call('POST', '/device', {
      uniqueId: imei(),
      name: 'Ready',
      modelId: model.id,
      simCardId: sim.id,
    });
    expect(ready.json().data).toMatchObject({
      stockStatus: 'READY',
      model: { name: model.name },
      simCard: { iccid: sim.iccid },
    });
    const clash = await call('POST', '/device', { uniqueId: ready.json().data.uniqueId });
    expect(clash.statusCode).toBe(409);
    const badImei = await call('POST', '/device', { uniqueId: '356938035643800' });
    expect(badImei.statusCode).toBe(400);
    const stats = (await call('GET', '/device/stats')).json().data;
    expect(stats.TOTAL).toBeGreaterThanOrEqual(2);
    expect(stats.READY).toBeGreaterThanOrEqual(1);
    const readyList = (await call('GET', '/device?status=READY&size=500')).json().data;
    expect(readyList.content.every((d: { stockStatus: string }) => d.stockStatus === 'READY')).toBe(true);
    expect(readyList.totalElements).toBe(stats.READY);
    const found = (await call('GET', `/device?search=${sim.iccid.slice(2, 9)}`)).json().data.content;
    expect(found.map((d: { id: number }) => d.id)).toEqual([ready.json().data.id]);
  });

  it('deactivates and activates, edits detail fields, and deletes', async () => {
    const d = (await call('POST', '/device', { uniqueId: imei() })).json().data;
    expect((await call('POST', `/device/${d.id}/deactivate`)).json().data).toMatchObject({
      disabled: true,
      stockStatus: 'DISABLED',
    });
    expect((await call('POST', `/device/${d.id}/activate`)).json().data.stockStatus).toBe('IN_STOCK');
    const put = await call('PUT', `/device/${d.id}`, { plateNumber: 'AB-123', motExpiryDate: '2030-01-01T00:00:00Z' });
    expect(put.json().data).toMatchObject({ plateNumber: 'AB-123', motExpiryDate: '2030-01-01T00:00:00.000Z' });
    const detail = (await call('GET', `/device/${d.id}`)).json().data;
    expect(detail).toMatchObject({ plateNumber: 'AB-123', simCard: null, imei: d.uniqueId });
    expect((await call('DELETE', `/device/${d.id}`)).statusCode).toBe(204);
    const gone = await call('GET', `/device/${d.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Device not found');
  });

  it('assigns to a tenant, a group or a user by the rules, and sets expiry in bulk', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId: tenant.id } });
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id });
    const a = (await call('POST', '/device', { uniqueId: imei() })).json().data;
    const b = (await call('POST', '/device', { uniqueId: imei() })).json().data;
    expect((await call('POST', `/device/${a.id}/group`, { groupId: group.id })).statusCode).toBe(400);
    for (const d of [a, b]) {
      const moved = (await call('POST', `/device/${d.id}/tenant`, { tenantId: tenant.id })).json().data;
      expect(moved).toMatchObject({ stockStatus: 'UN_ASSIGNED', assignedTenant: { id: tenant.id } });
    }
    const grouped = (await call('POST', `/device/${a.id}/group`, { groupId: group.id })).json().data;
    expect(grouped).toMatchObject({ groupId: group.id, userId: null, assigned: true, stockStatus: 'ASSIGNED' });
    const noUser = await call('POST', `/device/${a.id}/remove-user`);
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().message).toBe('Device is not assigned to any user');
    const move = await call('POST', '/device/user/move', { deviceIds: [a.id, b.id], userId: user.id });
    expect(move.json().data.updated).toBe(2);
    const afterMove = (await call('GET', `/device/${a.id}`)).json().data;
    expect(afterMove).toMatchObject({ groupId: null, userId: user.id, user: { id: user.id }, stockStatus: 'ASSIGNED' });
    const removed = (await call('POST', `/device/${a.id}/remove-user`)).json().data;
    expect(removed).toMatchObject({ userId: null, assigned: false, stockStatus: 'UN_ASSIGNED' });
    await call('POST', `/device/${b.id}/group`, { groupId: group.id });
    const unassigned = (await call('POST', `/device/${b.id}/unassign`)).json().data;
    expect(unassigned).toMatchObject({ groupId: null, userId: null, stockStatus: 'UN_ASSIGNED' });
    const expiry = await call('PUT', '/device/expiry', {
      deviceIds: [a.id, b.id],
      expirationTime: '2031-05-01T00:00:00Z',
    });
    expect(expiry.json().data.updated).toBe(2);
    const listed = (await call('GET', `/device?tenantId=${tenant.id}&sortBy=name`)).json().data.content;
    expect(listed.map((d: { expirationTime: string }) => d.expirationTime)).toEqual([
      '2031-05-01T00:00:00.000Z',
      '2031-05-01T00:00:00.000Z',
    ]);
    const missing = await call('PUT', '/device/expiry', { deviceIds: [a.id, 99_999_999], expirationTime: null });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the stock status of devices changed through /api/devices by the same rule', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const group = await t.ctx.db.group.create({ data: { name: 'T', tenantId: tenant.id } });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { authorization: admin },
      payload: { name: 'traccar', uniqueId: imei(), tenantId: tenant.id },
    });
    const id = made.json().id;
    expect((await call('GET', `/device/${id}`)).json().data.stockStatus).toBe('UN_ASSIGNED');
    await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${id}`,
      headers: { authorization: admin },
      payload: { groupId: group.id },
    });
    expect((await call('GET', `/device/${id}`)).json().data).toMatchObject({ stockStatus: 'ASSIGNED', assigned: true });
  });

  it('pages, sorts and filters by connection status', async () => {
    const tenant = await buildTenant(t.ctx.db);
    for (const [name, status] of [
      ['c', 'online'],
      ['a', 'offline'],
      ['b', 'online'],
    ] as const) {
      await t.ctx.db.device.create({
        data: { name, uniqueId: imei(), tenantId: tenant.id, status, stockStatus: 'UN_ASSIGNED' },
      });
    }
    const page = (await call('GET', `/device?tenantId=${tenant.id}&sortBy=name&sortOrder=desc&size=2&page=0`)).json()
      .data;
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect(page.content.map((d: { name: string }) => d.name)).toEqual(['c', 'b']);
    const online = (await call('GET', `/device?tenantId=${tenant.id}&connection=online`)).json().data;
    expect(online.totalElements).toBe(2);
  });

  it('searches name, IMEI and ICCID literally, any case, and sorts empty values last ascending, first descending', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const sim = await t.ctx.db.simCard.create({
      data: { iccid: `8944${String(tenant.id).padStart(6, '0')}777123456` },
    });
    const day = (d: number) => new Date(Date.UTC(2027, 0, d));
    const rows = [
      { name: 'Truck 50%', expirationTime: day(3), status: 'online' },
      { name: 'truck 5_0', expirationTime: null, status: 'online', stockStatus: 'ASSIGNED' as const },
      { name: 'Van 500', expirationTime: day(1), status: 'offline', simCardId: sim.id },
      { name: 'Van 5000', expirationTime: day(2), status: 'online' },
    ];
    const ids: Record<string, number> = {};
    for (const row of rows) {
      const d = await t.ctx.db.device.create({
        data: { stockStatus: 'UN_ASSIGNED', ...row, uniqueId: imei(), tenantId: tenant.id },
      });
      ids[row.name] = d.id;
    }
    const names = async (query: string) =>
      (await call('GET', `/device?tenantId=${tenant.id}&sortBy=name&sortOrder=asc&${query}`))
        .json()
        .data.content.map((d: { name: string }) => d.name);
    expect(await names(`search=${encodeURIComponent('50%')}`)).toEqual(['Truck 50%']);
    expect(await names('search=5_0')).toEqual(['truck 5_0']);
    expect(await names('search=TRUCK')).toEqual(['Truck 50%', 'truck 5_0']);
    expect(await names('search=500')).toEqual(['Van 500', 'Van 5000']);
    expect(await names('search=777123')).toEqual(['Van 500']);
    expect(await names('status=UN_ASSIGNED&connection=online')).toEqual(['Truck 50%', 'Van 5000']);
    const byExpiry = async (order: string) =>
      (await call('GET', `/device?tenantId=${tenant.id}&sortBy=expirationTime&sortOrder=${order}`))
        .json()
        .data.content.map((d: { id: number }) => d.id);
    const dated = [ids['Van 500'], ids['Van 5000'], ids['Truck 50%']];
    expect(await byExpiry('asc')).toEqual([...dated, ids['truck 5_0']]);
    expect(await byExpiry('desc')).toEqual([ids['truck 5_0'], ...dated.reverse()]);
    const beyond = (await call('GET', `/device?tenantId=${tenant.id}&size=2&page=5`)).json().data;
    expect(beyond).toMatchObject({ content: [], totalElements: 4, totalPages: 2 });
  });

  it('lets a tenant user with VIEW_DEVICES but not VIEW_DEVICE_DETAILS list and not read the detail', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] as Permission[] });
    const auth = (await signIn(t.app, user.email)).authorization;
    const d = await t.ctx.db.device.create({ data: { name: 'x', uniqueId: imei(), tenantId: tenant.id } });
    expect((await call('GET', '/device', undefined, auth)).json().data.totalElements).toBe(1);
    expect((await call('GET', `/device/${d.id}`, undefined, auth)).statusCode).toBe(403);
  });
});

describe("a plan's device limit", () => {
  it('refuses moving, re-enabling or creating an active device past it, and allows a disabled one', async () => {
    const plan = await t.ctx.db.subscription.create({ data: { name: `Limit ${n}`, deviceLimit: 1 } });
    const tenant = await buildTenant(t.ctx.db, { subscriptionId: plan.id });
    const first = await t.ctx.db.device.create({ data: { name: 'in', uniqueId: imei(), tenantId: tenant.id } });
    const spare = await t.ctx.db.device.create({ data: { name: 'spare', uniqueId: imei() } });

    const moved = await call('POST', `/device/${spare.id}/tenant`, { tenantId: tenant.id });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toMatch(/allows 1 active devices; it has 1 and cannot take 1 more/);

    // switched off, it does not count: the spare may join, but not be switched on while the first is on
    await call('POST', `/device/${spare.id}/deactivate`);
    expect((await call('POST', `/device/${spare.id}/tenant`, { tenantId: tenant.id })).statusCode).toBe(200);
    expect((await call('POST', `/device/${spare.id}/activate`)).statusCode).toBe(409);
    await call('POST', `/device/${first.id}/deactivate`);
    expect((await call('POST', `/device/${spare.id}/activate`)).statusCode).toBe(200);

    // the tenant's own users cannot create a second active device either
    const owner = await buildUser(t.ctx.db, {
      tenantId: tenant.id,
      permissions: ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS'],
    });
    const { authorization } = await signIn(t.app, owner.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { authorization },
      payload: { name: 'third', uniqueId: imei() },
    });
    expect(created.statusCode).toBe(409);
  });
});
