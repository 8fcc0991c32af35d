import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/audit', () => {
  it('answers the window’s actions in Traccar’s Action shape, oldest first, within the caller’s tenants', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const other = await buildTenant(t.ctx.db);
    const viewer = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_USER_DETAILS'] });
    const colleague = await buildUser(t.ctx.db, { tenantId: tenant.id });
    const stranger = await buildUser(t.ctx.db, { tenantId: other.id });
    const at = (iso: string) => new Date(iso);
    const rows = [
      {
        tenantId: tenant.id,
        userId: colleague.id,
        action: 'device.created',
        objectType: 'device',
        objectId: '42',
        ip: '192.0.2.7',
        details: { name: 'Van' },
        createdAt: at('2026-03-01T10:00:00Z'),
      },
      {
        tenantId: tenant.id,
        userId: colleague.id,
        action: 'session.revoked',
        objectType: 'session',
        objectId: 'a1b2',
        createdAt: at('2026-03-01T11:00:00Z'),
      },
      { tenantId: tenant.id, userId: null, action: 'session.sign_in_failed', createdAt: at('2026-03-01T12:00:00Z') },
      { tenantId: tenant.id, userId: colleague.id, action: 'device.deleted', createdAt: at('2026-03-03T10:00:00Z') },
      { tenantId: other.id, userId: stranger.id, action: 'device.created', createdAt: at('2026-03-01T10:30:00Z') },
      { tenantId: null, userId: null, action: 'server.reboot', createdAt: at('2026-03-01T10:45:00Z') },
    ];
    for (const data of rows) await t.ctx.db.auditLog.create({ data });
    const { authorization } = await signIn(t.app, viewer.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/audit?from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z',
      headers: { authorization },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(Number),
        actionTime: '2026-03-01T10:00:00.000Z',
        address: '192.0.2.7',
        userId: colleague.id,
        userEmail: colleague.email,
        actionType: 'device.created',
        objectType: 'device',
        objectId: 42,
        attributes: { name: 'Van' },
      },
      expect.objectContaining({ actionType: 'session.revoked', objectId: 0, attributes: { objectId: 'a1b2' } }),
      expect.objectContaining({ actionType: 'session.sign_in_failed', userId: 0, userEmail: null }),
    ]);

    // platform staff see every tenant's and the platform's own
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/audit?from=2026-03-01T10:00:00Z&to=2026-03-01T11:00:00Z',
      headers: await signIn(t.app, admin.email),
    });
    expect(all.json().map((a: { actionType: string }) => a.actionType)).toEqual(
      expect.arrayContaining(['device.created', 'device.created', 'server.reboot']),
    );
    expect(all.json().some((a: { userId: number }) => a.userId === stranger.id)).toBe(true);
  });

  it('needs both ends in order and a flag that reads users’ history', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const viewer = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_USER_DETAILS'] });
    const plain = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] });
    const headers = await signIn(t.app, viewer.email);
    for (const query of ['', '?from=2026-03-01T00:00:00Z', '?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers })).statusCode, query).toBe(400);
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/audit?from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z',
      headers: await signIn(t.app, plain.email),
    });
    expect(refused.statusCode).toBe(403);
  });
});
