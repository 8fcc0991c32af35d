import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storePosition } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(permissions: Permission[] = ['VIEW_DEVICE_DETAILS'], tenantId?: number) {
  const tenant = tenantId ?? (await buildTenant(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { tenantId: tenant, permissions });
  return { tenantId: tenant, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}
const call = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers, payload: payload as never });
const VOLTAGE = { description: 'Battery voltage', attribute: 'voltage', expression: 'io200 * 0.1', type: 'number' };
const URL = '/api/attributes/computed';

describe('/api/attributes/computed', () => {
  it('creates, reads, updates and deletes a computed attribute', async () => {
    const { tenantId, headers } = await member();
    const created = await call(headers, 'POST', URL, VOLTAGE);
    expect(created.statusCode).toBe(200);
    const attr = created.json();
    expect(attr).toEqual({ id: expect.any(Number), ...VOLTAGE, priority: 0, tenantId });
    expect((await call(headers, 'GET', `${URL}/${attr.id}`)).json()).toEqual(attr);
    const updated = await call(headers, 'PUT', `${URL}/${attr.id}`, { expression: 'io200 / 10', priority: 3 });
    expect(updated.json()).toMatchObject({ expression: 'io200 / 10', priority: 3, attribute: 'voltage' });
    expect((await call(headers, 'DELETE', `${URL}/${attr.id}`)).statusCode).toBe(204);
    expect((await call(headers, 'GET', `${URL}/${attr.id}`)).statusCode).toBe(404);
  });

  it('refuses invalid bodies and expressions with the parse error', async () => {
    const { tenantId, headers } = await member();
    for (const payload of [
      { ...VOLTAGE, type: 'date' },
      { ...VOLTAGE, attribute: 'has space' },
      { ...VOLTAGE, expression: '' },
      { ...VOLTAGE, description: undefined },
    ]) {
      const res = await call(headers, 'POST', URL, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const parse = await call(headers, 'POST', URL, { ...VOLTAGE, expression: 'io200 *' });
    expect(parse.statusCode).toBe(400);
    expect(parse.json().message).toMatch(/^Invalid expression: .+/);
    const attr = (await call(headers, 'POST', URL, VOLTAGE)).json();
    const badUpdate = await call(headers, 'PUT', `${URL}/${attr.id}`, { expression: '((' });
    expect(badUpdate.statusCode).toBe(400);
    expect((await t.ctx.db.computedAttribute.findUniqueOrThrow({ where: { id: attr.id } })).expression).toBe(
      VOLTAGE.expression,
    );
    expect(await t.ctx.db.computedAttribute.count({ where: { tenantId } })).toBe(1);
  });

  it('refuses a nested-filter expression at save and at /test while the server keeps answering', async () => {
    const { tenantId, headers } = await member();
    const device = await t.ctx.db.device.create({ data: { name: 'B', uniqueId: `bomb-${tenantId}`, tenantId } });
    let bomb = 'true';
    for (let depth = 0; depth < 7; depth += 1) bomb = `{a:[0,1,2,3,4,5,6,7,8,9]}.a[.x || ${bomb}]`;
    expect(bomb).toHaveLength(249);
    const payload = { description: 'bomb', attribute: 'bomb', expression: bomb, type: 'boolean' };
    const health = (async () => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      return { status: res.statusCode, ms: performance.now() - started };
    })();
    const [saved, tested, healthy] = await Promise.all([
      call(headers, 'POST', URL, payload),
      call(headers, 'POST', `${URL}/test?deviceId=${device.id}`, payload),
      health,
    ]);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toMatch(/filter inside another filter/);
    expect(tested.statusCode).toBe(400);
    expect(tested.json().message).toMatch(/filter inside another filter/);
    expect(healthy.status).toBe(200);
    expect(healthy.ms).toBeLessThan(50);
  });

  it('tests an expression on the device’s latest position', async () => {
    const { tenantId, headers } = await member();
    const device = await t.ctx.db.device.create({ data: { name: 'D', uniqueId: `ca-${tenantId}`, tenantId } });
    const test = (payload: unknown, deviceId = device.id) =>
      call(headers, 'POST', `${URL}/test?deviceId=${deviceId}`, payload);
    const none = await test({ expression: 'speed', type: 'number' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('The device has no position yet');
    const time = new Date();
    const position = await storePosition(t.ctx.db, {
      data: {
        deviceId: device.id,
        tenantId,
        protocol: 'gt06',
        deviceTime: time,
        fixTime: time,
        valid: true,
        latitude: 1,
        longitude: 2,
        speed: 55,
        attributes: { io200: 125, ignition: true },
      },
    });
    await t.ctx.db.device.update({
      where: { id: device.id },
      data: { positionId: position.id, positionTime: position.fixTime },
    });
    expect((await test(VOLTAGE)).json()).toBe(12.5);
    expect((await test({ expression: 'speed > 50', type: 'boolean' })).json()).toBe(true);
    expect((await test({ expression: 'ignition ? 1 : 0', type: 'string' })).json()).toBe('1');
    expect((await test({ expression: 'nothing', type: 'number' })).json()).toBeNull();
    const invalid = await test({ expression: 'speed >', type: 'number' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/^Invalid expression/);
  });

  it('filters the list by userId, groupId, deviceId, keyword, limit and offset', async () => {
    const { tenantId, user, headers } = await member();
    const other = await member(['VIEW_DEVICE_DETAILS'], tenantId);
    const make = async (h: typeof headers, description: string) =>
      (await call(h, 'POST', URL, { ...VOLTAGE, description })).json();
    const a = await make(headers, 'Alpha');
    const b = await make(headers, 'Beta');
    const c = await make(other.headers, 'Gamma');
    const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId } });
    const device = await t.ctx.db.device.create({ data: { name: 'D', uniqueId: `cal-${a.id}`, tenantId } });
    await t.ctx.db.groupComputedAttribute.create({ data: { groupId: group.id, attributeId: b.id } });
    await t.ctx.db.deviceComputedAttribute.create({ data: { deviceId: device.id, attributeId: c.id } });
    const names = async (query: string) =>
      (await call(headers, 'GET', `${URL}${query}`)).json().map((x: { description: string }) => x.description);
    expect(await names('')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names(`?userId=${user.id}`)).toEqual(['Alpha', 'Beta']);
    expect(await names(`?groupId=${group.id}`)).toEqual(['Beta']);
    expect(await names(`?deviceId=${device.id}`)).toEqual(['Gamma']);
    expect(await names('?keyword=gam')).toEqual(['Gamma']);
    expect(await names('?limit=2&offset=1')).toEqual(['Beta', 'Gamma']);
  });

  it('gives 404 for another tenant’s rows and devices, unchanged; needs VIEW_DEVICE_DETAILS or ADMIN_ACCOUNT', async () => {
    const { headers } = await member();
    const other = await member();
    const foreign = (await call(other.headers, 'POST', URL, VOLTAGE)).json();
    const foreignDevice = await t.ctx.db.device.create({
      data: { name: 'D', uniqueId: `caf-${foreign.id}`, tenantId: other.tenantId },
    });
    expect((await call(headers, 'GET', `${URL}/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'PUT', `${URL}/${foreign.id}`, { description: 'Mine' })).statusCode).toBe(404);
    expect((await call(headers, 'DELETE', `${URL}/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'POST', `${URL}/test?deviceId=${foreignDevice.id}`, VOLTAGE)).statusCode).toBe(404);
    expect((await call(headers, 'GET', URL)).json()).toEqual([]);
    expect(await t.ctx.db.computedAttribute.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({
      description: VOLTAGE.description,
    });
    const { headers: noFlag } = await member(['VIEW_DEVICES']);
    expect((await call(noFlag, 'GET', URL)).statusCode).toBe(403);
    expect((await call(noFlag, 'POST', URL, VOLTAGE)).statusCode).toBe(403);
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const asAdmin = { authorization: (await signIn(t.app, admin.email)).authorization };
    expect((await call(asAdmin, 'POST', URL, VOLTAGE)).statusCode).toBe(200);
  });
});
