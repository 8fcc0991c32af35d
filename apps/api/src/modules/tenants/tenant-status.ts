import type { AppContext } from '../../context';

/** Every tenant under this one (deactivated or not), with it. */
async function subtreeIds(ctx: AppContext, tenantId: number): Promise<number[]> {
  const rows = await ctx.db.$queryRaw<{ id: number }[]>`
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM tenants WHERE id = ${tenantId}
      UNION SELECT t.id FROM tenants t JOIN tree ON t."parentTenantId" = tree.id
    ) SELECT id FROM tree`;
  return rows.map((r) => r.id);
}

/** The tenants above this one, its parent first. */
async function ancestorIds(ctx: AppContext, tenantId: number): Promise<number[]> {
  const rows = await ctx.db.$queryRaw<{ id: number }[]>`
    WITH RECURSIVE up(id, parent) AS (
      SELECT id, "parentTenantId" FROM tenants WHERE id = ${tenantId}
      UNION ALL SELECT t.id, t."parentTenantId" FROM tenants t JOIN up ON t.id = up.parent
    ) SELECT id FROM up WHERE id <> ${tenantId}`;
  return rows.map((r) => r.id);
}

/**
 * Ends the sessions, API tokens and sockets of every user of a tenant and of its sub-tenants (the tenant was
 * deactivated: signing in is refused to them until it is reactivated).
 */
export async function revokeSubtreeCredentials(ctx: AppContext, tenantId: number): Promise<void> {
  const tenantIds = await subtreeIds(ctx, tenantId);
  const users = await ctx.db.user.findMany({ where: { tenantId: { in: tenantIds } }, select: { id: true } });
  if (users.length === 0) return;
  const userIds = users.map((u) => u.id);
  const now = new Date();
  await ctx.db.$transaction([
    ctx.db.authSession.updateMany({ where: { userId: { in: userIds }, revokedAt: null }, data: { revokedAt: now } }),
    ctx.db.apiToken.updateMany({ where: { userId: { in: userIds }, revokedAt: null }, data: { revokedAt: now } }),
  ]);
  await ctx.live.disconnect({ userIds, reason: 'Your tenant was deactivated' });
}

/**
 * Closes the sockets of the users of the tenants above this one: a socket keeps the tenants its user saw when it
 * opened, and reconnects with those it sees now (a deactivated sub-tenant's devices hidden, a reactivated one's
 * shown again).
 */
export async function disconnectAncestors(ctx: AppContext, tenantId: number): Promise<void> {
  const above = await ancestorIds(ctx, tenantId);
  if (above.length === 0) return;
  const users = await ctx.db.user.findMany({ where: { tenantId: { in: above } }, select: { id: true } });
  if (users.length === 0) return;
  await ctx.live.disconnect({ userIds: users.map((u) => u.id), reason: 'Your access changed' });
}
