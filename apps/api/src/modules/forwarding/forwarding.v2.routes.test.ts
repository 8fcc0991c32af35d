import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, v2Caller } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { SERVER_WIDE_ONLY } from './forwarding.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (user: { email: string }) => v2Caller(t.app, user);

const tenantAdmin = async (tenantId: number) => {
  const role = await t.ctx.db.role.findFirstOrThrow({ where: { name: 'Tenant administrator', tenantId: null } });
  return as(await buildUser(t.ctx.db, { tenantId, roleId: role.id }));
};

describe('/api/v2/forwarding', () => {
  it('lets platform administrators manage server-wide targets and read how delivery stands', async () => {
    const call = await as(await buildUser(t.ctx.db, { administrator: true }));
    const created = await call('POST', '/forwarding', {
      name: 'Local broker',
      type: 'mqtt',
      url: 'mqtt://127.0.0.1:1883',
      topic: 'fleet/positions',
      events: true,
    });
    expect(created.statusCode).toBe(200);
    const target = created.json().data;
    expect(target).toMatchObject({
      tenantId: null,
      tenantName: null,
      name: 'Local broker',
      type: 'mqtt',
      topic: 'fleet/positions',
      exchange: '',
      headers: {},
      positions: true,
      events: true,
      enabled: true,
      queueLimit: 1_000_000,
    });
    await t.ctx.db.forwardingOutbox.createMany({
      data: [1n, 2n, 3n].map((n) => ({ forwardingId: target.id, eventId: n })),
    });
    await t.ctx.db.forwarding.update({
      where: { id: target.id },
      data: { dropped: 7n, delivered: 40n, failures: 2, lastError: 'the MQTT broker: no answer within 10000 ms' },
    });
    const status = (await call('GET', `/forwarding/${target.id}/status`)).json().data;
    expect(status).toMatchObject({
      id: target.id,
      enabled: true,
      pending: 3,
      delivered: 40,
      dropped: 7,
      failures: 2,
      lastError: 'the MQTT broker: no answer within 10000 ms',
    });
    expect(status.oldestPendingAt).toEqual(expect.any(String));

    const updated = await call('PUT', `/forwarding/${target.id}`, {
      name: 'Local broker',
      type: 'mqtt',
      url: 'mqtt://127.0.0.1:1883',
      topic: 'fleet/all',
      enabled: false,
    });
    expect(updated.json().data).toMatchObject({ topic: 'fleet/all', enabled: false, events: false });
    // a changed target starts afresh
    expect((await call('GET', `/forwarding/${target.id}/status`)).json().data).toMatchObject({ failures: 0 });
    expect((await call('GET', '/forwarding')).json().data.map((f: { id: number }) => f.id)).toContain(target.id);
    expect((await call('DELETE', `/forwarding/${target.id}`)).statusCode).toBe(204);
    expect(await t.ctx.db.forwardingOutbox.count({ where: { forwardingId: target.id } })).toBe(0);
    expect((await call('GET', `/forwarding/${target.id}`)).statusCode).toBe(404);
  });

  it('gives tenant administrators their own tenant’s targets, public addresses only', async () => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const serverWide = await t.ctx.db.forwarding.create({
      data: { name: 'S', type: 'webhook', url: 'http://127.0.0.1:9/s' },
    });
    const call = await tenantAdmin(a.id);
    const mine = await call('POST', '/forwarding', {
      name: 'Our hook',
      type: 'webhook',
      url: 'https://198.51.99.7/positions',
      headers: { authorization: 'Bearer abc' },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      tenantId: a.id,
      tenantName: a.name,
      headers: { authorization: 'Bearer abc' },
    });
    const list = (await call('GET', '/forwarding')).json().data;
    expect(list.map((f: { id: number }) => f.id)).toEqual([mine.json().data.id]);
    expect(list[0].tenantName).toBe(a.name);
    // the server's targets are out of reach, and out of sight
    expect((await call('GET', `/forwarding/${serverWide.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/forwarding/${serverWide.id}/status`)).statusCode).toBe(404);
    const body = { name: 'X', type: 'webhook', url: 'https://198.51.99.7/x' };
    const wide = await call('POST', '/forwarding', { ...body, tenantId: null });
    expect(wide.statusCode).toBe(403);
    expect(wide.json().message).toBe(SERVER_WIDE_ONLY);
    expect((await call('POST', '/forwarding', { ...body, tenantId: b.id })).statusCode).toBe(400);
    for (const [type, url] of [
      ['webhook', 'http://127.0.0.1:8080/hook'],
      ['webhook', 'http://169.254.169.254/latest'],
      ['redis', 'redis://10.0.0.5:6379'],
      ['amqp', 'amqp://[::1]:5672'],
    ]) {
      const inside = await call('POST', '/forwarding', { name: 'I', type, url, topic: 't' });
      expect(inside.statusCode, url).toBe(400);
      expect(inside.json().message, url).toMatch(/private, loopback, link-local or reserved address/);
    }
    expect(await t.ctx.db.forwarding.count({ where: { tenantId: { not: a.id }, name: { in: ['X', 'I'] } } })).toBe(0);
  });

  it('refuses a target whose URL does not suit its type, or that forwards nothing', async () => {
    const call = await as(await buildUser(t.ctx.db, { administrator: true }));
    for (const [payload, path] of [
      [{ name: 'M', type: 'mqtt', url: 'mqtt://127.0.0.1:1883' }, 'topic'],
      [{ name: 'A', type: 'amqp', url: 'http://127.0.0.1:5672', topic: 'k' }, 'url'],
      [{ name: 'W', type: 'webhook', url: 'not a url' }, 'url'],
      [{ name: 'W', type: 'webhook', url: 'https://x.example.test', positions: false }, 'positions'],
      [{ name: 'W', type: 'webhook', url: 'https://x.example.test', headers: { 'bad header': 'v' } }, 'headers'],
    ] as const) {
      const res = await call('POST', '/forwarding', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toContain(path);
    }
  });

  it('answers 403 to users without the administration flags', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const call = await as(await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] }));
    expect((await call('GET', '/forwarding')).statusCode).toBe(403);
    expect(
      (await call('POST', '/forwarding', { name: 'W', type: 'webhook', url: 'https://x.example.test' })).statusCode,
    ).toBe(403);
  });
});
