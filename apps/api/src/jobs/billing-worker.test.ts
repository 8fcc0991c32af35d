import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTenant } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { startBilling } from './billing-worker';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('runs the billing cycle and the notices at start, and again on demand, then stops', async () => {
  const plan = await t.ctx.db.subscription.create({ data: { name: 'Worker plan', priceCents: 100 } });
  const tenant = await buildTenant(t.ctx.db, {
    subscriptionId: plan.id,
    email: 'worker@example.test',
    subscriptionExpiresAt: new Date(Date.now() + 2 * 86_400_000),
  });
  await t.ctx.db.billingNotification.create({ data: { name: 'Soon', type: 'DAYS_BEFORE_EXPIRY', value: 3 } });
  const worker = startBilling(t.ctx, { cycleMs: 3_600_000, noticesMs: 86_400_000 });
  try {
    await worker.cycle();
    await worker.notices();
    expect(await t.ctx.db.invoice.count({ where: { tenantId: tenant.id } })).toBe(1);
    expect(t.mails.filter((m) => m.to === 'worker@example.test')).toHaveLength(1);
    await Promise.all([worker.cycle(), worker.notices()]);
    expect(await t.ctx.db.invoice.count({ where: { tenantId: tenant.id } })).toBe(1);
    expect(t.mails.filter((m) => m.to === 'worker@example.test')).toHaveLength(1);
  } finally {
    await worker.close();
  }
});
