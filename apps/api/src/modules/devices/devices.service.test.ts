import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthContext } from '../../plugins/app/auth-context';
import { buildTenant, buildUser } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { createDevice, DEVICE_CLASH, DEVICE_LIMIT_REACHED } from './devices.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const uniqueId = () => `svc-${Date.now()}-${++seq}`;

async function tenantCaller(extra: { deviceLimit?: number } = {}) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['ADMIN_ACCOUNT'], ...extra });
  return { tenant, auth: await buildAuthContext(t.ctx.db, user, 'bearer') };
}

describe('createDevice', () => {
  it('places a tenant user’s device in its tenant (unassigned until a group or user has it), and audits it', async () => {
    const { tenant, auth } = await tenantCaller();
    const row = await createDevice(t.ctx, auth, { name: 'Van', uniqueId: uniqueId() });
    expect(row).toMatchObject({ tenantId: tenant.id, stockStatus: 'UN_ASSIGNED' });
    const entry = await t.ctx.db.auditLog.findFirst({ where: { action: 'device.created', objectId: String(row.id) } });
    expect(entry).toMatchObject({ userId: auth.user.id, tenantId: tenant.id, objectType: 'device' });
  });

  it('keeps platform staff’s devices without a tenant in stock', async () => {
    const staff = await buildUser(t.ctx.db, { tenantId: null, administrator: true });
    const auth = await buildAuthContext(t.ctx.db, staff, 'bearer');
    const row = await createDevice(t.ctx, auth, { name: 'Spare', uniqueId: uniqueId() });
    expect(row).toMatchObject({ tenantId: null, stockStatus: 'IN_STOCK' });
  });

  it('refuses a tenant user another tenant or the stock (403)', async () => {
    const { auth } = await tenantCaller();
    const other = await buildTenant(t.ctx.db);
    await expect(
      createDevice(t.ctx, auth, { name: 'X', uniqueId: uniqueId(), tenantId: other.id }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(createDevice(t.ctx, auth, { name: 'X', uniqueId: uniqueId(), tenantId: null })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('stops at the device limit', async () => {
    const { auth } = await tenantCaller({ deviceLimit: 1 });
    await createDevice(t.ctx, auth, { name: 'One', uniqueId: uniqueId() });
    await expect(createDevice(t.ctx, auth, { name: 'Two', uniqueId: uniqueId() })).rejects.toMatchObject({
      statusCode: 403,
      message: DEVICE_LIMIT_REACHED,
    });
  });

  it('refuses a uniqueId another tenant already uses (409), though that device is not visible', async () => {
    const first = await tenantCaller();
    const second = await tenantCaller();
    const id = uniqueId();
    await createDevice(t.ctx, first.auth, { name: 'Theirs', uniqueId: id });
    await expect(createDevice(t.ctx, second.auth, { name: 'Mine', uniqueId: id })).rejects.toMatchObject({
      statusCode: 409,
      message: DEVICE_CLASH,
    });
  });
});
