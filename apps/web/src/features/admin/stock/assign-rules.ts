import type { StockDevice } from '@waymark/contracts/stock-device';

/**
 * The assignment rules as the stock page applies them before asking the server: a device is assigned when a group
 * or a user is set; a group or a user can only be one of the device's tenant (so the device needs a tenant
 * first); removing the user needs one; unassigning needs an assignment. Ids typed by hand are checked as the
 * tenant screens check them: digits only, and a group id longer than 10 characters is refused.
 */

export type AssignTarget = 'tenant' | 'group' | 'user';

/** The longest id string accepted (the tenant screens' limit for group ids). */
export const ID_MAX_LENGTH = 10;

export const INVALID_GROUP_ID = 'Invalid group ID provided for device assignment';

/** The id typed or picked for an assignment, or the text of why it cannot be sent. */
export function parseAssignId(
  value: string | number | null | undefined,
  target: AssignTarget,
): number | { error: string } {
  const text = String(value ?? '').trim();
  if (target === 'group' && text.length > ID_MAX_LENGTH) return { error: INVALID_GROUP_ID };
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) {
    return { error: target === 'group' ? INVALID_GROUP_ID : 'required' };
  }
  return Number(text);
}

type Facts = Pick<StockDevice, 'tenantId' | 'groupId' | 'userId' | 'disabled'>;

export const isAssigned = (d: Pick<Facts, 'groupId' | 'userId'>) => d.groupId !== null || d.userId !== null;

/** Which assignment actions a device offers. */
export function assignActions(d: Facts) {
  return {
    tenant: true,
    group: d.tenantId !== null,
    user: d.tenantId !== null,
    removeUser: d.userId !== null,
    unassign: isAssigned(d),
  };
}

/** The device as the server leaves it after an assignment (the list shows it so until it reloads). */
export function afterAssign<T extends Facts>(d: T, target: AssignTarget, id: number): T {
  if (target === 'tenant') return { ...d, tenantId: id, groupId: null, userId: null };
  if (target === 'group') return { ...d, groupId: id, userId: null };
  return { ...d, userId: id, groupId: null };
}
