import type { TestApp } from '@waymark/api/testing/test-app';
import { createTestApp } from '@waymark/api/testing/test-app';
import { luhnValid } from '@waymark/contracts/identifiers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoFleet } from './demo';
import { DEMO_RESELLER, demoIccid, ensureDemoPlatform } from './demo-platform';

describe('the demo platform (pnpm start --demo)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('makes ICCIDs that pass the check digit', () => {
    for (let i = 1; i <= 50; i++) expect(luhnValid(demoIccid(i)), demoIccid(i)).toBe(true);
    expect(demoIccid(1)).toHaveLength(19);
  });

  it('seeds a reseller over two customers, stock in every status, SIMs, plans and invoices, once', async () => {
    const fleet = await ensureDemoFleet(t.ctx.db);
    const first = await ensureDemoPlatform(t.ctx.db, fleet.tenantId);
    expect(first.credentials.map((c) => c.email)).toEqual(['reseller@waymark.local', 'harbor@waymark.local']);

    const db = t.ctx.db;
    const reseller = await db.tenant.findFirstOrThrow({ where: { name: DEMO_RESELLER }, include: { children: true } });
    expect(reseller.parentTenantId).toBeNull();
    expect(reseller.children.map((c) => c.id)).toContain(fleet.tenantId);
    expect(reseller.children).toHaveLength(2);

    const byStatus = await db.device.groupBy({ by: ['stockStatus'], _count: true });
    const counts = Object.fromEntries(byStatus.map((r) => [r.stockStatus, r._count]));
    for (const status of ['IN_STOCK', 'READY', 'ASSIGNED', 'UN_ASSIGNED', 'DISABLED'])
      expect(counts[status]).toBeGreaterThan(0);
    expect(await db.simCard.count()).toBe(60);
    expect(await db.subscription.count()).toBe(3);
    expect(await db.invoice.count({ where: { status: 'OVERDUE' } })).toBeGreaterThan(0);
    expect(await db.billingNotification.count()).toBe(3);

    const again = await ensureDemoPlatform(t.ctx.db, fleet.tenantId);
    expect(again.credentials).toEqual([]);
    expect(await db.simCard.count()).toBe(60);
    expect(await db.invoice.count()).toBe(9);
  });
});
