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

async function member(permissions: Permission[] = ['VIEW_DRIVERS'], tenantId?: number) {
  const tenant = tenantId ?? (await buildTenant(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { tenantId: tenant, permissions });
  return { tenantId: tenant, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}
const call = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers, payload: payload as never });

describe('/api/drivers', () => {
  it('creates, reads, updates by uniqueId and deletes a driver with its card fields', async () => {
    const { tenantId, headers } = await member();
    const created = await call(headers, 'POST', '/api/drivers', {
      uniqueId: 'RFID-001',
      name: 'Ana',
      cardNo: 'C-77',
      cardIssuingPlace: 'Lyon',
      cardIssueDate: '2023-04-01',
      cardExpirationDate: '2028-04-01T00:00:00Z',
      gender: 'female',
      birthday: '1990-02-03',
      personalId: 'P1',
      icNo: 'IC9',
      mobile: '+33600000000',
      attributes: { team: 'night' },
    });
    expect(created.statusCode).toBe(200);
    const driver = created.json();
    expect(driver).toEqual({
      id: expect.any(Number),
      uniqueId: 'RFID-001',
      name: 'Ana',
      cardNo: 'C-77',
      cardIssuingPlace: 'Lyon',
      cardIssueDate: '2023-04-01T00:00:00.000Z',
      cardExpirationDate: '2028-04-01T00:00:00.000Z',
      gender: 'female',
      birthday: '1990-02-03T00:00:00.000Z',
      personalId: 'P1',
      icNo: 'IC9',
      mobile: '+33600000000',
      tenantId,
      attributes: { team: 'night' },
    });
    expect((await call(headers, 'GET', `/api/drivers/${driver.id}`)).json()).toEqual(driver);

    const updated = await call(headers, 'PUT', '/api/drivers/RFID-001', { name: 'Ana B', gender: null, mobile: null });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: driver.id, name: 'Ana B', gender: null, mobile: null, cardNo: 'C-77' });
    // a Traccar client addresses it by its numeric id
    const byId = await call(headers, 'PUT', `/api/drivers/${driver.id}`, { uniqueId: 'RFID-002' });
    expect(byId.json()).toMatchObject({ id: driver.id, uniqueId: 'RFID-002' });
    expect((await call(headers, 'PUT', '/api/drivers/RFID-001', { name: 'X' })).statusCode).toBe(404);

    expect((await call(headers, 'DELETE', `/api/drivers/${driver.id}`)).statusCode).toBe(204);
    expect((await call(headers, 'GET', `/api/drivers/${driver.id}`)).statusCode).toBe(404);
  });

  it('keeps uniqueId unique within a tenant (409), not across tenants', async () => {
    const { headers } = await member();
    const other = await member();
    expect((await call(headers, 'POST', '/api/drivers', { uniqueId: 'TAG', name: 'A' })).statusCode).toBe(200);
    const clash = await call(headers, 'POST', '/api/drivers', { uniqueId: 'TAG', name: 'B' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A driver with this identifier already exists');
    expect((await call(other.headers, 'POST', '/api/drivers', { uniqueId: 'TAG', name: 'C' })).statusCode).toBe(200);
    const second = (await call(headers, 'POST', '/api/drivers', { uniqueId: 'TAG2', name: 'D' })).json();
    const renamed = await call(headers, 'PUT', `/api/drivers/${second.uniqueId}`, { uniqueId: 'TAG' });
    expect(renamed.statusCode).toBe(409);
  });

  it('filters the list by userId, groupId, deviceId, keyword, limit and offset', async () => {
    const { tenantId, user, headers } = await member();
    const other = await member(['VIEW_DRIVERS'], tenantId);
    const make = async (h: typeof headers, name: string, uniqueId: string) =>
      (await call(h, 'POST', '/api/drivers', { name, uniqueId })).json();
    const a = await make(headers, 'Alpha', 'k-1');
    const b = await make(headers, 'Beta', 'k-2');
    const c = await make(other.headers, 'Gamma', 'zz-3');
    const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId } });
    const device = await t.ctx.db.device.create({ data: { name: 'D', uniqueId: `dr-${a.id}`, tenantId } });
    await t.ctx.db.groupDriver.create({ data: { groupId: group.id, driverId: b.id } });
    await t.ctx.db.deviceDriver.create({ data: { deviceId: device.id, driverId: c.id } });
    const names = async (query: string) =>
      (await call(headers, 'GET', `/api/drivers${query}`)).json().map((x: { name: string }) => x.name);
    expect(await names('')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names(`?userId=${user.id}`)).toEqual(['Alpha', 'Beta']);
    expect(await names(`?groupId=${group.id}`)).toEqual(['Beta']);
    expect(await names(`?deviceId=${device.id}`)).toEqual(['Gamma']);
    expect(await names('?keyword=ZZ')).toEqual(['Gamma']);
    expect(await names('?limit=2')).toEqual(['Alpha', 'Beta']);
    expect(await names('?offset=1&limit=1')).toEqual(['Beta']);
  });

  it('refuses invalid bodies with a message', async () => {
    const { tenantId, headers } = await member();
    for (const payload of [
      { name: 'X' },
      { uniqueId: 'u', name: '' },
      { uniqueId: 'u', name: 'X', gender: 'unknown' },
      { uniqueId: 'u', name: 'X', birthday: '03/02/1990' },
      { uniqueId: 'u', name: 'X', attributes: [] },
    ]) {
      const res = await call(headers, 'POST', '/api/drivers', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await t.ctx.db.driver.count({ where: { tenantId } })).toBe(0);
  });

  it('gives 404 for another tenant’s driver and leaves it unchanged; requires VIEW_DRIVERS', async () => {
    const { headers } = await member();
    const other = await member();
    const foreign = (await call(other.headers, 'POST', '/api/drivers', { uniqueId: 'THEIRS', name: 'Theirs' })).json();
    expect((await call(headers, 'GET', `/api/drivers/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'PUT', '/api/drivers/THEIRS', { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(headers, 'PUT', `/api/drivers/${foreign.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(headers, 'DELETE', `/api/drivers/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'GET', '/api/drivers')).json()).toEqual([]);
    expect(await t.ctx.db.driver.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({ name: 'Theirs' });

    const { headers: noFlag } = await member(['VIEW_GROUPS']);
    expect((await call(noFlag, 'GET', '/api/drivers')).statusCode).toBe(403);
    expect((await call(noFlag, 'POST', '/api/drivers', { uniqueId: 'x', name: 'x' })).statusCode).toBe(403);
  });
});
