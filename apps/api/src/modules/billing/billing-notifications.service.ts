import type { BillingNotificationDto, BillingNotificationInput } from '@waymark/contracts/billing';
import { billingNotificationTypeSchema } from '@waymark/contracts/billing';
import type { BillingNotification } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../shared/readonly';

export function presentBillingNotification(row: BillingNotification): BillingNotificationDto {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    type: billingNotificationTypeSchema.catch('DAYS_BEFORE_EXPIRY').parse(row.type),
    value: row.value,
    status: row.enabled ? 'enabled' : 'disabled',
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Billing notification rules: platform staff's rules (no tenant) watch every tenant, a tenant's rules watch
 * that tenant and its descendants. A tenant's staff see and change their tenants' rules only.
 */
export async function listBillingNotifications(auth: AuthContext): Promise<BillingNotification[]> {
  return auth.db.billingNotification.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

async function getRule(auth: AuthContext, id: number) {
  return found(await auth.db.billingNotification.findUnique({ where: { id } }), 'Billing notification not found');
}

async function audited(ctx: AppContext, auth: AuthContext, action: string, row: BillingNotification) {
  await audit(ctx, {
    action: `billing-notification.${action}`,
    userId: auth.user.id,
    tenantId: row.tenantId,
    objectType: 'billing-notification',
    objectId: row.id,
  });
  return row;
}

export async function createBillingNotification(ctx: AppContext, auth: AuthContext, input: BillingNotificationInput) {
  await checkNotReadonly(ctx, auth);
  const row = await auth.db.billingNotification.create({
    data: {
      name: input.name,
      type: input.type,
      value: input.value,
      enabled: input.status === 'enabled',
      // the scoped client fills in the caller's tenant; platform staff's rules belong to no tenant
      ...(auth.scope.platform ? { tenantId: null } : {}),
    },
  });
  return audited(ctx, auth, 'created', row);
}

export async function updateBillingNotification(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: BillingNotificationInput,
) {
  await checkNotReadonly(ctx, auth);
  await getRule(auth, id);
  const row = await auth.db.billingNotification.update({
    where: { id },
    data: { name: input.name, type: input.type, value: input.value, enabled: input.status === 'enabled' },
  });
  return audited(ctx, auth, 'updated', row);
}

export async function setBillingNotificationEnabled(ctx: AppContext, auth: AuthContext, id: number, enabled: boolean) {
  await checkNotReadonly(ctx, auth);
  await getRule(auth, id);
  const row = await auth.db.billingNotification.update({ where: { id }, data: { enabled } });
  return audited(ctx, auth, enabled ? 'enabled' : 'disabled', row);
}

export async function deleteBillingNotification(ctx: AppContext, auth: AuthContext, id: number) {
  await checkNotReadonly(ctx, auth);
  const row = await getRule(auth, id);
  await auth.db.billingNotification.delete({ where: { id } });
  await audited(ctx, auth, 'deleted', row);
}
