import type { SubscriptionAssign, SubscriptionInput, TenantSubscriptionDto } from '@waymark/contracts/subscription';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { conflict } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { addMonths, INTERVAL_MONTHS } from '../billing/billing-periods';
import { checkNotReadonly } from '../shared/readonly';
import { activeDeviceCount } from './plan-limit';
import { endSocketsUnderPlan, sameFlags } from './plan-permissions';
import type { SubscriptionRow } from './subscriptions.presenter';
import { planPermissions, presentSubscription } from './subscriptions.presenter';

const withCount = { _count: { select: { tenants: true } } } as const;

/**
 * Plans are the platform's catalogue: platform staff see every plan, a tenant's staff only the plans of the
 * tenants in their scope (another tenant's plan is a missing one).
 */
function visible(auth: AuthContext): Prisma.SubscriptionWhereInput {
  return auth.scope.platform ? {} : { tenants: { some: { id: { in: auth.scope.tenantIds } } } };
}

export async function listSubscriptions(auth: AuthContext): Promise<SubscriptionRow[]> {
  return auth.db.subscription.findMany({ where: visible(auth), include: withCount, orderBy: { name: 'asc' } });
}

export async function getSubscription(auth: AuthContext, id: number): Promise<SubscriptionRow> {
  return found(await auth.db.subscription.findFirst({ where: { id, ...visible(auth) }, include: withCount }));
}

function columns(input: SubscriptionInput) {
  return {
    name: input.name,
    description: input.description ?? null,
    priceCents: input.priceCents,
    currency: input.currency,
    interval: input.interval,
    deviceLimit: input.deviceLimit,
  };
}

async function uniqueName(auth: AuthContext, name: string, except?: number) {
  const other = await auth.db.subscription.findFirst({ where: { name, id: except ? { not: except } : undefined } });
  if (other) throw conflict(`A plan named ${name} already exists`);
}

export async function createSubscription(ctx: AppContext, auth: AuthContext, input: SubscriptionInput) {
  await checkNotReadonly(ctx, auth);
  await uniqueName(auth, input.name);
  const plan = await auth.db.subscription.create({
    data: { ...columns(input), attributes: { permissions: input.permissions } },
    include: withCount,
  });
  await audit(ctx, {
    action: 'subscription.created',
    userId: auth.user.id,
    objectType: 'subscription',
    objectId: plan.id,
  });
  return plan;
}

export async function updateSubscription(ctx: AppContext, auth: AuthContext, id: number, input: SubscriptionInput) {
  await checkNotReadonly(ctx, auth);
  const current = await getSubscription(auth, id);
  if (input.name !== current.name) await uniqueName(auth, input.name, id);
  const attributes = { ...((current.attributes ?? {}) as Record<string, unknown>), permissions: input.permissions };
  const plan = await auth.db.subscription.update({
    where: { id },
    data: { ...columns(input), attributes: attributes as Prisma.InputJsonObject },
    include: withCount,
  });
  if (!sameFlags(planPermissions(current), input.permissions)) {
    const onPlan = await ctx.db.tenant.findMany({ where: { subscriptionId: id }, select: { id: true } });
    await endSocketsUnderPlan(
      ctx,
      onPlan.map((t) => t.id),
    );
  }
  await audit(ctx, { action: 'subscription.updated', userId: auth.user.id, objectType: 'subscription', objectId: id });
  return plan;
}

/** A disabled plan stays with the tenants on it (and keeps billing them) but cannot be assigned any more. */
export async function setSubscriptionDisabled(ctx: AppContext, auth: AuthContext, id: number, disabled: boolean) {
  await checkNotReadonly(ctx, auth);
  await getSubscription(auth, id);
  const plan = await auth.db.subscription.update({ where: { id }, data: { disabled }, include: withCount });
  await audit(ctx, {
    action: disabled ? 'subscription.disabled' : 'subscription.enabled',
    userId: auth.user.id,
    objectType: 'subscription',
    objectId: id,
  });
  return plan;
}

/**
 * Puts a tenant on a plan until `expiresAt` (default: one interval from now). A disabled plan is refused, and so
 * is a plan whose device limit the tenant's active devices already pass.
 */
export async function assignSubscription(ctx: AppContext, auth: AuthContext, id: number, input: SubscriptionAssign) {
  await checkNotReadonly(ctx, auth);
  const plan = await getSubscription(auth, id);
  if (plan.disabled) throw conflict(`The plan ${plan.name} is disabled`);
  const tenant = found(await auth.db.tenant.findUnique({ where: { id: input.tenantId } }), 'Tenant not found');
  const active = await activeDeviceCount(auth.db, tenant.id);
  if (plan.deviceLimit >= 0 && active > plan.deviceLimit) {
    throw conflict(
      `${tenant.name} has ${active} active devices, more than the ${plan.deviceLimit} the plan ${plan.name} allows`,
    );
  }
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : addMonths(new Date(), INTERVAL_MONTHS[plan.interval]);
  await auth.db.tenant.update({
    where: { id: tenant.id },
    data: { subscriptionId: plan.id, subscriptionExpiresAt: expiresAt },
  });
  if (tenant.subscriptionId !== plan.id) await endSocketsUnderPlan(ctx, [tenant.id]);
  await audit(ctx, {
    action: 'subscription.assigned',
    userId: auth.user.id,
    tenantId: tenant.id,
    objectType: 'subscription',
    objectId: plan.id,
    details: { expiresAt: expiresAt.toISOString() },
  });
  return tenantSubscription(auth, tenant.id);
}

/** A tenant's plan, its expiry and the devices that count against the plan. */
export async function tenantSubscription(auth: AuthContext, tenantId: number): Promise<TenantSubscriptionDto> {
  const tenant = found(
    await auth.db.tenant.findUnique({ where: { id: tenantId }, include: { subscription: { include: withCount } } }),
    'Tenant not found',
  );
  return {
    tenantId: tenant.id,
    tenantName: tenant.name,
    subscription: tenant.subscription ? presentSubscription(tenant.subscription) : null,
    expiresAt: tenant.subscriptionExpiresAt?.toISOString() ?? null,
    activeDevices: await activeDeviceCount(auth.db, tenant.id),
  };
}
