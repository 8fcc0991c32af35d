import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storePosition } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { NO_POSITION } from './device-extras.service';
import { READONLY_MESSAGE } from './devices.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function member(permissions: Permission[], extra: { deviceReadonly?: boolean; readonly?: boolean } = {}) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions, ...extra });
  const { authorization } = await signIn(t.app, user.email);
  return { tenant, user, headers: { authorization } };
}
const device = (tenantId: number, name = `Car ${++seq}`) =>
  t.ctx.db.device.create({ data: { name, uniqueId: `dev-${Date.now()}-${++seq}`, tenantId } });

const DETAILS = {
  category: 'truck',
  contact: 'Dispatch',
  phone: '+100',
  plateNumber: 'AB-123',
  vin: '1HGCM82633A004352',
  engineNumber: 'E-77',
  color: 'red',
  brand: 'Volvo',
  vehicleModel: 'FH16',
  installedBy: 'Ann',
  installedAt: '2026-01-02T03:04:05.000Z',
  installationCompany: 'Fitters Ltd',
  installationPosition: 'dashboard',
  installationAddress: '1 Main St',
  fuelTankShape: 'cylinder',
  fuelTankLength: 1.2,
  fuelTankDiameter: 0.6,
  fuelTankVolume: 400,
  fuelDropThreshold: 10,
  fuelIncreaseThreshold: 20,
  temperatureDropThreshold: 3,
  temperatureIncreaseThreshold: 4,
  frontTireChangeDate: '2026-02-01T00:00:00.000Z',
  frontTireDistance: 12000,
  rearTireChangeDate: '2026-02-02T00:00:00.000Z',
  rearTireDistance: 13000,
  motIssueDate: '2026-03-01T00:00:00.000Z',
  motExpiryDate: '2027-03-01T00:00:00.000Z',
  permitNumber: 'P-1',
  permitCoverage: 'EU',
  expirationTime: '2030-01-01T00:00:00.000Z',
};

describe('/api/devices detail fields', () => {
  it('writes and reads the detail fields at the top level, beside Traccar’s', async () => {
    const { headers, tenant } = await member(['VIEW_DEVICE_DETAILS']);
    const calendar = await t.ctx.db.calendar.create({ data: { name: 'Work', data: 'x', tenantId: tenant.id } });
    const vendor = await t.ctx.db.vendor.create({ data: { name: `Vendor ${++seq}` } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: { name: 'Truck', uniqueId: `truck-${++seq}`, ...DETAILS, calendarId: calendar.id, vendorId: vendor.id },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ ...DETAILS, calendarId: calendar.id, vendorId: vendor.id, disabled: false });
    const id = created.json().id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${id}`,
      headers,
      payload: { plateNumber: 'ZZ-9', motExpiryDate: null, rearTireDistance: 15000 },
    });
    expect(updated.json()).toMatchObject({
      plateNumber: 'ZZ-9',
      motExpiryDate: null,
      rearTireDistance: 15000,
      vin: DETAILS.vin,
    });
    const read = await t.app.inject({ method: 'GET', url: `/api/devices/${id}`, headers });
    expect(read.json()).toMatchObject({ plateNumber: 'ZZ-9', brand: 'Volvo', installedAt: DETAILS.installedAt });
  });

  it('refuses an unknown category, a negative distance and another tenant’s calendar', async () => {
    const { headers } = await member(['VIEW_DEVICE_DETAILS']);
    const other = await buildTenant(t.ctx.db);
    const foreign = await t.ctx.db.calendar.create({ data: { name: 'B', data: 'x', tenantId: other.id } });
    const base = { name: 'X', uniqueId: `x-${++seq}` };
    for (const bad of [{ category: 'spaceship' }, { frontTireDistance: -1 }, { motIssueDate: 'soon' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/devices', headers, payload: { ...base, ...bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: { ...base, calendarId: foreign.id },
    });
    expect(res.statusCode).toBe(404);
    expect(await t.ctx.db.device.count({ where: { uniqueId: base.uniqueId } })).toBe(0);
  });

  it('read-only and device-read-only accounts may read but not write', async () => {
    for (const flag of [{ readonly: true }, { deviceReadonly: true }]) {
      const { headers, tenant } = await member(['VIEW_DEVICE_DETAILS'], flag);
      const d = await device(tenant.id);
      expect((await t.app.inject({ method: 'GET', url: `/api/devices/${d.id}`, headers })).statusCode).toBe(200);
      const put = await t.app.inject({ method: 'PUT', url: `/api/devices/${d.id}`, headers, payload: { name: 'New' } });
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toBe(READONLY_MESSAGE);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers,
        payload: { name: 'N', uniqueId: `n-${++seq}` },
      });
      expect(post.statusCode).toBe(403);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/devices/${d.id}`, headers });
      expect(del.statusCode).toBe(403);
      expect(await t.ctx.db.device.findUnique({ where: { id: d.id } })).toMatchObject({ name: d.name });
    }
  });

  it('lists with Traccar’s list parameters', async () => {
    const { headers, tenant, user } = await member(['VIEW_DEVICES']);
    const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId: tenant.id } });
    const a = await t.ctx.db.device.create({
      data: { name: 'Alpha van', uniqueId: `alpha-${++seq}`, tenantId: tenant.id, groupId: group.id },
    });
    const b = await device(tenant.id, 'Bravo');
    const c = await device(tenant.id, 'Charlie');
    await t.ctx.db.userDevice.create({ data: { userId: user.id, deviceId: c.id } });
    const ids = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/devices?${query}`, headers }))
        .json()
        .map((d: { id: number }) => d.id);
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids(`groupId=${group.id}`)).toEqual([a.id]);
    expect(await ids(`userId=${user.id}`)).toEqual([c.id]);
    expect(await ids('keyword=VAN')).toEqual([a.id]);
    expect(await ids('limit=1&offset=1')).toEqual([b.id]);
    expect(await ids(`id=${a.id}&id=${c.id}`)).toEqual([a.id, c.id]);
    const other = await buildTenant(t.ctx.db);
    const foreignGroup = await t.ctx.db.group.create({ data: { name: 'G', tenantId: other.id } });
    const res = await t.app.inject({ method: 'GET', url: `/api/devices?groupId=${foreignGroup.id}`, headers });
    expect(res.statusCode).toBe(404);
  });

  it('gives platform staff the platform’s own devices unless all=true; a tenant user gets theirs either way', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const adminHeaders = { authorization: (await signIn(t.app, admin.email)).authorization };
    const { headers, tenant } = await member(['VIEW_DEVICES']);
    const mine = await device(tenant.id);
    const stock = await t.ctx.db.device.create({ data: { name: 'In stock', uniqueId: `stock-${++seq}` } });
    const other = await buildTenant(t.ctx.db);
    const foreign = await device(other.id);
    const ids = async (h: { authorization: string }, query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/devices${query}`, headers: h });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((d: { id: number }) => d.id) as number[];
    };
    const plain = await ids(adminHeaders, '');
    expect(plain).toContain(stock.id);
    expect(plain).not.toContain(mine.id);
    expect(plain).not.toContain(foreign.id);
    const all = await ids(adminHeaders, '?all=true');
    expect(all).toEqual(expect.arrayContaining([stock.id, mine.id, foreign.id]));
    // devices named by id or uniqueId are found wherever the administrator sees them
    expect(await ids(adminHeaders, `?id=${mine.id}`)).toEqual([mine.id]);
    expect(await ids(adminHeaders, `?uniqueId=${foreign.uniqueId}`)).toEqual([foreign.id]);
    // a tenant user asking for all still gets only their tenant's devices
    expect(await ids(headers, '?all=true')).toEqual([mine.id]);
    expect(await ids(headers, '')).toEqual([mine.id]);
  });
});

describe('PUT /api/devices/:id/accumulators', () => {
  it('sets odometer and engine hours on the latest position', async () => {
    const { headers, tenant } = await member(['VIEW_DEVICE_DETAILS']);
    const d = await device(tenant.id);
    const noPosition = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${d.id}/accumulators`,
      headers,
      payload: { deviceId: d.id, totalDistance: 1000 },
    });
    expect(noPosition.statusCode).toBe(400);
    expect(noPosition.json().message).toBe(NO_POSITION);
    const time = new Date('2026-05-01T10:00:00Z');
    const position = await storePosition(t.ctx.db, {
      data: {
        deviceId: d.id,
        tenantId: tenant.id,
        deviceTime: time,
        fixTime: time,
        valid: true,
        latitude: 1,
        longitude: 2,
        attributes: { totalDistance: 5, hours: 7, ignition: true },
      },
    });
    await t.ctx.db.device.update({
      where: { id: d.id },
      data: { positionId: position.id, positionTime: position.fixTime },
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${d.id}/accumulators`,
      headers,
      payload: { deviceId: d.id, totalDistance: 123456.5 },
    });
    expect(res.statusCode, res.body).toBe(204);
    let row = await t.ctx.db.position.findFirstOrThrow({ where: { id: position.id } });
    expect(row.attributes).toEqual({ totalDistance: 123456.5, hours: 7, ignition: true });
    await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${d.id}/accumulators`,
      headers,
      payload: { deviceId: d.id, hours: 3_600_000 },
    });
    row = await t.ctx.db.position.findFirstOrThrow({ where: { id: position.id } });
    expect(row.attributes).toEqual({ totalDistance: 123456.5, hours: 3_600_000, ignition: true });
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${d.id}/accumulators`,
      headers,
      payload: { deviceId: d.id + 1000, hours: 1 },
    });
    expect(mismatch.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${d.id}/accumulators`,
      headers,
      payload: { deviceId: d.id },
    });
    expect(empty.statusCode).toBe(400);
  });
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('/api/devices/:id/image', () => {
  it('stores an image and serves it back with its type', async () => {
    const { headers, tenant } = await member(['VIEW_DEVICE_DETAILS']);
    const d = await device(tenant.id);
    const none = await t.app.inject({ method: 'GET', url: `/api/devices/${d.id}/image`, headers });
    expect(none.statusCode).toBe(404);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${d.id}/image`,
      headers: { ...headers, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.body).toBe('device.png');
    const got = await t.app.inject({ method: 'GET', url: `/api/devices/${d.id}/image`, headers });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses other types, mislabelled files and files over 2 MB', async () => {
    const { headers, tenant } = await member(['VIEW_DEVICE_DETAILS']);
    const d = await device(tenant.id);
    const post = (type: string, payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/devices/${d.id}/image`,
        headers: { ...headers, 'content-type': type },
        payload,
      });
    expect((await post('image/svg+xml', Buffer.from('<svg/>'))).statusCode).toBe(415);
    expect((await post('image/jpeg', PNG)).statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await post('image/png', big)).statusCode).toBe(413);
    expect(await t.ctx.db.deviceImage.count({ where: { deviceId: d.id } })).toBe(0);
  });
});
