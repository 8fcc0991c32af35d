import type { Db } from '@waymark/db/client';
import { conflict } from '../../http-error';

/** Devices that count against a plan: the tenant's own devices that are not disabled. */
export function activeDeviceCount(db: Db, tenantId: number): Promise<number> {
  return db.device.count({ where: { tenantId, disabled: false } });
}

/**
 * Refuses (409) giving `adding` more active devices to a tenant whose plan's device limit they would pass.
 * A tenant without a plan, or on a plan without a limit (-1), is not limited. Call it before any write that adds
 * active devices to a tenant (assigning stock, creating, re-enabling).
 */
export async function checkPlanDeviceLimit(db: Db, tenantId: number, adding: number): Promise<void> {
  if (adding <= 0) return;
  const tenant = await db.tenant.findUnique({
    where: { id: tenantId },
    select: { name: true, subscription: { select: { name: true, deviceLimit: true } } },
  });
  const limit = tenant?.subscription?.deviceLimit ?? -1;
  if (!tenant?.subscription || limit < 0) return;
  const active = await activeDeviceCount(db, tenantId);
  if (active + adding > limit) {
    throw conflict(
      `The plan ${tenant.subscription.name} of ${tenant.name} allows ${limit} active devices; ` +
        `it has ${active} and cannot take ${adding} more`,
    );
  }
}
