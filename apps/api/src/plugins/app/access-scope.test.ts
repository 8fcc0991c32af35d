import { readSchemaModels } from '@waymark/db/schema-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { scopedDb, TENANT_OWNED_MODELS, tenantTree } from './access-scope';

describe('tenant-owned models', () => {
  it('are exactly the models of schema.prisma with a tenantId column', () => {
    const withTenant = readSchemaModels()
      .filter((m) => m.fields.some((f) => f.name === 'tenantId'))
      .map((m) => m.name)
      .filter((n) => n !== 'Tenant');
    expect([...TENANT_OWNED_MODELS].sort()).toEqual(withTenant.sort());
  });
});

describe('scopedDb', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('filters reads, updates and deletes, and fills or checks the tenant on create', async () => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const foreign = await buildUser(t.ctx.db, { tenantId: b.id });
    const db = scopedDb(t.ctx.db, { userId: 0, platform: false, tenantIds: [a.id] });

    expect(await db.user.findUnique({ where: { id: foreign.id } })).toBeNull();
    expect(await db.user.findFirst({ where: { email: foreign.email } })).toBeNull();
    expect(await db.user.count({ where: { id: foreign.id } })).toBe(0);
    expect((await db.user.updateMany({ where: { id: foreign.id }, data: { name: 'x' } })).count).toBe(0);
    await expect(db.user.update({ where: { id: foreign.id }, data: { name: 'x' } })).rejects.toMatchObject({
      code: 'P2025',
    });
    await expect(db.user.delete({ where: { id: foreign.id } })).rejects.toMatchObject({ code: 'P2025' });
    await expect(db.tenant.findUnique({ where: { id: b.id } })).resolves.toBeNull();

    const made = await db.group.create({ data: { name: 'Filled' } });
    expect(made.tenantId).toBe(a.id);
    await expect(db.group.create({ data: { name: 'Foreign', tenantId: b.id } })).rejects.toMatchObject({
      statusCode: 403,
    });
    const own = await buildUser(t.ctx.db, { tenantId: a.id });
    await expect(db.user.update({ where: { id: own.id }, data: { tenantId: b.id } })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: foreign.id } })).name).toBe(foreign.name);
  });

  it('tenantTree lists a tenant and every descendant', async () => {
    const root = await buildTenant(t.ctx.db);
    const child = await buildTenant(t.ctx.db, { parentTenantId: root.id });
    const grandchild = await buildTenant(t.ctx.db, { parentTenantId: child.id });
    await buildTenant(t.ctx.db);
    const tree = await tenantTree(t.ctx.db, root.id);
    expect(tree[0]).toBe(root.id);
    expect(tree.slice(1).sort()).toEqual([child.id, grandchild.id].sort());
  });
});
