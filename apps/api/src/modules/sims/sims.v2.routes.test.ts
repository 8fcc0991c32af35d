import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { badCheckDigit, validIccid } from './sims.test-kit';

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  const staff = await buildUser(t.ctx.db, { permissions: ['ADMIN_ACCOUNT', 'VIEW_SIMS', 'VIEW_SIM_DETAILS'] });
  ({ authorization } = await signIn(t.app, staff.email));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { authorization }, payload: payload as never });

describe('SIM cards (/api/v2/sim)', () => {
  it('checks the ICCID (check digit, uniqueness), the MSISDN and the IMSI', async () => {
    const iccid = validIccid();
    const wrong = await call('POST', '/sim', { iccid: badCheckDigit(iccid) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toContainEqual({ path: 'body.iccid', message: 'ICCID check digit is wrong' });
    expect((await call('POST', '/sim', { iccid })).statusCode).toBe(200);
    const again = await call('POST', '/sim', { iccid });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('ICCID already exists');
    const numbers = await call('POST', '/sim', { iccid: validIccid(), msisdn: '12ab', imsi: '1234' });
    expect(numbers.statusCode).toBe(400);
    expect(
      numbers
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.imsi', 'body.msisdn']);
  });

  it('pages, searches on ICCID/MSISDN/IMSI and filters by status and vendor', async () => {
    const vendor = await t.ctx.db.vendor.create({ data: { name: 'Filter vendor' } });
    const a = validIccid();
    const made = await call('POST', '/sim', {
      iccid: a,
      msisdn: '+306912345678',
      imsi: '202010000000001',
      status: 'ACTIVE',
      vendorId: vendor.id,
      dataPlan: '1 GB',
    });
    expect(made.json().data).toMatchObject({ status: 'ACTIVE', vendorName: 'Filter vendor', device: null });
    expect(made.json().data.activatedAt).not.toBeNull();
    await call('POST', '/sim', { iccid: validIccid(), vendorId: vendor.id });
    const byMsisdn = (await call('GET', '/sim?search=6912345')).json().data;
    expect(byMsisdn.content.map((s: { iccid: string }) => s.iccid)).toEqual([a]);
    const byImsi = (await call('GET', '/sim?search=202010000000001')).json().data;
    expect(byImsi.totalElements).toBe(1);
    const filtered = (await call('GET', `/sim?vendorId=${vendor.id}&status=IN_STOCK`)).json().data;
    expect(filtered.totalElements).toBe(1);
    const sorted = (await call('GET', `/sim?vendorId=${vendor.id}&sortBy=iccid&sortOrder=desc&size=1`)).json().data;
    expect(sorted).toMatchObject({ size: 1, totalElements: 2, totalPages: 2 });
  });

  it('moves through the allowed statuses only; retired is final', async () => {
    const id = (await call('POST', '/sim', { iccid: validIccid() })).json().data.id;
    const iccid = (await call('GET', `/sim/${id}`)).json().data.iccid;
    const skip = await call('PUT', `/sim/${id}`, { iccid, status: 'SUSPENDED' });
    expect(skip.statusCode).toBe(400);
    expect(skip.json().message).toBe('A SIM card cannot go from IN_STOCK to SUSPENDED');
    for (const status of ['ACTIVE', 'SUSPENDED', 'ACTIVE', 'RETIRED']) {
      expect((await call('PUT', `/sim/${id}`, { iccid, status })).statusCode, status).toBe(200);
    }
    expect((await call('PUT', `/sim/${id}`, { iccid, status: 'ACTIVE' })).statusCode).toBe(400);
    const history = (await call('GET', `/sim/${id}/history`)).json().data;
    expect(history.map((e: { action: string; toStatus: string }) => `${e.action}:${e.toStatus}`)).toEqual([
      'status:RETIRED',
      'status:ACTIVE',
      'status:SUSPENDED',
      'status:ACTIVE',
      'created:IN_STOCK',
    ]);
  });

  it('puts a card in a device and takes it out, one card per device, with the history of both', async () => {
    const tenant = await t.ctx.db.tenant.create({ data: { name: 'SIM tenant' } });
    const device = await t.ctx.db.device.create({
      data: { name: 'Van', uniqueId: `sim-van-${tenant.id}`, tenantId: tenant.id },
    });
    const id = (await call('POST', '/sim', { iccid: validIccid() })).json().data.id;
    const other = (await call('POST', '/sim', { iccid: validIccid() })).json().data.id;
    const inserted = await call('POST', `/sim/${id}/device`, { deviceId: device.id });
    expect(inserted.json().data).toMatchObject({ tenantId: tenant.id, device: { id: device.id, name: 'Van' } });
    expect((await call('POST', `/sim/${other}/device`, { deviceId: device.id })).statusCode).toBe(409);
    expect((await call('DELETE', `/sim/${id}`)).statusCode).toBe(409);
    expect((await call('GET', `/sim/${id}`)).json().data.device).toMatchObject({ id: device.id });
    const out = await call('POST', `/sim/${id}/device`, { deviceId: null });
    expect(out.json().data.device).toBeNull();
    expect((await t.ctx.db.device.findUniqueOrThrow({ where: { id: device.id } })).simCardId).toBeNull();
    const history = (await call('GET', `/sim/${id}/history`)).json().data;
    expect(history.map((e: { action: string }) => e.action)).toEqual(['removed', 'inserted', 'created']);
    expect(history[0]).toMatchObject({ deviceId: device.id, userName: expect.any(String) });
    expect((await call('POST', `/sim/${id}/device`, { deviceId: 999_999 })).statusCode).toBe(404);
    expect((await call('DELETE', `/sim/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/sim/${id}/history`)).statusCode).toBe(404);
  });
});
