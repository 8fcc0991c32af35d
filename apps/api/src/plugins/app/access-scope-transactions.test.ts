import type { Permission } from '@waymark/contracts/permissions';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { scopedDb } from './access-scope';

/**
 * Review I1: services that write in an interactive transaction (`$transaction(async tx => …)`) rely on the
 * tenant-scope query extension applying to `tx` as it does to the scoped client itself.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the tenant scope inside an interactive transaction', () => {
  it('filters reads and writes of `tx`, and fills or checks the tenant of what it creates', async () => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const foreign = await t.ctx.db.geofence.create({ data: { name: 'B', area: 'CIRCLE (1 2, 10)', tenantId: b.id } });
    const db = scopedDb(t.ctx.db, { userId: 0, platform: false, tenantIds: [a.id] });

    const made = await db.$transaction(async (tx) => {
      expect(await tx.geofence.findUnique({ where: { id: foreign.id } })).toBeNull();
      expect(await tx.geofence.count({ where: { id: foreign.id } })).toBe(0);
      expect((await tx.geofence.findMany({ where: { name: 'B' } })).map((g) => g.tenantId)).not.toContain(b.id);
      expect((await tx.geofence.updateMany({ where: { id: foreign.id }, data: { name: 'x' } })).count).toBe(0);
      expect((await tx.geofence.deleteMany({ where: { id: foreign.id } })).count).toBe(0);
      await expect(tx.geofence.update({ where: { id: foreign.id }, data: { name: 'x' } })).rejects.toMatchObject({
        code: 'P2025',
      });
      return tx.driver.create({ data: { name: 'Filled', uniqueId: `tx-${a.id}` } });
    });
    expect(made.tenantId).toBe(a.id);

    await expect(
      db.$transaction(async (tx) =>
        tx.driver.create({ data: { name: 'F', uniqueId: `tx-f-${b.id}`, tenantId: b.id } }),
      ),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(await t.ctx.db.driver.count({ where: { tenantId: b.id } })).toBe(0);
    expect((await t.ctx.db.geofence.findUniqueOrThrow({ where: { id: foreign.id } })).name).toBe('B');
  });
});

describe("resources created in a transaction with another tenant's id in the body", () => {
  const everything = PERMISSIONS.filter((p) => !PLATFORM_PERMISSIONS.includes(p)) as Permission[];
  const bodies: [string, string, Record<string, unknown>][] = [
    ['/api/geofences', 'geofence', { name: 'F', area: 'CIRCLE (1 2, 10)' }],
    ['/api/drivers', 'driver', { uniqueId: 'driver-i1', name: 'D' }],
    ['/api/maintenance', 'maintenance', { name: 'M', type: 'totalDistance', period: 1000 }],
    [
      '/api/attributes/computed',
      'computedAttribute',
      { description: 'A', attribute: 'a', expression: 'speed', type: 'number' },
    ],
  ];

  it.each(bodies)('POST %s is refused and creates nothing in the other tenant', async (url, model, body) => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: a.id, permissions: everything });
    const { authorization } = await signIn(t.app, user.email);
    const count = (tenantId: number) =>
      (t.ctx.db as unknown as Record<string, { count(q: object): Promise<number> }>)[model]?.count({
        where: { tenantId },
      });

    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization },
      payload: { ...body, tenantId: b.id },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(await count(b.id)).toBe(0);
    // the same body without the foreign tenant lands in the caller's
    const own = await t.app.inject({ method: 'POST', url, headers: { authorization }, payload: body });
    expect(own.statusCode, own.body).toBe(200);
    expect(await count(a.id)).toBe(1);
  });
});
