import type { Permission } from '@waymark/contracts/permissions';
import type { InjectOptions } from 'fastify';
import { runBillingCycle } from '../jobs/billing-cycle';
import { buildTenant, buildUser, signIn } from './factories';
import type { TestApp } from './test-app';
import { createTestApp } from './test-app';

/** The Authorization header of a new user with these flags (a tenant's staff; platform staff with no tenant). */
async function staffOf(t: TestApp, tenantId: number | null, permissions: Permission[]): Promise<string> {
  const user = await buildUser(t.ctx.db, { tenantId, permissions });
  return (await signIn(t.app, user.email)).authorization;
}

/**
 * A billed tenant and its staff, as the billing and plan tests set them up. `app` reads the test's app when a
 * helper runs: the kit is made where the test declares it, the app only in its beforeAll.
 */
export function billingKit(app: () => TestApp) {
  return {
    /** A new app, and the Authorization header of a platform administrator of it (ADMIN_ACCOUNT). */
    async start() {
      const t = await createTestApp();
      return { t, staff: await staffOf(t, null, ['ADMIN_ACCOUNT']) };
    },
    /** The Authorization header of a new user of this tenant with these flags. */
    staffOf: (tenantId: number, permissions: Permission[]) => staffOf(app(), tenantId, permissions),

    /** A request to /api/v2 as this caller. */
    call: (method: string, url: string, authorization: string, payload?: unknown) =>
      app().app.inject({
        method: method as InjectOptions['method'],
        url: `/api/v2${url}`,
        headers: { authorization },
        payload: payload as InjectOptions['payload'],
      }),

    /** A tenant on a plan of 12.50 EUR a device, with `devices` devices, invoiced by one billing cycle. */
    async billedTenant(devices = 2, parentTenantId?: number) {
      const { db } = app().ctx;
      const plan = await db.subscription.create({
        data: { name: `Plan ${Math.random()}`, priceCents: 1250, currency: 'EUR' },
      });
      const tenant = await buildTenant(db, { subscriptionId: plan.id, parentTenantId });
      for (let i = 0; i < devices; i++) {
        await db.device.create({ data: { name: `d${i}`, uniqueId: `bill-${tenant.id}-${i}`, tenantId: tenant.id } });
      }
      await runBillingCycle(db, new Date('2026-02-03T00:00:00Z'));
      const invoice = await db.invoice.findFirstOrThrow({ where: { tenantId: tenant.id } });
      return { tenant, plan, invoice };
    },
  };
}
