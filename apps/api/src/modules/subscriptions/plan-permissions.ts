import type { Permission } from '@waymark/contracts/permissions';
import type { Db, Subscription } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { tenantSubtree } from '../../plugins/app/access-scope';
import { planPermissions } from './subscriptions.presenter';

/**
 * The permission template that caps a tenant: the template of the tenant's own plan, or of the nearest tenant
 * above it that has one (a sub-tenant inherits its reseller's plan). Null means no cap: no plan up the chain, or
 * a plan with an empty template (plans made before templates existed grant everything, as they always did).
 */
export async function planTemplate(db: Pick<Db, '$queryRaw'>, tenantId: number): Promise<Permission[] | null> {
  // climbs only while no plan is found, so the first row with a plan is the nearest one
  const [row] = await db.$queryRaw<Pick<Subscription, 'attributes'>[]>`
    WITH RECURSIVE up(id, parent, plan, depth) AS (
      SELECT id, "parentTenantId", "subscriptionId", 0 FROM tenants WHERE id = ${tenantId}
      UNION ALL SELECT t.id, t."parentTenantId", t."subscriptionId", up.depth + 1
        FROM tenants t JOIN up ON t.id = up.parent WHERE up.plan IS NULL
    ) SELECT s.attributes FROM up JOIN subscriptions s ON s.id = up.plan ORDER BY up.depth LIMIT 1`;
  if (!row) return null;
  const template = planPermissions(row);
  return template.length > 0 ? template : null;
}

/** Refuses (400) a role of a capped tenant that grants flags outside the tenant's plan template. */
export async function checkPlanGrant(db: Pick<Db, '$queryRaw'>, tenantId: number, flags: readonly Permission[]) {
  const template = await planTemplate(db, tenantId);
  if (!template) return;
  const outside = flags.filter((f) => !template.includes(f));
  if (outside.length > 0) throw badRequest(`The tenant's plan does not include: ${outside.join(', ')}`);
}

/**
 * The flags of `flags` a role gives a user of the tenant: those inside the tenant's plan (all of them for
 * platform staff or an uncapped tenant). Flags outside the plan are inert, so handing out a role that carries
 * them asks nothing of the caller.
 */
export async function flagsUnderPlan<T extends string>(
  db: Pick<Db, '$queryRaw'>,
  tenantId: number | null,
  flags: readonly T[],
): Promise<T[]> {
  const template = tenantId === null ? null : await planTemplate(db, tenantId);
  return template ? flags.filter((f) => template.includes(f as Permission)) : [...flags];
}

/**
 * Ends the live sockets of every user of the tenants and the tenants under them (deactivated ones too): their
 * plan's template changed, so they hold other flags than their sockets were opened with (as a role change does).
 */
export async function endSocketsUnderPlan(ctx: AppContext, tenantIds: readonly number[]): Promise<void> {
  const tenants = new Set<number>();
  for (const id of tenantIds) for (const t of (await tenantSubtree(ctx.db, id)).managed) tenants.add(t);
  if (tenants.size === 0) return;
  const users = await ctx.db.user.findMany({ where: { tenantId: { in: [...tenants] } }, select: { id: true } });
  if (users.length > 0) await ctx.live.disconnect({ userIds: users.map((u) => u.id), reason: 'Your plan changed' });
}

/** Whether two lists hold the same flags, in any order. */
export const sameFlags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();
