import type { Permission } from '@waymark/contracts/permissions';
import { PERMISSIONS } from '@waymark/contracts/permissions';
import type { SubscriptionDto } from '@waymark/contracts/subscription';
import type { Subscription } from '@waymark/db/client';

export type SubscriptionRow = Subscription & { _count?: { tenants: number } };

/** The permission template kept in the plan's attributes, reduced to flags that exist. */
export function planPermissions(plan: Pick<Subscription, 'attributes'>): Permission[] {
  const raw = (plan.attributes as Record<string, unknown> | null)?.permissions;
  if (!Array.isArray(raw)) return [];
  return PERMISSIONS.filter((p) => raw.includes(p));
}

export function presentSubscription(plan: SubscriptionRow): SubscriptionDto {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    priceCents: plan.priceCents,
    currency: plan.currency,
    interval: plan.interval,
    deviceLimit: plan.deviceLimit,
    disabled: plan.disabled,
    permissions: planPermissions(plan),
    tenantCount: plan._count?.tenants ?? 0,
    createdAt: plan.createdAt.toISOString(),
  };
}
