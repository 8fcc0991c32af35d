import type { Prisma } from '@waymark/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthContext } from '../../plugins/app/auth-context';
import { buildTenant, buildUser } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { linkedResource } from './linked-resources';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Drivers as a linked resource, with a subset (names starting with "A") to show how a subset hides rows. */
const spec = {
  kind: 'driver' as const,
  model: (db: Prisma.TransactionClient) => db.driver,
  notFound: 'Driver not found',
  audit: { action: 'driver', objectType: 'driver' },
  orderBy: [{ name: 'asc' as const }, { id: 'asc' as const }],
  links: { keyword: (keyword: string) => ({ name: { contains: keyword } }) },
};
const drivers = linkedResource(spec);
const aDrivers = linkedResource({
  ...spec,
  notFound: 'No such A driver',
  subset: { where: { name: { startsWith: 'A' } }, has: (row) => row.name.startsWith('A') },
});

async function caller() {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id });
  return { tenant, auth: await buildAuthContext(t.ctx.db, user, 'bearer') };
}

const entries = (objectId: number) =>
  t.ctx.db.auditLog.findMany({ where: { objectType: 'driver', objectId: String(objectId) }, orderBy: { id: 'asc' } });

describe('linkedResource', () => {
  it('links a new row to its creator, audits each change, and unlinks the row it deletes', async () => {
    const { tenant, auth } = await caller();
    const row = await drivers.create(t.ctx, auth, { name: 'Ann', uniqueId: 'lr-1', tenantId: tenant.id });
    const links = { kind: 'driver', objectId: row.id };
    expect(await t.ctx.db.userLink.findMany({ where: links })).toMatchObject([{ userId: auth.user.id }]);

    expect((await drivers.update(t.ctx, auth, row.id, { name: 'Anna' })).name).toBe('Anna');
    await drivers.remove(t.ctx, auth, row.id);
    expect(await t.ctx.db.driver.findUnique({ where: { id: row.id } })).toBeNull();
    expect(await t.ctx.db.userLink.count({ where: links })).toBe(0);
    expect(await entries(row.id)).toMatchObject(
      ['driver.created', 'driver.updated', 'driver.deleted'].map((action) => ({
        action,
        userId: auth.user.id,
        tenantId: tenant.id,
      })),
    );
  });

  it('gives 404 with the resource’s text for another tenant’s row and for a row outside the subset', async () => {
    const { tenant, auth } = await caller();
    const other = await caller();
    const theirs = await drivers.create(t.ctx, other.auth, { name: 'Al', uniqueId: 'lr-2', tenantId: other.tenant.id });
    await expect(drivers.get(auth, theirs.id)).rejects.toMatchObject({ statusCode: 404, message: 'Driver not found' });
    await expect(drivers.remove(t.ctx, auth, theirs.id)).rejects.toMatchObject({ statusCode: 404 });

    const bob = await drivers.create(t.ctx, auth, { name: 'Bob', uniqueId: 'lr-3', tenantId: tenant.id });
    const amy = await drivers.create(t.ctx, auth, { name: 'Amy', uniqueId: 'lr-4', tenantId: tenant.id });
    await expect(aDrivers.get(auth, bob.id)).rejects.toMatchObject({ statusCode: 404, message: 'No such A driver' });
    expect((await aDrivers.get(auth, amy.id)).id).toBe(amy.id);
    expect((await aDrivers.list(auth, { all: false })).map((d) => d.name)).toEqual(['Amy']);
    expect((await drivers.list(auth, { all: false, keyword: 'o' })).map((d) => d.name)).toEqual(['Bob']);
    expect((await drivers.list(auth, { all: false, limit: 1, offset: 1 })).map((d) => d.name)).toEqual(['Bob']);
  });
});
